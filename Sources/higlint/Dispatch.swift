/// The first word picks the command; `--help`, `-h` and `--version` are the
/// spellings people try before reading anything.
enum Dispatch {
    static let aliases = ["--help": "help", "-h": "help", "--version": "version"]

    static func run(_ arguments: [String]) -> Int32 {
        guard let first = arguments.first else {
            Console.error(HelpCommand.overview)
            return ExitStatus.failure
        }
        guard let command = Commands.named(aliases[first] ?? first) else {
            Console.error("higlint: \(Commands.unknown(first))\n\(HelpCommand.overview)")
            return ExitStatus.failure
        }
        return command.invoke(Array(arguments.dropFirst()))
    }
}
