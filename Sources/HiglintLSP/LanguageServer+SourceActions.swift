import HiglintCore

/// Code actions on source an importer reads as typed text (Swift): the fixes the importer
/// wrote for its findings, and the suppression comments the source format has
/// (`// higlint:ignore RULE` on the line above a finding, `// higlint:ignore-file RULE`).
extension LanguageServer {
    func sourceActions(_ document: OpenDocument, in range: TextRange) -> JSONValue {
        let folder = folders[document.folder]
        let bytes = document.text.bytes
        // The text as it is now (a change may be waiting for its debounce), with the project pass's findings on it.
        guard let importer = folder.engine.importer(for: document.file.path) else { return [] }
        let own = folder.engine.review(bytes, file: document.file, with: importer).findings
        let found = own + folder.table.projectFindings(of: document.file.displayPath)
        let maker = maker(for: document)
        var actions: [JSONValue] = []
        for finding in found.sorted(by: Finding.reportOrder) where maker.range(of: finding).overlaps(range) {
            let diagnostic = maker.diagnostic(finding)
            if let fix = finding.fix, !fix.edits.isEmpty {
                actions.append(action(
                    Self.sourceFixTitle(finding.rule, fix, in: bytes), fix.edits, in: document, diagnostic: diagnostic,
                    preferred: fix.safety == .safe))
            }
            // The importer's and the core's own findings (the file does not parse, an unused
            // suppression) are not a rule's verdict on the design: nothing to suppress.
            guard !SourceIgnoreEdits.unsuppressible(finding.rule) else { continue }
            let lines = document.text.lines
            if finding.element != nil,
               let edit = SourceIgnoreEdits.line(finding.rule, above: finding.line, in: bytes, lineStart: {
                   lines.offset(line: $0, column: 1)
               }) {
                actions.append(action(
                    "Ignore \(finding.rule) here (// \(SourceIgnoreEdits.lineMarker))", [edit], in: document,
                    diagnostic: diagnostic, preferred: false))
            }
            actions.append(action(
                "Ignore \(finding.rule) in this file (// \(SourceIgnoreEdits.fileMarker))",
                [SourceIgnoreEdits.file(finding.rule, in: bytes)], in: document, diagnostic: diagnostic, preferred: false))
        }
        return .array(actions)
    }

    /// `Fix text.min-size: .system(size: 9) -> .caption2 (unsafe)`: what the edit writes, in the source's words.
    static func sourceFixTitle(_ rule: String, _ fix: Fix, in bytes: [UInt8]) -> String {
        let changes = fix.edits.map { edit -> String in
            let range = max(0, min(edit.range.lowerBound, bytes.count))..<max(0, min(edit.range.upperBound, bytes.count))
            let written = String(decoding: bytes[range], as: UTF8.self)
            return written.isEmpty ? "insert \(edit.replacement)" : "\(written) -> \(edit.replacement)"
        }
        return "Fix \(rule): \(changes.joined(separator: ", "))" + (fix.safety == .unsafe ? " (unsafe: it changes the look)" : "")
    }
}

/// The edits that write a suppression comment into Swift source.
enum SourceIgnoreEdits {
    static let lineMarker = "higlint:ignore"
    static let fileMarker = "higlint:ignore-file"

    static func unsuppressible(_ rule: String) -> Bool {
        rule.hasPrefix("spec.") || rule.hasSuffix(".syntax") || rule == CoreRules.limits
    }

    /// `// higlint:ignore RULE` alone on a new line above `line` (1-based), indented as that
    /// line is; when the line above is such a comment already, the rule joins its list
    /// (before any `-- reason`). Nil when the rule is in that list already.
    static func line(_ rule: String, above line: Int, in bytes: [UInt8], lineStart: (Int) -> Int) -> HiglintCore.TextEdit? {
        let start = lineStart(line)
        let indent = bytes[start...].prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        if line > 1 {
            let previous = lineStart(line - 1)
            var end = previous
            while end < bytes.count, bytes[end] != UInt8(ascii: "\n"), bytes[end] != UInt8(ascii: "\r") { end += 1 }
            let text = String(decoding: bytes[previous..<end], as: UTF8.self)
            let body = text.drop { $0 == " " || $0 == "\t" }
            let prefix = "// " + lineMarker + " "
            if body.hasPrefix(prefix) {
                let names = body.dropFirst(prefix.count)
                // What follows `--` is the reason, as the importer reads it.
                let words = names.split { $0 == " " || $0 == "\t" || $0 == "," }.prefix { !$0.hasPrefix("--") }
                guard !words.contains(Substring(rule)) else { return nil }
                // Where the list ends: before ` -- reason`, else at the end of the text.
                var listEnd = end
                let dashes = Array(" --".utf8)
                if let at = (previous..<end).first(where: { bytes[$0...].starts(with: dashes) }) { listEnd = at }
                while listEnd > previous, bytes[listEnd - 1] == UInt8(ascii: " ") || bytes[listEnd - 1] == UInt8(ascii: "\t") {
                    listEnd -= 1
                }
                let mark = Mark(line: line - 1, column: 1)
                return HiglintCore.TextEdit(range: listEnd..<listEnd, replacement: ", " + rule, start: mark, end: mark)
            }
        }
        let comment = String(decoding: indent, as: UTF8.self) + "// \(lineMarker) \(rule)" + lineEnd(at: start, in: bytes)
        let mark = Mark(line: line, column: 1)
        return HiglintCore.TextEdit(range: start..<start, replacement: comment, start: mark, end: mark)
    }

    /// `// higlint:ignore-file RULE` on a line of its own at the top of the file (after any byte-order mark).
    static func file(_ rule: String, in bytes: [UInt8]) -> HiglintCore.TextEdit {
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        return HiglintCore.TextEdit(
            range: start..<start, replacement: "// \(fileMarker) \(rule)" + lineEnd(at: start, in: bytes), start: .start,
            end: .start)
    }

    /// The line end the file uses on the line starting at `offset` (CR LF or LF), for a line written before it.
    private static func lineEnd(at offset: Int, in bytes: [UInt8]) -> String {
        guard let newline = bytes[offset...].firstIndex(of: UInt8(ascii: "\n")) else { return "\n" }
        return newline > offset && bytes[newline - 1] == UInt8(ascii: "\r") ? "\r\n" : "\n"
    }
}
