#if canImport(Glibc)
import Glibc
#endif
import HiglintCore

let usage = """
    usage: higlint COMMAND [options]

    Reviews iOS screen specs against Apple's Human Interface Guidelines.

    commands:
      check [PATH...]    review specs once and print the findings
      watch [PATH...]    review, then keep a live report current as specs change
      rules              list every rule
      explain RULE       show one rule's rationale and examples

    Run `higlint COMMAND --help` for a command's options.
      --version          print the version

    """

// Writes to a closed pipe must fail with EPIPE, not kill the process.
signal(SIGPIPE, SIG_IGN)

let argv = Array(CommandLine.arguments.dropFirst())
let status: Int32
switch argv.first {
case "check": status = CheckCommand.run(Array(argv.dropFirst()))
case "watch": status = WatchCommand.run(Array(argv.dropFirst()))
case "rules": status = RulesCommand.run(Array(argv.dropFirst()))
case "explain": status = RulesCommand.explain(Array(argv.dropFirst()))
case "--version", "version":
    Console.out("higlint \(HiglintVersion.current)\n")
    status = ExitStatus.clean
case "--help", "-h", "help":
    Console.out(usage)
    status = ExitStatus.clean
case nil:
    Console.error(usage)
    status = ExitStatus.failure
case let other?:
    Console.error("higlint: unknown command \"\(other)\"\n\(usage)")
    status = ExitStatus.failure
}

exit(status)
