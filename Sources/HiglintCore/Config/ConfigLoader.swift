/// Reads `config.yaml`. Anything it does not understand is an error with a
/// position, so a typo never silently changes what is reviewed.
public struct ConfigLoader: Sendable {
    public static let keys = ["paths", "exclude", "app", "plugins", "rules", "thresholds", "limits", "watch", "baseline"]
    static let appKeys = ["device", "category"]
    static let pluginKeys = ["enabled", "disabled"]
    static let limitKeys = ["max_file_bytes", "max_depth", "max_alias_nodes"]
    static let watchKeys = ["settle_ms", "max_delay_ms", "report", "outputs"]

    public var ruleIDs: Set<String>
    public var pluginNames: Set<String>

    public init(ruleIDs: Set<String>, pluginNames: Set<String>) {
        self.ruleIDs = ruleIDs
        self.pluginNames = pluginNames
    }

    /// A loader that knows every rule of these plugins and the core's.
    public init(plugins: [Plugin]) {
        self.init(
            ruleIDs: Set(CoreRules.descriptions(with: plugins).map(\.id)), pluginNames: Set(plugins.map(\.name)))
    }

    public func load(path: String) throws(ConfigError) -> Config {
        let bytes: [UInt8]
        switch FileReader.read(path, maxBytes: 1 << 20) {
        case .success(let read): bytes = read
        case .failure(let problem): throw ConfigError(file: path, mark: nil, message: problem.description)
        }
        var config = try parse(bytes, file: path)
        config.sourcePath = FileSystem.absolute(path)
        config.baseDirectory = FileSystem.directory(of: config.sourcePath ?? path)
        return config
    }

    public func parse(_ bytes: [UInt8], file: String) throws(ConfigError) -> Config {
        let documents: [LoadedDocument]
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
            throw ConfigError(file: file, mark: duplicate.mark, message: "key \"\(duplicate.key)\" is repeated")
        }
        guard let root = document.root, !root.isNull else { return config }
        var reader = NodeReader()
        reader.fields(of: root, path: "", known: Self.keys) { reader, key, value, _ in
            switch key {
            case "paths": config.paths = reader.strings(value, key).values
            case "exclude": config.exclude = reader.strings(value, key).values
            case "baseline": config.baseline = reader.string(value, key)
            case "app":
                reader.fields(of: value, path: key, known: Self.appKeys) { reader, field, fieldValue, _ in
                    if field == "device" {
                        config.appDevice = reader.choice(fieldValue, "app.device", Device.self) ?? config.appDevice
                    } else {
                        config.appCategory = reader.string(fieldValue, "app.category")
                    }
                }
            case "plugins": readPlugins(value, into: &config, &reader)
            case "rules": readRules(value, into: &config, &reader)
            case "thresholds": readThresholds(value, into: &config, &reader)
            case "limits":
                reader.fields(of: value, path: key, known: Self.limitKeys) { reader, field, fieldValue, _ in
                    guard let number = reader.integer(fieldValue, "limits.\(field)", minimum: 1) else { return }
                    switch field {
                    case "max_file_bytes": config.limits.maxFileBytes = number
                    case "max_depth": config.limits.maxDepth = number
                    default: config.limits.maxAliasNodes = number
                    }
                }
            case "watch":
                reader.fields(of: value, path: key, known: Self.watchKeys) { reader, field, fieldValue, _ in
                    switch field {
                    case "settle_ms":
                        if let number = reader.integer(fieldValue, "watch.settle_ms", minimum: 0) {
                            config.watch.settleMilliseconds = number
                        }
                    case "max_delay_ms":
                        if let number = reader.integer(fieldValue, "watch.max_delay_ms", minimum: 1) {
                            config.watch.maxDelayMilliseconds = number
                        }
                    case "outputs":
                        for (index, item) in reader.list(fieldValue, "watch.outputs").enumerated() {
                            guard let text = reader.string(item, "watch.outputs[\(index)]") else { continue }
                            switch ReportOutput.parse(text, defaultFormat: .json) {
                            case .success(let output): config.watch.outputs.append(output)
                            case .failure(let problem):
                                reader.schema("watch.outputs[\(index)]", problem.description, at: item.start)
                            }
                        }
                    default: config.watch.report = reader.string(fieldValue, "watch.report")
                    }
                }
            default: break
            }
        }
        if let issue = reader.issues.first {
            throw ConfigError(file: file, mark: issue.mark, message: issue.message)
        }
        if config.watch.maxDelayMilliseconds < config.watch.settleMilliseconds {
            config.watch.maxDelayMilliseconds = config.watch.settleMilliseconds
        }
        return config
    }

    private func readPlugins(_ node: Node, into config: inout Config, _ reader: inout NodeReader) {
        reader.fields(of: node, path: "plugins", known: Self.pluginKeys) { reader, key, value, _ in
            var names = Set<String>()
            for (index, item) in reader.list(value, "plugins.\(key)").enumerated() {
                guard let name = reader.string(item, "plugins.\(key)[\(index)]") else { continue }
                if pluginNames.contains(name) {
                    names.insert(name)
                } else {
                    let suggestion = closestKey(to: name, among: pluginNames.sorted()).map { "; did you mean \"\($0)\"?" } ?? ""
                    reader.schema("plugins.\(key)[\(index)]", "no plugin is named \"\(name)\"\(suggestion)", at: item.start)
                }
            }
            if key == "enabled" { config.enabledPlugins = names } else { config.disabledPlugins = names }
        }
    }

    private func readRules(_ node: Node, into config: inout Config, _ reader: inout NodeReader) {
        let known = ruleIDs.sorted()
        guard case .mapping(let entries) = node.content else {
            if !node.isNull { reader.schema("rules", "expected a map of rule id to severity, found \(node.kindDescription)", at: node.start) }
            return
        }
        for entry in entries {
            guard let id = entry.key.scalar, ruleIDs.contains(id) else {
                let name = entry.key.scalar ?? entry.key.kindDescription
                let suggestion = closestKey(to: name, among: known).map { "; did you mean \"\($0)\"?" } ?? ""
                reader.schema("rules", "no rule has the id \"\(name)\"\(suggestion)", at: entry.key.start)
                continue
            }
            // `off` must be read before YAML 1.1 turns it into false: the schema decides.
            if let text = entry.value.scalar, text == "off" || text == "false" || text == "no" {
                config.ruleSeverities[id] = .some(nil)
            } else if let severity = reader.choice(entry.value, "rules.\(id)", SeverityOrOff.self) {
                config.ruleSeverities[id] = severity.severity
            }
        }
    }

    private func readThresholds(_ node: Node, into config: inout Config, _ reader: inout NodeReader) {
        let known = Thresholds.documented.map(\.key)
        reader.fields(of: node, path: "thresholds", known: known) { reader, key, value, _ in
            let path = "thresholds.\(key)"
            switch key {
            case "max_explanation":
                if let number = reader.integer(value, path, minimum: 0) { config.thresholds.maxExplanation = number }
            default:
                guard let number = reader.number(value, path, minimum: 0) else { return }
                switch key {
                case "min_hit_target": config.thresholds.minHitTarget = number
                case "min_spacing": config.thresholds.minSpacing = number
                case "min_font_size": config.thresholds.minFontSize = number
                default: config.thresholds.alignmentTolerance = number
                }
            }
        }
    }
}

private enum SeverityOrOff: String, CaseIterable {
    case error, warning, info, off

    var severity: Severity? {
        switch self {
        case .error: return .error
        case .warning: return .warning
        case .info: return .info
        case .off: return nil
        }
    }
}
