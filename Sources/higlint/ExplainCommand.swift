import HiglintCore

enum ExplainCommand {
    static let declaration = CommandDeclaration(
        name: "explain", operands: Operands(placeholder: "RULE", count: .exactlyOne, completion: .rules),
        summary: "show one rule's rationale and examples",
        description: "Shows a rule's rationale, fix hint, thresholds and its examples; with a config, its custom and external plugins' rules too.",
        options: [.config, .trustConfig])

    static let command = Command(declaration: declaration, run: run)

    static func run(_ arguments: ParsedArguments) -> Int32 {
        let id = arguments.operands.first ?? ""
        guard let rules = RulesCommand.allRules(arguments) else { return ExitStatus.failure }
        guard let rule = rules.first(where: { $0.id == id }) else {
            var message = "higlint explain: no rule has the id \(quoted(id))"
            if let close = closestMatch(to: id, among: rules.map(\.id)) { message += "; did you mean \(quoted(close))?" }
            Console.error(message)
            return ExitStatus.failure
        }
        Console.out(RuleCatalogWriter.explanation(rule))
        return ExitStatus.clean
    }
}
