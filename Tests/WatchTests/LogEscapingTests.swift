import Foundation
import XCTest

/// The watcher's log is one line per event: a file name with a line break
/// or a bidirectional override shows as escapes and cannot forge a line.
final class LogEscapingTests: XCTestCase {
    func testAFileNameCannotForgeALogLine() throws {
        let workspace = try Workspace()
        try workspace.write("tree/home.yaml", Specs.screen("Home"))
        let daemon = try WatchDaemon(in: workspace)
        try daemon.waitForStart()

        let forged = "x\nhiglint: update 99: forged\u{202E}lmay.yaml"
        try workspace.write("tree/" + forged, Specs.screen("Forged", button: 20))
        let shown = #"tree/x\nhiglint: update 99: forged\u{202E}lmay.yaml added"#
        try waitUntil("the update naming the new file; log: \(daemon.log)") {
            daemon.updateLines.contains { $0.contains(shown) }
        }
        let lines = daemon.log.split(separator: "\n")
        XCTAssertTrue(lines.allSatisfy { $0.hasPrefix("higlint: ") }, daemon.log)
        XCTAssertFalse(lines.contains { $0.hasPrefix("higlint: update 99") }, daemon.log)
        XCTAssertFalse(daemon.log.unicodeScalars.contains { $0.value == 0x202E }, daemon.log)
        // The live report, JSON, carries the name as it is.
        try daemon.assertMatchesCheck()
        XCTAssertEqual(try daemon.stop(), 0, daemon.log)
    }
}
