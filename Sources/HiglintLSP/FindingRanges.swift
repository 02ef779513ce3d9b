import HiglintCore

/// Where each node of a spec is written, by the line and column a finding names: a
/// finding points at a node's start, and its diagnostic covers the whole node.
struct NodeSpans {
    private struct Start: Hashable {
        var line: Int
        var column: Int
    }

    /// The outermost node starting at each wanted place (a block map starts where its first
    /// key does; the finding is about the map), as libyaml character indexes.
    private var spans: [Start: Range<Int>] = [:]
    private let wanted: Set<Start>?
    let documents: [YAMLDocument]

    /// The spans of the nodes at `places` (each a line and column), or of every node when nil.
    /// A text without findings is not loaded at all.
    init(_ bytes: [UInt8], limits: LoaderLimits, places: [(line: Int, column: Int)]? = nil) {
        guard places?.isEmpty != true, case .success(let documents) = YAMLLoader.load(bytes, limits: limits) else {
            self.init(documents: [], places: [])
            return
        }
        self.init(documents: documents, places: places)
    }

    /// The spans in documents already loaded from the text.
    init(documents: [YAMLDocument], places: [(line: Int, column: Int)]?) {
        wanted = places.map { Set($0.map { Start(line: $0.line, column: $0.column) }) }
        self.documents = documents
        for document in documents {
            if let root = document.root { visit(root, in: document, depth: 0) }
        }
    }

    private mutating func visit(_ node: Node, in document: YAMLDocument, depth: Int) {
        let start = document.start(node)
        let key = Start(line: start.line, column: start.column)
        if spans[key] == nil, wanted?.contains(key) ?? true { spans[key] = document.characterSpan(of: node) }
        guard depth < 200 else { return }
        switch document.kind(node) {
        case .scalar: break
        case .sequence:
            for item in document.items(node) { visit(item, in: document, depth: depth + 1) }
        case .mapping:
            for entry in document.entries(node) {
                visit(entry.key, in: document, depth: depth + 1)
                visit(entry.value, in: document, depth: depth + 1)
            }
        }
    }

    func span(line: Int, column: Int) -> Range<Int>? {
        spans[Start(line: line, column: column)]
    }

    /// The document whose text holds character `index` (the last one starting before it).
    func document(holding index: Int) -> YAMLDocument? {
        var found: YAMLDocument?
        for document in documents where document.start.offset <= index { found = document }
        return found ?? documents.first
    }
}

/// A finding as the client shows it: the node's range, the rule as `code`.
struct DiagnosticMaker {
    let lines: LineIndex
    let spans: NodeSpans?
    let encoding: PositionEncoding
    /// Rule ids that have a section in the rule reference.
    let documented: Set<String>
    /// The rule reference (docs/rules.md) the rule ids link into, when the client named one.
    let rulesPage: String?

    /// The byte range a finding covers: its node, else from its mark to the end of its line.
    func byteRange(of finding: Finding) -> Range<Int> {
        let start = lines.offset(line: finding.line, column: finding.column)
        if let span = spans?.span(line: finding.line, column: finding.column) {
            let lower = lines.offset(ofCharacter: span.lowerBound)
            return lower..<max(lower, lines.offset(ofCharacter: span.upperBound))
        }
        let end = lines.endOfLine(atByte: start)
        return start..<max(start, end)
    }

    func range(of finding: Finding) -> TextRange {
        lines.range(ofBytes: byteRange(of: finding), encoding: encoding)
    }

    static func severity(_ severity: Severity) -> Int {
        switch severity {
        case .error: return 1
        case .warning: return 2
        case .info: return 3
        }
    }

    /// The anchor GitHub and most renderers give a rule's heading in docs/rules.md.
    static func anchor(of rule: String) -> String {
        rule.lowercased().filter { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
    }

    func diagnostic(_ finding: Finding) -> JSONValue {
        var members: [String: JSONValue] = [
            "range": range(of: finding).json,
            "severity": .int(Self.severity(finding.severity)),
            "code": .string(finding.rule),
            "source": "higlint",
            "message": .string(finding.message),
        ]
        // Only the built-in rules have a section there; custom and external ones do not.
        if let rulesPage, documented.contains(finding.rule) {
            members["codeDescription"] = ["href": .string(rulesPage + "#" + Self.anchor(of: finding.rule))]
        }
        return .object(members)
    }
}

