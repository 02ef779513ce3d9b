import HiglintCore

/// `higlint version`, also spelt `higlint --version`.
enum VersionCommand {
    static let command = Command(
        declaration: CommandDeclaration(
            name: "version", operands: .none, summary: "print the version", description: "Prints the version of higlint.",
            options: [])
    ) { _ in
        Console.out("higlint \(HiglintVersion.current)\n")
        return ExitStatus.clean
    }
}
