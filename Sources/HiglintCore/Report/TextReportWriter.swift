/// The `text` format: one finding a line, as editors and CI annotate from.
///
/// The line is escaped as a whole (`LineText`): a file name, id or label
/// with a line break or a bidirectional override shows as an escape and
/// cannot split a finding or forge one.
public struct TextReportWriter: ReportWriter {
    public let name = "text"
    public let fileExtension = "txt"
    public let summary = "one finding a line, `file:line:col: severity: message [rule]`"

    public init() {}

    public func render(_ report: Report, options: ReportRenderOptions) -> String {
        report.findings.map { Self.render($0) + "\n" }.joined()
    }

    public static func render(_ finding: Finding) -> String {
        LineText.escape(
            "\(finding.file):\(finding.line):\(finding.column): \(finding.severity.rawValue): \(finding.message) [\(finding.rule)]")
    }

    /// The message, after the element it is about when there is one (`save: frame 30x30 pt is under 44x44 pt`):
    /// several elements often share a line, and the message alone does not say which.
    public static func headline(_ finding: Finding) -> String {
        guard let element = finding.element else { return finding.message }
        return "\(element): \(finding.message)"
    }

    /// The closing line, for stderr.
    public static func summaryLine(_ report: Report) -> String {
        func plural(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }
        return "\(plural(report.fileCount, "file")), \(plural(report.screenCount, "screen")): "
            + "\(plural(report.count(.error), "error")), \(plural(report.count(.warning), "warning")), "
            + "\(plural(report.count(.info), "info"))"
    }
}

extension ReportFormat {
    public static let text = ReportFormat(TextReportWriter())
}
