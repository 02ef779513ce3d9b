import Foundation
import XCTest

/// Case 7: the inotify watch limit (ENOSPC). The daemon runs in a user
/// namespace of its own whose user.max_inotify_watches is lowered: the limit
/// is real, but nothing else on the machine feels it (lowering the global
/// fs.inotify.max_user_watches would starve every other watcher meanwhile).
final class WatchLimitTests: XCTestCase {
    private static let unshare = "/usr/bin/unshare"
    private static let nsenter = "/usr/bin/nsenter"

    private func namespacePrefix(limit: Int) throws -> [String] {
        guard FileManager.default.isExecutableFile(atPath: Self.unshare) else {
            throw XCTSkip("unshare (util-linux) is needed to give the daemon its own inotify watch limit")
        }
        let setLimit = "echo \(limit) > /proc/sys/user/max_inotify_watches"
        let probe = try Higlint.run([Self.unshare, "--user", "--map-root-user", "/bin/sh", "-c", setLimit], in: URL(fileURLWithPath: "/"))
        guard probe.status == 0 else {
            throw XCTSkip("cannot create a user namespace with its own inotify watch limit here: \(probe.stderr)")
        }
        return [Self.unshare, "--user", "--map-root-user", "/bin/sh", "-c", "\(setLimit) && exec \"$0\" \"$@\""]
    }

    private func setLimit(_ limit: Int, of daemon: WatchDaemon) throws {
        guard FileManager.default.isExecutableFile(atPath: Self.nsenter) else {
            throw XCTSkip("nsenter (util-linux) is needed to change the namespace's watch limit")
        }
        let outcome = try Higlint.run(
            [Self.nsenter, "--target", "\(daemon.pid)", "--user", "/bin/sh", "-c", "echo \(limit) > /proc/sys/user/max_inotify_watches"],
            in: URL(fileURLWithPath: "/"))
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
    }

    private var globalLimit: String {
        ((try? String(contentsOfFile: "/proc/sys/fs/inotify/max_user_watches", encoding: .utf8)) ?? "")
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func testAtStartUpTheLimitIsAnErrorNamingTheSysctlAndItsValue() throws {
        let workspace = try Workspace()
        for name in ["a", "b", "c", "d"] {
            try workspace.write("tree/\(name)/\(name).yaml", Specs.screen(name.uppercased()))
        }
        let daemon = try WatchDaemon(in: workspace, prefix: try namespacePrefix(limit: 2))
        XCTAssertEqual(try daemon.waitForExit(), 2, daemon.log)
        XCTAssertTrue(daemon.log.contains("the inotify watch limit is reached"), daemon.log)
        XCTAssertTrue(daemon.log.contains("fs.inotify.max_user_watches is \(globalLimit)"), daemon.log)
        XCTAssertTrue(daemon.log.contains("user.max_inotify_watches is 2"), daemon.log)
        XCTAssertNil(daemon.report, "no report when the daemon could not start")
    }

    func testLaterTheReportIsDegradedStillCompleteAndRecoversOnReload() throws {
        let workspace = try Workspace()
        try workspace.write("tree/home.yaml", Specs.screen("Home"))
        try workspace.write("tree/old/a.yaml", Specs.screen("A", button: 20))
        let daemon = try WatchDaemon(in: workspace, prefix: try namespacePrefix(limit: 1000))
        try daemon.waitForStart()
        XCTAssertEqual(daemon.watchSection?["state"] as? String, "watching")

        try setLimit(1, of: daemon)
        // Moved in whole: an unwatched directory cannot report a file created in it later.
        try workspace.write("staging/new1/b.yaml", Specs.screen("B", button: 21))
        try workspace.write("staging/new2/deeper/c.yaml", Specs.screen("C", button: 22))
        try workspace.rename("staging/new1", "tree/new1")
        try workspace.rename("staging/new2", "tree/new2")
        // The new directories cannot be watched, but their files are read by the walk.
        try daemon.assertMatchesCheck()
        try waitUntil("a degraded report") { daemon.watchSection?["state"] as? String == "degraded" }
        let reason = daemon.watchSection?["degraded_reason"] as? String ?? ""
        XCTAssertTrue(reason.contains("fs.inotify.max_user_watches is \(globalLimit)"), reason)
        XCTAssertTrue(reason.contains("not watched"), reason)
        XCTAssertTrue(daemon.log.contains("the inotify watch limit is reached"), daemon.log)

        // Raised again, a reload watches everything and the report is trusted again.
        try setLimit(1000, of: daemon)
        daemon.signal(SIGHUP)
        try waitUntil("the report to leave the degraded state") { daemon.watchSection?["state"] as? String == "watching" }
        try workspace.write("tree/new2/deeper/c.yaml", Specs.screen("C", button: 23))
        try daemon.assertMatchesCheck()
        XCTAssertTrue(daemon.report?.contains("frame 23x23 pt") ?? false)
    }

    func testUnwatchedDirectoriesArePolledAndWatchedAgainWithoutSIGHUP() throws {
        let workspace = try Workspace()
        try workspace.write("tree/home.yaml", Specs.screen("Home"))
        try workspace.write("cfg.yaml", "watch:\n  poll_interval_ms: 200\n")
        let daemon = try WatchDaemon(["tree", "--config", "cfg.yaml"], in: workspace, prefix: try namespacePrefix(limit: 1000))
        try daemon.waitForStart()

        try setLimit(1, of: daemon)
        try workspace.write("staging/new1/b.yaml", Specs.screen("B", button: 21))
        try workspace.write("staging/new2/deeper/c.yaml", Specs.screen("C", button: 22))
        try workspace.rename("staging/new1", "tree/new1")
        try workspace.rename("staging/new2", "tree/new2")
        try daemon.assertMatchesCheck()
        try waitUntil("the report to list the unwatched directories") {
            daemon.watchSection?["unwatched"] as? [String] == ["tree/new1", "tree/new2", "tree/new2/deeper"]
        }
        XCTAssertEqual(daemon.watchSection?["state"] as? String, "degraded")
        let reason = daemon.watchSection?["degraded_reason"] as? String ?? ""
        XCTAssertTrue(reason.contains("looking every 200 ms"), reason)

        // No watch can report these; the poll finds them.
        try workspace.write("tree/new2/deeper/c.yaml", Specs.screen("C", button: 23))
        try workspace.write("tree/new1/d.yaml", Specs.screen("D", button: 24))
        try daemon.assertMatchesCheck()
        XCTAssertTrue(daemon.report?.contains("frame 23x23 pt") ?? false)
        try workspace.remove("tree/new1/b.yaml")
        try daemon.assertMatchesCheck()
        // The limit is logged when first hit, not at every poll.
        XCTAssertEqual(daemon.log.components(separatedBy: "cannot watch ").count - 1, 1, daemon.log)

        // Raised: the next poll watches them, with no SIGHUP, and edits are seen by their watches.
        try setLimit(1000, of: daemon)
        try waitUntil("every directory watched again") {
            daemon.watchSection?["state"] as? String == "watching" && daemon.watchSection?["unwatched"] as? [String] == []
        }
        try daemon.waitForLog("every directory is watched again")
        try workspace.write("tree/new2/deeper/c.yaml", Specs.screen("C", button: 25))
        try daemon.assertMatchesCheck()
        XCTAssertFalse(daemon.log.contains("SIGHUP"), daemon.log)
    }
}
