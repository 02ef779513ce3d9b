import Foundation
import XCTest

/// Config reloads (an edit of the file, or SIGHUP), invalid configs, and
/// SIGHUP while the daemon blocks waiting for events.
final class ReloadTests: XCTestCase {
    private static let plain = "rules:\n  spec.unknown-parent: warning\n"
    private static let withoutHitTargets = "rules:\n  buttons.hit-target: off\n"
    /// Line 2, column 3: an unknown rule id.
    private static let unknownRule = "rules:\n  buttons.hit-targt: off\n"

    private func tree(_ workspace: Workspace) throws {
        try workspace.write("tree/home.yaml", Specs.screen("Home", button: 20))
        try workspace.write("tree/detail.yaml", Specs.screen("Detail", parent: "Nowhere"))
    }

    func testEditingTheConfigFileReloadsIt() throws {
        let workspace = try Workspace()
        try tree(workspace)
        try workspace.write("cfg/higlint.yaml", Self.plain)
        let daemon = try WatchDaemon(["tree", "--config", "cfg/higlint.yaml"], in: workspace)
        try daemon.waitForStart()
        try daemon.assertMatchesCheck()
        XCTAssertTrue(daemon.report?.contains("buttons.hit-target") ?? false)

        // An editor's save: a temp file renamed over the config.
        try workspace.write("cfg/.higlint.yaml.new", Self.withoutHitTargets)
        try workspace.rename("cfg/.higlint.yaml.new", "cfg/higlint.yaml")
        try daemon.waitForLog("config reloaded (the config file changed)")
        try daemon.assertMatchesCheck()
        XCTAssertFalse(daemon.report?.contains("buttons.hit-target") ?? true)

        // Edited in place back again.
        try workspace.write("cfg/higlint.yaml", Self.plain)
        try daemon.waitForLog("config reloaded (the config file changed)", count: 2)
        try daemon.assertMatchesCheck()
        XCTAssertTrue(daemon.report?.contains("buttons.hit-target") ?? false)
    }

    func testAnInvalidConfigKeepsTheOldOneAndSaysWhere() throws {
        let workspace = try Workspace()
        try tree(workspace)
        try workspace.write("cfg/higlint.yaml", Self.withoutHitTargets)
        try workspace.write("cfg/copy-of-valid.yaml", Self.withoutHitTargets)
        let daemon = try WatchDaemon(["tree", "--config", "cfg/higlint.yaml"], in: workspace)
        try daemon.waitForStart()

        try workspace.write("cfg/higlint.yaml", Self.unknownRule)
        try daemon.waitForLog("cfg/higlint.yaml:2:3: error: ")
        XCTAssertTrue(daemon.log.contains("the previous one stays in effect"), daemon.log)
        // An edit of the tree is still reviewed, with the previous config.
        try workspace.write("tree/home.yaml", Specs.screen("Home", button: 21))
        try daemon.waitForUpdates(1)
        let expected = try Higlint.check(["tree", "--config", "cfg/copy-of-valid.yaml"], in: workspace)
        try waitUntil("the report to follow the previous config") {
            daemon.report.map(Higlint.withoutWatchMembers) == expected
        }

        // SIGHUP with the file still invalid: the same answer.
        daemon.signal(SIGHUP)
        try daemon.waitForLog("cfg/higlint.yaml:2:3: error: ", count: 2)
        XCTAssertEqual(daemon.report.map(Higlint.withoutWatchMembers), expected)

        // Fixed: it is taken.
        try workspace.write("cfg/higlint.yaml", Self.plain)
        try daemon.waitForLog("config reloaded")
        try daemon.assertMatchesCheck()
    }

    func testSIGHUPDuringABlockingWaitReloads() throws {
        let workspace = try Workspace()
        try tree(workspace)
        let listener = try NotifyListener(in: workspace)
        // No config at start; the one created later is not watched, so only SIGHUP can bring it in.
        let daemon = try WatchDaemon(in: workspace, environment: ["NOTIFY_SOCKET": listener.address])
        try daemon.waitForStart()
        let ready = try listener.waitFor("READY=1") { NotifyListener.fields($0)["READY"] == "1" }
        XCTAssertTrue(daemon.report?.contains("buttons.hit-target") ?? false)

        try workspace.write(".higlint.yaml", Self.withoutHitTargets)
        // Idle: the daemon is blocked waiting for an event that will not come.
        daemon.signal(SIGHUP)
        let reloading = try listener.waitFor("RELOADING=1", after: ready) { NotifyListener.fields($0)["RELOADING"] == "1" }
        XCTAssertNotNil(NotifyListener.fields(listener.messages[reloading])["MONOTONIC_USEC"])
        try listener.waitFor("READY=1 after the reload", after: reloading) { NotifyListener.fields($0)["READY"] == "1" }
        try daemon.waitForLog("config reloaded (SIGHUP)")
        try daemon.assertMatchesCheck()
        XCTAssertFalse(daemon.report?.contains("buttons.hit-target") ?? true)
    }

    func testSIGTERMAndSIGINTExitZero() throws {
        for (signal, name) in [(SIGTERM, "SIGTERM"), (SIGINT, "SIGINT")] {
            let workspace = try Workspace()
            try tree(workspace)
            // Enough files that the review runs on worker threads, which must not take the signal.
            for index in 0..<80 { try workspace.write("tree/many/s\(index).yaml", Specs.screen("Many\(index)")) }
            let daemon = try WatchDaemon(in: workspace)
            try daemon.waitForStart()
            try workspace.write("tree/home.yaml", Specs.screen("Home", button: 30))
            try daemon.assertMatchesCheck()
            XCTAssertEqual(try daemon.stop(with: signal), 0, daemon.log)
            XCTAssertTrue(daemon.log.contains("stopping on \(name)"), daemon.log)
            let data = try XCTUnwrap(FileManager.default.contents(atPath: daemon.reportPath))
            XCTAssertNotNil(try? JSONSerialization.jsonObject(with: data), "the last report is whole")
        }
    }

    func testUsageErrorsAndHelp() throws {
        let workspace = try Workspace()
        let help = try Higlint.run([try Higlint.binary(), "watch", "--help"], in: workspace.url)
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.contains("usage: higlint watch [PATH...]"))
        XCTAssertTrue(help.stdout.contains("--report FILE"))
        let unknown = try Higlint.run([try Higlint.binary(), "watch", "--reprot", "x"], in: workspace.url)
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.contains("did you mean --report?"), unknown.stderr)
        try workspace.write("bad.yaml", Self.unknownRule)
        let badConfig = try Higlint.run([try Higlint.binary(), "watch", "tree", "--config", "bad.yaml"], in: workspace.url)
        XCTAssertEqual(badConfig.status, 2)
        XCTAssertTrue(badConfig.stderr.contains("bad.yaml:2:3: error: "), badConfig.stderr)
        let noDirectory = try Higlint.run(
            [try Higlint.binary(), "watch", "tree", "--report", "missing/dir/report.json"], in: workspace.url)
        XCTAssertEqual(noDirectory.status, 2)
        XCTAssertTrue(noDirectory.stderr.contains("cannot write the live report"), noDirectory.stderr)
    }
}
