import HiglintCore
import HiglintPluginHost

/// The plugins a command runs under a config: the built-in ones, then the config's
/// external plugins, started here when the config is trusted (`ConfigTrust`; `custom_rules`
/// the engine adds itself, and they always apply: they are data, not programs).
struct RuntimePlugins {
    let host: PluginHost?
    let all: [Plugin]
    let verdict: ConfigTrust.Verdict
    private let config: Config

    init(_ config: Config, trust: TrustContext, workspaceTrusted: Bool = false) {
        self.config = config
        verdict = trust.verdict(for: config, overridden: workspaceTrusted)
        if verdict.runsPlugins {
            let others = CoreRules.descriptions(with: Registry.plugins + config.customRulePlugins)
            let started = PluginHost(config, rules: others, log: { Console.error(LineText.escape($0)) })
            host = started
            all = Registry.plugins + started.enginePlugins
        } else {
            host = nil
            all = Registry.plugins
        }
    }

    /// `thresholds:` keys no rule declares, known only now that the plugins run.
    var configErrors: [ConfigError] { host?.configErrors ?? [] }

    /// The findings about the config file: that its plugins did not run, for a config
    /// found in the tree. The engine reports them in its project pass.
    var configFindings: [Finding] {
        verdict == .untrusted ? ConfigTrust.finding(for: config).map { [$0] } ?? [] : []
    }

    /// The one line a log gets when the plugins did not run, nil when they did.
    var logLine: String? {
        switch verdict {
        case .notNeeded, .trusted: return nil
        case .refused(let reason): return "higlint: error: \(LineText.escape(reason))"
        case .untrusted:
            let (message, hint) = ConfigTrust.untrustedMessage(config)
            let mark = config.externalPluginsMark.map { ":\($0.line):\($0.column)" } ?? ""
            return "higlint: warning: " + LineText.escape("\(config.sourceName ?? config.sourcePath ?? "config")\(mark): \(message). \(hint)")
        }
    }

    /// Every rule the config knows of, core rules first, as `rules` and `explain` list them.
    static func ruleDescriptions(under config: Config, trust: TrustContext) -> [RuleDescription] {
        let plugins = RuntimePlugins(config, trust: trust)
        defer { plugins.shutdown() }
        if let line = plugins.logLine { Console.note(line) }
        return Engine(
            plugins: plugins.all, importers: Registry.importers, config: config, wireframes: false,
            configFindings: plugins.configFindings
        ).allRuleDescriptions
    }

    func shutdown() { host?.shutdown() }
}
