import Foundation
import XCTest

/// The config's `baseline:` in watch mode: baselined findings stay hidden as
/// the tree changes, new ones show, and the report still equals check.
final class BaselineWatchTests: XCTestCase {
    func testBaselineHidesKnownFindingsAndShowsNewOnes() throws {
        let workspace = try Workspace()
        try workspace.write("tree/home.yaml", Specs.screen("Home", button: 20))
        try workspace.mkdir("cfg")
        let written = try Higlint.run(
            [try Higlint.binary(), "check", "tree", "--write-baseline", "cfg/known.json"], in: workspace.url)
        XCTAssertEqual(written.status, 0, written.stderr)
        try workspace.write("cfg/higlint.yaml", "baseline: known.json\n")
        let daemon = try WatchDaemon(["tree", "--config", "cfg/higlint.yaml"], in: workspace)
        let first = try daemon.waitForStart()
        XCTAssertFalse(first.contains("buttons.hit-target"), first)
        try daemon.assertMatchesCheck()

        try workspace.write("tree/second.yaml", Specs.screen("Second", button: 30))
        try waitUntil("the new finding to show") { daemon.report?.contains("\"screen\": \"Second\"") == true }
        XCTAssertFalse(daemon.report?.contains("\"screen\": \"Home\"") ?? true)
        try daemon.assertMatchesCheck()
    }

    func testUnreadableBaselineStopsTheStart() throws {
        let workspace = try Workspace()
        try workspace.write("tree/home.yaml", Specs.screen("Home"))
        try workspace.write("cfg/higlint.yaml", "baseline: missing.json\n")
        let daemon = try WatchDaemon(["tree", "--config", "cfg/higlint.yaml"], in: workspace)
        XCTAssertEqual(try daemon.waitForExit(), 2)
        XCTAssertTrue(daemon.log.contains("cannot read baseline"), daemon.log)
    }
}
