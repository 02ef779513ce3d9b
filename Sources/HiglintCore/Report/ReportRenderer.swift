/// Every format a report can be written in, by the name `--format` and
/// `--output FORMAT=FILE` use.
public enum ReportFormat: String, Sendable, CaseIterable {
    case text
    case json
    case sarif
    case junit
    case html
}

/// What the writers need besides the report itself. The CLI and the watcher
/// fill it in; nothing here reads the environment.
public struct ReportRenderOptions: Sendable {
    /// Every rule that can appear (SARIF's `tool.driver.rules`, the HTML report's rule summaries).
    public var rules: [RuleDescription]
    /// JUnit: findings at or above this are failures; nil (`--fail-on never`) makes none.
    public var failOn: Severity?
    /// SARIF: the absolute directory the findings' relative paths start from (`SRCROOT`).
    public var sourceRoot: String?
    /// HTML: when set, the page reloads itself this often, keeping the reader's scroll and filters (watch mode).
    public var liveRefreshSeconds: Int?
    /// HTML: a line under the title, such as when the watcher last updated the report.
    public var subtitle: String?

    public init(
        rules: [RuleDescription], failOn: Severity? = .error, sourceRoot: String? = nil,
        liveRefreshSeconds: Int? = nil, subtitle: String? = nil
    ) {
        self.rules = rules
        self.failOn = failOn
        self.sourceRoot = sourceRoot
        self.liveRefreshSeconds = liveRefreshSeconds
        self.subtitle = subtitle
    }
}

/// One entry point for every format, so `check` and `watch` write the same bytes.
public enum ReportRenderer {
    public static func render(_ report: Report, as format: ReportFormat, options: ReportRenderOptions) -> String {
        switch format {
        case .text: return TextReportWriter.write(report)
        case .json: return JSONReportWriter.write(report)
        case .sarif: return SARIFWriter.write(report, rules: options.rules, sourceRoot: options.sourceRoot)
        case .junit: return JUnitWriter.write(report, failOn: options.failOn)
        case .html: return HTMLReportWriter.write(report, options: options)
        }
    }
}
