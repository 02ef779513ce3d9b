import HiglintCore
import XCTest

/// The layout rules of catalog version 2, at their boundaries.
final class LayoutV2Tests: XCTestCase {
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
