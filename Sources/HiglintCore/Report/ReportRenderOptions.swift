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
    /// Text: each finding's hint on an indented line after it (a terminal, or `--hints`).
    public var showsHints = false
    /// Text: ANSI colours for the severity, the place and the rule (a terminal, or `--color always`).
    public var usesColor = false

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
