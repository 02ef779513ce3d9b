import Foundation
import XCTest

/// The sd_notify messages, received on a test datagram socket in place of systemd's.
final class NotifyTests: XCTestCase {
    private func lifecycle(abstract: Bool) throws {
        let workspace = try Workspace()
        try workspace.write("tree/home.yaml", Specs.screen("Home", button: 20))
        let listener = try NotifyListener(in: workspace, abstract: abstract)
        let daemon = try WatchDaemon(
            in: workspace, environment: ["NOTIFY_SOCKET": listener.address, "WATCHDOG_USEC": "400000"])

        // READY only once the first report is on disk, with the counts.
        let ready = try listener.waitFor("READY=1") { NotifyListener.fields($0)["READY"] == "1" }
        XCTAssertNotNil(daemon.report, "READY=1 comes after the first report")
        XCTAssertEqual(
            NotifyListener.fields(listener.messages[ready])["STATUS"], "1 file, 1 screen: 1 error, 0 warnings, 0 infos")

        // A keep-alive at half of WATCHDOG_USEC, more than once.
        let firstPing = try listener.waitFor("WATCHDOG=1") { $0 == "WATCHDOG=1" }
        try listener.waitFor("a second WATCHDOG=1", after: firstPing) { $0 == "WATCHDOG=1" }

        // Every update refreshes STATUS.
        try workspace.write("tree/second.yaml", Specs.screen("Second"))
        try listener.waitFor("STATUS with two files") {
            NotifyListener.fields($0)["STATUS"] == "2 files, 2 screens: 1 error, 0 warnings, 0 infos"
        }

        try daemon.assertMatchesCheck()

        daemon.signal(SIGHUP)
        let reloading = try listener.waitFor("RELOADING=1") { NotifyListener.fields($0)["RELOADING"] == "1" }
        try listener.waitFor("READY=1 after RELOADING=1", after: reloading) { NotifyListener.fields($0)["READY"] == "1" }

        XCTAssertEqual(try daemon.stop(), 0, daemon.log)
        try listener.waitFor("STOPPING=1") { $0 == "STOPPING=1" }
    }

    func testNotifyOverAPathSocket() throws {
        try lifecycle(abstract: false)
    }

    func testNotifyOverAnAbstractSocket() throws {
        try lifecycle(abstract: true)
    }

    func testWithoutASocketNothingBreaks() throws {
        let workspace = try Workspace()
        try workspace.write("tree/home.yaml", Specs.screen("Home"))
        let daemon = try WatchDaemon(in: workspace, environment: ["NOTIFY_SOCKET": workspace.at("nobody-listens.sock")])
        try daemon.waitForStart()
        try workspace.write("tree/home.yaml", Specs.screen("Home", button: 21))
        try daemon.assertMatchesCheck()
        XCTAssertTrue(daemon.log.contains("cannot notify systemd"), daemon.log)
        XCTAssertEqual(try daemon.stop(), 0)
    }
}
