import Foundation
import XCTest

/// Cases 2 to 5: directories that appear full, are renamed, leave and come
/// back, or are deleted and recreated.
final class DirectoryTests: XCTestCase {
    private func start(_ setup: (Workspace) throws -> Void = { _ in }) throws -> (Workspace, WatchDaemon) {
        let workspace = try Workspace()
        try workspace.write("tree/home.yaml", Specs.screen("Home"))
        try setup(workspace)
        let daemon = try WatchDaemon(in: workspace)
        try daemon.waitForStart()
        try daemon.assertMatchesCheck()
        return (workspace, daemon)
    }

    private func shell(_ script: String, in workspace: Workspace) throws {
        let outcome = try Higlint.run(["/bin/sh", "-c", script], in: workspace.url)
        XCTAssertEqual(outcome.status, 0, "\(script): \(outcome.stderr)")
    }

    // MARK: Case 2: a new directory that already holds files

    func testMkdirWithFilesBeforeTheWatchExists() throws {
        let (workspace, daemon) = try start()
        // Deep, and filled at once: most files exist before any watch on their directory.
        try shell("mkdir -p tree/new/a/b/c && for d in tree/new tree/new/a tree/new/a/b tree/new/a/b/c; do "
            + "for i in 1 2 3; do printf 'screen: S%s\\nparent: Home\\n' \"$d$i\" > \"$d/s$i.yaml\"; done; done", in: workspace)
        try daemon.assertMatchesCheck()
        XCTAssertTrue(daemon.report?.contains("\"summary\": {\"files\": 13, \"screens\": 13") ?? false)
    }

    func testTarExtractsADirectory() throws {
        let staging = try Workspace()
        try staging.write("pack/screens/one.yaml", Specs.screen("One", button: 21))
        try staging.write("pack/screens/deeper/two.yaml", Specs.screen("Two", button: 22, parent: "One"))
        try shell("tar -C pack -cf archive.tar screens", in: staging)
        let (workspace, daemon) = try start()
        try shell("tar -C tree -xf \(staging.at("archive.tar"))", in: workspace)
        try daemon.assertMatchesCheck()
        XCTAssertTrue(daemon.report?.contains("tree/screens/deeper/two.yaml") ?? false)
    }

    func testCopyArchiveOfADirectory() throws {
        let staging = try Workspace()
        try staging.write("set/x.yaml", Specs.screen("X", button: 23))
        try staging.write("set/inner/y.yaml", Specs.screen("Y", button: 24))
        let (workspace, daemon) = try start()
        try shell("cp -a \(staging.at("set")) tree/set", in: workspace)
        try daemon.assertMatchesCheck()
        XCTAssertTrue(daemon.report?.contains("tree/set/inner/y.yaml") ?? false)
    }

    // MARK: Case 3: renamed inside the tree, twice, then a file in it edited

    func testDirectoryRenamedTwiceThenEdited() throws {
        let (workspace, daemon) = try start { workspace in
            try workspace.write("tree/a/deep/er/f.yaml", Specs.screen("F", button: 25))
            try workspace.write("tree/a/g.yaml", Specs.screen("G"))
        }
        try workspace.rename("tree/a", "tree/b")
        try daemon.assertMatchesCheck()
        try workspace.mkdir("tree/sub")
        try workspace.rename("tree/b", "tree/sub/c")
        try daemon.assertMatchesCheck()
        // The library would still name the deep directory tree/a/deep/er.
        try workspace.write("tree/sub/c/deep/er/f.yaml", Specs.screen("F", button: 26))
        try daemon.assertMatchesCheck()
        XCTAssertTrue(daemon.report?.contains("\"file\": \"tree/sub/c/deep/er/f.yaml\"") ?? false)
        XCTAssertTrue(daemon.report?.contains("frame 26x26 pt") ?? false)
        XCTAssertFalse(daemon.report?.contains("tree/a/") ?? true)
    }

    func testRenamesInOneBurst() throws {
        let (workspace, daemon) = try start { workspace in
            try workspace.write("tree/a/deep/f.yaml", Specs.screen("F", button: 27))
        }
        try daemon.pause()
        try workspace.rename("tree/a", "tree/b")
        try workspace.rename("tree/b", "tree/c")
        try workspace.write("tree/c/deep/f.yaml", Specs.screen("F", button: 28))
        daemon.resume()
        try daemon.assertMatchesCheck()
        try workspace.write("tree/c/deep/f.yaml", Specs.screen("F", button: 29))
        try daemon.assertMatchesCheck()
    }

    // MARK: Case 4: moved out of the tree and back in

    func testDirectoryMovedOutAndBackIn() throws {
        let (workspace, daemon) = try start { workspace in
            try workspace.write("tree/away/a.yaml", Specs.screen("Away", button: 30))
            try workspace.write("tree/away/inner/b.yaml", Specs.screen("Inner", parent: "Away"))
        }
        try workspace.mkdir("elsewhere")
        try workspace.rename("tree/away", "elsewhere/away")
        try daemon.assertMatchesCheck()
        XCTAssertFalse(daemon.report?.contains("away/") ?? true)

        // Edits outside the tree are not the report's business; then it comes back.
        try workspace.write("elsewhere/away/a.yaml", Specs.screen("Away", button: 31))
        try workspace.rename("elsewhere/away", "tree/back")
        try daemon.assertMatchesCheck()
        XCTAssertTrue(daemon.report?.contains("frame 31x31 pt") ?? false)
        try workspace.write("tree/back/inner/b.yaml", Specs.screen("Inner", button: 32))
        try daemon.assertMatchesCheck()
    }

    // MARK: Case 5: deleted and recreated with the same name

    func testDirectoryDeletedAndRecreated() throws {
        let (workspace, daemon) = try start { workspace in
            try workspace.write("tree/d/one.yaml", Specs.screen("One", button: 33))
            try workspace.write("tree/d/sub/two.yaml", Specs.screen("Two"))
        }
        try workspace.remove("tree/d")
        try daemon.assertMatchesCheck()
        try workspace.write("tree/d/sub/three.yaml", Specs.screen("Three", button: 34))
        try daemon.assertMatchesCheck()
        // The old directory's watch is dead; the new one must be watched.
        try workspace.write("tree/d/sub/three.yaml", Specs.screen("Three", button: 35))
        try workspace.write("tree/d/four.yaml", Specs.screen("Four", button: 36))
        try daemon.assertMatchesCheck()
        XCTAssertTrue(daemon.report?.contains("frame 35x35 pt") ?? false)
    }

    func testDeletedAndRecreatedInOneBurst() throws {
        let (workspace, daemon) = try start { workspace in
            try workspace.write("tree/d/one.yaml", Specs.screen("One", button: 37))
        }
        try daemon.pause()
        try workspace.remove("tree/d")
        try workspace.write("tree/d/one.yaml", Specs.screen("One", button: 38))
        daemon.resume()
        try daemon.assertMatchesCheck()
        try workspace.write("tree/d/one.yaml", Specs.screen("One", button: 39))
        try daemon.assertMatchesCheck()
    }

    func testDirectoryRecreatedMoreTimesThanAnyRetryBudget() throws {
        let (workspace, daemon) = try start { workspace in
            try workspace.write("tree/flip/f.yaml", Specs.screen("Flip", parent: "P0"))
        }
        // Each deletion leaves a dead watch behind in the library's table, under the same name.
        for round in 1...40 {
            try workspace.remove("tree/flip")
            try workspace.write("tree/flip/f.yaml", Specs.screen("Flip", parent: "P\(round)"))
            try daemon.assertMatchesCheck()
        }
        try workspace.write("tree/flip/f.yaml", Specs.screen("Flip", parent: "Last"))
        try daemon.assertMatchesCheck()
        XCTAssertTrue(daemon.report?.contains("parent \\\"Last\\\"") ?? false, daemon.report ?? "")
    }

    func testRootDeletedAndRecreated() throws {
        let (workspace, daemon) = try start()
        try workspace.remove("tree")
        try daemon.assertMatchesCheck()
        XCTAssertTrue(daemon.report?.contains("\"summary\": {\"files\": 0, \"screens\": 0") ?? false)
        XCTAssertTrue(daemon.report?.contains("tree: no such file or directory") ?? false)
        try workspace.write("tree/again.yaml", Specs.screen("Again", button: 40))
        try daemon.assertMatchesCheck()
        try workspace.write("tree/again.yaml", Specs.screen("Again", button: 41))
        try daemon.assertMatchesCheck()
    }
}
