import HiglintCore
import HiglintPluginHost
import HiglintPlugins

/// The plugins a command runs under a config: the built-in ones, then the config's
/// external plugins, started here (`custom_rules` the engine adds itself).
struct RuntimePlugins {
    let host: PluginHost
    let all: [Plugin]

    init(_ config: Config) {
        host = PluginHost(config, log: { Console.error(LineText.escape($0)) })
        all = BuiltinPlugins.all + host.enginePlugins
    }

    /// Every rule the config knows of, core rules first, as `rules` and `explain` list them.
    static func ruleDescriptions(under config: Config) -> [RuleDescription] {
        let plugins = RuntimePlugins(config)
        defer { plugins.shutdown() }
        return Engine(plugins: plugins.all, config: config, wireframes: false).allRuleDescriptions
    }

    func shutdown() { host.shutdown() }
}
