/// Today's findings, recorded so that adopting higlint on an existing app
/// reports only what is new.
///
/// A finding is recorded by what it is about (file, screen, element, rule),
/// never by its line, so edits elsewhere in a file do not invalidate it. The
/// same key may hold several findings (two schema problems on one screen), so
/// each entry keeps a count: the first `count` findings with that key are
/// hidden, any further ones are new.
public struct Baseline: Sendable, Equatable {
    public struct Key: Sendable, Hashable, Comparable {
        public var file: String
        public var screen: String?
        public var element: String?
        public var rule: String

        public init(file: String, screen: String?, element: String?, rule: String) {
            self.file = file
            self.screen = screen
            self.element = element
            self.rule = rule
        }

        public init(_ finding: Finding) {
            self.init(file: finding.file, screen: finding.screen, element: finding.element, rule: finding.rule)
        }

        public static func < (lhs: Key, rhs: Key) -> Bool {
            if lhs.file != rhs.file { return lhs.file.utf8.lexicographicallyPrecedes(rhs.file.utf8) }
            if lhs.screen != rhs.screen { return (lhs.screen ?? "").utf8.lexicographicallyPrecedes((rhs.screen ?? "").utf8) }
            if lhs.element != rhs.element { return (lhs.element ?? "").utf8.lexicographicallyPrecedes((rhs.element ?? "").utf8) }
            return lhs.rule.utf8.lexicographicallyPrecedes(rhs.rule.utf8)
        }

        /// `a.yaml: screen "Home", element "save": buttons.hit-target`, for notes.
        public var description: String {
            var parts: [String] = []
            if let screen { parts.append("screen \(quoted(screen))") }
            if let element { parts.append("element \(quoted(element))") }
            return "\(LineText.escape(file)): " + (parts.isEmpty ? "" : parts.joined(separator: ", ") + ": ") + rule
        }
    }

    public struct Entry: Sendable, Equatable {
        public var key: Key
        public var count: Int
        /// The first finding's message when recorded: for a person reading the file, not for matching.
        public var message: String?

        public init(key: Key, count: Int, message: String? = nil) {
            self.key = key
            self.count = count
            self.message = message
        }
    }

    /// Sorted by key, one entry per key.
    public private(set) var entries: [Entry]

    public init(entries: [Entry]) {
        var merged: [Key: Entry] = [:]
        for entry in entries where entry.count > 0 {
            if var existing = merged[entry.key] {
                existing.count += entry.count
                merged[entry.key] = existing
            } else {
                merged[entry.key] = entry
            }
        }
        self.entries = merged.values.sorted { $0.key < $1.key }
    }

    public init(recording findings: [Finding]) {
        self.init(entries: findings.map { Entry(key: Key($0), count: 1, message: $0.message) })
    }

    // MARK: - Applying

    public struct Outcome: Sendable {
        /// The report without the baselined findings.
        public var report: Report
        /// How many findings the baseline hid.
        public var hidden: Int
        /// Entries (with the unmatched part of their count) that matched nothing in a reviewed file:
        /// fixed, or changed beyond recognition. Files not reviewed in this run are not judged.
        public var stale: [Entry]
    }

    public func apply(to report: Report) -> Outcome {
        var remaining: [Key: Int] = [:]
        for entry in entries { remaining[entry.key] = entry.count }
        var kept: [Finding] = []
        var hiddenFindings: [Finding] = []
        for finding in report.findings {
            let key = Key(finding)
            if let left = remaining[key], left > 0 {
                remaining[key] = left - 1
                hiddenFindings.append(finding)
            } else {
                kept.append(finding)
            }
        }
        var filtered = report
        filtered.findings = kept
        filtered.baselined = (report.baselined + hiddenFindings).sorted(by: Finding.reportOrder)
        let reviewed = Set(report.files.filter { $0.readProblem == nil }.map(\.file.displayPath))
        let stale = entries.compactMap { entry -> Entry? in
            guard let left = remaining[entry.key], left > 0, reviewed.contains(entry.key.file) else { return nil }
            return Entry(key: entry.key, count: left, message: entry.message)
        }
        return Outcome(report: filtered, hidden: hiddenFindings.count, stale: stale)
    }

    // MARK: - The file

    public static let formatVersion = 1

    /// JSON, one entry a line, so a baseline diffs well in review.
    public func render() -> String {
        var out = "{\n  \"version\": \(Self.formatVersion),\n  \"tool\": \"higlint\",\n"
        out += "  \"note\": \"Findings accepted when this file was written; `higlint check --baseline FILE` reports only others. Regenerate with --write-baseline.\",\n"
        if entries.isEmpty { return out + "  \"findings\": []\n}\n" }
        out += "  \"findings\": [\n"
        for (index, entry) in entries.enumerated() {
            out += "    {\"file\": \(JSONText.string(entry.key.file)), \"screen\": \(JSONText.optional(entry.key.screen))"
            out += ", \"element\": \(JSONText.optional(entry.key.element)), \"rule\": \(JSONText.string(entry.key.rule))"
            out += ", \"count\": \(entry.count)"
            if let message = entry.message { out += ", \"message\": \(JSONText.string(message))" }
            out += index + 1 < entries.count ? "},\n" : "}\n"
        }
        return out + "  ]\n}\n"
    }

    /// Reads a baseline file. JSON is YAML to libyaml, so the spec loader reads
    /// it too, with positions for every complaint.
    public static func parse(_ bytes: [UInt8], file: String) -> Result<Baseline, ConfigError> {
        var limits = LoaderLimits()
        limits.maxFileBytes = 256 << 20
        let documents: [YAMLDocument]
        switch YAMLLoader.load(bytes, limits: limits) {
        case .success(let loaded): documents = loaded
        case .failure(let failure): return .failure(ConfigError(file: file, mark: failure.mark, message: failure.message))
        }
        guard documents.count == 1, let root = documents[0].root, documents[0].kind(root) == .mapping else {
            return .failure(ConfigError(file: file, mark: nil, message: "a baseline is one JSON object with a \"findings\" list"))
        }
        let document = documents[0]
        func fail(_ node: Node, _ message: String) -> Result<Baseline, ConfigError> {
            .failure(ConfigError(file: file, mark: document.start(node), message: message))
        }
        var entries: [Entry] = []
        var sawFindings = false
        for member in document.entries(root) {
            switch document.scalar(member.key) {
            case "version":
                let version = document.scalar(member.value)
                guard version == String(formatVersion) else {
                    return fail(member.value, "baseline version \(version ?? "?") is not one this higlint reads (\(formatVersion))")
                }
            case "findings":
                sawFindings = true
                guard document.kind(member.value) == .sequence else { return fail(member.value, "\"findings\" must be a list") }
                for item in document.items(member.value) {
                    switch entry(item, in: document) {
                    case .success(let entry): entries.append(entry)
                    case .failure(let problem): return fail(problem.node, problem.message)
                    }
                }
            default: continue  // `tool`, `note` and anything a later version adds
            }
        }
        if !sawFindings { return fail(root, "a baseline needs a \"findings\" list") }
        return .success(Baseline(entries: entries))
    }

    private struct EntryProblem: Error {
        var node: Node
        var message: String
    }

    private static func entry(_ node: Node, in document: YAMLDocument) -> Result<Entry, EntryProblem> {
        guard document.kind(node) == .mapping else {
            return .failure(EntryProblem(node: node, message: "each baseline finding is an object"))
        }
        var values: [String: Node] = [:]
        for member in document.entries(node) { if let key = document.scalar(member.key) { values[key] = member.value } }
        func text(_ key: String) -> String? {
            guard let value = values[key], !document.isNull(value) else { return nil }
            return document.scalar(value)
        }
        guard let file = text("file"), let rule = text("rule") else {
            return .failure(EntryProblem(node: node, message: "a baseline finding needs \"file\" and \"rule\""))
        }
        var count = 1
        if let countNode = values["count"] {
            guard let text = document.scalar(countNode), let number = Int(text), number >= 1 else {
                return .failure(EntryProblem(node: countNode, message: "\"count\" must be a whole number of at least 1"))
            }
            count = number
        }
        let key = Key(file: file, screen: text("screen"), element: text("element"), rule: rule)
        return .success(Entry(key: key, count: count, message: text("message")))
    }
}

extension Baseline {
    /// Reads and parses a baseline file; the error says which file and why.
    public static func load(from path: String) -> Result<Baseline, ReportOutputError> {
        switch FileReader.read(path, maxBytes: 256 << 20) {
        case .success(let bytes):
            return parse(bytes, file: path).mapError { ReportOutputError(description: $0.description) }
        case .failure(let problem):
            return .failure(ReportOutputError(description: "higlint: error: cannot read baseline \(path): \(problem)"))
        }
    }
}
