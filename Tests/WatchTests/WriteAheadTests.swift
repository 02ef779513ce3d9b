import Foundation
import HiglintCore
@testable import HiglintWatch
import XCTest

/// The report written ahead: while the tree settles the watcher reviews the change and
/// writes the next report into a temp file beside the live one, and puts it in place
/// only once the tree has been quiet for the settle time. A long settle here makes the
/// draft easy to catch; each test runs the real daemon on real files.
final class WriteAheadTests: XCTestCase {
    private static let settleSeconds = 4.0

    private func start() throws -> (Workspace, WatchDaemon) {
        let workspace = try Workspace()
        try workspace.write("higlint.yaml", "watch:\n  settle_ms: \(Int(Self.settleSeconds * 1000))\n  max_delay_ms: 600000\n")
        try workspace.write("tree/home.yaml", Specs.screen("Home", button: 20))
        let daemon = try WatchDaemon(["--config", "higlint.yaml", "tree"], in: workspace)
        try daemon.waitForStart()
        try daemon.assertMatchesCheck()
        return (workspace, daemon)
    }

    private func drafts(_ workspace: Workspace) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: workspace.at("out"))) ?? []
        return names.filter { $0.hasPrefix(AtomicFile.tempMarker + "report.json.") }
    }

    private func waitForDraft(_ workspace: Workspace, _ daemon: WatchDaemon) throws {
        try waitUntil("a draft of the next report in out/; log so far:\n\(daemon.log)") { !drafts(workspace).isEmpty }
    }

    func testTheNextReportIsWrittenAheadAndPublishedOnlyOnceTheTreeHasSettled() throws {
        let (workspace, daemon) = try start()
        let before = daemon.report
        let updates = daemon.updateLines.count
        let edited = Date()
        try workspace.write("tree/home.yaml", Specs.screen("Home", button: 30))
        try waitForDraft(workspace, daemon)
        // Held still, the daemon cannot publish; unless this machine took most of the settle
        // time to get here, the tree has not settled yet and the old report must be in place.
        try daemon.pause()
        if Date().timeIntervalSince(edited) < Self.settleSeconds / 2 {
            XCTAssertEqual(daemon.report, before, "published before the tree settled")
            XCTAssertEqual(daemon.updateLines.count, updates)
        }
        daemon.resume()
        try daemon.assertMatchesCheck()
        XCTAssertTrue(daemon.report?.contains("frame 30x30 pt") ?? false)
        try daemon.waitForUpdates(updates + 1)
        let lines = Array(daemon.updateLines.dropFirst(updates))
        XCTAssertEqual(lines.count, 1, "\(lines)")
        XCTAssertTrue(lines.first?.contains("tree/home.yaml changed") ?? false, "\(lines)")
        XCTAssertEqual(drafts(workspace), [], "the draft became the report")
    }

    func testAChangeAfterTheDraftIsReviewedAndTheStaleDraftDropped() throws {
        let (workspace, daemon) = try start()
        let updates = daemon.updateLines.count
        try workspace.write("tree/home.yaml", Specs.screen("Home", button: 30))
        try waitForDraft(workspace, daemon)
        try workspace.write("tree/home.yaml", Specs.screen("Home", button: 31))
        try workspace.write("tree/detail.yaml", Specs.screen("Detail", parent: "Home"))
        try daemon.assertMatchesCheck()
        let report = daemon.report ?? ""
        XCTAssertTrue(report.contains("frame 31x31 pt"), report)
        XCTAssertFalse(report.contains("frame 30x30 pt"), report)
        try daemon.waitForUpdates(updates + 1)
        let lines = Array(daemon.updateLines.dropFirst(updates))
        // One burst, one publish, naming both files.
        XCTAssertEqual(lines.count, 1, "\(lines)")
        XCTAssertTrue(lines.first?.contains("tree/home.yaml changed") ?? false, "\(lines)")
        XCTAssertTrue(lines.first?.contains("tree/detail.yaml added") ?? false, "\(lines)")
        XCTAssertEqual(drafts(workspace), [], "the stale draft is removed")
    }

    func testStoppingWhileADraftWaitsRemovesItAndKeepsThePublishedReport() throws {
        let (workspace, daemon) = try start()
        let before = daemon.report
        try workspace.write("tree/home.yaml", Specs.screen("Home", button: 30))
        try waitForDraft(workspace, daemon)
        XCTAssertEqual(try daemon.stop(), 0, daemon.log)
        XCTAssertEqual(drafts(workspace), [])
        XCTAssertEqual(daemon.report, before, "what was never published stays unpublished")
    }

    func testChangesFollowedByLaterChangesKeepEachPathsLastWord() {
        var first = WatchSession.Changes()
        first.added = ["/t/new.yaml", "/t/brief.yaml"]
        first.changed = ["/t/edited.yaml"]
        first.removed = ["/t/back.yaml"]
        var later = WatchSession.Changes()
        later.added = ["/t/back.yaml"]
        later.changed = ["/t/new.yaml", "/t/other.yaml"]
        later.removed = ["/t/brief.yaml", "/t/edited.yaml"]
        let merged = first.followed(by: later)
        XCTAssertEqual(merged.added, ["/t/new.yaml"], "added, then changed: still new")
        XCTAssertEqual(merged.changed, ["/t/back.yaml", "/t/other.yaml"], "removed, then added again: changed")
        XCTAssertEqual(merged.removed, ["/t/edited.yaml"], "changed, then removed: removed")
        XCTAssertFalse(merged.added.contains("/t/brief.yaml") || merged.removed.contains("/t/brief.yaml"),
                       "added, then removed before any publish: never there")
        XCTAssertEqual(WatchSession.Changes().followed(by: later).changed, later.changed)
        XCTAssertEqual(first.followed(by: WatchSession.Changes()).added, first.added)
    }
}
