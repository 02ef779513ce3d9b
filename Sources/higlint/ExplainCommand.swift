import HiglintCore

enum ExplainCommand {
    static let declaration = CommandDeclaration(
        name: "explain", operands: Operands(placeholder: "RULE", count: .exactlyOne, completion: .rules),
        summary: "show one rule's rationale and examples",
        description: """
            Shows a rule's rationale, fix hint, thresholds and its examples; with a config, its custom and
            external plugins' rules too. RULE may be the id's part after the plugin (hit-target), and a
            plugin's name lists that plugin's rules.
            """,
        options: [.config, .trustConfig])

    static let command = Command(declaration: declaration, run: run)

    static func run(_ arguments: ParsedArguments) -> Int32 {
        let id = arguments.operands.first ?? ""
        guard let rules = RulesCommand.allRules(arguments) else { return ExitStatus.failure }
        // The id as written, else the name after the plugin's prefix (`hit-target`), which
        // people take from a finding's message or a colleague before they know the plugin.
        let named = rules.filter { $0.id == id }
        let matching = named.isEmpty ? rules.filter { $0.id.hasSuffix("." + id) } : named
        if matching.count == 1, let rule = matching.first {
            Console.out(RuleCatalogWriter.explanation(rule))
            return ExitStatus.clean
        }
        let listed = matching.isEmpty ? rules.filter { $0.plugin == id } : matching
        guard !listed.isEmpty else {
            var message = "higlint explain: no rule or plugin is named \(quoted(id))"
            let names = rules.map(\.id) + Set(rules.map(\.plugin)).sorted()
            if let close = closestMatch(to: id, among: names) { message += "; did you mean \(quoted(close))?" }
            Console.error(message)
            return ExitStatus.failure
        }
        Console.out(list(listed, heading: matching.isEmpty ? "the \(id) plugin's rules" : "rules named \(id)"))
        return ExitStatus.clean
    }

    /// One line a rule, then how to see one of them.
    private static func list(_ rules: [RuleDescription], heading: String) -> String {
        let width = rules.map(\.id.count).max() ?? 0
        var out = "\(heading):\n"
        for rule in rules {
            out += "  \(rule.id)\(String(repeating: " ", count: width - rule.id.count))  \(rule.severity.rawValue)  \(rule.summary)\n"
        }
        return out + "`higlint explain RULE` shows one of them.\n"
    }
}
