/// The `json` format, also the base of the watcher's live report.
///
/// Each finding renders to one line on its own, so the watcher can keep a
/// file's rendered lines and rebuild the report by concatenation.
public struct JSONReportWriter: ReportWriter {
    public let name = "json"
    public let fileExtension = "json"
    public let summary = "a summary and every finding as an object, for scripts"

    public init() {}

    public func render(_ report: Report, options: ReportRenderOptions) -> String {
        Self.write(report)
    }

    public func writePieces(_ report: Report, options: ReportRenderOptions, to output: (String) -> Void) {
        Self.writePieces(report, to: output)
    }

    public static func render(_ finding: Finding) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(renderedSize(of: finding))
        append(finding, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// About what `render` writes for `finding`, enough that appending it seldom grows the buffer.
    public static func renderedSize(of finding: Finding) -> Int {
        withUnsafePointer(to: finding) { renderedSize(at: $0) }
    }

    /// `renderedSize(of:)` of the finding at `finding`, read in place.
    static func renderedSize(at finding: UnsafePointer<Finding>) -> Int {
        160 + finding.pointee.file.utf8.count + finding.pointee.rule.utf8.count + finding.pointee.message.utf8.count
            + finding.pointee.hint.utf8.count + (finding.pointee.screen?.utf8.count ?? 0)
            + (finding.pointee.element?.utf8.count ?? 0)
            + (finding.pointee.fix?.edits.reduce(40) { $0 + 90 + $1.replacement.utf8.count } ?? 0)
    }

    /// Appends the finding's object, the bytes `render` gives it. Written as bytes: a
    /// report of many findings spends most of its time here, and appending to a string
    /// costs several times what appending to an array of bytes does.
    public static func append(_ finding: Finding, to out: inout [UInt8]) {
        withUnsafePointer(to: finding) { append(at: $0, to: &out) }
    }

    /// `append(_:to:)` of the finding at `finding`, read in place: a report's findings are
    /// rendered from their array this way, since passing `findings[index]` copied each one
    /// (its strings and fix retained and released, the rule's id and hint shared by every worker).
    static func append(at finding: UnsafePointer<Finding>, to out: inout [UInt8]) {
        JSONText.appendRaw("{\"file\": ", to: &out)
        JSONText.appendString(finding.pointee.file, to: &out)
        JSONText.appendRaw(", \"line\": ", to: &out)
        JSONText.appendDecimal(finding.pointee.line, to: &out)
        JSONText.appendRaw(", \"column\": ", to: &out)
        JSONText.appendDecimal(finding.pointee.column, to: &out)
        JSONText.appendRaw(", \"rule\": ", to: &out)
        JSONText.appendString(finding.pointee.rule, to: &out)
        JSONText.appendRaw(", \"severity\": ", to: &out)
        switch finding.pointee.severity {
        case .error: JSONText.appendRaw("\"error\"", to: &out)
        case .warning: JSONText.appendRaw("\"warning\"", to: &out)
        case .info: JSONText.appendRaw("\"info\"", to: &out)
        }
        JSONText.appendRaw(", \"message\": ", to: &out)
        JSONText.appendString(finding.pointee.message, to: &out)
        JSONText.appendRaw(", \"hint\": ", to: &out)
        JSONText.appendString(finding.pointee.hint, to: &out)
        JSONText.appendRaw(", \"screen\": ", to: &out)
        JSONText.appendOptional(finding.pointee.screen, to: &out)
        JSONText.appendRaw(", \"element\": ", to: &out)
        JSONText.appendOptional(finding.pointee.element, to: &out)
        JSONText.appendRaw(", \"fix\": ", to: &out)
        if let fix = finding.pointee.fix {
            JSONText.appendRaw("{\"safety\": ", to: &out)
            JSONText.appendString(fix.safety.rawValue, to: &out)
            JSONText.appendRaw(", \"edits\": [", to: &out)
            for (index, edit) in fix.edits.enumerated() {
                if index > 0 { JSONText.appendRaw(", ", to: &out) }
                JSONText.appendRaw("{\"start\": {\"line\": ", to: &out)
                JSONText.appendDecimal(edit.start.line, to: &out)
                JSONText.appendRaw(", \"column\": ", to: &out)
                JSONText.appendDecimal(edit.start.column, to: &out)
                JSONText.appendRaw("}, \"end\": {\"line\": ", to: &out)
                JSONText.appendDecimal(edit.end.line, to: &out)
                JSONText.appendRaw(", \"column\": ", to: &out)
                JSONText.appendDecimal(edit.end.column, to: &out)
                JSONText.appendRaw("}, \"replacement\": ", to: &out)
                JSONText.appendString(edit.replacement, to: &out)
                JSONText.appendRaw("}", to: &out)
            }
            JSONText.appendRaw("]}", to: &out)
        } else {
            JSONText.appendRaw("null", to: &out)
        }
        JSONText.appendRaw("}", to: &out)
    }

    public struct Summary: Sendable, Equatable {
        public var files: Int
        public var screens: Int
        public var errors: Int
        public var warnings: Int
        public var infos: Int

        public init(files: Int, screens: Int, errors: Int, warnings: Int, infos: Int) {
            self.files = files
            self.screens = screens
            self.errors = errors
            self.warnings = warnings
            self.infos = infos
        }

        public init(_ report: Report) {
            self.init(
                files: report.fileCount, screens: report.screenCount, errors: report.count(.error),
                warnings: report.count(.warning), infos: report.count(.info))
        }
    }

    /// The whole document from already rendered findings; `extra` members (the
    /// watcher's `generated_at` and `watch`) go between the summary and the findings.
    public static func document(summary: Summary, renderedFindings: [String], extra: [(key: String, json: String)] = []) -> String {
        var body = ""
        body.reserveCapacity(renderedFindings.reduce(0) { $0 + $1.utf8.count + 6 })
        for (index, line) in renderedFindings.enumerated() {
            body.append(findingIndent)
            body.append(line)
            body.append(separator(after: index, of: renderedFindings.count))
        }
        return document(summary: summary, extra: extra, findingLines: renderedFindings.isEmpty ? [] : [body])
    }

    /// `findingLines` are the findings' lines already indented and separated, in pieces
    /// to be joined; none when there is no finding.
    private static func document(summary: Summary, extra: [(key: String, json: String)], findingLines: consuming [String]) -> String {
        var pieces = documentPieces(summary: summary, extra: extra, findingLines: findingLines)
        var out = ""
        out.reserveCapacity(pieces.reduce(0) { $0 + $1.utf8.count })
        // Each piece is let go once copied, so that fewer of them are in memory beside the whole.
        for position in pieces.indices {
            out.append(pieces[position])
            pieces[position] = ""
        }
        return out
    }

    /// The document as pieces that joined are `document`'s text: the head, the findings'
    /// pieces as they are, the end.
    private static func documentPieces(summary: Summary, extra: [(key: String, json: String)], findingLines: consuming [String]) -> [String] {
        if findingLines.isEmpty { return [head(summary: summary, extra: extra) + noFindings] }
        var pieces = findingLines
        pieces.insert(head(summary: summary, extra: extra) + findingsOpening, at: 0)
        pieces.append(documentEnd)
        return pieces
    }

    /// Everything before the findings member.
    private static func head(summary: Summary, extra: [(key: String, json: String)]) -> String {
        var head = "{\n  \"version\": 1,\n"
        head += "  \"tool\": {\"name\": \"higlint\", \"version\": " + JSONText.string(HiglintVersion.current) + "},\n"
        head += "  \"summary\": {\"files\": \(summary.files), \"screens\": \(summary.screens), \"errors\": \(summary.errors)"
        head += ", \"warnings\": \(summary.warnings), \"infos\": \(summary.infos)},\n"
        for member in extra {
            head += "  " + JSONText.string(member.key) + ": " + member.json + ",\n"
        }
        return head
    }

    private static let noFindings = "  \"findings\": []\n}\n"
    private static let findingsOpening = "  \"findings\": [\n"
    private static let documentEnd = "  ]\n}\n"

    private static let findingIndent = "    "

    private static func separator(after index: Int, of count: Int) -> String {
        index + 1 < count ? ",\n" : "\n"
    }

    /// How many findings one worker renders into one piece: enough that a piece is
    /// worth a dispatch, few enough that both cores get a fair share.
    private static let findingsPerPiece = 16

    public static func write(_ report: Report) -> String {
        document(summary: Summary(report), extra: skippedMember(report.files), findingLines: renderedPieces(report.findings))
    }

    /// `write`'s text in pieces, handed to `output` in order: the findings' pieces are made on
    /// every core while the first ones are written, and none is kept once handed on.
    public static func writePieces(_ report: Report, to output: (String) -> Void) {
        let opening = head(summary: Summary(report), extra: skippedMember(report.files))
        guard !report.findings.isEmpty else { return output(opening + noFindings) }
        output(opening + findingsOpening)
        let findings = report.findings
        ParallelReview.stream(count: pieceCount(of: findings), { piece($0, of: findings) }, into: output)
        output(documentEnd)
    }

    private static func renderedPieces(_ findings: [Finding]) -> [String] {
        // Rendering is most of the work of writing a big report, and each finding's text
        // depends on that finding alone: runs of findings render on every core into one
        // piece each, lines and separators included, and the pieces are joined in order.
        ParallelReview.parallelMap(Array(0..<pieceCount(of: findings))) { piece($0, of: findings) }
    }

    private static func pieceCount(of findings: [Finding]) -> Int {
        (findings.count + findingsPerPiece - 1) / findingsPerPiece
    }

    /// The lines of the findings of piece `number`, indented, each with its separator.
    private static func piece(_ number: Int, of findings: [Finding]) -> String {
        let range = number * findingsPerPiece..<min((number + 1) * findingsPerPiece, findings.count)
        return findings.withUnsafeBufferPointer { all in
            guard let base = all.baseAddress else { return "" }
            var out: [UInt8] = []
            var size = 0
            for index in range { size += renderedSize(at: base + index) + 6 }
            out.reserveCapacity(size)
            for index in range {
                JSONText.appendRaw("    ", to: &out)
                append(at: base + index, to: &out)
                if index + 1 < all.count { JSONText.appendRaw(",\n", to: &out) } else { JSONText.appendRaw("\n", to: &out) }
            }
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// `"skipped": [{"file": ..., "reason": ...}]`, the files an importer passed over, in path
    /// order; no member at all when there are none, so spec-only reports keep their layout.
    public static func skippedMember(_ files: [FileResult]) -> [(key: String, json: String)] {
        var skipped: [(file: String, reason: String)] = []
        for position in files.indices {
            if let reason = files[position].skipped { skipped.append((files[position].file.displayPath, reason)) }
        }
        return skippedMember(skipped)
    }

    public static func skippedMember(_ skipped: [(file: String, reason: String)]) -> [(key: String, json: String)] {
        if skipped.isEmpty { return [] }
        let entries = skipped.map { "{\"file\": \(JSONText.string($0.file)), \"reason\": \(JSONText.string($0.reason))}" }
        return [(key: "skipped", json: "[" + entries.joined(separator: ", ") + "]")]
    }
}

extension ReportFormat {
    public static let json = ReportFormat(JSONReportWriter())
}
