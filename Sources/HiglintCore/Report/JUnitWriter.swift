/// The `junit` format, for CI dashboards: a test suite per spec file, a test
/// case per screen, and at most one failure per test case, holding every
/// finding of that screen at or above `--fail-on`.
///
/// One failure per case because Jenkins and GitLab read only a case's first
/// `<failure>`; the counts (`tests` = cases, `failures` = failing cases) then
/// agree with the cases at every level, as junitparser recomputes them.
/// Findings below the threshold are not failures, but they are not hidden
/// either: they go to the test case's `system-out`. Findings that belong to
/// no named screen (a file that does not parse, an unnamed document) go to a
/// test case named `(file)`.
public struct JUnitWriter: ReportWriter {
    public let name = "junit"
    public let fileExtension = "xml"
    public let summary = "JUnit XML, for CI dashboards: a test case per screen, failing at --fail-on"

    public init() {}

    public func render(_ report: Report, options: ReportRenderOptions) -> String {
        Self.write(report, failOn: options.failOn)
    }

    public static let fileCaseName = "(file)"

    public static func write(_ report: Report, failOn: Severity?) -> String {
        var byFile: [String: [Finding]] = [:]
        for finding in report.findings { byFile[finding.file, default: []].append(finding) }

        var suites: [String] = []
        var totalTests = 0
        var totalFailures = 0
        var listed = Set<String>()
        for result in report.files where result.readProblem == nil {
            let path = result.file.displayPath
            listed.insert(path)
            let suite = renderSuite(
                path, screens: result.summaries.map(\.name), findings: byFile[path] ?? [], failOn: failOn)
            suites.append(suite.xml)
            totalTests += suite.tests
            totalFailures += suite.failures
        }
        // A finding on a file the report does not list (not expected, but never dropped).
        for path in byFile.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) where !listed.contains(path) {
            let suite = renderSuite(path, screens: [], findings: byFile[path] ?? [], failOn: failOn)
            suites.append(suite.xml)
            totalTests += suite.tests
            totalFailures += suite.failures
        }

        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"higlint\" tests=\"\(totalTests)\" failures=\"\(totalFailures)\" errors=\"0\" skipped=\"0\" time=\"0\">\n"
        out += suites.joined()
        out += "</testsuites>\n"
        return out
    }

    private struct Case {
        var name: String
        var findings: [Finding] = []
    }

    private static func renderSuite(
        _ path: String, screens: [String?], findings: [Finding], failOn: Severity?
    ) -> (xml: String, tests: Int, failures: Int) {
        var cases: [Case] = []
        var caseIndex: [String: Int] = [:]
        for name in screens.compactMap({ $0 }) where caseIndex[name] == nil {
            caseIndex[name] = cases.count
            cases.append(Case(name: name))
        }
        var fileCase = Case(name: fileCaseName)
        for finding in findings {
            if let screen = finding.screen, let index = caseIndex[screen] {
                cases[index].findings.append(finding)
            } else {
                fileCase.findings.append(finding)
            }
        }
        if !fileCase.findings.isEmpty || cases.isEmpty { cases.append(fileCase) }

        var failures = 0
        var body = ""
        for testCase in cases {
            let failing = testCase.findings.filter { isFailure($0, failOn) }
            let passing = testCase.findings.filter { !isFailure($0, failOn) }
            body += "    <testcase name=\"\(MarkupText.attribute(testCase.name))\" classname=\"\(MarkupText.attribute(path))\""
            body += " file=\"\(MarkupText.attribute(path))\" time=\"0\""
            if failing.isEmpty && passing.isEmpty {
                body += "/>\n"
                continue
            }
            body += ">\n"
            if !failing.isEmpty {
                failures += 1
                body += "      <failure type=\"\(MarkupText.attribute(failureType(failing)))\""
                body += " message=\"\(MarkupText.attribute(failureMessage(failing)))\">"
                body += MarkupText.escape(failing.map(detail).joined(separator: "\n\n")) + "</failure>\n"
            }
            if !passing.isEmpty {
                body += "      <system-out>" + MarkupText.escape(passing.map(detail).joined(separator: "\n")) + "</system-out>\n"
            }
            body += "    </testcase>\n"
        }
        var xml = "  <testsuite name=\"\(MarkupText.attribute(path))\" tests=\"\(cases.count)\" failures=\"\(failures)\""
        xml += " errors=\"0\" skipped=\"0\" time=\"0\">\n" + body + "  </testsuite>\n"
        return (xml, cases.count, failures)
    }

    private static func isFailure(_ finding: Finding, _ failOn: Severity?) -> Bool {
        guard let failOn else { return false }
        return finding.severity >= failOn
    }

    /// The rules that failed, each once, in the order they were found.
    private static func failureType(_ failing: [Finding]) -> String {
        var seen = Set<String>()
        return failing.map(\.rule).filter { seen.insert($0).inserted }.joined(separator: " ")
    }

    /// The first finding, and how many more the text holds: what a dashboard shows in one line.
    private static func failureMessage(_ failing: [Finding]) -> String {
        guard let first = failing.first else { return "" }
        let line = "\(first.severity.rawValue): \(TextReportWriter.headline(first))"
        let more = failing.count - 1
        return more == 0 ? line : "\(line) (and \(more) more finding\(more == 1 ? "" : "s"))"
    }

    private static func detail(_ finding: Finding) -> String {
        var text = TextReportWriter.render(finding)
        if let element = finding.element { text += "\nelement: \(element)" }
        if !finding.hint.isEmpty { text += "\nhint: \(finding.hint)" }
        return text
    }
}

extension ReportFormat {
    public static let junit = ReportFormat(JUnitWriter())
}
