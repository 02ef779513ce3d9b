import HiglintCore
import XCTest

final class LayoutTests: XCTestCase {
    private func image(_ frame: String, header: String = "") -> String {
        "screen: Home\n\(header)elements:\n  - {id: pic, type: image, frame: \(frame)}\n"
    }

    // MARK: - layout.offscreen

    func testOffscreenEdges() {
        XCTAssertEqual(RuleHarness.count("layout.offscreen", in: image("[0, 100, 375, 50]")), 0)
        XCTAssertEqual(RuleHarness.count("layout.offscreen", in: image("[300, 100, 75, 50]")), 0)
        XCTAssertEqual(RuleHarness.count("layout.offscreen", in: image("[300, 100, 75.1, 50]")), 1)
        XCTAssertEqual(RuleHarness.count("layout.offscreen", in: image("[-0.1, 100, 50, 50]")), 1)
        // Vertical overflow is scrolling content, not this rule's business.
        XCTAssertEqual(RuleHarness.count("layout.offscreen", in: image("[0, 900, 375, 50]")), 0)
        XCTAssertEqual(RuleHarness.count("layout.offscreen", in: image("[0, 100, 320, 50]", header: "canvas: [320, 568]\n")), 0)
        XCTAssertEqual(RuleHarness.count("layout.offscreen", in: image("[0, 100, 321, 50]", header: "canvas: [320, 568]\n")), 1)
        XCTAssertEqual(RuleHarness.count("layout.offscreen", in: image("[0, 100, 768, 50]", header: "device: ipad\n")), 0)
        XCTAssertEqual(RuleHarness.count("layout.offscreen", in: image("[0, 100, 769, 50]", header: "device: ipad\n")), 1)
    }

    func testOffscreenInsideHorizontalScrollAtAnyDepth() {
        func tree(_ scroll: String) -> String {
            "screen: Home\nelements:\n  - id: strip\n    type: group\n    scroll: \(scroll)\n    frame: [0, 100, 375, 100]\n    children:\n      - id: row\n        type: group\n        children:\n          - {id: card, type: image, frame: [300, 100, 200, 100]}\n"
        }
        XCTAssertEqual(RuleHarness.count("layout.offscreen", in: tree("horizontal")), 0)
        XCTAssertEqual(RuleHarness.count("layout.offscreen", in: tree("both")), 0)
        XCTAssertEqual(RuleHarness.count("layout.offscreen", in: tree("vertical")), 1)
        XCTAssertEqual(RuleHarness.count("layout.offscreen", in: tree("none")), 1)
        // The scrolling container itself must still fit.
        let wide = "screen: Home\nelements:\n  - {id: strip, type: group, scroll: horizontal, frame: [0, 100, 500, 100]}\n"
        XCTAssertEqual(RuleHarness.count("layout.offscreen", in: wide), 1)
    }

    func testOffscreenChecksBarItems() {
        let yaml = "screen: Home\nnavigation_bar:\n  title: Home\n  items:\n    - {id: edit, type: button, frame: [340, 20, 44, 44]}\n"
        XCTAssertEqual(RuleHarness.count("layout.offscreen", in: yaml), 1)
        let inside = "screen: Home\ntoolbar:\n  items:\n    - {id: edit, type: button, frame: [331, 623, 44, 44]}\n"
        XCTAssertEqual(RuleHarness.count("layout.offscreen", in: inside), 0)
    }

    func testOffscreenMessagesAndPosition() throws {
        let right = try XCTUnwrap(RuleHarness.findings(image("[300, 100, 90, 50]")).first { $0.rule == "layout.offscreen" })
        XCTAssertEqual(right.message, "frame ends at x 390 pt, past the canvas width of 375 pt")
        XCTAssertEqual(right.element, "pic")
        XCTAssertEqual([right.line, right.column], [3, 5])
        XCTAssertEqual(right.severity, .error)
        let both = try XCTUnwrap(RuleHarness.findings(image("[-10, 100, 400, 50]")).first { $0.rule == "layout.offscreen" })
        XCTAssertEqual(both.message, "frame starts at x -10 pt, left of the canvas and ends at x 390 pt, past the canvas width of 375 pt")
    }

    // MARK: - layout.horizontal-scroll-text

    private func scroller(scroll: String, containerRole: String? = nil, textRole: String? = nil, type: String = "text") -> String {
        let outerRole = containerRole.map { "    role: \($0)\n" } ?? ""
        let innerRole = textRole.map { ", role: \($0)" } ?? ""
        return "screen: Read\nelements:\n  - id: strip\n    type: group\n    scroll: \(scroll)\n\(outerRole)    children:\n      - id: row\n        type: group\n        children:\n          - {id: body, type: \(type), label: Text\(innerRole)}\n"
    }

    func testHorizontalScrollText() {
        let id = "layout.horizontal-scroll-text"
        XCTAssertEqual(RuleHarness.count(id, in: scroller(scroll: "horizontal", textRole: "primary")), 1)
        XCTAssertEqual(RuleHarness.count(id, in: scroller(scroll: "both", textRole: "primary")), 1)
        XCTAssertEqual(RuleHarness.count(id, in: scroller(scroll: "horizontal", containerRole: "primary")), 1)
        XCTAssertEqual(RuleHarness.count(id, in: scroller(scroll: "both", containerRole: "primary")), 1)
        XCTAssertEqual(RuleHarness.count(id, in: scroller(scroll: "horizontal")), 0)
        XCTAssertEqual(RuleHarness.count(id, in: scroller(scroll: "horizontal", textRole: "caption")), 0)
        XCTAssertEqual(RuleHarness.count(id, in: scroller(scroll: "vertical", containerRole: "primary", textRole: "primary")), 0)
        XCTAssertEqual(RuleHarness.count(id, in: scroller(scroll: "none", textRole: "primary")), 0)
        XCTAssertEqual(RuleHarness.count(id, in: scroller(scroll: "horizontal", containerRole: "primary", type: "image")), 0)
        // Primary text that is not inside any scroller.
        XCTAssertEqual(RuleHarness.count(id, in: "screen: Read\nelements:\n  - {id: body, type: text, role: primary}\n"), 0)
    }

    func testHorizontalScrollTextMessages() throws {
        let id = "layout.horizontal-scroll-text"
        let own = try XCTUnwrap(RuleHarness.findings(scroller(scroll: "horizontal", textRole: "primary")).first { $0.rule == id })
        XCTAssertEqual(own.message, "primary text \"body\" sits in \"strip\", which scrolls horizontal")
        XCTAssertEqual(own.element, "body")
        XCTAssertEqual([own.line, own.column], [10, 13])
        XCTAssertEqual(own.severity, .warning)
        let container = try XCTUnwrap(RuleHarness.findings(scroller(scroll: "both", containerRole: "primary")).first { $0.rule == id })
        XCTAssertEqual(container.message, "text \"body\" sits in primary \"strip\", which scrolls both")
    }

    // MARK: - layout.primary-below-fold

    private func primary(y: String, header: String = "") -> String {
        "screen: Home\n\(header)elements:\n  - {id: feed, type: list, role: primary, frame: [0, \(y), 375, 100]}\n"
    }

    func testPrimaryBelowFoldAtTheMidpoint() {
        // 667 / 2 = 333.5: starting exactly there is starting in the lower half.
        XCTAssertEqual(RuleHarness.count("layout.primary-below-fold", in: primary(y: "333.5")), 1)
        XCTAssertEqual(RuleHarness.count("layout.primary-below-fold", in: primary(y: "333.4")), 0)
        XCTAssertEqual(RuleHarness.count("layout.primary-below-fold", in: primary(y: "512", header: "device: ipad\n")), 1)
        XCTAssertEqual(RuleHarness.count("layout.primary-below-fold", in: primary(y: "511.9", header: "device: ipad\n")), 0)
        XCTAssertEqual(RuleHarness.count("layout.primary-below-fold", in: primary(y: "200", header: "canvas: [375, 400]\n")), 1)
        XCTAssertEqual(RuleHarness.count("layout.primary-below-fold", in: "screen: Home\nelements:\n  - {id: feed, type: list, role: primary}\n"), 0)
        XCTAssertEqual(RuleHarness.count("layout.primary-below-fold", in: "screen: Home\nelements:\n  - {id: ad, type: image, frame: [0, 600, 375, 60]}\n"), 0)
    }

    func testPrimaryBelowFoldMessageAndPosition() throws {
        let finding = try XCTUnwrap(RuleHarness.findings(primary(y: "400")).first { $0.rule == "layout.primary-below-fold" })
        XCTAssertEqual(finding.message, "primary element starts at y 400 pt, in the lower half of the 667 pt canvas, which starts at y 333.5 pt (half the height; starting exactly there counts as below)")
        XCTAssertEqual(finding.element, "feed")
        XCTAssertEqual([finding.line, finding.column], [3, 5])
        XCTAssertEqual(finding.severity, .info)
    }

    // MARK: - layout.near-miss-alignment

    private func siblings(_ secondX: String) -> String {
        "screen: Form\nelements:\n  - {id: a, type: text, frame: [16, 100, 200, 20]}\n  - {id: b, type: text, frame: [\(secondX), 130, 200, 20]}\n"
    }

    func testNearMissBoundaryWithDefaultTolerance() {
        let id = "layout.near-miss-alignment"
        XCTAssertEqual(RuleHarness.count(id, in: siblings("16")), 0)
        XCTAssertEqual(RuleHarness.count(id, in: siblings("16.5")), 1)
        XCTAssertEqual(RuleHarness.count(id, in: siblings("18")), 1)
        XCTAssertEqual(RuleHarness.count(id, in: siblings("18.1")), 0)
        XCTAssertEqual(RuleHarness.count(id, in: siblings("14")), 1)
        XCTAssertEqual(RuleHarness.count(id, in: siblings("13.9")), 0)
        // Decimal noise must not push an exact 2 pt difference over the tolerance.
        let noisy = "screen: Form\nelements:\n  - {id: a, type: text, frame: [14.3, 100, 200, 20]}\n  - {id: b, type: text, frame: [16.3, 130, 200, 20]}\n"
        XCTAssertEqual(RuleHarness.count(id, in: noisy), 1)
    }

    func testNearMissToleranceFromConfig() throws {
        let config = try RuleHarness.config("thresholds: {alignment_tolerance: 3}\n")
        let id = "layout.near-miss-alignment"
        XCTAssertEqual(RuleHarness.count(id, in: siblings("18.1"), config: config), 1)
        XCTAssertEqual(RuleHarness.count(id, in: siblings("19"), config: config), 1)
        XCTAssertEqual(RuleHarness.count(id, in: siblings("19.1"), config: config), 0)
        let exact = try RuleHarness.config("thresholds: {alignment_tolerance: 0}\n")
        XCTAssertEqual(RuleHarness.count(id, in: siblings("16.5"), config: exact), 0)
    }

    func testNearMissComparesSiblingsOnlyOncePerPairOnTheLater() throws {
        let id = "layout.near-miss-alignment"
        let yaml = """
            screen: Form
            elements:
              - {id: a, type: text, frame: [16, 100, 200, 20]}
              - id: card
                type: group
                frame: [17, 130, 300, 100]
                children:
                  - {id: c1, type: text, frame: [16, 140, 100, 20]}
                  - {id: c2, type: text, frame: [40, 170, 100, 20]}
                  - {id: c3, type: text, frame: [41, 200, 100, 20]}
              - {id: b, type: text, frame: [0, 240, 200, 20]}

            """
        let found = RuleHarness.findings(yaml).filter { $0.rule == id }
        // card vs a (siblings), c3 vs c2 (siblings); never a child against its parent or its parent's siblings.
        XCTAssertEqual(found.map(\.element), ["card", "c3"])
        let first = try XCTUnwrap(found.first)
        XCTAssertEqual(first.message, "left edge x 17 pt is 1 pt off \"a\"'s x 16 pt")
        XCTAssertEqual([first.line, first.column], [4, 5])
        XCTAssertEqual(first.severity, .info)
    }

    private func column(_ xs: [String]) -> String {
        "screen: Form\nelements:\n" + xs.enumerated().map { "  - {id: e\($0.offset), type: text, frame: [\($0.element), \(100 + 30 * $0.offset), 20, 20]}\n" }.joined()
    }

    func testNearMissIsReportedOncePerElementAgainstTheNearestEarlierSibling() throws {
        let found = RuleHarness.findings(column(["16", "17", "18"])).filter { $0.rule == "layout.near-miss-alignment" }
        XCTAssertEqual(found.map(\.element), ["e1", "e2"])
        // e2 (18) is 2 pt off e0 and 1 pt off e1: the nearest is named.
        XCTAssertEqual(found.last?.message, "left edge x 18 pt is 1 pt off \"e1\"'s x 17 pt")
    }

    func testNearMissTieNamesTheFirstEarlierSibling() {
        let found = RuleHarness.findings(column(["16", "18", "17"])).filter { $0.rule == "layout.near-miss-alignment" }
        XCTAssertEqual(found.map(\.element), ["e1", "e2"])
        XCTAssertEqual(found.last?.message, "left edge x 17 pt is 1 pt off \"e0\"'s x 16 pt")
    }

    func testNearMissIsSilentWhenAnEarlierSiblingSharesTheEdgeExactly() {
        let found = RuleHarness.findings(column(["16", "17", "16", "17"])).filter { $0.rule == "layout.near-miss-alignment" }
        XCTAssertEqual(found.map(\.element), ["e1"])
    }

    func testNearMissColumnOfTwentyGivesAtMostNineteen() {
        let xs = (0..<20).map { $0.isMultiple(of: 2) ? "16" : "17" }
        XCTAssertEqual(RuleHarness.count("layout.near-miss-alignment", in: column(xs)), 1)
        let drifting = (0..<20).map { $0 == 0 ? "16" : "17.\($0 % 10)" }
        XCTAssertLessThanOrEqual(RuleHarness.count("layout.near-miss-alignment", in: column(drifting)), 19)
        // Every element 1 pt off the one before: each is reported once, the first never.
        let stairs = (0..<20).map { "\(16 + $0)" }
        XCTAssertEqual(RuleHarness.count("layout.near-miss-alignment", in: column(stairs)), 19)
    }

    func testNearMissBoundaryAtTheTolerance() {
        XCTAssertEqual(RuleHarness.count("layout.near-miss-alignment", in: column(["16", "18"])), 1)
        XCTAssertEqual(RuleHarness.count("layout.near-miss-alignment", in: column(["16", "18.01"])), 0)
        XCTAssertEqual(RuleHarness.count("layout.near-miss-alignment", in: column(["16", "16"])), 0)
        XCTAssertEqual(RuleHarness.count("layout.near-miss-alignment", in: column(["16", "16.01"])), 1)
    }

    // MARK: - layout.inconsistent-style

    func testInconsistentStyleComparesWithTheFirstButtonOfTheAction() {
        let yaml = """
            screen: Store
            elements:
              - {id: b1, type: button, action: buy, border: true}
              - {id: b2, type: button, action: buy}
              - id: more
                type: group
                children:
                  - {id: b3, type: button, action: buy, border: true}
                  - {id: b4, type: button, action: buy, icon: system:cart}
              - {id: g1, type: button, action: gift}
              - {id: g2, type: button, action: gift}

            """
        let found = RuleHarness.findings(yaml).filter { $0.rule == "layout.inconsistent-style" }
        XCTAssertEqual(found.map(\.element), ["b2", "b4"])
        XCTAssertEqual(found.map(\.message), [
            "button does \"buy\" like \"b1\" but differs in border (false vs true)",
            "button does \"buy\" like \"b1\" but differs in border (false vs true), icon (system:cart vs none)",
        ])
        XCTAssertEqual(found.first.map { [$0.line, $0.column] }, [4, 5])
        XCTAssertEqual(found.first?.severity, .warning)
    }

    func testInconsistentStyleFontsCompareByLookNotPosition() {
        let same = "screen: S\nelements:\n  - {id: a, type: button, action: buy, font: {style: body, weight: medium}}\n  - id: b\n    type: button\n    action: buy\n    font:\n      weight: medium\n      style: body\n"
        XCTAssertEqual(RuleHarness.count("layout.inconsistent-style", in: same), 0)
        let differ = "screen: S\nelements:\n  - {id: a, type: button, action: buy, font: {style: body}}\n  - {id: b, type: button, action: buy, font: {style: body, weight: bold}}\n"
        XCTAssertEqual(RuleHarness.count("layout.inconsistent-style", in: differ), 1)
        let missing = "screen: S\nelements:\n  - {id: a, type: button, action: buy, font: {style: body}}\n  - {id: b, type: button, action: buy}\n"
        XCTAssertEqual(RuleHarness.count("layout.inconsistent-style", in: missing), 1)
    }

    func testInconsistentStyleOnlyJudgesContentButtons() {
        // Bar items and non-buttons neither set the reference nor get judged.
        let bar = "screen: S\nnavigation_bar:\n  title: S\n  items:\n    - {id: n, type: button, action: share, border: true}\nelements:\n  - {id: a, type: button, action: share}\n  - {id: link, type: text, action: share, border: true}\n  - {id: b, type: button, action: share}\n"
        XCTAssertEqual(RuleHarness.count("layout.inconsistent-style", in: bar), 0)
        // Buttons without an action are not compared.
        let none = "screen: S\nelements:\n  - {id: a, type: button, border: true}\n  - {id: b, type: button}\n"
        XCTAssertEqual(RuleHarness.count("layout.inconsistent-style", in: none), 0)
    }
}

/// Children outside their container, primary content on the right, icons across screens.
final class ContainerAndIconTests: XCTestCase {
    // MARK: - layout.outside-container

    private let outside = "layout.outside-container"

    private func container(_ frame: String = "[16, 100, 200, 100]", scroll: String? = nil, child: String) -> String {
        "screen: Home\nelements:\n  - id: box\n    type: group\n    frame: \(frame)\n"
            + (scroll.map { "    scroll: \($0)\n" } ?? "")
            + "    children:\n      - {id: kid, type: text, label: Hi, frame: \(child)}\n"
    }

    func testOutsideContainerEdgesAreExact() {
        // The container is [16, 100] to [216, 200].
        XCTAssertEqual(RuleHarness.count(outside, in: container(child: "[16, 100, 200, 100]")), 0)
        XCTAssertEqual(RuleHarness.count(outside, in: container(child: "[15.9, 100, 10, 10]")), 1)
        XCTAssertEqual(RuleHarness.count(outside, in: container(child: "[206.1, 100, 10, 10]")), 1)
        XCTAssertEqual(RuleHarness.count(outside, in: container(child: "[16, 99.9, 10, 10]")), 1)
        XCTAssertEqual(RuleHarness.count(outside, in: container(child: "[16, 190.1, 10, 10]")), 1)
        XCTAssertEqual(RuleHarness.count(outside, in: container(child: "[206, 190, 10, 10]")), 0)
    }

    func testOutsideContainerIsOneFindingPerChildNamingEveryEdge() throws {
        let findings = RuleHarness.findings(container(child: "[0, 90, 300, 300]")).filter { $0.rule == outside }
        XCTAssertEqual(findings.count, 1)
        let finding = try XCTUnwrap(findings.first)
        XCTAssertEqual(finding.message, "frame [0, 90, 300, 300] reaches past the left, right, top and bottom edges of \"box\"'s frame [16, 100, 200, 100]")
        XCTAssertEqual(finding.element, "kid")
        XCTAssertEqual([finding.line, finding.column], [7, 9])
        XCTAssertEqual(finding.severity, .warning)
        let one = RuleHarness.findings(container(child: "[16, 100, 201, 100]")).first { $0.rule == outside }
        XCTAssertEqual(one?.message, "frame [16, 100, 201, 100] reaches past the right edge of \"box\"'s frame [16, 100, 200, 100]")
    }

    func testScrollingFreesItsAxisOnly() {
        let wide = "[0, 100, 400, 100]"
        let tall = "[16, 0, 200, 400]"
        XCTAssertEqual(RuleHarness.count(outside, in: container(scroll: "horizontal", child: wide)), 0)
        XCTAssertEqual(RuleHarness.count(outside, in: container(scroll: "horizontal", child: tall)), 1)
        XCTAssertEqual(RuleHarness.count(outside, in: container(scroll: "vertical", child: tall)), 0)
        XCTAssertEqual(RuleHarness.count(outside, in: container(scroll: "vertical", child: wide)), 1)
        XCTAssertEqual(RuleHarness.count(outside, in: container(scroll: "both", child: "[-50, -50, 900, 900]")), 0)
        XCTAssertEqual(RuleHarness.count(outside, in: container(scroll: "none", child: wide)), 1)
    }

    func testOutsideContainerNeedsBothFramesAndTheDirectContainer() {
        XCTAssertEqual(RuleHarness.count(outside, in: "screen: Home\nelements:\n  - id: box\n    type: group\n    children:\n      - {id: kid, type: text, frame: [0, 0, 900, 900]}\n"), 0)
        XCTAssertEqual(RuleHarness.count(outside, in: "screen: Home\nelements:\n  - id: box\n    type: group\n    frame: [0, 0, 10, 10]\n    children:\n      - {id: kid, type: text}\n"), 0)
        // A grandchild is measured against its own container, which here has no frame.
        let nested = "screen: Home\nelements:\n  - id: box\n    type: group\n    frame: [0, 0, 100, 100]\n    children:\n      - id: inner\n        type: group\n        children:\n          - {id: kid, type: text, frame: [0, 0, 900, 900]}\n"
        XCTAssertEqual(RuleHarness.count(outside, in: nested), 0)
    }

    // MARK: - layout.primary-right-half

    private let rightHalf = "layout.primary-right-half"

    private func primary(x: String, header: String = "") -> String {
        "screen: Home\n\(header)elements:\n  - {id: feed, type: list, role: primary, frame: [\(x), 64, 100, 100]}\n"
    }

    func testPrimaryRightHalfAtTheMidpoint() throws {
        XCTAssertEqual(RuleHarness.count(rightHalf, in: primary(x: "187.5")), 1)
        XCTAssertEqual(RuleHarness.count(rightHalf, in: primary(x: "187.4")), 0)
        XCTAssertEqual(RuleHarness.count(rightHalf, in: primary(x: "384", header: "device: ipad\n")), 1)
        XCTAssertEqual(RuleHarness.count(rightHalf, in: primary(x: "383.9", header: "device: ipad\n")), 0)
        XCTAssertEqual(RuleHarness.count(rightHalf, in: primary(x: "100", header: "canvas: [200, 400]\n")), 1)
        XCTAssertEqual(RuleHarness.count(rightHalf, in: "screen: Home\nelements:\n  - {id: ad, type: image, frame: [300, 0, 60, 60]}\n"), 0)
        let finding = try XCTUnwrap(RuleHarness.findings(primary(x: "200")).first { $0.rule == rightHalf })
        XCTAssertEqual(finding.message, "primary element starts at x 200 pt, in the right half of the 375 pt canvas, which starts at x 187.5 pt (half the width; starting exactly there counts as right)")
        XCTAssertEqual(finding.element, "feed")
        XCTAssertEqual([finding.line, finding.column], [3, 5])
        XCTAssertEqual(finding.severity, .info)
    }

    // MARK: - layout.inconsistent-icon

    private let icon = "layout.inconsistent-icon"

    private func button(_ screen: String, action: String = "add", icon: String?) -> String {
        "screen: \(screen)\nelements:\n  - {id: b, type: button, action: \(action)" + (icon.map { ", icon: \($0)" } ?? "") + "}\n"
    }

    func testInconsistentIconReportsTheOddOnesOut() throws {
        let files = [
            "a.yaml": button("A", icon: "system:plus"), "b.yaml": button("B", icon: "system:plus"),
            "c.yaml": button("C", icon: "custom:add"), "d.yaml": button("D", icon: nil),
        ]
        let findings = RuleHarness.findings(files: files).filter { $0.rule == icon }
        XCTAssertEqual(findings.map(\.file), ["c.yaml", "d.yaml"])
        let first = try XCTUnwrap(findings.first)
        XCTAssertEqual(first.message, "icon custom:add for action \"add\" differs from icon system:plus, used by 2 of 4 buttons and bar items with that action")
        XCTAssertEqual(findings.last?.message, "no icon for action \"add\" differs from icon system:plus, used by 2 of 4 buttons and bar items with that action")
        XCTAssertEqual([first.line, first.column], [3, 5])
        XCTAssertEqual(first.element, "b")
        XCTAssertEqual(first.screen, "C")
        XCTAssertEqual(first.severity, .warning)
    }

    func testInconsistentIconTieGoesToTheFirstByPathThenDocumentOrder() {
        let files = ["b.yaml": button("B", icon: "system:plus"), "a.yaml": button("A", icon: "system:add")]
        XCTAssertEqual(RuleHarness.findings(files: files).filter { $0.rule == icon }.map(\.file), ["b.yaml"])
        // Within a file the navigation bar written after the content is later in document order.
        let one = "screen: A\nelements:\n  - {id: x, type: button, action: add, icon: system:add}\nnavigation_bar:\n  items:\n    - {id: y, type: button, action: add, icon: system:plus}\n"
        XCTAssertEqual(RuleHarness.findings(one).filter { $0.rule == icon }.map(\.element), ["y"])
        let barFirst = "screen: A\nnavigation_bar:\n  items:\n    - {id: y, type: button, action: add, icon: system:plus}\nelements:\n  - {id: x, type: button, action: add, icon: system:add}\n"
        XCTAssertEqual(RuleHarness.findings(barFirst).filter { $0.rule == icon }.map(\.element), ["x"])
    }

    func testInconsistentIconCountsButtonsAndBarItemsOfStandardActionsOnly() {
        // Not standard: never compared.
        XCTAssertEqual(RuleHarness.findings(files: ["a.yaml": button("A", action: "buy", icon: "custom:a"),
                                                    "b.yaml": button("B", action: "buy", icon: "custom:b")]).filter { $0.rule == icon }.count, 0)
        // A text with an action is no button; a tab is not counted.
        let others = "screen: B\nelements:\n  - {id: t, type: text, action: add, icon: system:other}\ntab_bar:\n  tabs:\n    - {title: Add, action: add, icon: system:tab}\n"
        XCTAssertEqual(RuleHarness.findings(files: ["a.yaml": button("A", icon: "system:plus"), "b.yaml": others]).filter { $0.rule == icon }.count, 0)
        // A toolbar item of any type counts, on any device.
        let toolbar = "screen: B\ndevice: ipad\ntoolbar:\n  items:\n    - {id: t, type: image, action: add, icon: system:other}\n"
        XCTAssertEqual(RuleHarness.findings(files: ["a.yaml": button("A", icon: "system:plus"), "b.yaml": toolbar]).filter { $0.rule == icon }.map(\.file), ["b.yaml"])
    }

    func testInconsistentIconIsSuppressedByTheElementsIgnore() {
        let ignored = "screen: B\nelements:\n  - {id: b, type: button, action: add, icon: custom:add, ignore: [layout.inconsistent-icon]}\n"
        let findings = RuleHarness.findings(files: ["a.yaml": button("A", icon: "system:plus"), "b.yaml": ignored])
        XCTAssertEqual(findings.filter { $0.rule == icon }.count, 0)
        // The entry was used by a project finding: it is not reported as unused.
        XCTAssertEqual(findings.filter { $0.rule == "spec.unused-ignore" }.count, 0)
    }
}
