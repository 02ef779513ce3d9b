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
        options: [format])

    static let command = Command(declaration: declaration, run: run)

    static var allRules: [RuleDescription] {
        CoreRules.descriptions(with: Registry.plugins)
    }

    static func run(_ arguments: ParsedArguments) -> Int32 {
        switch arguments.value(format) {
        case "json": Console.out(RuleCatalogWriter.json(allRules))
        case "markdown": Console.out(RuleCatalogWriter.markdown(allRules, plugins: Registry.plugins))
        case "thresholds": Console.out(ThresholdSectionWriter.section(ThresholdCatalog(plugins: BuiltinPlugins.all)))
        default: Console.out(RuleCatalogWriter.text(allRules))
        }
        return ExitStatus.clean
    }
}
