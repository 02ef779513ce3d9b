/// Reads `config.yaml`. Anything it does not understand is an error with a
/// position, so a typo never silently changes what is reviewed.
public struct ConfigLoader: Sendable {
    enum Field: String, SpecField {
        case paths, exclude, app, plugins, rules, thresholds, limits, watch, baseline, figma
        case customRules = "custom_rules"
    }
    enum FigmaField: String, SpecField { case files }
    enum FigmaFileField: String, SpecField { case key, path }
    enum AppField: String, SpecField { case device, category }
    enum PluginListField: String, SpecField { case enabled, disabled, external }
    enum ExternalPluginField: String, SpecField {
        case name, command
        case timeout = "timeout_ms"
    }

    enum LimitField: String, SpecField {
        case maxFileBytes = "max_file_bytes"
        case maxDepth = "max_depth"
        case maxAliasNodes = "max_alias_nodes"
        case maxFindingsPerScreen = "max_findings_per_screen"
    }

    enum WatchField: String, SpecField {
        case settle = "settle_ms"
        case maxDelay = "max_delay_ms"
        case pollInterval = "poll_interval_ms"
        case report, outputs
    }

    public var ruleIDs: Set<String>
    public var pluginNames: Set<String>
    /// The keys `thresholds:` may hold: those the rules declare.
    public var thresholds: ThresholdCatalog

    public init(ruleIDs: Set<String>, pluginNames: Set<String>, thresholds: ThresholdCatalog) {
        self.ruleIDs = ruleIDs
        self.pluginNames = pluginNames
        self.thresholds = thresholds
    }

    /// A loader that knows every rule, and every threshold, of these plugins and the core's.
    public init(plugins: [Plugin]) {
        let rules = CoreRules.descriptions(with: plugins)
        self.init(
            ruleIDs: Set(rules.map(\.id)), pluginNames: Set(plugins.map(\.name)),
            thresholds: ThresholdCatalog(rules: rules))
    }

    public func load(path: String) throws(ConfigError) -> Config {
        let bytes: [UInt8]
        switch FileReader.read(path, maxBytes: 1 << 20) {
        case .success(let read): bytes = read
        case .failure(let problem): throw ConfigError(file: path, mark: nil, message: problem.description)
        }
        var config = try parse(bytes, file: path)
        config.sourceDigest = SHA256.hex(bytes)
        config.sourcePath = FileSystem.absolute(path)
        config.sourceName = path
        config.baseDirectory = FileSystem.directory(of: config.sourcePath ?? path)
        return config
    }

    public func parse(_ bytes: [UInt8], file: String) throws(ConfigError) -> Config {
        let documents: [YAMLDocument]
        switch YAMLLoader.load(bytes) {
        case .success(let loaded): documents = loaded
        case .failure(let failure): throw ConfigError(file: file, mark: failure.mark, message: failure.message)
        }
        var config = Config()
        guard let document = documents.first else { return config }
        if documents.count > 1 {
            throw ConfigError(file: file, mark: documents[1].start, message: "a config file holds one YAML document")
        }
        if let duplicate = document.duplicateKeys.first {
            throw ConfigError(file: file, mark: duplicate.mark, message: "key \(quoted(duplicate.key)) is repeated")
        }
        guard let root = document.root, !document.isNull(root) else { return config }
        var reader = NodeReader(document)
        // The parts that declare plugins and rules come first, wherever they are written, so
        // that `rules:`, `plugins:` and the specs' ignore lists can name what they declare.
        let pluginsNode = Self.value(of: "plugins", in: root, document)
        if let pluginsNode, let entry = document.entries(pluginsNode).first(where: { document.scalar($0.key) == "external" }) {
            config.externalPluginsMark = document.start(entry.key)
            config.externalPlugins = readExternalPlugins(entry.value, &reader)
        }
        let externalNames = Set(config.externalPlugins.map(\.name))
        if let customNode = Self.value(of: Field.customRules.rawValue, in: root, document) {
            let reserved = pluginNames.union([CoreRules.pluginName, PluginFailure.pluginName]).union(externalNames)
            var customReader = CustomRuleReader(reservedPrefixes: reserved, thresholds: thresholds)
            config.customRules = customReader.read(customNode, &reader)
        }
        let custom = config.customRules.map(\.description)
        let declared = ConfigLoader(
            ruleIDs: ruleIDs.union(custom.map(\.id)).union([PluginFailure.ruleID, ConfigTrust.ruleID]),
            pluginNames: pluginNames.union(custom.map(\.plugin)).union(externalNames), thresholds: thresholds.adding(custom))
        reader.fields(of: root, path: "", known: FieldSet<Field>()) { reader, field, value in
            let key = field.rawValue
            switch field {
            case .customRules: break
            case .paths: config.paths = reader.strings(value, key).values
            case .exclude: config.exclude = reader.strings(value, key).values
            case .baseline: config.baseline = reader.string(value, key)
            case .app:
                reader.fields(of: value, path: key, known: FieldSet<AppField>()) { reader, field, fieldValue in
                    switch field {
                    case .device: config.appDevice = reader.choice(fieldValue, "app.device", Device.self) ?? config.appDevice
                    case .category: config.appCategory = reader.string(fieldValue, "app.category")
                    }
                }
            case .figma:
                reader.fields(of: value, path: key, known: FieldSet<FigmaField>()) { reader, _, files in
                    config.figmaFiles = Self.readFigmaFiles(files, &reader)
                }
            case .plugins: declared.readPlugins(value, into: &config, &reader)
            case .rules: declared.readRules(value, into: &config, &reader, externalPrefixes: externalNames)
            case .thresholds: declared.readThresholds(value, into: &config, &reader)
            case .limits:
                reader.fields(of: value, path: key, known: FieldSet<LimitField>()) { reader, field, fieldValue in
                    let maximum = field == .maxFileBytes ? LoaderLimits.largestFileBytes : nil
                    guard let number = reader.integer(fieldValue, "limits.\(field.rawValue)", minimum: 1, maximum: maximum)
                    else { return }
                    switch field {
                    case .maxFileBytes: config.limits.maxFileBytes = number
                    case .maxDepth: config.limits.maxDepth = number
                    case .maxAliasNodes: config.limits.maxAliasNodes = number
                    case .maxFindingsPerScreen: config.limits.maxFindingsPerScreen = number
                    }
                }
            case .watch:
                reader.fields(of: value, path: key, known: FieldSet<WatchField>()) { reader, field, fieldValue in
                    switch field {
                    case .settle:
                        if let number = reader.integer(fieldValue, "watch.settle_ms", minimum: 0) {
                            config.watch.settleMilliseconds = number
                        }
                    case .maxDelay:
                        if let number = reader.integer(fieldValue, "watch.max_delay_ms", minimum: 1) {
                            config.watch.maxDelayMilliseconds = number
                        }
                    case .pollInterval:
                        if let number = reader.integer(fieldValue, "watch.poll_interval_ms", minimum: 10) {
                            config.watch.pollIntervalMilliseconds = number
                        }
                    case .outputs:
                        for (index, item) in reader.list(fieldValue, "watch.outputs").enumerated() {
                            guard let text = reader.string(item, "watch.outputs[\(index)]") else { continue }
                            switch ReportOutput.parse(text, defaultFormat: .json) {
                            case .success(let output): config.watch.outputs.append(output)
                            case .failure(let problem):
                                reader.schema("watch.outputs[\(index)]", problem.description, at: reader.start(item))
                            }
                        }
                    case .report: config.watch.report = reader.string(fieldValue, "watch.report")
                    }
                }
            }
        }
        if let issue = reader.issues.first {
            var error = ConfigError(file: file, mark: issue.mark, message: issue.message)
            error.following = reader.issues.dropFirst().map { ConfigError(file: file, mark: $0.mark, message: $0.message) }
            throw error
        }
        if config.watch.maxDelayMilliseconds < config.watch.settleMilliseconds {
            config.watch.maxDelayMilliseconds = config.watch.settleMilliseconds
        }
        return config
    }

    private func readPlugins(_ node: Node, into config: inout Config, _ reader: inout NodeReader) {
        reader.fields(of: node, path: "plugins", known: FieldSet<PluginListField>()) { reader, field, value in
            let key = field.rawValue
            if field == .external { return }
            var names = Set<String>()
            for (index, item) in reader.list(value, "plugins.\(key)").enumerated() {
                guard let name = reader.string(item, "plugins.\(key)[\(index)]") else { continue }
                if pluginNames.contains(name) {
                    names.insert(name)
                } else {
                    let suggestion = closestMatch(to: name, among: pluginNames.sorted()).map { "; did you mean \(quoted($0))?" } ?? ""
                    reader.schema("plugins.\(key)[\(index)]", "no plugin is named \(quoted(name))\(suggestion)", at: reader.start(item))
                }
            }
            switch field {
            case .enabled: config.enabledPlugins = names
            case .disabled: config.disabledPlugins = names
            case .external: break
            }
        }
    }

    /// `plugins.external`: each a name (the rule prefix), a command and a timeout.
    private func readExternalPlugins(_ node: Node, _ reader: inout NodeReader) -> [ExternalPluginSettings] {
        var plugins: [ExternalPluginSettings] = []
        let reserved = pluginNames.union([CoreRules.pluginName, PluginFailure.pluginName])
        for (index, item) in reader.list(node, "plugins.external").enumerated() {
            let path = "plugins.external[\(index)]"
            var name: String?
            var command: [String] = []
            var timeout = 5000
            reader.fields(of: item, path: path, known: FieldSet<ExternalPluginField>()) { reader, field, value in
                switch field {
                case .name:
                    guard let text = reader.string(value, "\(path).name") else { return }
                    if !text.isEmpty, text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) {
                        name = text
                    } else {
                        reader.schema("\(path).name", "\(quoted(text)) is not a plugin name (letters, digits, - and _)", at: reader.start(value))
                        return
                    }
                    if reserved.contains(text) {
                        reader.schema("\(path).name", "\(quoted(text)) is a built-in plugin's name; an external plugin needs its own", at: reader.start(value))
                        name = nil
                    } else if plugins.contains(where: { $0.name == text }) {
                        reader.schema("\(path).name", "an external plugin is already named \(quoted(text))", at: reader.start(value))
                        name = nil
                    }
                case .command:
                    command = reader.strings(value, "\(path).command").values
                    if command.isEmpty, reader.kind(value) == .sequence {
                        reader.schema("\(path).command", "the command needs at least the program", at: reader.start(value))
                    }
                case .timeout:
                    timeout = reader.integer(value, "\(path).timeout_ms", minimum: 1) ?? timeout
                }
            }
            let mark = reader.start(item)
            guard reader.kind(item) == .mapping else { continue }
            guard let name else {
                if !reader.issues.contains(where: { $0.message.hasPrefix("\(path).name") }) {
                    reader.schema(path, "an external plugin needs a `name:` (the prefix of its rules' ids)", at: mark)
                }
                continue
            }
            guard !command.isEmpty else {
                if !reader.issues.contains(where: { $0.message.hasPrefix("\(path).command") }) {
                    reader.schema(path, "an external plugin needs a `command:` list, like [python3, rules.py]", at: mark)
                }
                continue
            }
            plugins.append(ExternalPluginSettings(name: name, command: command, timeoutMilliseconds: timeout, mark: mark))
        }
        return plugins
    }

    /// `figma.files`: each a file key and the path its response is saved at (`*.figma.json`).
    private static func readFigmaFiles(_ node: Node, _ reader: inout NodeReader) -> [FigmaFile] {
        var files: [FigmaFile] = []
        for (index, item) in reader.list(node, "figma.files").enumerated() {
            let path = "figma.files[\(index)]"
            var key: String?
            var output: String?
            reader.fields(of: item, path: path, known: FieldSet<FigmaFileField>()) { reader, field, value in
                switch field {
                case .key:
                    guard let text = reader.string(value, "\(path).key") else { return }
                    if !text.isEmpty, text.count <= 64, text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) {
                        key = text
                    } else {
                        reader.schema("\(path).key", "\(quoted(text)) is not a Figma file key (the letters and digits after /design/ or /file/ in the file's link)", at: reader.start(value))
                    }
                case .path:
                    guard let text = reader.string(value, "\(path).path") else { return }
                    if text.hasSuffix(".figma.json"), !text.hasSuffix("/.figma.json") {
                        output = text
                    } else {
                        reader.schema("\(path).path", "\(quoted(text)) must name a file ending in .figma.json, which check and watch review", at: reader.start(value))
                    }
                }
            }
            let mark = reader.start(item)
            guard reader.kind(item) == .mapping else { continue }
            guard let key, let output else {
                if !reader.issues.contains(where: { $0.message.hasPrefix(path) }) {
                    reader.schema(path, "a Figma file needs a `key:` and a `path:` (where its response is saved)", at: mark)
                }
                continue
            }
            if files.contains(where: { $0.path == output }) {
                reader.schema("\(path).path", "another entry of figma.files is saved at \(quoted(output))", at: mark)
                continue
            }
            files.append(FigmaFile(key: key, path: output, mark: mark))
        }
        return files
    }

    /// The value of a plain key of a map, when the map has it.
    private static func value(of key: String, in node: Node, _ document: YAMLDocument) -> Node? {
        document.entries(node).first { document.scalar($0.key) == key }?.value
    }

    /// Ids under an external plugin's prefix are taken on trust: the plugin declares its
    /// rules only once it runs.
    private func readRules(
        _ node: Node, into config: inout Config, _ reader: inout NodeReader, externalPrefixes: Set<String>
    ) {
        let known = ruleIDs.sorted()
        let document = reader.document
        guard document.kind(node) == .mapping else {
            if !document.isNull(node) {
                reader.schema("rules", "expected a map of rule id to severity, found \(document.kindDescription(node))", at: document.start(node))
            }
            return
        }
        for entry in document.entries(node) {
            guard let id = document.scalar(entry.key),
                  ruleIDs.contains(id) || externalPrefixes.contains(String(id.prefix { $0 != "." }))
            else {
                let name = document.scalar(entry.key) ?? document.kindDescription(entry.key)
                let suggestion = closestMatch(to: name, among: known).map { "; did you mean \(quoted($0))?" } ?? ""
                reader.schema("rules", "no rule has the id \(quoted(name))\(suggestion)", at: document.start(entry.key))
                continue
            }
            if !ruleIDs.contains(id) { config.pluginRules.append(Config.PluginThreshold(key: id, mark: document.start(entry.key))) }
            // `off` must be read before YAML 1.1 turns it into false: the schema decides.
            if let text = document.scalar(entry.value), text == "off" || text == "false" || text == "no" {
                config.ruleSeverities[id] = .some(nil)
            } else if let severity = reader.choice(entry.value, "rules.\(id)", SeverityOrOff.self) {
                config.ruleSeverities[id] = severity.severity
            }
        }
    }

    /// Like `NodeReader.fields`, but the known keys are the declared thresholds rather than an enum.
    private func readThresholds(_ node: Node, into config: inout Config, _ reader: inout NodeReader) {
        let document = reader.document
        guard document.kind(node) == .mapping else {
            if !document.isNull(node) {
                reader.schema("thresholds", "expected a map, found \(document.kindDescription(node))", at: document.start(node))
            }
            return
        }
        for entry in document.entries(node) {
            guard let key = document.scalar(entry.key) else {
                reader.schema("thresholds", "keys must be plain text, found \(document.kindDescription(entry.key))", at: document.start(entry.key))
                continue
            }
            guard let declaration = thresholds.declaration(forKey: key) else {
                // An external plugin declares its thresholds only once it runs: checked then.
                if !config.externalPlugins.isEmpty {
                    if let number = reader.number(entry.value, "thresholds.\(key)", minimum: 0) {
                        config.thresholds[key: key] = .decimal(number)
                        config.pluginThresholds.append(Config.PluginThreshold(key: key, mark: document.start(entry.key)))
                    }
                    continue
                }
                // In declaration order: of two equally close keys, the first is suggested.
                reader.unknownKey(key, path: "thresholds", known: thresholds.keys, at: document.start(entry.key))
                continue
            }
            let path = "thresholds.\(key)"
            switch declaration.defaultValue {
            case .decimal:
                if let number = reader.number(entry.value, path, minimum: 0) { config.thresholds[key: key] = .decimal(number) }
            case .whole:
                if let number = reader.integer(entry.value, path, minimum: 0) { config.thresholds[key: key] = .whole(number) }
            }
        }
    }
}

private enum SeverityOrOff: String, SpecChoice {
    case error, warning, info, off

    static let choices = FieldSet<SeverityOrOff>()

    var severity: Severity? {
        switch self {
        case .error: return .error
        case .warning: return .warning
        case .info: return .info
        case .off: return nil
        }
    }
}
