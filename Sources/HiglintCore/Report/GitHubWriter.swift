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

    static func escapeData(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingColonsAndCommas()
    }
}

private extension String {
    func replacingColonsAndCommas() -> String {
        var out = ""
        for scalar in unicodeScalars {
            switch scalar {
            case ":": out += "%3A"
            case ",": out += "%2C"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

extension ReportFormat {
    public static let github = ReportFormat(GitHubWriter())
}
