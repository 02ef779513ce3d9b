import Foundation
import HiglintCore
import TestSupport
import XCTest

/// The real Interface Builder files of Tests/Fixtures (storyboards/ and apps/simplenote), through the real binary.
final class FixtureTests: XCTestCase {
    func testCheckReviewsTheRealFixturesWithoutACrash() throws {
        let shared = TestFixtures.root
        let outcome = try ChildProcess.run(
            try HiglintBinary.url(), ["check", "storyboards", "apps/simplenote", "--format", "json"], in: shared)
        // 1: there are findings; a crash or an I/O problem would be another status.
        XCTAssertEqual(outcome.status, 1, outcome.stderr)
        let report = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any], outcome.stdout)
        let summary = try XCTUnwrap(report["summary"] as? [String: Int])
        // 36 IB files and Simplenote's Info.plist.
        XCTAssertEqual(summary["files"], 37)
        XCTAssertGreaterThan(summary["screens"] ?? 0, 36)
        let findings = try XCTUnwrap(report["findings"] as? [[String: Any]])
        XCTAssertFalse(findings.contains { ($0["rule"] as? String) == "ib.syntax" }, "the fixtures are well-formed")
        XCTAssertTrue(findings.contains { ($0["rule"] as? String) == "buttons.hit-target" })
        // Every finding points into an IB file, at a start tag.
        for finding in findings {
            let file = try XCTUnwrap(finding["file"] as? String)
            XCTAssertTrue(file.hasSuffix(".storyboard") || file.hasSuffix(".xib") || file.hasSuffix("Info.plist"), file)
            let line = try XCTUnwrap(finding["line"] as? Int)
            let column = try XCTUnwrap(finding["column"] as? Int)
            let lines = try String(contentsOf: shared.appendingPathComponent(file), encoding: .utf8)
                .split(separator: "\n", omittingEmptySubsequences: false)
            let text = Array(lines[line - 1])
            XCTAssertEqual(text[column - 1], "<", "\(file):\(line):\(column)")
        }
        let again = try ChildProcess.run(
            try HiglintBinary.url(), ["check", "storyboards", "apps/simplenote", "--format", "json"], in: shared)
        XCTAssertEqual(again.stdout, outcome.stdout, "same input, same bytes")
    }
}

/// What a person judged on the fixtures (docs/interface-builder.md, "The fixtures, finding
/// by finding"): the real problems stay found, the classes judged wrong stay gone.
final class FixtureJudgementTests: XCTestCase {
    private func findings() throws -> [(file: String, rule: String, element: String)] {
        let shared = TestFixtures.root
        let outcome = try ChildProcess.run(
            try HiglintBinary.url(), ["check", "storyboards", "apps/simplenote", "--format", "json"], in: shared)
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        return try XCTUnwrap(report["findings"] as? [[String: Any]]).map {
            (($0["file"] as? String) ?? "", ($0["rule"] as? String) ?? "", ($0["element"] as? String) ?? "-")
        }
    }

    func testTheKnownRealProblemsAreStillFound() throws {
        let found = try findings()
        let known: [(String, String, String)] = [
            ("openhab-Main.storyboard", "buttons.hit-target", "gOk-PD-juD"),  // 30x22 pt blind up/down buttons
            ("openhab-Main.storyboard", "buttons.spacing", "KsW-qv-ld4"),  // stop button 2 pt from up and down
            ("netnewswire-Add.storyboard", "buttons.hit-target", "eRp-AP-WFq"),  // 36 pt tall URL field
            ("duckduckgo-Bookmarks.storyboard", "buttons.hit-target", "R7T-q4-qHz"),  // 29 pt tall import button
            ("inaturalist-MainStoryboard.storyboard", "text.min-size", "P1E-WK-OB4"),  // 10 pt label
            ("TagListViewCell.xib", "buttons.hit-target", "q6Y-YF-32N"),  // 24x24 pt trash button
            ("SPNoteTableViewCell.xib", "text.fixed-size", "eEk-9d-8ay"),  // a note's title at a fixed 17 pt
        ]
        for (file, rule, element) in known {
            XCTAssertTrue(found.contains { $0.file.hasSuffix(file) && $0.rule == rule && $0.element == element }, "\(file) \(rule) \(element)")
        }
    }

    func testTheClassesJudgedWrongStayGone() throws {
        let rules = try findings().map(\.rule)
        for rule in ["layout.outside-container", "text.heavy-weight", "orientation.ipad-all", "orientation.missing-variant", "spec.parent-cycle"] {
            XCTAssertFalse(rules.contains(rule), rule)
        }
        // Cancel and Save sheets, and the previous/next arrows, are not crowded bars.
        XCTAssertEqual(rules.filter { $0 == "bars.nav-crowded" }, [])
        XCTAssertEqual(rules.filter { $0 == "layout.offscreen" }.count, 1, "only the hand-placed label 1 pt past the edge, judged real")
    }

    /// The contrast findings judged one by one (docs/interface-builder.md, "Contrast"): the
    /// placeholder drawn as a label is gone, the text in grouped tables' cells is measured on
    /// the cell, and nothing else comes or goes unjudged.
    func testTheContrastFindingsAreTheJudgedOnes() throws {
        let found = try findings().filter { $0.rule == "text.contrast" }
            .map { "\($0.file.split(separator: "/").last.map(String.init) ?? $0.file) \($0.element)" }.sorted()
        let judged = [
            "duckduckgo-Feedback.storyboard 7zN-Xh-yYi", "duckduckgo-Feedback.storyboard A1s-GY-hbq",
            "duckduckgo-Feedback.storyboard Vp9-Jz-mUC", "duckduckgo-Feedback.storyboard lsB-Kq-U8p",
            "inaturalist-MainStoryboard.storyboard 2oq-jA-OoV", "inaturalist-MainStoryboard.storyboard duv-dw-uXw",
            "inaturalist-MainStoryboard.storyboard TSU-vf-AJw", "inaturalist-MainStoryboard.storyboard xE8-Wh-GqW",
            "inaturalist-MainStoryboard.storyboard xXw-vv-sTU", "inaturalist-MainStoryboard.storyboard qle-TF-Ddf",
            // Light and dark each fail: two findings.
            "PinLockViewController.xib WOh-Ux-wmS", "PinLockViewController.xib WOh-Ux-wmS",
            "PinLockViewController.xib amM-I9-F7S", "PinLockViewController.xib amM-I9-F7S",
            "SPAuthViewController.xib 223-DD-dLN", "SPDiagnosticsViewController.xib ixr-Hy-Nmm",
            "SPOnboardingViewController.xib WbO-Sw-z3Q", "SPOnboardingViewController.xib 1Du-WL-hgy",
        ].sorted()
        XCTAssertEqual(found, judged)
        XCTAssertFalse(found.contains("duckduckgo-Feedback.storyboard sJW-tG-IzU"), "a text view's placeholder")
    }
}

/// `higlint import` writes specs that `check` reviews as it reviews the IB files.
final class ImportCommandTests: XCTestCase {
    private func findings(_ json: String) throws -> [String] {
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let list = try XCTUnwrap(report["findings"] as? [[String: Any]])
        // The IB messages speak Xcode and name the element as it is in the source; a spec's
        // speak the spec format: the findings are the same, their words are not.
        return list.map { finding in
            [finding["rule"], finding["screen"], finding["element"], finding["severity"]]
                .map { ($0 as? String) ?? "-" }.joined(separator: " | ")
        }.sorted()
    }

    func testImportedSpecsHaveTheFindingsOfTheirSources() throws {
        let shared = TestFixtures.root
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("higlint-import-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let binary = try HiglintBinary.url()
        let imported = try ChildProcess.run(binary, ["import", "storyboards", "apps/simplenote", "--out", out.path], in: shared)
        XCTAssertEqual(imported.status, 0, imported.stderr)
        XCTAssertTrue(imported.stderr.contains("wrote 74 screen specs"), imported.stderr)
        let spec = try String(
            contentsOf: out.appendingPathComponent("storyboards/openhab-Main/OpenHABPageViewController.yaml"), encoding: .utf8)
        XCTAssertTrue(spec.hasPrefix("# Imported by higlint from storyboards/openhab-Main.storyboard, line "), spec)
        XCTAssertTrue(spec.contains("# storyboards/openhab-Main.storyboard:105:49 (IB button \"Down Button\" in scene \"OpenHABPageViewController\")"), spec)
        let source = try ChildProcess.run(binary, ["check", "storyboards", "apps/simplenote", "--format", "json"], in: shared)
        let specs = try ChildProcess.run(binary, ["check", ".", "--format", "json"], in: out)
        XCTAssertEqual(try findings(specs.stdout), try findings(source.stdout))
        XCTAssertFalse(try findings(source.stdout).isEmpty)
    }

    func testABrokenFileIsReportedAndWritesNothing() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("higlint-import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try "<?xml version=\"1.0\"?>\n<document>\n<scenes>\n</document>\n".write(
            to: directory.appendingPathComponent("Broken.storyboard"), atomically: true, encoding: .utf8)
        let outcome = try ChildProcess.run(try HiglintBinary.url(), ["import", ".", "--out", "specs"], in: directory)
        XCTAssertEqual(outcome.status, 1, outcome.stderr)
        XCTAssertTrue(outcome.stderr.contains("Broken.storyboard:4:"), outcome.stderr)
        XCTAssertTrue(outcome.stderr.contains("[ib.syntax]"), outcome.stderr)
        XCTAssertTrue(outcome.stderr.contains("wrote 0 screen specs"), outcome.stderr)
    }

    func testImportNeedsAnOutputDirectory() throws {
        let outcome = try ChildProcess.run(try HiglintBinary.url(), ["import", "."], in: FileManager.default.temporaryDirectory)
        XCTAssertEqual(outcome.status, 2)
        XCTAssertTrue(outcome.stderr.contains("--out DIR is required"), outcome.stderr)
    }
}

/// A skipped document through the real binary: one log line, listed in the JSON, no error.
final class SkippedFileCommandTests: XCTestCase {
    func testCheckLogsAndListsASkippedDocument() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("higlint-skip-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try IB.xib("", runtime: "MacOSX.Cocoa").write(to: directory.appendingPathComponent("Mac.xib"), atomically: true, encoding: .utf8)
        let outcome = try ChildProcess.run(try HiglintBinary.url(), ["check", ".", "--format", "json"], in: directory)
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        XCTAssertEqual(outcome.stderr.components(separatedBy: "Mac.xib: skipped, a macOS document").count, 2, outcome.stderr)
        XCTAssertTrue(outcome.stdout.contains("\"skipped\": [{\"file\": \"Mac.xib\", \"reason\": \"a macOS document; higlint reviews iOS screens\"}]"), outcome.stdout)
        XCTAssertTrue(outcome.stdout.contains("\"files\": 0"), outcome.stdout)
    }
}
