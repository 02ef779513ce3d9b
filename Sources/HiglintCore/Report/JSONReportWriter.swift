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
        var json = JSONBytes(capacity: renderedSize(of: finding))
        withUnsafePointer(to: finding) { append(at: $0, to: &json) }
        return json.text()
    }

    /// About what `render` writes for `finding`, enough that appending it seldom grows the buffer.
    public static func renderedSize(of finding: Finding) -> Int {
        withUnsafePointer(to: finding) { renderedSize(at: $0) }
    }

    /// `renderedSize(of:)` of the finding at `finding`, read in place.
    static func renderedSize(at finding: UnsafePointer<Finding>) -> Int {
        let finding = UnsafeMutablePointer(mutating: finding)
        return 160 + finding.pointee.file.withUTF8(\.count) + finding.pointee.rule.withUTF8(\.count)
            + finding.pointee.message.withUTF8(\.count) + finding.pointee.hint.withUTF8(\.count)
            + (finding.pointee.screen?.withUTF8(\.count) ?? 0) + (finding.pointee.element?.withUTF8(\.count) ?? 0)
            + (finding.pointee.url.map { $0.utf8.count + 12 } ?? 0)
            + (finding.pointee.fix?.edits.reduce(40) { $0 + 90 + $1.replacement.utf8.count } ?? 0)
    }

    /// Appends the lines `findings` take in the report (`    {...},\n` each, every one with
    /// its comma) to `out`, as the watcher keeps them.
    public static func appendLines(_ findings: [Finding], to out: inout [UInt8]) {
        findings.withUnsafeBufferPointer { all in
            guard let base = all.baseAddress else { return }
            var json = JSONBytes(capacity: linesSize(base, 0..<all.count))
            for index in all.indices {
                json.raw("    ")
                append(at: base + index, to: &json)
                json.raw(",\n")
            }
            json.move(to: &out)
        }
    }

    private static func linesSize(_ base: UnsafePointer<Finding>, _ range: Range<Int>) -> Int {
        range.reduce(0) { $0 + renderedSize(at: base + $1) + 6 }
    }

    /// Appends the finding's object, the bytes `render` gives it, reading it in place: a
    /// report's findings are rendered from their array this way, since passing
    /// `findings[index]` copied each one (its strings and fix retained and released).
    ///
    /// Its strings are read through `withUTF8` in place, not passed: a string read out of the
    /// finding was retained and released, and the file, rule and hint of a run of findings are
    /// one string each, which both cores' pieces then counted on the same cache line
    /// (`withUTF8` changes nothing of native text, which every finding's is).
    static func append(at finding: UnsafePointer<Finding>, to json: inout JSONBytes) {
        let finding = UnsafeMutablePointer(mutating: finding)
        json.raw("{\"file\": ")
        finding.pointee.file.withUTF8 { json.string(utf8: $0) }
        json.raw(", \"line\": ")
        json.integer(finding.pointee.line)
        json.raw(", \"column\": ")
        json.integer(finding.pointee.column)
        json.raw(", \"rule\": ")
        finding.pointee.rule.withUTF8 { json.string(utf8: $0) }
        switch finding.pointee.severity {
        case .error: json.raw(", \"severity\": \"error\", \"message\": ")
        case .warning: json.raw(", \"severity\": \"warning\", \"message\": ")
        case .info: json.raw(", \"severity\": \"info\", \"message\": ")
        }
        finding.pointee.message.withUTF8 { json.string(utf8: $0) }
        json.raw(", \"hint\": ")
        finding.pointee.hint.withUTF8 { json.string(utf8: $0) }
        json.raw(", \"screen\": ")
        if finding.pointee.screen?.withUTF8({ json.string(utf8: $0) }) == nil { json.raw("null") }
        json.raw(", \"element\": ")
        if finding.pointee.element?.withUTF8({ json.string(utf8: $0) }) == nil { json.raw("null") }
        // Only where an importer gives a link, so that a report of specs keeps its bytes.
        if finding.pointee.url != nil {
            json.raw(", \"url\": ")
            finding.pointee.url?.withUTF8 { json.string(utf8: $0) }
        }
        guard let fix = finding.pointee.fix else { return json.raw(", \"fix\": null}") }
        json.raw(", \"fix\": {\"safety\": ")
        json.string(fix.safety.rawValue)
        json.raw(", \"edits\": [")
        for index in fix.edits.indices {
            if index > 0 { json.raw(", ") }
            json.raw("{\"start\": {\"line\": ")
            json.integer(fix.edits[index].start.line)
            json.raw(", \"column\": ")
            json.integer(fix.edits[index].start.column)
            json.raw("}, \"end\": {\"line\": ")
            json.integer(fix.edits[index].end.line)
            json.raw(", \"column\": ")
            json.integer(fix.edits[index].end.column)
            json.raw("}, \"replacement\": ")
            json.string(fix.edits[index].replacement)
            json.raw("}")
        }
        json.raw("]}}")
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
        document(summary: Summary(report), extra: skippedMember(report.files) + unknownMember(report.files), findingLines: renderedPieces(report.findings))
    }

    /// `write`'s text in pieces, handed to `output` in order: the findings' pieces are made on
    /// every core while the first ones are written, and none is kept once handed on.
    public static func writePieces(_ report: Report, to output: (String) -> Void) {
        let opening = head(summary: Summary(report), extra: skippedMember(report.files) + unknownMember(report.files))
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
            var json = JSONBytes(capacity: linesSize(base, range))
            for index in range {
                json.raw("    ")
                append(at: base + index, to: &json)
                if index + 1 < all.count { json.raw(",\n") } else { json.raw("\n") }
            }
            return json.text()
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

    /// `"unknown": [{"file": ..., "rule": ..., "elements": N}]`: per file and rule, in path
    /// then rule order, the elements a rule could not judge; absent when there are none.
    public static func unknownMember(_ files: [FileResult]) -> [(key: String, json: String)] {
        var entries: [(file: String, counts: [String: Int])] = []
        for position in files.indices where !files[position].unknown.isEmpty {
            entries.append((files[position].file.displayPath, files[position].unknown))
        }
        return unknownMember(entries)
    }

    /// The same from each file's counts, the files in report order.
    public static func unknownMember(_ files: [(file: String, counts: [String: Int])]) -> [(key: String, json: String)] {
        var items: [String] = []
        for (file, counts) in files {
            for rule in counts.keys.sorted() {
                guard let count = counts[rule], count > 0 else { continue }
                items.append("{\"file\": \(JSONText.string(file)), \"rule\": \(JSONText.string(rule)), \"elements\": \(count)}")
            }
        }
        return items.isEmpty ? [] : [(key: "unknown", json: "[" + items.joined(separator: ", ") + "]")]
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
