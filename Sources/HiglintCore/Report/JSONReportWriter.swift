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

    public static func render(_ finding: Finding) -> String {
        // One reserved buffer, appended to in place: this runs once per finding.
        var out = ""
        out.reserveCapacity(renderedSize(of: finding))
        append(finding, to: &out)
        return out
    }

    /// About what `render` writes for `finding`, enough that appending it seldom grows the buffer.
    private static func renderedSize(of finding: Finding) -> Int {
        160 + finding.file.utf8.count + finding.rule.utf8.count + finding.message.utf8.count
            + finding.hint.utf8.count + (finding.screen?.utf8.count ?? 0) + (finding.element?.utf8.count ?? 0)
    }

    private static func append(_ finding: Finding, to out: inout String) {
        out.append("{\"file\": ")
        JSONText.appendString(finding.file, to: &out)
        out.append(", \"line\": ")
        out.append(String(finding.line))
        out.append(", \"column\": ")
        out.append(String(finding.column))
        out.append(", \"rule\": ")
        JSONText.appendString(finding.rule, to: &out)
        out.append(", \"severity\": ")
        JSONText.appendString(finding.severity.rawValue, to: &out)
        out.append(", \"message\": ")
        JSONText.appendString(finding.message, to: &out)
        out.append(", \"hint\": ")
        JSONText.appendString(finding.hint, to: &out)
        out.append(", \"screen\": ")
        JSONText.appendOptional(finding.screen, to: &out)
        out.append(", \"element\": ")
        JSONText.appendOptional(finding.element, to: &out)
        out.append("}")
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
    private static func document(summary: Summary, extra: [(key: String, json: String)], findingLines: [String]) -> String {
        var out = "{\n  \"version\": 1,\n"
        out += "  \"tool\": {\"name\": \"higlint\", \"version\": " + JSONText.string(HiglintVersion.current) + "},\n"
        out += "  \"summary\": {\"files\": \(summary.files), \"screens\": \(summary.screens), \"errors\": \(summary.errors)"
        out += ", \"warnings\": \(summary.warnings), \"infos\": \(summary.infos)},\n"
        for member in extra {
            out += "  " + JSONText.string(member.key) + ": " + member.json + ",\n"
        }
        if findingLines.isEmpty {
            out += "  \"findings\": []\n}\n"
            return out
        }
        out.reserveCapacity(out.utf8.count + 32 + findingLines.reduce(0) { $0 + $1.utf8.count })
        out += "  \"findings\": [\n"
        for piece in findingLines { out.append(piece) }
        out += "  ]\n}\n"
        return out
    }

    private static let findingIndent = "    "

    private static func separator(after index: Int, of count: Int) -> String {
        index + 1 < count ? ",\n" : "\n"
    }

    /// How many findings one worker renders into one piece: enough that a piece is
    /// worth a dispatch, few enough that both cores get a fair share.
    private static let findingsPerPiece = 16

    public static func write(_ report: Report) -> String {
        // Rendering is most of the work of writing a big report, and each finding's text
        // depends on that finding alone: runs of findings render on every core into one
        // piece each, lines and separators included, and the pieces are joined in order.
        let findings = report.findings
        let pieces = stride(from: 0, to: findings.count, by: findingsPerPiece).map { start in
            start..<min(start + findingsPerPiece, findings.count)
        }
        let rendered = ParallelReview.parallelMap(pieces) { range in
            var out = ""
            out.reserveCapacity(range.reduce(0) { $0 + renderedSize(of: findings[$1]) + 6 })
            for index in range {
                out.append(findingIndent)
                append(findings[index], to: &out)
                out.append(separator(after: index, of: findings.count))
            }
            return out
        }
        return document(summary: Summary(report), extra: skippedMember(report.files), findingLines: rendered)
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
