import Foundation
import HiglintCore
import TestSupport
import XCTest

/// The real Interface Builder files beside the project, through the real binary.
final class FixtureTests: XCTestCase {
    static let projectRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    private func fixtures() throws -> URL {
        let shared = Self.projectRoot.deletingLastPathComponent().appendingPathComponent("shared/fixtures")
        guard FileManager.default.fileExists(atPath: shared.appendingPathComponent("storyboards").path) else {
            throw XCTSkip("../shared/fixtures is not beside the project")
        }
        return shared
    }

    func testCheckReviewsTheRealFixturesWithoutACrash() throws {
        let shared = try fixtures()
        let outcome = try ChildProcess.run(
            try HiglintBinary.url(), ["check", "storyboards", "apps/simplenote", "--format", "json"], in: shared)
        // 1: there are findings; a crash or an I/O problem would be another status.
        XCTAssertEqual(outcome.status, 1, outcome.stderr)
        let report = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any], outcome.stdout)
        let summary = try XCTUnwrap(report["summary"] as? [String: Int])
        XCTAssertEqual(summary["files"], 36)
        XCTAssertGreaterThan(summary["screens"] ?? 0, 36)
        let findings = try XCTUnwrap(report["findings"] as? [[String: Any]])
        XCTAssertFalse(findings.contains { ($0["rule"] as? String) == "ib.syntax" }, "the fixtures are well-formed")
        XCTAssertTrue(findings.contains { ($0["rule"] as? String) == "buttons.hit-target" })
        // Every finding points into an IB file, at a start tag.
        for finding in findings {
            let file = try XCTUnwrap(finding["file"] as? String)
            XCTAssertTrue(file.hasSuffix(".storyboard") || file.hasSuffix(".xib"), file)
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
