import HiglintCore
import HiglintPluginHost

/// The plugins a command runs under a config: the built-in ones, then the config's
/// external plugins, started here (`custom_rules` the engine adds itself).
struct RuntimePlugins {
    let host: PluginHost
    let all: [Plugin]

    init(_ config: Config) {
        let others = CoreRules.descriptions(with: Registry.plugins + config.customRulePlugins)
        host = PluginHost(config, rules: others, log: { Console.error(LineText.escape($0)) })
        all = Registry.plugins + host.enginePlugins
    }

    /// `thresholds:` keys no rule declares, known only now that the plugins run.
    var configErrors: [ConfigError] { host.configErrors }

    /// Every rule the config knows of, core rules first, as `rules` and `explain` list them.
    static func ruleDescriptions(under config: Config) -> [RuleDescription] {
        let plugins = RuntimePlugins(config)
        defer { plugins.shutdown() }
        return Engine(plugins: plugins.all, importers: Registry.importers, config: config, wireframes: false).allRuleDescriptions
    }

    func shutdown() { host.shutdown() }
}
