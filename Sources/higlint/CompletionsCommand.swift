import HiglintCore

/// `higlint completions bash|zsh|fish`: the completion script for a shell.
enum CompletionsCommand {
    static let declaration = CommandDeclaration(
        name: "completions",
        operands: Operands(
            placeholder: "SHELL", count: .exactlyOne, completion: .words(ShellCompletion.allCases.map(\.rawValue))),
        summary: "print the shell completion script for bash, zsh or fish",
        description: """
            Prints a completion script for SHELL, written from the same declarations
            as the help. `make install` installs all three; to try one at once:
            `source <(higlint completions bash)`.
            """,
        options: [])

    static let command = Command(declaration: declaration) { arguments in
        let name = arguments.operands.first ?? ""
        guard let shell = ShellCompletion(rawValue: name) else {
            var message = "higlint completions: no completion for \(quoted(name)); shells are "
                + HelpText.alternatives(ShellCompletion.allCases.map(\.rawValue))
            if let close = closestMatch(to: name, among: ShellCompletion.allCases.map(\.rawValue)) {
                message += "; did you mean \(quoted(close))?"
            }
            Console.error(message)
            return ExitStatus.failure
        }
        Console.out(shell.script(for: Commands.all.map(\.declaration)))
        return ExitStatus.clean
    }
}
