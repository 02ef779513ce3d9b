import HiglintCore
import XCTest

final class ButtonsTests: XCTestCase {
    private func button(_ frame: String, extra: String = "") -> String {
        "screen: Home\nelements:\n  - {id: b, type: button, frame: \(frame)\(extra)}\n"
    }

    func testHitTargetBoundary() {
        XCTAssertEqual(RuleHarness.count("buttons.hit-target", in: button("[0, 100, 43.9, 44]")), 1)
        XCTAssertEqual(RuleHarness.count("buttons.hit-target", in: button("[0, 100, 44, 43.9]")), 1)
        XCTAssertEqual(RuleHarness.count("buttons.hit-target", in: button("[0, 100, 44, 44]")), 0)
        XCTAssertEqual(RuleHarness.count("buttons.hit-target", in: button("{x: 0, y: 100, width: 44, height: 44}")), 0)
    }

    func testHitAreaWinsOverFrame() {
        XCTAssertEqual(RuleHarness.count("buttons.hit-target", in: button("[0, 100, 20, 20]", extra: ", hit_area: [44, 44]")), 0)
        XCTAssertEqual(RuleHarness.count("buttons.hit-target", in: button("[0, 100, 60, 60]", extra: ", hit_area: [43.9, 60]")), 1)
    }

    func testHitTargetMessageAndPosition() throws {
        let found = RuleHarness.findings("screen: Home\nelements:\n  - id: save\n    type: button\n    frame: [0, 100, 30, 30]\n")
        let finding = try XCTUnwrap(found.first { $0.rule == "buttons.hit-target" })
        XCTAssertEqual(finding.message, "frame 30x30 pt is under 44x44 pt")
        XCTAssertEqual(finding.element, "save")
        XCTAssertEqual(finding.screen, "Home")
        XCTAssertEqual([finding.line, finding.column], [3, 5])
        XCTAssertEqual(finding.severity, .error)
    }

    func testHitTargetSkipsNonInteractiveAndFramelessElements() {
        XCTAssertEqual(RuleHarness.count("buttons.hit-target", in: "screen: A\nelements:\n  - {id: t, type: text, frame: [0, 0, 10, 10]}\n"), 0)
        XCTAssertEqual(RuleHarness.count("buttons.hit-target", in: "screen: A\nelements:\n  - {id: t, type: button}\n"), 0)
        // Anything with an action is interactive.
        XCTAssertEqual(RuleHarness.count("buttons.hit-target", in: "screen: A\nelements:\n  - {id: t, type: image, action: open, frame: [0, 0, 10, 10]}\n"), 1)
    }

    func testHitTargetThresholdFromConfig() throws {
        let config = try RuleHarness.config("thresholds: {min_hit_target: 30}\n")
        XCTAssertEqual(RuleHarness.count("buttons.hit-target", in: button("[0, 100, 30, 30]"), config: config), 0)
        XCTAssertEqual(RuleHarness.count("buttons.hit-target", in: button("[0, 100, 29, 30]"), config: config), 1)
    }

    private func pair(_ second: String) -> String {
        "screen: Home\nelements:\n  - {id: a, type: button, frame: [0, 100, 44, 44]}\n  - {id: b, type: button, frame: \(second)}\n"
    }

    func testSpacingBoundary() {
        XCTAssertEqual(RuleHarness.count("buttons.spacing", in: pair("[51.9, 100, 44, 44]")), 1)  // 7.9 apart
        XCTAssertEqual(RuleHarness.count("buttons.spacing", in: pair("[52, 100, 44, 44]")), 0)  // 8 apart
        XCTAssertEqual(RuleHarness.count("buttons.spacing", in: pair("[0, 151.9, 44, 44]")), 1)  // vertically 7.9
        XCTAssertEqual(RuleHarness.count("buttons.spacing", in: pair("[0, 152, 44, 44]")), 0)
        XCTAssertEqual(RuleHarness.count("buttons.spacing", in: pair("[20, 120, 44, 44]")), 1)  // overlap
    }

    func testSpacingThresholdFromConfig() throws {
        let config = try RuleHarness.config("thresholds: {min_spacing: 12.5}\n")
        XCTAssertEqual(RuleHarness.count("buttons.spacing", in: pair("[56.5, 100, 44, 44]"), config: config), 0)
        let found = RuleHarness.findings(pair("[56.4, 100, 44, 44]"), config: config).filter { $0.rule == "buttons.spacing" }
        XCTAssertEqual(found.map(\.message), ["touch area is 12.4 pt from \"a\"'s; at least 12.5 pt apart"])
    }

    func testSpacingReportedOnceOnTheLaterElement() throws {
        let found = RuleHarness.findings(pair("[50, 100, 44, 44]")).filter { $0.rule == "buttons.spacing" }
        XCTAssertEqual(found.count, 1)
        XCTAssertEqual(found.first?.element, "b")
        XCTAssertEqual(found.first?.message, "touch area is 6 pt from \"a\"'s; at least 8 pt apart")
    }

    func testSpacingUsesHitAreas() {
        // Frames 16 pt apart, but 44-pt hit areas around 20-pt frames overlap.
        let yaml = "screen: Home\nelements:\n  - {id: a, type: button, frame: [0, 100, 20, 20], hit_area: [44, 44]}\n  - {id: b, type: button, frame: [36, 100, 20, 20], hit_area: [44, 44]}\n"
        XCTAssertEqual(RuleHarness.count("buttons.spacing", in: yaml), 1)
    }

    func testSpacingExcludesBarItems() {
        let yaml = "screen: Home\nnavigation_bar:\n  title: Home\n  items:\n    - {id: a, type: button, frame: [300, 20, 44, 44]}\n    - {id: b, type: button, frame: [330, 20, 44, 44]}\n"
        XCTAssertEqual(RuleHarness.count("buttons.spacing", in: yaml), 0)
    }

    func testBorderInBarAndDialogs() {
        XCTAssertEqual(RuleHarness.count("buttons.border-in-bar", in: "screen: A\nnavigation_bar:\n  title: A\n  items:\n    - {id: e, type: button, border: true}\n"), 1)
        XCTAssertEqual(RuleHarness.count("buttons.border-in-bar", in: "screen: A\nelements:\n  - id: sheet\n    type: action-sheet\n    children:\n      - id: g\n        type: group\n        children:\n          - {id: d, type: button, border: true}\n"), 1)
        XCTAssertEqual(RuleHarness.count("buttons.border-in-bar", in: "screen: A\nelements:\n  - {id: d, type: button, border: true}\n"), 0)
        XCTAssertEqual(RuleHarness.count("buttons.border-in-bar", in: "screen: A\ntoolbar:\n  items:\n    - {id: e, type: button, border: false}\n"), 0)
    }

    func testCustomStandardAction() {
        XCTAssertEqual(RuleHarness.count("buttons.custom-standard-action", in: "screen: A\nelements:\n  - {id: t, type: button, action: trash, icon: custom:bin}\n"), 1)
        XCTAssertEqual(RuleHarness.count("buttons.custom-standard-action", in: "screen: A\nelements:\n  - {id: t, type: button, action: trash, icon: system:trash}\n"), 0)
        XCTAssertEqual(RuleHarness.count("buttons.custom-standard-action", in: "screen: A\nelements:\n  - {id: t, type: button, action: trash}\n"), 0)
        XCTAssertEqual(RuleHarness.count("buttons.custom-standard-action", in: "screen: A\nelements:\n  - {id: t, type: button, action: launch, icon: custom:rocket}\n"), 0)
    }

    func testElementIgnoreSuppressesOnChildren() {
        let yaml = "screen: A\nelements:\n  - id: g\n    type: group\n    ignore: [buttons]\n    children:\n      - {id: b, type: button, frame: [0, 0, 10, 10]}\n"
        XCTAssertEqual(RuleHarness.count("buttons.hit-target", in: yaml), 0)
    }
}
