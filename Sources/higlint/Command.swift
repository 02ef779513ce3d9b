import HiglintCore

/// A command: its declaration, and what it does with a command line the declaration allowed.
struct Command: Sendable {
    var declaration: CommandDeclaration
    var run: @Sendable (ParsedArguments) -> Int32

    /// Parses, answers `--help`, reports a usage error (exit 2), or runs.
    func invoke(_ arguments: [String]) -> Int32 {
        let parsed: ParsedArguments
        do throws(UsageError) {
            parsed = try ParsedArguments(arguments, for: declaration)
        } catch {
            // The synopsis, not the whole help page: a page of options would scroll the
            // message and its suggestion out of sight.
            let usage = "\nusage: \(declaration.synopsis)\n`higlint help \(declaration.name)` lists every option"
            Console.error("higlint \(declaration.name): \(error)" + (error.showsHelp ? usage : ""))
            return ExitStatus.failure
        }
        if parsed.isSet(.help) {
            Console.out(HelpText.page(for: declaration))
            return ExitStatus.clean
        }
        return run(parsed)
    }
}

/// Every command, in the order `higlint --help` lists them. A new command is
/// its file (a `static let command`) and one line here.
enum Commands {
    static let all: [Command] = [
        CheckCommand.command,
        WatchCommand.command,
        LSPCommand.command,
        ImportCommand.command,
        FigmaCommand.command,
        RulesCommand.command,
        ExplainCommand.command,
        PluginCommand.command,
        TrustCommand.command,
        HelpCommand.command,
        VersionCommand.command,
        CompletionsCommand.command,
    ]

    static func named(_ name: String) -> Command? {
        all.first { $0.declaration.name == name }
    }

    /// The error for a word that names no command, with the closest name if there is one.
    static func unknown(_ name: String) -> String {
        var message = "unknown command \(quoted(name))"
        if let close = closestMatch(to: name, among: all.map(\.declaration.name)) { message += "; did you mean \(quoted(close))?" }
        return message
    }
}
