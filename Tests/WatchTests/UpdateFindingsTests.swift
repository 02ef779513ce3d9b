import Foundation
import XCTest

/// What a person watching the terminal sees per update: the findings that
/// appeared and went, not only the counts; `--output` as in check; and a
/// path that is not there refused at start, as check refuses it.
final class UpdateFindingsTests: XCTestCase {
    /// The log's lines after the `update N` line, up to the next update line (or the end).
    private func linesAfter(update number: Int, in log: String) -> [String] {
        let lines = log.split(separator: "\n").map(String.init)
        guard let start = lines.firstIndex(where: { $0.hasPrefix("higlint: update \(number): ") }) else { return [] }
        return Array(lines[(start + 1)...].prefix { $0.hasPrefix("higlint: + ") || $0.hasPrefix("higlint: - ") })
    }

    func testEachUpdateListsTheFindingsThatAppearedAndWent() throws {
        let workspace = try Workspace()
        try workspace.write("tree/home.yaml", Specs.screen("Home", button: 20))
        try workspace.write("tree/ok.yaml", Specs.screen("Ok"))
        let daemon = try WatchDaemon(in: workspace)
        try daemon.waitForStart()

        try workspace.write("tree/home.yaml", Specs.screen("Home"))
        try workspace.write("tree/second.yaml", Specs.screen("Second", button: 22, parent: "Nowhere"))
        try daemon.assertMatchesCheck()
        try workspace.write("tree/ok.yaml", Specs.screen("Ok") + "# a comment: same findings\n")
        try daemon.waitForLog("ok.yaml changed")
        try workspace.write("tree/second.yaml", Specs.screen("Second", parent: "Nowhere"))
        try daemon.assertMatchesCheck()
        // The update's line comes first, then its findings: wait for the last of them.
        try daemon.waitForLog("higlint: - tree/second.yaml:4:5: error: go: frame 22x22 pt")
        let log = daemon.log

        let changes = (1...daemon.updateLines.count).flatMap { linesAfter(update: $0, in: log) }
        XCTAssertTrue(changes.contains("higlint: - tree/home.yaml:3:5: error: go: frame 20x20 pt is under 44x44 pt [buttons.hit-target]"), log)
        XCTAssertTrue(changes.contains("higlint: + tree/second.yaml:4:5: error: go: frame 22x22 pt is under 44x44 pt [buttons.hit-target]"), log)
        XCTAssertTrue(changes.contains { $0.hasPrefix("higlint: + tree/second.yaml:2:9: warning: parent \"Nowhere\"") }, "a project finding appears too: \(log)")
        XCTAssertTrue(changes.contains("higlint: - tree/second.yaml:4:5: error: go: frame 22x22 pt is under 44x44 pt [buttons.hit-target]"), log)
        XCTAssertFalse(changes.contains { $0.contains("parent \"Nowhere\"") && $0.hasPrefix("higlint: - ") }, "the parent finding stayed: \(log)")
        // The edit that changed no finding lists none.
        let commentUpdate = try XCTUnwrap(log.split(separator: "\n").first { $0.contains("ok.yaml changed") })
        let number = try XCTUnwrap(Int(commentUpdate.dropFirst("higlint: update ".count).prefix { $0.isNumber }))
        XCTAssertEqual(linesAfter(update: number, in: log), [], log)
    }

    /// With a baseline the log follows the report: a baselined finding never shows, a new one does.
    func testABaselinedFindingIsNotListed() throws {
        let workspace = try Workspace()
        try workspace.write("tree/home.yaml", Specs.screen("Home", button: 20))
        try workspace.mkdir("cfg")
        let recorded = try Higlint.run([try Higlint.binary(), "check", "tree", "--write-baseline", "cfg/known.json"], in: workspace.url)
        XCTAssertEqual(recorded.status, 0, recorded.stderr)
        try workspace.write("cfg/higlint.yaml", "baseline: known.json\n")
        let daemon = try WatchDaemon(["tree", "--config", "cfg/higlint.yaml"], in: workspace)
        try daemon.waitForStart()
        try workspace.write("tree/home.yaml", "# moved down\n" + Specs.screen("Home", button: 20))
        try workspace.write("tree/new.yaml", Specs.screen("New", button: 21))
        try daemon.assertMatchesCheck()
        try daemon.waitForLog("higlint: + tree/new.yaml:3:5: error: go: frame 21x21 pt")
        XCTAssertFalse(daemon.log.contains("20x20"), "the baselined finding stays out of the log: \(daemon.log)")
    }

    func testOutputKeepsAnotherFormatCurrent() throws {
        let workspace = try Workspace()
        try workspace.write("tree/home.yaml", Specs.screen("Home", button: 20))
        try workspace.mkdir("out")
        let daemon = try WatchDaemon(["tree", "--output", "gitlab=out/gl.json", "-o", "sarif=out/live.sarif"], in: workspace)
        try daemon.waitForStart()
        try workspace.write("tree/home.yaml", Specs.screen("Home", button: 21))
        try daemon.assertMatchesCheck()
        for (format, file) in [("gitlab", "out/gl.json"), ("sarif", "out/live.sarif")] {
            let check = try Higlint.run([try Higlint.binary(), "check", "tree", "--format", format, "--quiet"], in: workspace.url)
            XCTAssertTrue(check.stdout.contains("21x21"), check.stdout)
            try waitUntil("\(file) to equal check --format \(format)") { workspace.read(file) == check.stdout }
        }
    }

    func testOutputMistakesAndMissingPathsAreRefusedAtStart() throws {
        let workspace = try Workspace()
        try workspace.write("tree/home.yaml", Specs.screen("Home"))
        let cases: [([String], String)] = [
            (["tree", "--output", "live.sarif"], "--output takes FORMAT=FILE"),
            (["tree", "--output", "sarf=live.sarif"], "unknown report format \"sarf\""),
            (["tree", "--output", "sarif=-"], "the watcher writes files"),
            (["tree", "nope"], "higlint: error: nope: no such file or directory"),
        ]
        for (arguments, message) in cases {
            let run = try Higlint.run([try Higlint.binary(), "watch"] + arguments + ["--report", "r.json"], in: workspace.url)
            XCTAssertEqual(run.status, 2, "\(arguments): \(run.stderr)")
            XCTAssertTrue(run.stderr.contains(message), "\(arguments): \(run.stderr)")
            XCTAssertNil(workspace.read("r.json"), "nothing was started")
        }
    }
}
