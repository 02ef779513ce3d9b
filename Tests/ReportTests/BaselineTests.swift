import HiglintCore
import XCTest

final class BaselineTests: XCTestCase {
    static let spec = """
        screen: Home
        elements:
          - {id: save, type: button, frame: [16, 100, 30, 30]}
          - {id: undo, type: button, frame: [16, 200, 30, 30]}
        """

    func testRecordedFindingsAreHiddenEvenAfterLinesMove() {
        let baseline = Baseline(recording: Reports.report(["a.yaml": Self.spec]).findings)
        let edited = Reports.report(["a.yaml": "# notes\n# more notes\n\n" + Self.spec])
        XCTAssertEqual(edited.findings.count, 2)
        let outcome = baseline.apply(to: edited)
        XCTAssertEqual(outcome.report.findings, [])
        XCTAssertEqual(outcome.hidden, 2)
        XCTAssertEqual(outcome.stale, [])
        XCTAssertTrue(outcome.report.files.allSatisfy { $0.findings.isEmpty }, "file results agree with the report")
    }

    func testNewFindingsShowAndFixedOnesAreStale() throws {
        let baseline = Baseline(recording: Reports.report(["a.yaml": Self.spec]).findings)
        // undo is fixed; a new button is too small.
        let changed = Self.spec.replacingOccurrences(of: "[16, 200, 30, 30]", with: "[16, 200, 44, 44]")
            + "\n  - {id: share, type: button, frame: [16, 300, 20, 20]}\n"
        let outcome = baseline.apply(to: Reports.report(["a.yaml": changed]))
        XCTAssertEqual(outcome.report.findings.map(\.element), ["share"])
        XCTAssertEqual(outcome.hidden, 1)
        XCTAssertEqual(outcome.stale.map(\.key), [
            Baseline.Key(file: "a.yaml", screen: "Home", element: "undo", rule: "buttons.hit-target"),
        ])
        XCTAssertEqual(outcome.stale.first?.key.description, "a.yaml: screen \"Home\", element \"undo\": buttons.hit-target")
    }

    func testCountsLetOnlyTheRecordedNumberThrough() {
        let two = "screen: Home\ndevice: android\nkind: wrong\n"
        let baseline = Baseline(recording: Reports.report(["a.yaml": two]).findings)
        XCTAssertEqual(baseline.entries.map(\.count), [2], "two schema findings on one screen share a key")
        let three = Reports.report(["a.yaml": "screen: Home\ndevice: android\nkind: wrong\norientations: [sideways]\n"])
        let outcome = baseline.apply(to: three)
        XCTAssertEqual(outcome.hidden, 2)
        XCTAssertEqual(outcome.report.findings.count, 1)
        let one = baseline.apply(to: Reports.report(["a.yaml": "screen: Home\ndevice: android\n"]))
        XCTAssertEqual(one.stale.map(\.count), [1])
    }

    func testFilesNotReviewedAreNotStale() {
        let baseline = Baseline(recording: Reports.report(["a.yaml": Self.spec, "b.yaml": Self.spec]).findings)
        let outcome = baseline.apply(to: Reports.report(["a.yaml": Self.spec]))
        XCTAssertEqual(outcome.stale, [], "b.yaml was not part of this run, so nothing is known about it")
    }

    func testFileRoundTripsAndIsReadable() throws {
        let findings = Reports.report(Reports.app).findings
        let baseline = Baseline(recording: findings)
        let text = baseline.render()
        XCTAssertTrue(text.contains("\"rule\": \"buttons.hit-target\""))
        XCTAssertFalse(text.contains("\"line\""), "lines are not part of a finding's identity")
        let parsed = try Baseline.parse(Array(text.utf8), file: "b.json").get()
        XCTAssertEqual(parsed, baseline)
        XCTAssertEqual(parsed.render(), text, "rendering is deterministic")
        XCTAssertEqual(try Baseline.parse(Array(Baseline(recording: []).render().utf8), file: "b.json").get().entries, [])
        let hostile = Finding(file: "a\"b\\c\n.yaml", line: 1, column: 1, rule: "spec.schema", severity: .error,
                              message: "<m> \u{1}", hint: "", screen: "null", element: "~")
        let tricky = Baseline(recording: [hostile])
        XCTAssertEqual(try Baseline.parse(Array(tricky.render().utf8), file: "b.json").get(), tricky)
    }

    func testBadFilesSayWhereAndWhy() {
        func problem(_ text: String) -> String {
            if case .failure(let error) = Baseline.parse(Array(text.utf8), file: "b.json") { return error.description }
            return "parsed"
        }
        XCTAssertTrue(problem("{\"findings\": [").hasPrefix("b.json:"), problem("{\"findings\": ["))
        XCTAssertTrue(problem("[]").contains("one JSON object"))
        XCTAssertTrue(problem("{\"version\": 1}").contains("needs a \"findings\" list"))
        XCTAssertTrue(problem("{\"version\": 9, \"findings\": []}").contains("baseline version 9"))
        XCTAssertEqual(problem("{\"findings\": [{\"file\": \"a\"}]}"), "b.json:1:15: error: a baseline finding needs \"file\" and \"rule\"")
        XCTAssertTrue(problem("{\"findings\": [{\"file\": \"a\", \"rule\": \"r\", \"count\": 0}]}").contains("\"count\""))
    }
}
