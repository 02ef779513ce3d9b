import HiglintCore

/// `check --print-config`: the config a run would use, every key of it, each
/// with where its value came from (the file's line and column, or the
/// built-in default). The output is YAML a config file could hold.
struct EffectiveConfig {
    var config: Config
    /// The file's keys by path (`["app", "device"]`), where each was written.
    var written: [[String]: Mark] = [:]
    /// The file as messages name it, when there is one.
    var fileName: String?
    var thresholds: ThresholdCatalog
    /// Each custom rule as the file wrote it, in flow style on one line, by id: the rule's
    /// model keeps what it checks, not how it was written (a pattern's source, a message's
    /// placeholders), and the file's own words are what a config can hold again.
    var customRuleText: [String: String] = [:]

    init(_ config: Config, fileName: String?, thresholds: ThresholdCatalog) {
        self.config = config
        self.fileName = fileName
        // The custom rules' own thresholds can be set like any other.
        self.thresholds = thresholds.adding(config.customRules.map(\.description))
        if let fileName, let bytes = try? FileReader.read(fileName, maxBytes: 1 << 20).get(),
           case .success(let documents) = YAMLLoader.load(bytes), let document = documents.first, let root = document.root {
            // The loader accepted this file already; here only where each key sits is read.
            for member in document.entries(root) {
                guard let key = document.scalar(member.key) else { continue }
                written[[key]] = document.start(member.key)
                guard document.kind(member.value) == .mapping else { continue }
                for inner in document.entries(member.value) {
                    guard let name = document.scalar(inner.key) else { continue }
                    written[[key, name]] = document.start(inner.key)
                    if key == "custom_rules" { customRuleText[name] = Self.flow(inner.value, document) }
                }
            }
        }
    }

    /// The node in YAML's flow style on one line: a plain scalar stays plain where flow
    /// style reads it back the same (a number stays a number, `off` stays `off`), any
    /// other scalar is double-quoted, which JSON's escapes are valid in.
    static func flow(_ node: Node, _ document: YAMLDocument) -> String {
        switch document.kind(node) {
        case .mapping:
            let entries = document.entries(node).map { flow($0.key, document) + ": " + flow($0.value, document) }
            return "{" + entries.joined(separator: ", ") + "}"
        case .sequence:
            return "[" + document.items(node).map { flow($0, document) }.joined(separator: ", ") + "]"
        case .scalar:
            if document.isNull(node) { return "~" }
            let text = document.scalar(node) ?? ""
            guard document.style(node) == .plain, !document.isTagged(node), isPlainInFlow(text) else { return JSONText.string(text) }
            return text
        }
    }

    private static func isPlainInFlow(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last,
              !"-?:,[]{}#&*!|>'\"%@` \t".unicodeScalars.contains(first), last != " ", last != ":"
        else { return false }
        return !text.unicodeScalars.contains { ",[]{}\n\r\t".unicodeScalars.contains($0) || $0.value < 0x20 }
            && !text.contains(": ") && !text.contains(" #")
    }

    func render() -> String {
        var rows: [(text: String, source: String?)] = []
        func line(_ text: String, _ path: [String]? = nil) {
            rows.append((text, path.map(source)))
        }
        func list(_ values: [String]) -> String { "[" + values.map(JSONText.string).joined(separator: ", ") + "]" }

        line("paths: \(list(config.paths))", ["paths"])
        line("exclude: \(list(config.exclude))", ["exclude"])
        line("app:")
        line("  device: \(config.appDevice.rawValue)", ["app", "device"])
        line("  category: \(JSONText.optional(config.appCategory))", ["app", "category"])
        line("plugins:")
        if let enabled = config.enabledPlugins {
            line("  enabled: \(list(enabled.sorted()))", ["plugins", "enabled"])
        } else {
            // Commented out: `enabled: []` would run no plugin at all.
            line("  # enabled: not set, so every plugin runs that is not disabled", ["plugins", "enabled"])
        }
        line("  disabled: \(list(config.disabledPlugins.sorted()))", ["plugins", "disabled"])
        if config.externalPlugins.isEmpty {
            line("  external: []", ["plugins", "external"])
        } else {
            line("  external:")
            for plugin in config.externalPlugins {
                rows.append((
                    "    - {name: \(JSONText.string(plugin.name)), command: \(list(plugin.command)), timeout_ms: \(plugin.timeoutMilliseconds)}",
                    source(plugin.mark)))
            }
        }
        if config.ruleSeverities.isEmpty {
            line("rules: {}", ["rules"])
        } else {
            line("rules:")
            for id in config.ruleSeverities.keys.sorted() {
                let severity = config.ruleSeverities[id].flatMap { $0 }
                line("  \(id): \(severity?.rawValue ?? "off")", ["rules", id])
            }
        }
        if config.customRules.isEmpty {
            line("custom_rules: {}", ["custom_rules"])
        } else {
            line("custom_rules:")
            for rule in config.customRules {
                let id = rule.description.id
                line("  \(id): \(customRuleText[id] ?? "{}")", ["custom_rules", id])
            }
        }
        line("thresholds:")
        for entry in thresholds.entries {
            let declaration = entry.declaration
            let value = config.thresholds[key: declaration.key] ?? declaration.defaultValue
            line("  \(declaration.key): \(value)", ["thresholds", declaration.key])
        }
        // An external plugin declares these once it runs; the value written is all there is to show.
        for threshold in config.pluginThresholds where thresholds.declaration(forKey: threshold.key) == nil {
            if let value = config.thresholds[key: threshold.key] {
                line("  \(threshold.key): \(value)", ["thresholds", threshold.key])
            }
        }
        line("limits:")
        line("  max_file_bytes: \(config.limits.maxFileBytes)", ["limits", "max_file_bytes"])
        line("  max_depth: \(config.limits.maxDepth)", ["limits", "max_depth"])
        line("  max_alias_nodes: \(config.limits.maxAliasNodes)", ["limits", "max_alias_nodes"])
        line("  max_findings_per_screen: \(config.limits.maxFindingsPerScreen)", ["limits", "max_findings_per_screen"])
        line("watch:")
        line("  settle_ms: \(config.watch.settleMilliseconds)", ["watch", "settle_ms"])
        line("  max_delay_ms: \(config.watch.maxDelayMilliseconds)", ["watch", "max_delay_ms"])
        line("  poll_interval_ms: \(config.watch.pollIntervalMilliseconds)", ["watch", "poll_interval_ms"])
        line("  report: \(JSONText.optional(config.watch.report))", ["watch", "report"])
        line("  outputs: \(list(config.watch.outputs.map { "\($0.format.name)=\($0.path)" }))", ["watch", "outputs"])
        line("baseline: \(JSONText.optional(config.baseline))", ["baseline"])
        if config.figmaFiles.isEmpty {
            line("figma: {files: []}", ["figma"])
        } else {
            line("figma:")
            line("  files:", ["figma", "files"])
            for file in config.figmaFiles {
                line("    - {key: \(JSONText.string(file.key)), path: \(JSONText.string(file.path))}")
            }
        }

        var out = "# The effective config. "
        if let fileName {
            out += "From \(LineText.escape(fileName)); its relative paths are relative to \(LineText.escape(config.baseDirectory)).\n"
        } else {
            out += "No --config and no .higlint.yaml or .higlint.yml here or above: the built-in defaults.\n"
        }
        // The sources line up in one column, which a long row (a custom rule) does not push out.
        let width = rows.map(\.text.count).filter { $0 <= 72 }.max() ?? 0
        for row in rows {
            guard let source = row.source else {
                out += row.text + "\n"
                continue
            }
            out += row.text + String(repeating: " ", count: max(width - row.text.count, 0) + 2) + "# " + source + "\n"
        }
        return out
    }

    /// `file:line:col` of the key (or of the section that holds it), else `default`.
    private func source(_ path: [String]) -> String {
        source(written[path])
    }

    private func source(_ mark: Mark?) -> String {
        guard let fileName, let mark else { return "default" }
        return "\(LineText.escape(fileName)):\(mark.line):\(mark.column)"
    }
}
