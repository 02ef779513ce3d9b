import Foundation
import XCTest

/// `watch.outputs` in the config: more live reports in other formats, each
/// the bytes `check` writes in that format (the HTML page adds its reload).
final class ExtraOutputTests: XCTestCase {
    private func check(_ format: String, in workspace: Workspace) throws -> String {
        let outcome = try Higlint.run(
            [try Higlint.binary(), "check", "tree", "--config", "cfg/higlint.yaml", "--format", format, "--quiet"],
            in: workspace.url)
        XCTAssertTrue(outcome.status == 0 || outcome.status == 1, outcome.stderr)
        return outcome.stdout
    }

    func testOutputsFollowTheTree() throws {
        let workspace = try Workspace()
        try workspace.write("tree/home.yaml", Specs.screen("Home", button: 20))
        try workspace.write(
            "cfg/higlint.yaml",
            "watch:\n  outputs: [\"sarif=../out/live.sarif\", \"junit=../out/live.xml\", \"html=../out/live.html\"]\n")
        let daemon = try WatchDaemon(["tree", "--config", "cfg/higlint.yaml"], in: workspace)
        try daemon.waitForStart()

        try workspace.write("tree/home.yaml", Specs.screen("Home", button: 21))
        try workspace.write("tree/second.yaml", Specs.screen("Second", button: 22, parent: "Nowhere"))
        try daemon.assertMatchesCheck()
        for (format, file) in [("sarif", "out/live.sarif"), ("junit", "out/live.xml")] {
            let expected = try check(format, in: workspace)
            try waitUntil("\(file) to equal check --format \(format)") { workspace.read(file) == expected }
        }
        let page = try XCTUnwrap(workspace.read("out/live.html"))
        XCTAssertTrue(page.contains("live, updated "), "the page says it is live")
        XCTAssertTrue(page.contains("frame 22x22 pt"))
        XCTAssertEqual(daemon.watchSection?["files"] as? Int, 2)
    }
}
