/// The `github` format: GitHub Actions workflow commands, one a line, which
/// the runner turns into annotations on the pull request's diff, with no
/// code scanning (and none of its cost on private repositories).
///
/// `::error file=F,line=L,col=C,title=RULE::MESSAGE`; warnings are
/// `::warning`, infos `::notice`. The message names the element and ends with
/// the hint on a line of its own. Values are escaped as the runner unescapes
/// them (`%`, CR and LF everywhere; `:` and `,` in properties too), so a name
/// with a line break or a comma cannot end a command early or forge another.
public struct GitHubWriter: ReportWriter {
    public let name = "github"
    public let fileExtension = "txt"
    public let summary = "GitHub Actions workflow commands: annotations on the pull request"

    public init() {}

    public func render(_ report: Report, options: ReportRenderOptions) -> String {
        report.findings.map { Self.render($0) + "\n" }.joined()
    }

    public static func render(_ finding: Finding) -> String {
        let properties = [
            ("file", finding.file), ("line", String(max(1, finding.line))), ("col", String(max(1, finding.column))),
            ("title", finding.rule),
        ]
        var message = TextReportWriter.headline(finding)
        if !finding.hint.isEmpty { message += "\n" + finding.hint }
        return "::\(command(finding.severity)) "
            + properties.map { "\($0.0)=\(escapeProperty($0.1))" }.joined(separator: ",")
            + "::" + escapeData(message)
    }

    static func command(_ severity: Severity) -> String {
        switch severity {
        case .error: return "error"
        case .warning: return "warning"
        case .info: return "notice"
        }
    }

    /// A workflow command's message: `%`, CR and LF percent-encoded, as the runner decodes them.
    static func escapeData(_ text: String) -> String {
        ScalarEscape.escape(text) { escape($0, inProperty: false) }
    }

    /// A property value (`file=`, `title=`): the message's escapes, and `:` and `,`, which end a property.
    static func escapeProperty(_ text: String) -> String {
        ScalarEscape.escape(text) { escape($0, inProperty: true) }
    }

    @inline(__always)
    private static func escape(_ scalar: Unicode.Scalar, inProperty: Bool) -> String? {
        switch scalar {
        case "%": return "%25"
        case "\r": return "%0D"
        case "\n": return "%0A"
        case ":": return inProperty ? "%3A" : nil
        case ",": return inProperty ? "%2C" : nil
        default: return nil
        }
    }
}

extension ReportFormat {
    public static let github = ReportFormat(GitHubWriter())
}
