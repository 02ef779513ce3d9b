import Foundation
import TestSupport
import XCTest

/// The shipped `.pre-commit-hooks.yaml`, run by a real `pre-commit run` in a
/// team's repository that names higlint's hook repository and a revision of it.
final class PreCommitTests: XCTestCase {
    private func run(_ executable: String, _ arguments: [String], in directory: URL, environment: [String: String]) throws -> ProcessOutcome {
        try ChildProcess.run(URL(fileURLWithPath: executable), arguments, in: directory, environment: environment)
    }

    private func git(_ arguments: [String], in directory: URL, environment: [String: String]) throws {
        let outcome = try run("/usr/bin/git", ["-c", "user.name=higlint tests", "-c", "user.email=tests@localhost"] + arguments,
                              in: directory, environment: environment)
        XCTAssertEqual(outcome.status, 0, "git \(arguments): \(outcome.stderr)")
    }

    /// python3 that imports pre_commit, or the test fails saying how to install it.
    private func python() throws -> String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") where FileManager.default.isExecutableFile(atPath: "\(directory)/python3") {
            let check = try ChildProcess.run(URL(fileURLWithPath: "\(directory)/python3"), ["-c", "import pre_commit"])
            if check.status == 0 { return "\(directory)/python3" }
        }
        throw NoPreCommit()
    }

    struct NoPreCommit: Error, CustomStringConvertible {
        var description: String { "no python3 on PATH imports pre_commit; run `make test-deps` (it pip-installs pre-commit)" }
    }

    func testTheHookReviewsChangedSpecsAndHonoursTheExcludes() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/git") else { throw NoPreCommit() }
        let python = try python()
        let scratch = try SpecTree()
        var environment = ProcessInfo.processInfo.environment
        // The hook is `language: system`: it runs the higlint on PATH, here the one under test.
        environment["PATH"] = try HiglintProcess.binary().deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["PRE_COMMIT_HOME"] = scratch.url.appendingPathComponent("cache").path
        environment["GIT_CONFIG_NOSYSTEM"] = "1"
        environment["HOME"] = scratch.url.path

        // higlint's side: a repository holding the shipped hook file, at a revision.
        let hooks = scratch.url.appendingPathComponent("higlint-hooks")
        try FileManager.default.createDirectory(at: hooks, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: CompletionAndManPageTests.root.appendingPathComponent(".pre-commit-hooks.yaml"),
            to: hooks.appendingPathComponent(".pre-commit-hooks.yaml"))
        try git(["init", "-q"], in: hooks, environment: environment)
        try git(["add", "."], in: hooks, environment: environment)
        try git(["commit", "-qm", "hooks"], in: hooks, environment: environment)
        let revision = try run("/usr/bin/git", ["rev-parse", "HEAD"], in: hooks, environment: environment).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)

        // The team's side: specs, a config with an exclude, and the pre-commit config naming the hook.
        let project = scratch.url.appendingPathComponent("app")
        try scratch.write("app/.higlint.yaml", "exclude: ['screens/drafts/**']\n")
        try scratch.write("app/screens/home.yaml", CheckCommandTests.smallButton)
        try scratch.write("app/screens/drafts/wip.yaml", "screen: [unclosed\n")
        try scratch.write("app/.github/ci.yml", "on: push\n")
        try scratch.write("app/.pre-commit-config.yaml", """
            repos:
              - repo: \(hooks.path)
                rev: \(revision)
                hooks:
                  - id: higlint
                    files: ^screens/
            """)
        try git(["init", "-q"], in: project, environment: environment)
        try git(["add", "."], in: project, environment: environment)

        let failing = try run(python, ["-m", "pre_commit", "run", "--all-files", "--color", "never"], in: project, environment: environment)
        XCTAssertEqual(failing.status, 1, failing.stdout + failing.stderr)
        XCTAssertTrue(failing.stdout.contains("screens/home.yaml:3:5: error: b: frame 30x30 pt is under 44x44 pt [buttons.hit-target]"), failing.stdout)
        XCTAssertTrue(failing.stdout.contains("Failed"), failing.stdout)
        XCTAssertFalse(failing.stdout.contains("wip.yaml"), "the config's exclude holds for named files: \(failing.stdout)")
        XCTAssertFalse(failing.stdout.contains("ci.yml"), "only the specs' folder: \(failing.stdout)")

        try scratch.write("app/screens/home.yaml", CheckCommandTests.clean)
        try git(["add", "."], in: project, environment: environment)
        let passing = try run(python, ["-m", "pre_commit", "run", "--all-files", "--color", "never"], in: project, environment: environment)
        XCTAssertEqual(passing.status, 0, passing.stdout + passing.stderr)
        XCTAssertTrue(passing.stdout.contains("Passed"), passing.stdout)
    }
}
