import HiglintCore
import HiglintPlugins

enum RulesCommand {
    static let format = Option(
        name: "format", shortName: "f",
        value: .choice(placeholder: "FORMAT", values: ["text", "json", "markdown"], defaultValue: "text"),
        summary: "the format of the list")

    static let declaration = CommandDeclaration(
        name: "rules", operands: .none, summary: "list every rule",
        description: "Lists every rule with its id, default severity and summary.", options: [format])

    static let command = Command(declaration: declaration, run: run)

    static var allRules: [RuleDescription] {
        CoreRules.descriptions(with: Registry.plugins)
    }

    static func run(_ arguments: ParsedArguments) -> Int32 {
        switch arguments.value(format) {
        case "json": Console.out(RuleCatalogWriter.json(allRules))
        case "markdown": Console.out(RuleCatalogWriter.markdown(allRules, plugins: Registry.plugins))
        default: Console.out(RuleCatalogWriter.text(allRules))
        }
        return ExitStatus.clean
    }
}
