import HiglintCore
import HiglintPlugins

enum RulesCommand {
    static let format = Option(
        name: "format", shortName: "f",
        value: .choice(placeholder: "FORMAT", values: ["text", "json", "markdown", "thresholds"], defaultValue: "text"),
        summary: "the format of the list")

    static let declaration = CommandDeclaration(
        name: "rules", operands: .none, summary: "list every rule",
        description: """
            Lists every rule with its id, default severity and summary. `--format thresholds`
            prints the config's `thresholds:` section instead: every threshold the rules
            read, at its default, with its unit and meaning.
            """,
        options: [.config, .trustConfig, format],
        epilogue: "With a config, its custom_rules and the rules its external plugins declare are listed too.")

    static let command = Command(declaration: declaration, run: run)

    /// Every rule under the `--config` (or ./config.yaml); nil, with the error printed, when it does not load.
    static func allRules(_ arguments: ParsedArguments) -> [RuleDescription]? {
        do {
            return RuntimePlugins.ruleDescriptions(
                under: try ConfigResolution.resolve(arguments.value(.config)), trust: ConfigResolution.trust(arguments))
        } catch {
            Console.error(error.description)
            return nil
        }
    }

    static func run(_ arguments: ParsedArguments) -> Int32 {
        guard let allRules = allRules(arguments) else { return ExitStatus.failure }
        switch arguments.value(format) {
        case "json": Console.out(RuleCatalogWriter.json(allRules))
        case "markdown": Console.out(RuleCatalogWriter.markdown(allRules, plugins: Registry.plugins))
        case "thresholds": Console.out(ThresholdSectionWriter.section(ThresholdCatalog(rules: allRules)))
        default: Console.out(RuleCatalogWriter.text(allRules))
        }
        return ExitStatus.clean
    }
}
