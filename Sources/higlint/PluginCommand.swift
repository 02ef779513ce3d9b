import HiglintCore
import HiglintPluginHost

enum PluginCommand {
    static let declaration = CommandDeclaration(
        name: "plugin", operands: Operands(placeholder: "ARG", count: .any),
        summary: "test an external plugin against the protocol",
        description: """
            `higlint plugin test -- COMMAND...` starts COMMAND as an external plugin,
            exchanges hello, sends it sample screens and a shutdown, and lists every
            way it breaks protocol version 1 (docs/plugins.md). Its stderr is shown
            after the report.
            """,
        options: [],
        epilogue: "exit status: 0 the plugin keeps the protocol, 1 it breaks it, 2 usage error.")

    static let command = Command(declaration: declaration, run: run)

    static func run(_ arguments: ParsedArguments) -> Int32 {
        guard arguments.operands.first == "test" else {
            Console.error("higlint plugin: the only subcommand is `test`: higlint plugin test -- COMMAND...")
            return ExitStatus.failure
        }
        let command = Array(arguments.operands.dropFirst())
        guard !command.isEmpty else {
            Console.error("higlint plugin test: needs the plugin's command after --, like: higlint plugin test -- python3 rules.py")
            return ExitStatus.failure
        }
        let report = PluginTester.run(command, name: nil, directory: FileSystem.currentDirectory())
        var lines = report.passed.map { "ok: " + LineText.escape($0) }
        lines += report.problems.map { "problem: " + LineText.escape($0) }
        lines.append(report.problems.isEmpty
            ? "the plugin keeps protocol 1"
            : "the plugin breaks protocol 1 in \(counted(report.problems.count, "way"))")
        Console.out(lines.joined(separator: "\n") + "\n")
        report.log.forEach { Console.error(LineText.escape($0)) }
        return report.problems.isEmpty ? ExitStatus.clean : ExitStatus.findings
    }
}
