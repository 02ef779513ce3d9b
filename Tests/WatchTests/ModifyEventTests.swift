import Foundation
import XCTest

/// Changes no close-after-write event reports: a writer that keeps the file
/// open, and truncate(2). Both enter the settle window like any change.
final class ModifyEventTests: XCTestCase {
    func testAWriterThatKeepsTheFileOpenIsSeen() throws {
        let workspace = try Workspace()
        try workspace.write("tree/a.yaml", Specs.screen("A", button: 44))
        let daemon = try WatchDaemon(in: workspace)
        try daemon.waitForStart()

        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: workspace.at("tree/a.yaml")))
        defer { try? handle.close() }
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data(Specs.screen("A", button: 21).utf8))
        try handle.synchronize()
        // Still open: only IN_MODIFY has been sent.
        try daemon.assertMatchesCheck()
        XCTAssertTrue(daemon.report?.contains("frame 21x21 pt") ?? false)
    }

    func testTruncateIsSeen() throws {
        let workspace = try Workspace()
        let first = Specs.screen("A", button: 44)
        // A second, too small button after the first screen's text; cutting the file back to the first part removes it.
        let extra = "  - { id: small, type: button, label: Small, frame: [10, 200, 20, 20] }\n"
        try workspace.write("tree/a.yaml", first + extra)
        let daemon = try WatchDaemon(in: workspace)
        try daemon.waitForStart()
        XCTAssertTrue(daemon.report?.contains("frame 20x20 pt") ?? false)

        XCTAssertEqual(truncate(workspace.at("tree/a.yaml"), off_t(first.utf8.count)), 0)
        try daemon.assertMatchesCheck()
        XCTAssertFalse(daemon.report?.contains("frame 20x20 pt") ?? true)
    }
}
