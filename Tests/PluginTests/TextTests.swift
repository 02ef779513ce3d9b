import HiglintCore
import XCTest

final class TextTests: XCTestCase {
    private func text(font: String) -> String {
        "screen: Home\nelements:\n  - {id: t, type: text, label: Hi, font: \(font)}\n"
    }

    private func titleFont(_ font: String) -> String {
        "screen: Home\nnavigation_bar:\n  title: Home\n  title_font: \(font)\n"
    }

    // MARK: - text.min-size

    func testMinSizeBoundary() {
        XCTAssertEqual(RuleHarness.count("text.min-size", in: text(font: "{size: 10.9}")), 1)
        XCTAssertEqual(RuleHarness.count("text.min-size", in: text(font: "{size: 11}")), 0)
        XCTAssertEqual(RuleHarness.count("text.min-size", in: text(font: "{style: caption2}")), 0)
        XCTAssertEqual(RuleHarness.count("text.min-size", in: text(font: "{size: 0}")), 1)
        // An explicit size wins over the style's default.
        XCTAssertEqual(RuleHarness.count("text.min-size", in: text(font: "{style: body, size: 10}")), 1)
        XCTAssertEqual(RuleHarness.count("text.min-size", in: text(font: "{style: caption2, size: 12}")), 0)
        // Neither size nor style: no effective size, nothing to judge.
        XCTAssertEqual(RuleHarness.count("text.min-size", in: text(font: "{weight: regular}")), 0)
    }

    func testMinSizeThresholdFromConfigAppliesToStyleDefaults() throws {
        let config = try RuleHarness.config("thresholds: {min_font_size: 13}\n")
        XCTAssertEqual(RuleHarness.count("text.min-size", in: text(font: "{style: footnote}"), config: config), 0)
        let found = RuleHarness.findings(text(font: "{style: caption1}"), config: config)
        let finding = try XCTUnwrap(found.first { $0.rule == "text.min-size" })
        XCTAssertEqual(finding.message, "font size 12 pt (caption1 default) is under 13 pt")
    }

    func testMinSizeMessageAndPositionOnTheElement() throws {
        let yaml = "screen: Home\nelements:\n  - id: note\n    type: text\n    font: {size: 10.5}\n"
        let finding = try XCTUnwrap(RuleHarness.findings(yaml).first { $0.rule == "text.min-size" })
        XCTAssertEqual(finding.message, "font size 10.5 pt is under 11 pt")
        XCTAssertEqual(finding.element, "note")
        XCTAssertEqual([finding.line, finding.column], [3, 5])
        XCTAssertEqual(finding.severity, .error)
    }

    func testMinSizeOnNavigationTitleFontIsReportedAtTheFont() throws {
        let finding = try XCTUnwrap(RuleHarness.findings(titleFont("{size: 10}")).first { $0.rule == "text.min-size" })
        XCTAssertEqual(finding.message, "navigation bar title font size 10 pt is under 11 pt")
        XCTAssertEqual([finding.line, finding.column], [4, 15])
        XCTAssertEqual(finding.element, "navigation_bar.title_font")
        XCTAssertEqual(RuleHarness.count("text.min-size", in: titleFont("{size: 11}")), 0)
    }

    func testFontsOfBarItemsTabsAndNestedElementsAreChecked() {
        let yaml = """
            screen: Home
            navigation_bar:
              title: Home
              items:
                - {id: a, type: button, font: {size: 9}}
            toolbar:
              items:
                - {id: b, type: button, font: {size: 9}}
            tab_bar:
              tabs:
                - {title: Feed, font: {size: 9}}
            elements:
              - id: g
                type: group
                children:
                  - id: inner
                    type: group
                    children:
                      - {id: c, type: text, font: {size: 9}}

            """
        let found = RuleHarness.findings(yaml).filter { $0.rule == "text.min-size" }
        XCTAssertEqual(found.map(\.element), ["a", "b", "tab_bar.tabs[0]", "c"])
    }

    func testElementIgnoreSuppressesFontFindings() {
        let yaml = "screen: Home\nelements:\n  - {id: t, type: text, ignore: [text.min-size], font: {size: 9}}\n"
        XCTAssertEqual(RuleHarness.count("text.min-size", in: yaml), 0)
    }

    // MARK: - weights

    func testLightWeights() throws {
        for weight in ["ultralight", "thin", "light"] {
            XCTAssertEqual(RuleHarness.count("text.light-weight", in: text(font: "{weight: \(weight)}")), 1, weight)
        }
        for weight in ["regular", "medium", "semibold", "bold"] {
            XCTAssertEqual(RuleHarness.count("text.light-weight", in: text(font: "{weight: \(weight)}")), 0, weight)
        }
        let finding = try XCTUnwrap(RuleHarness.findings(text(font: "{weight: thin}")).first { $0.rule == "text.light-weight" })
        XCTAssertEqual(finding.message, "font weight thin is lighter than regular")
        XCTAssertEqual(finding.severity, .warning)
        XCTAssertEqual(RuleHarness.count("text.light-weight", in: titleFont("{weight: light}")), 1)
    }

    func testHeavyWeights() throws {
        for weight in ["bold", "heavy", "black"] {
            XCTAssertEqual(RuleHarness.count("text.heavy-weight", in: text(font: "{weight: \(weight)}")), 1, weight)
        }
        for weight in ["light", "regular", "medium", "semibold"] {
            XCTAssertEqual(RuleHarness.count("text.heavy-weight", in: text(font: "{weight: \(weight)}")), 0, weight)
        }
        let finding = try XCTUnwrap(RuleHarness.findings(text(font: "{weight: black}")).first { $0.rule == "text.heavy-weight" })
        XCTAssertEqual(finding.message, "font weight black is heavier than medium")
        XCTAssertEqual(finding.severity, .info)
    }

    func testHeadlineWeight() throws {
        for weight in ["ultralight", "thin", "light", "regular"] {
            XCTAssertEqual(
                RuleHarness.count("text.headline-weight", in: text(font: "{style: headline, weight: \(weight)}")), 1, weight)
        }
        for weight in ["medium", "semibold", "bold"] {
            XCTAssertEqual(
                RuleHarness.count("text.headline-weight", in: text(font: "{style: headline, weight: \(weight)}")), 0, weight)
        }
        XCTAssertEqual(RuleHarness.count("text.headline-weight", in: text(font: "{style: headline}")), 0)
        XCTAssertEqual(RuleHarness.count("text.headline-weight", in: text(font: "{style: body, weight: regular}")), 0)
        let found = RuleHarness.findings(text(font: "{style: headline, weight: regular}"))
        let finding = try XCTUnwrap(found.first { $0.rule == "text.headline-weight" })
        XCTAssertEqual(finding.message, "headline font has weight regular, so it looks like body text")
        // A light headline breaks both rules: each says its own thing.
        let light = RuleHarness.ids(RuleHarness.findings(text(font: "{style: headline, weight: light}")))
        XCTAssertTrue(light.contains("text.light-weight") && light.contains("text.headline-weight"), "\(light)")
    }

    // MARK: - text.fixed-size

    func testFixedSize() throws {
        XCTAssertEqual(RuleHarness.count("text.fixed-size", in: text(font: "{style: body, dynamic: false}")), 1)
        XCTAssertEqual(RuleHarness.count("text.fixed-size", in: text(font: "{style: body, dynamic: true}")), 0)
        XCTAssertEqual(RuleHarness.count("text.fixed-size", in: text(font: "{style: body}")), 0)
        XCTAssertEqual(RuleHarness.count("text.fixed-size", in: titleFont("{dynamic: false}")), 1)
        let finding = try XCTUnwrap(
            RuleHarness.findings(text(font: "{size: 15, dynamic: false}")).first { $0.rule == "text.fixed-size" })
        XCTAssertEqual(finding.message, "font has dynamic: false and ignores the user's text size")
        XCTAssertEqual(finding.element, "t")
    }

    // MARK: - text.nav-title-size

    func testNavTitleSize() throws {
        XCTAssertEqual(RuleHarness.count("text.nav-title-size", in: titleFont("{size: 17}")), 0)
        XCTAssertEqual(RuleHarness.count("text.nav-title-size", in: titleFont("{size: 17.5}")), 1)
        XCTAssertEqual(RuleHarness.count("text.nav-title-size", in: titleFont("{size: 16}")), 1)
        XCTAssertEqual(RuleHarness.count("text.nav-title-size", in: titleFont("{style: body}")), 0)
        XCTAssertEqual(RuleHarness.count("text.nav-title-size", in: titleFont("{style: title1, size: 17}")), 0)
        // No size and no style: the system's title size applies, so nothing is reported.
        XCTAssertEqual(RuleHarness.count("text.nav-title-size", in: titleFont("{weight: semibold}")), 0)
        // Only the navigation bar's title font is judged.
        XCTAssertEqual(RuleHarness.count("text.nav-title-size", in: text(font: "{size: 20}")), 0)
        let finding = try XCTUnwrap(RuleHarness.findings(titleFont("{style: title1}")).first { $0.rule == "text.nav-title-size" })
        XCTAssertEqual(finding.message, "navigation bar title font is 28 pt (title1 default); navigation titles are 17 pt")
        XCTAssertEqual([finding.line, finding.column], [4, 15])
        XCTAssertEqual(finding.severity, .info)
    }
}
