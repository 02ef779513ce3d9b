import Foundation
import XCTest

/// Case 1: the ways editors and tools save a file. Each save is done while
/// the daemon is stopped (SIGSTOP), so all its events are queued when it
/// resumes: the test can then require exactly one re-review, with the final
/// content, and no transient "removed" or parse error.
final class EditorSaveTests: XCTestCase {
    private func start() throws -> (Workspace, WatchDaemon) {
        let workspace = try Workspace()
        try workspace.write("tree/home.yaml", Specs.screen("Home", button: 20))
        try workspace.write("tree/detail.yaml", Specs.screen("Detail", parent: "Home"))
        let daemon = try WatchDaemon(in: workspace)
        try daemon.waitForStart()
        try daemon.assertMatchesCheck()
        return (workspace, daemon)
    }

    /// Runs `save` while the daemon is stopped and checks that it led to one
    /// update that names the file as changed.
    private func expectOneUpdate(_ daemon: WatchDaemon, changing file: String, _ save: () throws -> Void) throws {
        let before = daemon.updateLines.count
        try daemon.pause()
        try save()
        daemon.resume()
        try daemon.assertMatchesCheck()
        try daemon.waitForUpdates(before + 1)
        let lines = Array(daemon.updateLines.dropFirst(before))
        XCTAssertEqual(lines.count, 1, "one save, one update: \(lines)")
        XCTAssertTrue(lines.first?.contains("\(file) changed") ?? false, "\(lines)")
        XCTAssertFalse(lines.first?.contains("removed") ?? true, "no transient removal: \(lines)")
        XCTAssertFalse(daemon.report?.contains("spec.syntax") ?? true)
    }

    func testVimRenamesToBackupThenWritesANewFile() throws {
        let (workspace, daemon) = try start()
        try expectOneUpdate(daemon, changing: "tree/home.yaml") {
            try workspace.rename("tree/home.yaml", "tree/home.yaml~")
            try workspace.write("tree/home.yaml", Specs.screen("Home", button: 30))
            try workspace.remove("tree/home.yaml~")
        }
        XCTAssertTrue(daemon.report?.contains("frame 30x30 pt") ?? false)
    }

    func testInPlaceTruncateAndWrite() throws {
        let (workspace, daemon) = try start()
        try expectOneUpdate(daemon, changing: "tree/home.yaml") {
            try workspace.write("tree/home.yaml", "")
            try workspace.write("tree/home.yaml", Specs.screen("Home", button: 31))
        }
        XCTAssertTrue(daemon.report?.contains("frame 31x31 pt") ?? false)
    }

    func testTempFileRenamedOverTheTarget() throws {
        let (workspace, daemon) = try start()
        // No close-write ever happens on the target's name: only a moved-to.
        try expectOneUpdate(daemon, changing: "tree/home.yaml") {
            try workspace.write("tree/.home.yaml.swp", Specs.screen("Home", button: 32))
            try workspace.write("tree/home.yaml.tmp-123", Specs.screen("Home", button: 33))
            try workspace.rename("tree/home.yaml.tmp-123", "tree/home.yaml")
        }
        XCTAssertTrue(daemon.report?.contains("frame 33x33 pt") ?? false)
    }

    func testSedInPlace() throws {
        let (workspace, daemon) = try start()
        try expectOneUpdate(daemon, changing: "tree/home.yaml") {
            let outcome = try Higlint.run(
                ["/bin/sed", "-i", "s/20, 20/34, 34/", workspace.at("tree/home.yaml")], in: workspace.url)
            XCTAssertEqual(outcome.status, 0, outcome.stderr)
        }
        XCTAssertTrue(daemon.report?.contains("frame 34x34 pt") ?? false)
    }

    func testGitCheckoutOfAnotherVersion() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/git") else {
            throw XCTSkip("git is not installed (make test-deps installs it)")
        }
        let workspace = try Workspace()
        try workspace.write("tree/home.yaml", Specs.screen("Home", button: 20))
        try workspace.write("tree/detail.yaml", Specs.screen("Detail", parent: "Home"))
        let tree = workspace.url.appendingPathComponent("tree")
        func git(_ arguments: String...) throws {
            let outcome = try Higlint.run(
                ["/usr/bin/git", "-c", "user.name=test", "-c", "user.email=test@example.com", "-c", "init.defaultBranch=main"]
                    + arguments, in: tree)
            XCTAssertEqual(outcome.status, 0, "git \(arguments): \(outcome.stderr)")
        }
        try git("init", "-q")
        try git("add", ".")
        try git("commit", "-q", "-m", "one")
        try workspace.write("tree/home.yaml", Specs.screen("Home", button: 35))
        try git("commit", "-q", "-am", "two")

        let daemon = try WatchDaemon(in: workspace)
        try daemon.waitForStart()
        try daemon.assertMatchesCheck()
        try expectOneUpdate(daemon, changing: "tree/home.yaml") {
            try git("checkout", "-q", "HEAD~1", "--", "home.yaml")
        }
        XCTAssertTrue(daemon.report?.contains("frame 20x20 pt") ?? false)
    }
}
