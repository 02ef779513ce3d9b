import Foundation
import XCTest

/// Case 9: symlinks are not followed out of the tree, loops do not hang the
/// walk, dangling links are skipped; a root named through a link is followed,
/// like any path given on the command line.
final class SymlinkTests: XCTestCase {
    func testLinksInsideTheTreeAreNotFollowed() throws {
        let workspace = try Workspace()
        try workspace.write("tree/home.yaml", Specs.screen("Home"))
        try workspace.write("tree/sub/inner.yaml", Specs.screen("Inner", button: 20))
        try workspace.write("outside/far.yaml", Specs.screen("Far", button: 21))
        try workspace.symlink("tree/out", to: "../outside")
        try workspace.symlink("tree/sub/loop", to: "..")
        try workspace.symlink("tree/self", to: ".")
        try workspace.symlink("tree/dangling.yaml", to: "missing.yaml")
        try workspace.symlink("tree/alias.yaml", to: "home.yaml")

        let daemon = try WatchDaemon(in: workspace)
        try daemon.waitForStart()
        try daemon.assertMatchesCheck()
        XCTAssertFalse(daemon.report?.contains("far.yaml") ?? true)

        // Links made while watching, an edit outside, then an edit inside as a barrier.
        try workspace.symlink("tree/sub/out2", to: "../../outside")
        try workspace.symlink("tree/sub/loop2", to: "../sub")
        try workspace.symlink("tree/sub/gone.yaml", to: "nowhere.yaml")
        try workspace.write("outside/far.yaml", Specs.screen("Far", button: 22))
        try workspace.write("outside/new.yaml", Specs.screen("New", button: 23))
        try workspace.write("tree/sub/inner.yaml", Specs.screen("Inner", button: 24))
        try daemon.assertMatchesCheck()
        XCTAssertFalse(daemon.report?.contains("outside") ?? true)
        XCTAssertFalse(daemon.report?.contains("tree/out/") ?? true)

        // A directory swapped for a link to the outside: its files leave.
        try workspace.remove("tree/sub")
        try workspace.symlink("tree/sub", to: "../outside")
        try daemon.assertMatchesCheck()
        XCTAssertFalse(daemon.report?.contains("tree/sub/") ?? true)
    }

    func testARootNamedThroughALinkIsFollowed() throws {
        let workspace = try Workspace()
        try workspace.write("real/a.yaml", Specs.screen("A", button: 25))
        try workspace.symlink("tree/screens", to: "../real")
        let daemon = try WatchDaemon(["tree/screens"], in: workspace)
        try daemon.waitForStart()
        try daemon.assertMatchesCheck()
        XCTAssertTrue(daemon.report?.contains("tree/screens/a.yaml") ?? false)
        try workspace.write("real/b.yaml", Specs.screen("B", button: 26))
        try daemon.assertMatchesCheck()
        XCTAssertTrue(daemon.report?.contains("tree/screens/b.yaml") ?? false)
    }
}
