import HiglintCore
import HiglintPlugins
import XCTest

final class ContrastTests: XCTestCase {
    private func text(_ color: String, font: String = "{size: 17}", screen: String = "") -> String {
        "screen: Home\n\(screen)elements:\n  - {id: t, type: text, label: Hi, color: \(color), font: \(font)}\n"
    }

    /// Figures from WCAG 2.2's formula, computed apart from the product (Python, 8-bit sRGB).
    func testRatioMatchesWCAGToThreeDecimals() throws {
        let table: [(String, String, Double)] = [
            ("#999999", "#FFFFFF", 2.849028), ("#767676", "#FFFFFF", 4.542225), ("#777777", "#FFFFFF", 4.478089),
            ("#949494", "#FFFFFF", 3.033470), ("#959595", "#FFFFFF", 2.995346), ("#000000", "#FFFFFF", 21),
            ("#0000FF", "#FFFFFF", 8.592471), ("#FF0000", "#000000", 5.252), ("#777777", "#333333", 2.821439),
        ]
        for (first, second, expected) in table {
            let a = try XCTUnwrap(RGBA(hex: first))
            let b = try XCTUnwrap(RGBA(hex: second))
            XCTAssertEqual(RGBA.contrastRatio(a, b), expected, accuracy: 0.0005, "\(first) on \(second)")
        }
    }

    func testBoundariesAtFourAndAHalfAndThree() {
        XCTAssertEqual(RuleHarness.count("text.contrast", in: text("\"#767676\"")), 0)
        XCTAssertEqual(RuleHarness.count("text.contrast", in: text("\"#777777\"")), 1)
        XCTAssertEqual(RuleHarness.count("text.contrast", in: text("\"#949494\"", font: "{size: 18}")), 0)
        XCTAssertEqual(RuleHarness.count("text.contrast", in: text("\"#959595\"", font: "{size: 18}")), 1)
        XCTAssertEqual(RuleHarness.count("text.contrast", in: text("\"#949494\"", font: "{size: 17.9}")), 1)
        XCTAssertEqual(RuleHarness.count("text.contrast", in: text("\"#949494\"", font: "{size: 12, weight: bold}")), 0)
        XCTAssertEqual(RuleHarness.count("text.contrast", in: text("\"#949494\"", font: "{size: 12, weight: semibold}")), 1)
        XCTAssertEqual(RuleHarness.count("text.contrast", in: text("\"#949494\"", font: "{style: title3}")), 0)
    }

    func testMessageRoundsDownAndHintNamesAPassingColour() throws {
        let finding = try XCTUnwrap(RuleHarness.findings(text("\"#999999\"")).first { $0.rule == "text.contrast" })
        XCTAssertEqual(finding.message, "#999999 on #FFFFFF is 2.84:1, under 4.5:1")
        XCTAssertEqual(finding.severity, .warning)
        let passing = try XCTUnwrap(finding.hint.split(separator: ",").first.flatMap { RGBA(hex: String($0)) })
        XCTAssertGreaterThanOrEqual(RGBA.contrastRatio(passing, .white), 4.5)
        XCTAssertEqual(passing.red, passing.green)
    }

    func testAppearancesAreNamedWhenTheColoursDiffer() {
        let yaml = text("{light: \"#777777\", dark: \"#333333\"}")
        XCTAssertEqual(RuleHarness.findings(yaml).filter { $0.rule == "text.contrast" }.map(\.message).sorted(), [
            "#333333 on #000000 is 1.66:1, under 4.5:1 in the dark appearance",
            "#777777 on #FFFFFF is 4.47:1, under 4.5:1 in the light appearance",
        ])
    }

    func testAlphaIsCompositedDownTheChain() {
        // Black at alpha 0x80 (128/255) over white leaves 127/255 of white: #7F7F7F.
        XCTAssertEqual(
            RuleHarness.findings(text("\"#00000080\"")).filter { $0.rule == "text.contrast" }.map(\.message),
            ["#7F7F7F on #FFFFFF is 4.00:1, under 4.5:1"])
        let nested = """
            screen: Home
            background: "#000000"
            elements:
              - id: card
                type: group
                background: "#FFFFFF80"
                children:
                  - {id: t, type: text, label: Hi, color: "#FFFFFF"}
            """
        XCTAssertEqual(
            RuleHarness.findings(nested + "\n").filter { $0.rule == "text.contrast" }.map(\.message),
            ["#FFFFFF on #808080 is 3.94:1, under 4.5:1"])
    }

    func testNoColourAndUnknownColoursGiveNoFinding() throws {
        XCTAssertEqual(RuleHarness.count("text.contrast", in: "screen: Home\nelements:\n  - {id: t, type: text, label: Hi}\n"), 0)
        var screen = Screen(device: .iphone, canvas: Size(width: 375, height: 667))
        var element = Element(placement: .content, path: "elements[0]", marks: Marks(.start))
        element.type = .text
        element.label = "Hi"
        element.color = .fixed(RGBA(red: 0.6, green: 0.6, blue: 0.6))
        element.background = .unknown("an image view behind it")
        screen.elements = [element]
        let rule = try XCTUnwrap(BuiltinPlugins.all.flatMap(\.screenRules).first { $0.description.id == "text.contrast" })
        XCTAssertTrue(rule.check(screen, in: RuleContext()).isEmpty)
        element.background = nil
        screen.elements = [element]
        XCTAssertEqual(rule.check(screen, in: RuleContext()).count, 1)
    }

    func testBadColoursAreSchemaFindings() {
        for bad in ["red", "\"#12345\"", "{light: \"#000\"}", "12"] {
            XCTAssertEqual(RuleHarness.count("spec.schema", in: text(bad)), 1, bad)
        }
        XCTAssertEqual(RuleHarness.count("spec.schema", in: text("clear")), 0)
        XCTAssertEqual(RuleHarness.count("spec.schema", in: text("\"#aBc\"")), 0)
    }
}
