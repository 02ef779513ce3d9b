import Foundation
import TestSupport
import XCTest

/// `higlint check` on a tree with a Figma file response, as the built binary runs it: each
/// finding at the line and column of its layer's object, named by the layer, with its link.
final class FigmaCheckTests: XCTestCase {
    static let key = FigmaTestFiles.key
    static let design = FigmaTestFiles.signIn()

    func testCheckPrintsTheFindingsOfAFigmaFileAtTheirLayers() throws {
        let tree = try SpecTree()
        try tree.write("design/\(Self.key).figma.json", Self.design)
        try tree.write("specs/clean.yaml", "screen: Clean\n")
        let outcome = try HiglintProcess.run(["check", "."], in: tree.url)
        XCTAssertEqual(outcome.status, 1, outcome.stderr)
        let link = "https://www.figma.com/design/\(Self.key)/?node-id="
        XCTAssertEqual(outcome.stdout, """
            design/\(Self.key).figma.json:13:15: error: Close: frame 30x30 pt is under 44x44 pt (Figma FRAME, node 1:3) [buttons.hit-target]
                link: \(link)1-3
            design/\(Self.key).figma.json:18:15: error: Terms: font size 9 pt is under 11 pt (Figma TEXT, node 1:4) [text.min-size]
                link: \(link)1-4

            """)
        XCTAssertEqual(outcome.stderr, "2 files, 2 screens: 2 errors, 0 warnings, 0 infos\n")
    }

    func testJSONGivesTheLinkAndCountsWhatStayedUnknown() throws {
        let tree = try SpecTree()
        try tree.write("\(Self.key).figma.json", Self.design)
        let outcome = try HiglintProcess.run(["check", ".", "--format", "json"], in: tree.url)
        XCTAssertEqual(outcome.status, 1, outcome.stderr)
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        let findings = try XCTUnwrap(report["findings"] as? [[String: Any]])
        let hit = try XCTUnwrap(findings.first { $0["rule"] as? String == "buttons.hit-target" })
        XCTAssertEqual(hit["line"] as? Int, 13)
        XCTAssertEqual(hit["column"] as? Int, 15)
        XCTAssertEqual(hit["screen"] as? String, "Sign in")
        XCTAssertEqual(hit["element"] as? String, "Close")
        XCTAssertEqual(hit["url"] as? String, "https://www.figma.com/design/\(Self.key)/?node-id=1-3")
        let unknown = try XCTUnwrap(report["unknown"] as? [[String: Any]])
        XCTAssertEqual(unknown.map { "\($0["rule"] ?? "") \($0["elements"] ?? "")" }, ["text.fixed-size 1"])
    }

    func testAFileThatIsNotAFileResponseIsOneFinding() throws {
        let tree = try SpecTree()
        try tree.write("broken.figma.json", "{\"status\": 403, \"err\": \"Invalid token\"}")
        try tree.write("cut.figma.json", String(Self.design.prefix(300)))
        let outcome = try HiglintProcess.run(["check", "."], in: tree.url)
        XCTAssertEqual(outcome.status, 1, outcome.stderr)
        XCTAssertEqual(outcome.stdout.split(separator: "\n").filter { !$0.hasPrefix(" ") }, [
            "broken.figma.json:1:1: error: a Figma API error answer (status 403: \"Invalid token\"), not a file [figma.syntax]",
            "cut.figma.json:10:13: error: not valid JSON: a string is not closed before the end of the file (a truncated download?) [figma.syntax]",
        ])
    }
}
