/// Everything a review can be told, from `config.yaml` or the built-in defaults.
public struct Config: Sendable {
    /// What to review when the command line names nothing, relative to the config file.
    public var paths: [String] = ["."]
    /// Globs over paths relative to the reviewed root (`**/drafts/**`, `*.tmp.yaml`).
    public var exclude: [String] = []
    public var appDevice: Device = .iphone
    public var appCategory: String?
    public var disabledPlugins: Set<String> = []
    /// When set, only these plugins run.
    public var enabledPlugins: Set<String>?
    /// House rules declared under `custom_rules:`, in the order written.
    public var customRules: [CustomRule] = []
    /// Plugins run as processes (`plugins.external`), in the order written.
    public var externalPlugins: [ExternalPluginSettings] = []
    /// A severity per rule id, or nil for `off`.
    public var ruleSeverities: [String: Severity?] = [:]
    /// Keys under `thresholds:` that no built-in or custom rule declares, left for the
    /// external plugins to declare once they run (`unknownPluginThresholds`).
    public var pluginThresholds: [PluginThreshold] = []
    /// Ids under `rules:` with an external plugin's prefix, left for the plugin's hello to
    /// declare (`unknownPluginRules`); `key` is the id.
    public var pluginRules: [PluginThreshold] = []
    /// Values set under `thresholds:`, by key; the rules declare the keys and defaults.
    public var thresholds = ThresholdValues()
    public var limits = LoaderLimits()
    public var watch = WatchSettings()
    /// The Figma files `higlint figma pull` fetches (`figma.files`), in the order written.
    public var figmaFiles: [FigmaFile] = []
    /// Findings recorded here are hidden (`higlint check --write-baseline`); resolved against `baseDirectory`.
    public var baseline: String?
    /// The file this came from, when it came from one (it is never reviewed).
    public var sourcePath: String?
    /// That file as it was named (on the command line), for messages.
    public var sourceName: String?
    /// The SHA-256 of the file's bytes as they were read, which the trust store compares
    /// (hashing what was parsed, not the file again, so a change in between is no gap).
    public var sourceDigest: String?
    /// Whether the user named the file for this run (`--config`, `HIGLINT_CONFIG`) rather
    /// than it being found in the reviewed tree (`ConfigTrust`).
    public var isNamed = false
    /// Where `plugins.external` is written, for the finding that its plugins did not run.
    public var externalPluginsMark: Mark?
    /// The directory relative paths in the file are resolved against.
    public var baseDirectory: String = "."

    public init() {}

    /// What the importers are told of this config.
    public var importOptions: ImportOptions {
        var keys: [String: String] = [:]
        for file in figmaFiles { keys[FileSystem.absolute(file.resolvedPath(against: baseDirectory))] = file.key }
        return ImportOptions(limits: limits, defaultDevice: appDevice, designFileKeys: keys)
    }

    public var ruleContext: RuleContext {
        RuleContext(thresholds: thresholds, appCategory: appCategory, findingLimit: limits.maxFindingsPerScreen)
    }

    public struct PluginThreshold: Sendable, Equatable {
        public var key: String
        public var mark: Mark
    }

    /// The config errors for `thresholds:` keys that none of these rules (the external
    /// plugins' and all others) declares, as the loader gives for any unknown key.
    public func unknownPluginThresholds(among rules: [RuleDescription]) -> [ConfigError] {
        let known = ThresholdCatalog(rules: rules).keys
        return pluginThresholds.filter { !known.contains($0.key) }.map { threshold in
            var message = "unknown key \(quoted(threshold.key)) in thresholds"
            if let close = closestMatch(to: threshold.key, among: known) { message += "; did you mean \(quoted(close))?" }
            return ConfigError(file: sourceName ?? sourcePath ?? "config.yaml", mark: threshold.mark, message: message)
        }
    }

    /// The config errors for `rules:` ids under an external plugin's prefix that its hello
    /// did not declare (`rules` holds every rule the plugins declare).
    public func unknownPluginRules(among rules: [RuleDescription]) -> [ConfigError] {
        let known = rules.map(\.id)
        return pluginRules.filter { !known.contains($0.key) }.map { rule in
            var message = "rules: no rule has the id \(quoted(rule.key))"
            if let close = closestMatch(to: rule.key, among: known) { message += "; did you mean \(quoted(close))?" }
            return ConfigError(file: sourceName ?? sourcePath ?? "config.yaml", mark: rule.mark, message: message)
        }
    }

    /// The custom rules as plugins, one per id prefix.
    public var customRulePlugins: [Plugin] { CustomRule.plugins(customRules) }

    /// The severity a rule runs at, or nil when it is off (by itself or by its plugin).
    public func severity(of rule: RuleDescription) -> Severity? {
        if rule.plugin != CoreRules.pluginName {
            if disabledPlugins.contains(rule.plugin) { return nil }
            if let enabledPlugins, !enabledPlugins.contains(rule.plugin) { return nil }
        }
        if let override = ruleSeverities[rule.id] { return override }
        return rule.severity
    }
}

/// One entry of `plugins.external`: a plugin that runs as its own process.
public struct ExternalPluginSettings: Sendable, Equatable {
    /// The plugin's name, which is the prefix of its rules' ids (`house` for `house.*`).
    public var name: String
    /// The program (looked up on PATH) and its arguments, run in the config file's directory.
    public var command: [String]
    /// How long the plugin may take over one screen.
    public var timeoutMilliseconds: Int = 5000
    /// Where the entry is in the config, for messages.
    public var mark: Mark

    public init(name: String, command: [String], timeoutMilliseconds: Int = 5000, mark: Mark = .start) {
        self.name = name
        self.command = command
        self.timeoutMilliseconds = timeoutMilliseconds
        self.mark = mark
    }
}

/// One entry of `figma.files`: a Figma file's key and where its file response is saved.
public struct FigmaFile: Sendable, Equatable {
    /// The key in the file's link (`https://www.figma.com/design/KEY/...`).
    public var key: String
    /// As written; relative to the config's folder.
    public var path: String
    public var mark: Mark

    public init(key: String, path: String, mark: Mark = .start) {
        self.key = key
        self.path = path
        self.mark = mark
    }

    public func resolvedPath(against base: String) -> String {
        path.hasPrefix("/") ? path : FileSystem.join(base, path)
    }
}

/// The watcher's part of the config.
public struct WatchSettings: Sendable, Equatable {
    /// How long the tree must be quiet before a review starts (like watchman's settle).
    public var settleMilliseconds: Int = 20
    /// The longest a review waits under a constant stream of writes.
    public var maxDelayMilliseconds: Int = 500
    /// How often directories left unwatched at the inotify watch limit are listed and looked at.
    public var pollIntervalMilliseconds: Int = 2000
    /// The live report's path; nil means the command line or the default decides.
    public var report: String?
    /// More live reports, each `FORMAT=FILE` (`html=report.html`), rewritten atomically on every update.
    public var outputs: [ReportOutput] = []

    public init() {}
}

/// A config file that cannot be used, with where and why.
public struct ConfigError: Error, Sendable, CustomStringConvertible {
    public var file: String
    public var mark: Mark?
    public var message: String
    /// The file's problems after this one, in document order: all are reported at once, as a
    /// spec's are, so that fixing a config takes one run rather than one per mistake.
    public var following: [ConfigError] = []

    public init(file: String, mark: Mark?, message: String) {
        self.file = file
        self.mark = mark
        self.message = message
    }

    /// One line for each problem, this one first.
    public var lines: [String] { [line] + following.flatMap(\.lines) }

    private var line: String {
        if let mark { return "\(file):\(mark.line):\(mark.column): error: \(message)" }
        return "\(file): error: \(message)"
    }

    public var description: String { lines.joined(separator: "\n") }
}
