/// Everything one file contributes to a report. It depends only on the file's
/// bytes and the config, which is what lets the watcher keep one per file and
/// recompute only the files that changed.
public struct FileResult: Sendable {
    public var file: SpecFile
    /// Findings of the file's own review (not the project pass), after the config and suppressions.
    public var findings: [Finding]
    public var summaries: [ScreenSummary]
    public var screenCount: Int
    /// Set when the file could not be read at all; it then counts for nothing in the report.
    public var readProblem: ReadProblem?
    /// One drawing per screen document, for the HTML report; empty when the engine was
    /// told no HTML is written (`Engine(plugins:config:wireframes: false)`).
    public var wireframes: [Wireframe] = []
    /// Why an importer passed the file over (a macOS document, an old archive); it then
    /// counts for nothing in the report but is listed as skipped.
    public var skipped: String?
    /// Log lines about what was read beside the file (an importer's notes); none for specs.
    public var notes: [String] = []
    /// Files besides this one its review read (an app's project, a referenced storyboard):
    /// when one changes, the file's result may change. None for specs.
    public var dependencies: [String] = []
    /// By rule id, the elements the rule could not judge for want of facts (`ImportedFile.unknown`),
    /// for the rules the config leaves on; none for specs, which say what they know.
    public var unknown: [String: Int] = [:]

    public init(file: SpecFile, findings: [Finding], summaries: [ScreenSummary], screenCount: Int, readProblem: ReadProblem? = nil) {
        self.file = file
        self.findings = findings
        self.summaries = summaries
        self.screenCount = screenCount
        self.readProblem = readProblem
    }
}

/// A whole review: the files in path order and every finding, sorted.
public struct Report: Sendable {
    /// The files' results, for what they say besides findings (screens, skips, read problems,
    /// wireframes): `Engine.report` moves their findings into `findings`, which alone is read.
    public var files: [FileResult]
    /// File findings and project findings together, in report order.
    public var findings: [Finding]
    /// Findings a baseline hid, in report order: not counted and never failing, but
    /// SARIF lists them as suppressed, so code scanning closes no alert a baseline accepted.
    public var baselined: [Finding] = []

    public init(files: [FileResult], findings: [Finding]) {
        self.files = files
        self.findings = findings
    }

    public var fileCount: Int {
        // Positions, so counting copies no result.
        files.indices.reduce(0) { $0 + (files[$1].readProblem == nil && files[$1].skipped == nil ? 1 : 0) }
    }
    public var screenCount: Int { files.indices.reduce(0) { $0 + files[$1].screenCount } }

    public func count(_ severity: Severity) -> Int {
        Finding.count(of: severity, in: findings)
    }

    /// Whether any finding is at or above `threshold` (nil: never fail).
    public func fails(at threshold: Severity?) -> Bool {
        guard let threshold else { return false }
        return findings.contains { $0.severity >= threshold }
    }
}
