import Glibc
import HiglintCore

/// The external plugins of one config, running. `check` starts them once; the watcher
/// starts a new host at each config load and shuts the old one down.
public final class PluginHost: Sendable {
    public let plugins: [ExternalPlugin]

    /// Starts every `plugins.external` entry, in the config's directory. A plugin that
    /// cannot start is logged and kept, so that each file it should review says so.
    /// The config's `rules:` ids and `thresholds:` keys that no rule declares, now that the
    /// plugins have said which they declare: config errors, as any unknown key is.
    public let configErrors: [ConfigError]

    /// `rules` are the other rules (built-in and custom), whose thresholds the plugins must
    /// not declare otherwise.
    public init(_ config: Config, rules: [RuleDescription] = [], log: @escaping @Sendable (String) -> Void) {
        // A plugin that dies while higlint writes to it must not take higlint down with SIGPIPE:
        // the write then fails with EPIPE, which is a fault like any other.
        if !config.externalPlugins.isEmpty { signal(SIGPIPE, SIG_IGN) }
        var known = ThresholdCatalog(rules: rules)
        var started: [ExternalPlugin] = []
        for settings in config.externalPlugins {
            let plugin = ExternalPlugin(settings, directory: config.baseDirectory, known: known, log: log)
            known = known.adding(plugin.ruleDescriptions)
            started.append(plugin)
        }
        plugins = started
        // A plugin that did not start declared nothing, so nothing can be judged unknown: its
        // files get `plugin.failed`, and a config error here would stop the whole review.
        if started.allSatisfy({ $0.startFailure == nil }) {
            let all = rules + started.flatMap(\.ruleDescriptions)
            configErrors = (config.unknownPluginRules(among: all) + config.unknownPluginThresholds(among: all))
                .sorted { ($0.mark?.line ?? 0, $0.mark?.column ?? 0) < ($1.mark?.line ?? 0, $1.mark?.column ?? 0) }
        } else {
            configErrors = []
        }
    }

    /// The plugins as the engine takes them.
    public var enginePlugins: [Plugin] { plugins.map(\.plugin) }

    public func shutdown() {
        plugins.forEach { $0.shutdown() }
    }
}
