/// The `gitlab` format: a GitLab Code Quality report, the JSON array a job
/// declares as `artifacts: reports: codequality:`, which GitLab shows in the
/// merge request's widget and its diff.
///
/// Each finding is an issue with the fields GitLab documents as required:
/// `description`, `check_name` (the rule), `fingerprint` (as SARIF's, never
/// the line, so a finding is the same issue after edits above it),
/// `severity`, `location.path` and `location.lines.begin`.
public struct GitLabWriter: ReportWriter {
    public let name = "gitlab"
    public let fileExtension = "json"
    public let summary = "GitLab Code Quality JSON, for the merge request's widget"

    public init() {}

    public func render(_ report: Report, options: ReportRenderOptions) -> String {
        let issues = zip(report.findings, FindingFingerprint.all(report.findings)).map { finding, fingerprint in
            "  " + Self.render(finding, fingerprint: fingerprint)
        }
        return issues.isEmpty ? "[]\n" : "[\n" + issues.joined(separator: ",\n") + "\n]\n"
    }

    /// GitLab's scale is info, minor, major, critical, blocker.
    static func severity(_ severity: Severity) -> String {
        switch severity {
        case .error: return "major"
        case .warning: return "minor"
        case .info: return "info"
        }
    }

    private static func render(_ finding: Finding, fingerprint: String) -> String {
        var out = "{\"type\": \"issue\", \"description\": \(JSONText.string(TextReportWriter.headline(finding)))"
        out += ", \"check_name\": \(JSONText.string(finding.rule))"
        out += ", \"fingerprint\": \(JSONText.string(fingerprint))"
        out += ", \"severity\": \(JSONText.string(severity(finding.severity)))"
        out += ", \"location\": {\"path\": \(JSONText.string(finding.file)), \"lines\": {\"begin\": \(max(1, finding.line))}}"
        if !finding.hint.isEmpty {
            out += ", \"content\": {\"body\": \(JSONText.string(finding.hint))}"
        }
        return out + "}"
    }
}

extension ReportFormat {
    public static let gitlab = ReportFormat(GitLabWriter())
}
