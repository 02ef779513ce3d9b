import Foundation
import HiglintCore
import XCTest

final class JUnitTests: XCTestCase {
    /// Reads a JUnit file with junitparser and prints one line per test case:
    /// suite, case, then each failure's type and message.
    private static let reader = """
        import sys, json
        from junitparser import JUnitXml, Failure
        xml = JUnitXml.fromfile(sys.argv[1])
        out = {"suites": []}
        for suite in xml:
            cases = []
            for case in suite:
                failures = [[r.type, r.message, r.text] for r in case.result if isinstance(r, Failure)]
                cases.append({"name": case.name, "classname": case.classname, "failures": failures,
                              "out": case.system_out})
            out["suites"].append({"name": suite.name, "tests": suite.tests, "failures": suite.failures, "cases": cases})
        print(json.dumps(out))
        """

    private struct Parsed: Decodable {
        struct Suite: Decodable {
            var name: String
            var tests: Int
            var failures: Int
            var cases: [Case]
        }

        struct Case: Decodable {
            var name: String
            var classname: String?
            var failures: [[String?]]
            var out: String?
        }

        var suites: [Suite]
    }

    private func parse(_ xml: String) throws -> Parsed {
        let python = try Tool.python(modules: ["junitparser"])
        let temp = try TempDirectory()
        let file = try temp.write("report.xml", xml)
        let outcome = try Tool.run(python, ["-c", Self.reader, file.path])
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        return try JSONDecoder().decode(Parsed.self, from: Data(outcome.stdout.utf8))
    }

    func testSuitePerFileCasePerScreenFailurePerFinding() throws {
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
        XCTAssertEqual(home.failures, errors.count)
        XCTAssertEqual(home.cases[0].failures.map { $0[0] }, errors.map(\.rule))
        let first = try XCTUnwrap(home.cases[0].failures.first)
        XCTAssertEqual(first[1], "error: \(errors[0].message)")
        XCTAssertTrue(first[2]?.contains("app/home.yaml:\(errors[0].line):\(errors[0].column)") == true, "\(first)")
        XCTAssertTrue(first[2]?.contains("hint: ") == true)
    }

    func testFailOnDecidesWhatFails() throws {
        let report = Reports.report(Reports.app)
        let total = { (parsed: Parsed) in parsed.suites.reduce(0) { $0 + $1.failures } }
        let atError = report.findings.filter { $0.severity >= .error }.count
        let atWarning = report.findings.filter { $0.severity >= .warning }.count
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
