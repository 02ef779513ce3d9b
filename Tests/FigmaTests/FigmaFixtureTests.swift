import FigmaImporter
import Foundation
import HiglintCore
import TestSupport
import XCTest

/// Two real file responses (Tests/Fixtures/figma, MIT): they parse, and give exactly the
/// findings docs/figma.md reviews one by one.
final class FigmaFixtureTests: XCTestCase {
    static let fixtures = TestFixtures.url("figma")

    private func review(_ name: String) throws -> FileResult {
        let bytes = Array(try Data(contentsOf: Self.fixtures.appendingPathComponent(name)))
        var config = Config()
        config.limits.maxFileBytes = 4 << 20
        return FigmaFile.review(bytes, name: "FigmagicTemplate40.figma.json", config: config)
    }

    func testFigmagicGivesTheReviewedFindings() throws {
        let result = try review("figmagic-figma.json")
        XCTAssertEqual(result.screenCount, 2, "the iPad Pro 11-inch and the iPhone X frames of the Views page")
        XCTAssertEqual(result.findings.map { "\($0.line):\($0.column) \($0.rule) \($0.element ?? "")" }, [
            "31886:19 layout.outside-container Button",
            "32757:23 text.heavy-weight :text",
            "34170:23 layout.outside-container Text #2",
            "34422:23 layout.outside-container Normal",
            "36617:23 layout.outside-container Text #6",
            "36617:23 text.heavy-weight Text #6",
            "36705:23 layout.outside-container Text #7",
            "36781:23 layout.outside-container Text #8",
            "36857:23 text.heavy-weight Text #9",
            "38776:23 text.heavy-weight :text",
            "40095:23 layout.outside-container Text",
            "40274:23 layout.outside-container Text #2",
            "40497:23 layout.outside-container Text #3",
            "40581:23 layout.outside-container Normal",
            "41613:23 layout.outside-container Text #5",
            "42872:23 layout.outside-container Text #6",
            "42872:23 text.heavy-weight Text #6",
            "42970:23 layout.outside-container Text #7",
            "43056:23 layout.outside-container Text #8",
            "43142:23 text.heavy-weight Text #9",
        ])
        XCTAssertEqual(result.unknown, ["buttons.hit-target": 29, "text.contrast": 11, "text.fixed-size": 22])
        let first = try XCTUnwrap(result.findings.first)
        XCTAssertEqual(first.screen, "iPad Pro 11\"")
        XCTAssertTrue(first.message.hasSuffix("(Figma instance of \"Button\", node I3022:702;3213:1449)"), first.message)
        XCTAssertEqual(first.url, "https://www.figma.com/design/FigmagicTemplate40/?node-id=I3022-702%3B3213-1449")
    }

    func testMaterialHasNoFrameOfADevicesSize() throws {
        let result = try review("material.json")
        XCTAssertEqual(result.screenCount, 0, "its frames are 1920 and 2061 points wide: documentation pages, not screens")
        XCTAssertEqual(result.findings.count, 0)
    }
}
