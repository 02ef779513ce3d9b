import CAllocator
#if canImport(Glibc)
import Glibc
#endif

// Writes to a closed pipe must fail with EPIPE, not kill the process.
signal(SIGPIPE, SIG_IGN)

// Before any thread starts: memory freed stays the process's (CAllocator's shim says why).
higlint_keep_freed_memory()

exit(Dispatch.run(Array(CommandLine.arguments.dropFirst())))
