import Foundation
import HiglintCore
import XCTest

/// The HTML report's stylesheet and script are files in the repository,
/// compiled into the binary: the page carries them unchanged, and the script parses.
final class HTMLAssetTests: XCTestCase {
    static var assets: URL { Reports.repositoryRoot.appendingPathComponent("Sources/HiglintCore/Report") }

    func testScriptParses() throws {
        let node = try Tool.node()
        let script = Self.assets.appendingPathComponent("report.js")
        let check = try Tool.run(node, ["--check", script.path], timeout: 60)
        XCTAssertEqual(check.status, 0, "node --check report.js: \(check.stderr)")
    }

    func testPageCarriesBothFilesAsTheyAre() throws {
        let html = Reports.render(Reports.report(Reports.app), .html)
        for (file, opening, closing) in [("report.css", "<style>\n", "</style>"), ("report.js", "<script>\n", "</script>")] {
            var text = try String(contentsOf: Self.assets.appendingPathComponent(file), encoding: .utf8)
            XCTAssertFalse(text.isEmpty, file)
            if text.hasSuffix("\n") { text.removeLast() }
            XCTAssertTrue(html.contains(opening + text + closing), "\(file) is not in the page as it is in the repository")
        }
    }
}
