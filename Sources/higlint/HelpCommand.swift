/// `higlint help [COMMAND]`, also spelt `higlint --help`.
enum HelpCommand {
    static let about = "Reviews iOS screen specs against Apple's Human Interface Guidelines."

    static let declaration = CommandDeclaration(
        name: "help", operands: Operands(placeholder: "COMMAND", count: .optionalOne, completion: .commands),
        summary: "list the commands, or show one command's options",
        description: "With no COMMAND, lists the commands; with one, shows its usage and options.",
        options: [man])

    static let man = Option(
        name: "man", value: .none, summary: "print the manual page, higlint(1), in roff (`make install` installs it)")

    static let command = Command(declaration: declaration) { arguments in
        if arguments.isSet(man) {
            Console.out(ManPage.render(Commands.all.map(\.declaration), about: about))
            return ExitStatus.clean
        }
        guard let name = arguments.operands.first else {
            Console.out(overview)
            return ExitStatus.clean
        }
        guard let command = Commands.named(name) else {
            Console.error("higlint help: \(Commands.unknown(name))")
            return ExitStatus.failure
        }
        Console.out(HelpText.page(for: command.declaration))
        return ExitStatus.clean
    }

    static var overview: String { HelpText.overview(of: Commands.all.map(\.declaration), about: about) }
}
