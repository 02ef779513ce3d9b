import Foundation
import XCTest

/// A root deleted together with its parents (a checkout of a branch without
/// that folder) and made again later: the watcher keeps watching the nearest
/// directory that still exists and takes the root back when it returns.
final class LostRootTests: XCTestCase {
    func waitForEmptyReport(_ daemon: WatchDaemon, missing root: String) throws {
        try waitUntil("an empty report naming the missing root; log:\n\(daemon.log)") {
            let errors = daemon.watchSection?["errors"] as? [String] ?? []
            return daemon.watchSection?["files"] as? Int == 0 && errors.contains("\(root): no such file or directory")
        }
    }

    func testARootAndItsParentDeletedAndMadeAgainAtOnceAreTakenBack() throws {
        let workspace = try Workspace()
        try workspace.write("src/tree/a.yaml", Specs.screen("A", button: 20))
        let daemon = try WatchDaemon(["src/tree"], in: workspace)
        try daemon.waitForStart()
        try daemon.assertMatchesCheck()

        try workspace.remove("src")
        try waitForEmptyReport(daemon, missing: "src/tree")
        try workspace.write("src/tree/a.yaml", Specs.screen("A", button: 21))
        try workspace.write("src/tree/deep/b.yaml", Specs.screen("B", button: 22))
        try daemon.assertMatchesCheck()

        // Watched again, not just read once.
        try workspace.write("src/tree/deep/b.yaml", Specs.screen("B", button: 23))
        try daemon.assertMatchesCheck()
        XCTAssertTrue(daemon.report?.contains("frame 23x23 pt") ?? false)
    }

    func testAncestorsMadeAgainOneAtATimeAreFollowedDown() throws {
        let workspace = try Workspace()
        try workspace.write("a/b/tree/x.yaml", Specs.screen("X", button: 20))
        let daemon = try WatchDaemon(["a/b/tree"], in: workspace)
        try daemon.waitForStart()

        try workspace.remove("a")
        try waitForEmptyReport(daemon, missing: "a/b/tree")
        // Each level is seen by a watch on the level above, then handed down.
        try workspace.mkdir("a")
        try workspace.mkdir("a/b")
        try workspace.mkdir("a/b/tree")
        try workspace.write("a/b/tree/x.yaml", Specs.screen("X", button: 24))
        try daemon.assertMatchesCheck()
        try workspace.write("a/b/tree/x.yaml", Specs.screen("X", button: 25))
        try daemon.assertMatchesCheck()
        XCTAssertTrue(daemon.report?.contains("frame 25x25 pt") ?? false)
        // No watch is left behind on the levels above.
        try workspace.remove("a/b/tree")
        try waitForEmptyReport(daemon, missing: "a/b/tree")
        try workspace.write("a/b/tree/y.yaml", Specs.screen("Y", button: 26))
        try daemon.assertMatchesCheck()
        XCTAssertEqual(daemon.foreignLines, [], "only higlint's own lines in the log")
    }
}

extension LostRootTests {
    func testARootWhoseParentIsMovedAwayAndBackIsLeftThenTakenBack() throws {
        let workspace = try Workspace()
        try workspace.write("src/tree/a.yaml", Specs.screen("A", button: 20))
        let daemon = try WatchDaemon(["src/tree"], in: workspace)
        try daemon.waitForStart()
        try daemon.assertMatchesCheck()

        // Renamed, not deleted: the watches follow the directories to their new names.
        try workspace.rename("src", "src.old")
        try waitForEmptyReport(daemon, missing: "src/tree")
        try workspace.write("src.old/tree/a.yaml", Specs.screen("A", button: 21))
        try workspace.rename("src.old", "src")
        try daemon.assertMatchesCheck()
        XCTAssertTrue(daemon.report?.contains("frame 21x21 pt") ?? false)
        try workspace.write("src/tree/a.yaml", Specs.screen("A", button: 22))
        try daemon.assertMatchesCheck()
        XCTAssertEqual(daemon.foreignLines, [])
    }
}
