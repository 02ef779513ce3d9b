#if canImport(Glibc)
import Glibc
#endif

// Writes to a closed pipe must fail with EPIPE, not kill the process.
signal(SIGPIPE, SIG_IGN)

exit(Dispatch.run(Array(CommandLine.arguments.dropFirst())))
