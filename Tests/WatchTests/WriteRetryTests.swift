import Foundation
import XCTest

/// The outputs going missing or failing while the tree is quiet: each is put
/// right by the watcher itself, with no edit in the tree to prompt it.
final class WriteRetryTests: XCTestCase {
    func testADeletedReportIsWrittenAgain() throws {
        let workspace = try Workspace()
        try workspace.write("tree/a.yaml", Specs.screen("A", button: 20))
        let daemon = try WatchDaemon(in: workspace)
        try daemon.waitForStart()
        try workspace.remove("out/report.json")
        try daemon.assertMatchesCheck()
        // Moved away is the same as deleted.
        try workspace.rename("out/report.json", "out/elsewhere.json")
        try waitUntil("the report back after a move") { daemon.report != nil }
        try daemon.assertMatchesCheck()
    }

    func testADeletedReportDirectoryIsMadeAgain() throws {
        let workspace = try Workspace()
        try workspace.mkdir("out/live")
        try workspace.write("tree/a.yaml", Specs.screen("A", button: 20))
        let daemon = try WatchDaemon(in: workspace, report: "out/live/report.json")
        try daemon.waitForStart()

        try waitUntil("out/live deleted") { (try? workspace.remove("out/live")) != nil }
        try daemon.assertMatchesCheck()
        try daemon.waitForLog("was deleted; created it again")

        // Its parent too; and the directory made again is watched again, so a second deletion is seen.
        // The watcher may make out/live again while rm is still at work; then rm just tries again.
        try waitUntil("out deleted") { (try? workspace.remove("out")) != nil }
        try daemon.assertMatchesCheck()
        try workspace.remove("out/live/report.json")
        try daemon.assertMatchesCheck()
    }

    func testAnOutputThatCannotBeWrittenDegradesTheReportUntilItCan() throws {
        let workspace = try Workspace()
        try workspace.write("tree/a.yaml", Specs.screen("A", button: 20))
        // A file where the page's directory should be: as root no permission stops a write, but this does.
        try workspace.write("out/pages", "not a directory\n")
        try workspace.write("cfg/higlint.yaml", "watch:\n  outputs: [\"html=../out/pages/live.html\"]\n")
        let listener = try NotifyListener(in: workspace)
        let daemon = try WatchDaemon(
            ["tree", "--config", "cfg/higlint.yaml"], in: workspace, environment: ["NOTIFY_SOCKET": listener.address])
        try daemon.waitForStart()
        try waitUntil("a degraded report naming the page") {
            (daemon.watchSection?["degraded_reason"] as? String)?.contains("out/pages/live.html cannot be written") ?? false
        }
        XCTAssertEqual(daemon.watchSection?["state"] as? String, "degraded")
        XCTAssertTrue((daemon.watchSection?["degraded_reason"] as? String)?.contains("Not a directory") ?? false)
        try daemon.assertMatchesCheck()
        try listener.waitFor("a degraded STATUS") {
            NotifyListener.fields($0)["STATUS"]?.contains("degraded: out/pages/live.html cannot be written") ?? false
        }

        // The obstacle goes; no edit: the directory is made, the page written, the report trusted again.
        try workspace.remove("out/pages")
        try waitUntil("the page written") { workspace.read("out/pages/live.html")?.contains("live, updated ") ?? false }
        try waitUntil("the report watching again") { daemon.watchSection?["state"] as? String == "watching" }
        try daemon.waitForLog(workspace.at("out/pages/live.html") + " is written again")
        try daemon.assertMatchesCheck()
    }
}
