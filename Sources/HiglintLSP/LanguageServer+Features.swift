import HiglintCore

/// Hover, code actions and completion: answers computed from the document's text and
/// its findings, nothing kept.
extension LanguageServer {
    private func document(_ params: JSONValue) -> OpenDocument? {
        params["textDocument"]?["uri"]?.string.flatMap { documents[$0] }
    }

    private func rule(_ id: String, in document: OpenDocument) -> RuleDescription? {
        folders[document.folder].engine.allRuleDescriptions.first { $0.id == id }
    }

    /// The cursor's line up to it and its column in characters, for the key outline.
    private func cursor(_ position: Position, in document: OpenDocument) -> (text: String, line: Int, column: Int) {
        let text = String(decoding: document.text.bytes, as: UTF8.self)
        let lines = document.text.lines
        let offset = lines.offset(of: position, encoding: encoding)
        let lineStart = lines.offset(of: Position(line: position.line, character: 0), encoding: encoding)
        let column = String(decoding: document.text.bytes[lineStart..<offset], as: UTF8.self).count
        return (text, position.line, column)
    }

    // MARK: - Hover

    func hover(_ params: JSONValue) -> JSONValue {
        guard let document = document(params), let position = Position(params["position"]) else { return .null }
        var sections: [String] = []
        var shown = Set<String>()
        let maker = maker(for: document)
        for finding in findings(of: document) where maker.range(of: finding).contains(position) && shown.insert(finding.rule).inserted {
            guard let rule = rule(finding.rule, in: document) else { continue }
            sections.append(Self.explanation(of: rule))
        }
        if !document.isImported, let schema = environment.schema {
            // The loaded text knows keys in flow maps too; the outline from indentation is
            // for a text that does not load (mid-edit).
            let character = characterIndex(ofByte: document.text.lines.offset(of: position, encoding: encoding), in: document)
            var path = maker.spans?.document(holding: character).flatMap { KeyOutline.keyPath(at: character, in: $0) }
            if path == nil {
                let (text, line, column) = cursor(position, in: document)
                let outline = KeyOutline(text: text, line: line, column: column)
                if outline.onKey { path = outline.keyPath }
            }
            if let path, let explanation = schema.explanation(ofKeyAt: path) { sections.append(explanation) }
        }
        guard !sections.isEmpty else { return .null }
        return ["contents": ["kind": "markdown", "value": .string(sections.joined(separator: "\n\n---\n\n"))]]
    }

    /// A rule as `higlint explain` opens: what it checks, why, and how to fix it.
    static func explanation(of rule: RuleDescription) -> String {
        var text = "**\(rule.id)** (\(rule.severity.rawValue)\(rule.isProjectRule ? ", project rule" : ""))\n\n\(rule.summary)\n\n"
        text += "**Why:** \(rule.rationale)\n\n**Fix:** \(rule.hint)"
        if let fix = rule.fix { text += "\n\n**Quick fix** (\(fix.safety.rawValue)): \(fix.summary)" }
        return text
    }

    // MARK: - Code actions

    /// What `review.reason` says until someone writes why.
    static let reasonPlaceholder = "why this screen is exempt"

    func codeActions(_ params: JSONValue) -> JSONValue {
        guard let document = document(params), let range = TextRange(params["range"]) else { return [] }
        // Source typed as text (Swift) has fixes and suppression comments of its own; a storyboard has neither.
        guard !document.isImported else { return document.reviewsText ? sourceActions(document, in: range) : [] }
        let reviewed = reviewedWithProject(document)
        let maker = maker(for: document)
        var actions: [JSONValue] = []
        for finding in reviewed.findings.sorted(by: Finding.reportOrder) where maker.range(of: finding).overlaps(range) {
            let diagnostic = maker.diagnostic(finding)
            let rule = rule(finding.rule, in: document)
            if let fix = finding.fix {
                let title = "Fix \(finding.rule): " + (rule?.fix?.summary ?? "apply the rule's fix")
                actions.append(action(title, fix.edits, in: document, diagnostic: diagnostic, preferred: fix.safety == .safe))
            }
            guard finding.rule != CoreRules.syntax, finding.rule != CoreRules.limits, let spans = maker.spans else { continue }
            let character = characterIndex(of: finding, in: document)
            guard let yaml = spans.document(holding: character) else { continue }
            if let edits = IgnoreEdits.element(finding.rule, at: character, in: yaml, of: document.text.bytes) {
                actions.append(action("Ignore \(finding.rule) on this element", edits, in: document, diagnostic: diagnostic, preferred: false))
            }
            if let edits = IgnoreEdits.screen(finding.rule, reason: Self.reasonPlaceholder, in: yaml, of: document.text.bytes) {
                actions.append(action("Ignore \(finding.rule) on this screen", edits, in: document, diagnostic: diagnostic, preferred: false))
            }
        }
        return .array(actions)
    }

    /// libyaml's character index of a finding's mark.
    private func characterIndex(of finding: Finding, in document: OpenDocument) -> Int {
        characterIndex(ofByte: document.text.lines.offset(line: finding.line, column: finding.column), in: document)
    }

    /// libyaml's character index of a byte offset: characters after any byte-order mark.
    private func characterIndex(ofByte offset: Int, in document: OpenDocument) -> Int {
        let markLength = document.text.bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        return document.text.bytes[min(markLength, offset)..<offset].reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
    }

    /// The document's text reviewed with the other files' summaries, so that project findings come with their fixes too.
    func reviewedWithProject(_ document: OpenDocument) -> FileResult {
        let folder = folders[document.folder]
        return folder.engine.review(
            document.text.bytes, file: document.file, among: folder.table.summaries(excluding: document.file.displayPath))
    }

    func action(_ title: String, _ edits: [HiglintCore.TextEdit], in document: OpenDocument, diagnostic: JSONValue,
                preferred: Bool) -> JSONValue {
        let lines = document.text.lines
        let changes = JSONValue.array(edits.map { edit in
            ["range": lines.range(ofBytes: edit.range, encoding: encoding).json, "newText": .string(edit.replacement)]
        })
        var members: [String: JSONValue] = [
            "title": .string(title), "kind": "quickfix", "diagnostics": [diagnostic],
            "edit": ["changes": .object([document.text.uri: changes])],
        ]
        if preferred { members["isPreferred"] = true }
        return .object(members)
    }

    // MARK: - Completion

    func completion(_ params: JSONValue) -> JSONValue {
        guard let document = document(params), !document.isImported, let schema = environment.schema,
              let position = Position(params["position"])
        else { return ["isIncomplete": false, "items": []] }
        let (text, line, column) = cursor(position, in: document)
        let outline = KeyOutline(text: text, line: line, column: column)
        var items: [JSONValue] = []
        if outline.onKey {
            for key in schema.keys(at: outline.container) where key.name.hasPrefix(outline.typed) {
                var item: [String: JSONValue] = ["label": .string(key.name), "kind": 10, "insertText": .string(key.name + ": ")]
                if let description = key.description { item["documentation"] = .string(description) }
                items.append(.object(item))
            }
        } else if let path = outline.keyPath {
            for value in schema.values(ofKeyAt: path) where value.hasPrefix(outline.typed) {
                items.append(["label": .string(value), "kind": 20])
            }
        }
        return ["isIncomplete": false, "items": .array(items)]
    }
}
