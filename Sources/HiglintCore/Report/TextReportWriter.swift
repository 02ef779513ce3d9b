/// The `text` format: one finding a line, as editors and CI annotate from,
/// `file:line:col: severity: element: message [rule]`.
///
/// Every part from a spec or a file name is escaped (`LineText`): a line
/// break or a bidirectional override shows as an escape and cannot split a
/// finding or forge one. Colours and the hint's indented line are added
/// around the escaped parts, so neither can come from a spec.
public struct TextReportWriter: ReportWriter {
    public let name = "text"
    public let fileExtension = "txt"
    public let summary = "one finding a line, `file:line:col: severity: element: message [rule]`, and the design's link below it"

    public init() {}

    public func render(_ report: Report, options: ReportRenderOptions) -> String {
        report.findings.map {
            Self.render($0, hint: options.showsHints, color: options.usesColor, link: true) + "\n"
        }.joined()
    }

    public static func render(_ finding: Finding) -> String {
        render(finding, hint: false, color: false)
    }

    /// The finding's line and, with `hint`, its hint on an indented line after it (no final line break).
    /// With `link`, a finding an importer gives a link (a Figma layer's) has it on a line of
    /// its own below, as the hint is, so that the first line keeps the shape tools match.
    public static func render(_ finding: Finding, hint: Bool, color: Bool, link: Bool = false) -> String {
        let style = ANSIStyle(enabled: color)
        let place = LineText.escape("\(finding.file):\(finding.line):\(finding.column):")
        var line = style.bold(place) + " " + style.severity(finding.severity) + ": "
        line += LineText.escape(headline(finding)) + " " + style.dim("[" + LineText.escape(finding.rule) + "]")
        if hint, !finding.hint.isEmpty {
            line += "\n    " + style.hintLabel("hint:") + " " + LineText.escape(finding.hint)
        }
        if link, let url = finding.url {
            line += "\n    " + style.dim("link:") + " " + LineText.escape(url)
        }
        return line
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

/// SGR sequences for the text report on a terminal; all empty when colour is off.
struct ANSIStyle {
    var enabled: Bool

    private func wrap(_ text: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m" + text + "\u{1B}[0m" : text
    }

    func bold(_ text: String) -> String { wrap(text, "1") }
    func dim(_ text: String) -> String { wrap(text, "2") }
    func hintLabel(_ text: String) -> String { wrap(text, "1;32") }

    func severity(_ severity: Severity) -> String {
        switch severity {
        case .error: return wrap(severity.rawValue, "1;31")
        case .warning: return wrap(severity.rawValue, "1;33")
        case .info: return wrap(severity.rawValue, "1;36")
        }
    }
}

extension ReportFormat {
    public static let text = ReportFormat(TextReportWriter())
}
