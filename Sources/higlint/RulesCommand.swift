import HiglintCore
import HiglintPlugins

enum RulesCommand {
    static let help = """
        usage: higlint rules [--format text|json|markdown]

        Lists every rule with its id, default severity and summary.

        """

    static let explainHelp = """
        usage: higlint explain RULE

        Shows a rule's rationale, fix hint, thresholds and its examples.

        """

    static var allRules: [RuleDescription] {
        CoreRules.descriptions(with: Registry.plugins)
    }

    static func run(_ argv: [String]) -> Int32 {
        let arguments: Arguments
        do {
            arguments = try Arguments(argv, valued: ["--format"], boolean: ["--help", "-h"])
        } catch {
            Console.error("higlint rules: \(error)\n\(help)")
            return ExitStatus.failure
        }
        if arguments.has("--help") || arguments.has("-h") {
            Console.out(help)
            return ExitStatus.clean
        }
        if !arguments.positional.isEmpty {
            Console.error("higlint rules: unexpected argument \(arguments.positional[0])\n\(help)")
            return ExitStatus.failure
        }
        switch arguments.value("--format") ?? "text" {
        case "text": Console.out(RuleCatalogWriter.text(allRules))
        case "json": Console.out(RuleCatalogWriter.json(allRules))
        case "markdown": Console.out(RuleCatalogWriter.markdown(allRules, plugins: Registry.plugins))
        default:
            Console.error("higlint rules: --format takes text, json or markdown")
            return ExitStatus.failure
        }
        return ExitStatus.clean
    }

    static func explain(_ argv: [String]) -> Int32 {
        let arguments: Arguments
        do {
            arguments = try Arguments(argv, valued: [], boolean: ["--help", "-h"])
        } catch {
            Console.error("higlint explain: \(error)\n\(explainHelp)")
            return ExitStatus.failure
        }
        if arguments.has("--help") || arguments.has("-h") {
            Console.out(explainHelp)
            return ExitStatus.clean
        }
        guard arguments.positional.count == 1, let id = arguments.positional.first else {
            Console.error(explainHelp)
            return ExitStatus.failure
        }
        guard let rule = allRules.first(where: { $0.id == id }) else {
            var message = "higlint explain: no rule has the id \"\(id)\""
            let ids = allRules.map(\.id)
            if let close = ids.min(by: { common($0, id) > common($1, id) }), common(close, id) > 3 {
                message += "; did you mean \"\(close)\"?"
            }
            Console.error(message)
            return ExitStatus.failure
        }
        Console.out(RuleCatalogWriter.explanation(rule))
        return ExitStatus.clean
    }

    /// Length of the common prefix, enough to suggest a rule for a truncated id.
    private static func common(_ a: String, _ b: String) -> Int {
        zip(a, b).prefix { $0 == $1 }.count
    }
}
