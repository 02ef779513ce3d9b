import Foundation
import HiglintCore
import XCTest

final class JUnitTests: XCTestCase {
    /// Reads a JUnit file with junitparser and prints its suites and cases as JSON:
    /// the totals as written, then as junitparser recomputes them from the cases.
    private static let reader = """
        import sys, json
        from junitparser import JUnitXml, Failure
        xml = JUnitXml.fromfile(sys.argv[1])
        out = {"suites": [], "tests": xml.tests, "failures": xml.failures}
        for suite in xml:
            cases = []
            for case in suite:
                failures = [[r.type, r.message, r.text] for r in case.result if isinstance(r, Failure)]
                cases.append({"name": case.name, "classname": case.classname, "failures": failures,
                              "out": case.system_out})
            written = [suite.tests, suite.failures]
            suite.update_statistics()
            out["suites"].append({"name": suite.name, "tests": written[0], "failures": written[1],
                                  "recomputed": [suite.tests, suite.failures], "cases": cases})
        xml.update_statistics()
        out["recomputed"] = [xml.tests, xml.failures]
        print(json.dumps(out))
        """

    private struct Parsed: Decodable {
        struct Suite: Decodable {
            var name: String
            var tests: Int
            var failures: Int
            var recomputed: [Int]
            var cases: [Case]
        }

        struct Case: Decodable {
            var name: String
            var classname: String?
            var failures: [[String?]]
            var out: String?
        }

        var suites: [Suite]
        var tests: Int
        var failures: Int
        var recomputed: [Int]
    }

    private func parse(_ xml: String) throws -> Parsed {
        let python = try Tool.python(modules: ["junitparser"])
        let temp = try TempDirectory()
        let file = try temp.write("report.xml", xml)
        let outcome = try Tool.run(python, ["-c", Self.reader, file.path])
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        let parsed = try JSONDecoder().decode(Parsed.self, from: Data(outcome.stdout.utf8))
        // Every level's totals agree with its cases, as junitparser (and Jenkins, and GitLab) count them.
        for suite in parsed.suites {
            XCTAssertEqual([suite.tests, suite.failures], suite.recomputed, suite.name)
            XCTAssertTrue(suite.cases.allSatisfy { $0.failures.count <= 1 }, "one <failure> at most per case: \(suite.name)")
        }
        XCTAssertEqual([parsed.tests, parsed.failures], parsed.recomputed)
        return parsed
    }

    func testSuitePerFileCasePerScreenOneFailureHoldingEveryFinding() throws {
        let report = Reports.report(Reports.app)
        let parsed = try parse(Reports.render(report, .junit, failOn: .error))
        XCTAssertEqual(parsed.suites.map(\.name), ["app/broken.yaml", "app/detail.yaml", "app/home.yaml"])

        let broken = parsed.suites[0]
        XCTAssertEqual(broken.cases.map(\.name), [JUnitWriter.fileCaseName], "a file that does not parse has no screen")
        XCTAssertEqual(broken.cases[0].failures.map { $0[0] }, ["spec.syntax"])

        let detail = parsed.suites[1]
        XCTAssertEqual(detail.cases.map(\.name), ["Detail"])
        XCTAssertEqual(detail.failures, 0, "spec.unknown-parent is a warning, under --fail-on error")
        XCTAssertTrue(detail.cases[0].out?.contains("spec.unknown-parent") == true, "findings under the threshold stay visible")

        let home = parsed.suites[2]
        XCTAssertEqual(home.cases.map(\.name), ["Home"])
        let errors = report.findings.filter { $0.file == "app/home.yaml" && $0.severity == .error }
        XCTAssertEqual(errors.count, 2, "edit and save are both under 44 pt")
        XCTAssertEqual(home.failures, 1, "one failing screen")
        let failure = try XCTUnwrap(home.cases[0].failures.first)
        XCTAssertEqual(failure[0], "buttons.hit-target", "each failing rule once")
        let firstElement = try XCTUnwrap(errors[0].element)
        XCTAssertEqual(failure[1], "error: \(firstElement): \(errors[0].message) (and 1 more finding)")
        for error in errors {
            XCTAssertTrue(failure[2]?.contains("app/home.yaml:\(error.line):\(error.column)") == true, "\(failure)")
        }
        XCTAssertEqual(failure[2]?.components(separatedBy: "hint: ").count, 3, "both hints: \(failure)")
    }

    /// The issue's example: ten cases must not report sixteen failures.
    func testTotalsCountCasesNotFindings() throws {
        let report = Reports.report(Reports.app)
        let parsed = try parse(Reports.render(report, .junit, failOn: .info))
        let cases = parsed.suites.flatMap(\.cases)
        XCTAssertGreaterThan(report.findings.count, cases.count, "the app needs more findings than screens for this test")
        XCTAssertEqual(parsed.tests, cases.count)
        XCTAssertEqual(parsed.failures, cases.filter { !$0.failures.isEmpty }.count)
        XCTAssertLessThanOrEqual(parsed.failures, parsed.tests)
    }

    func testFailOnDecidesWhatFails() throws {
        let report = Reports.report(Reports.app)
        let total = { (parsed: Parsed) in parsed.suites.reduce(0) { $0 + $1.failures } }
        func failingCases(_ threshold: Severity) -> Int {
            Set(report.findings.filter { $0.severity >= threshold }.map { "\($0.file)\u{1F}\($0.screen ?? "")" }).count
        }
        let atError = failingCases(.error)
        let atWarning = failingCases(.warning)
        XCTAssertLessThan(atError, atWarning, "the app needs findings of both severities for this test")
        XCTAssertEqual(total(try parse(Reports.render(report, .junit, failOn: .error))), atError)
        XCTAssertEqual(total(try parse(Reports.render(report, .junit, failOn: .warning))), atWarning)
        XCTAssertEqual(total(try parse(Reports.render(report, .junit, failOn: nil))), 0)
    }

    func testHostileNamesStillParse() throws {
        let spec = "screen: \"<x> & \\\"q\\\" ]]> \\u0001 \\uFFFE\"\nelements:\n  - {id: \"a&b<c>\", type: button, frame: [0, 0, 10, 10]}\n"
        let report = Reports.report(["we<ird> & \"name\".yaml": spec])
        let parsed = try parse(Reports.render(report, .junit))
        XCTAssertEqual(parsed.suites.map(\.name), ["we<ird> & \"name\".yaml"])
        XCTAssertEqual(parsed.suites[0].cases.first?.name, "<x> & \"q\" ]]> \u{FFFD} \u{FFFD}")
        XCTAssertEqual(parsed.suites[0].failures, 1)
    }

    func testEmptyReportIsAValidEmptyRun() throws {
        let parsed = try parse(Reports.render(Reports.report([:]), .junit))
        XCTAssertTrue(parsed.suites.isEmpty)
    }
}
