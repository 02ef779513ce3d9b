import HiglintCore
import XCTest

/// The bars project rules of catalog version 2, over several files as one tree.
final class BarsV2ProjectTests: XCTestCase {
    private func found(_ id: String, in files: [String: String], config: Config = Config()) -> [Finding] {
        RuleHarness.findings(files: files, config: config).filter { $0.rule == id }
    }

    // MARK: - bars.toolbar-inconsistent-appearance

    private let toolbar = "bars.toolbar-inconsistent-appearance"

    private func screen(_ name: String, toolbar: String?, device: String? = nil) -> String {
        "screen: \(name)\n" + (device.map { "device: \($0)\n" } ?? "") + (toolbar.map { "toolbar:\n\($0)" } ?? "")
    }

    func testToolbarColourOddOneOutIsReportedAtItsColour() throws {
        let files = [
            "a.yaml": screen("A", toolbar: "  color: blue\n"), "b.yaml": screen("B", toolbar: "  color: Blue\n"),
            "c.yaml": screen("C", toolbar: "  color: red\n"),
        ]
        let findings = found(toolbar, in: files)
        XCTAssertEqual(findings.map(\.file), ["c.yaml"])
        let finding = try XCTUnwrap(findings.first)
        XCTAssertEqual(finding.message, "toolbar has color \"red\" but 2 of 3 iphone screens with a toolbar have color \"blue\"")
        XCTAssertEqual([finding.line, finding.column], [3, 10])
        XCTAssertEqual(finding.severity, .warning)
    }

    func testToolbarTranslucencyDefaultsToOpaqueAndIsComparedApartFromColour() {
        let files = [
            "a.yaml": screen("A", toolbar: "  translucent: true\n  color: blue\n"),
            "b.yaml": screen("B", toolbar: "  translucent: true\n  color: blue\n"),
            "c.yaml": screen("C", toolbar: "  items: []\n"),
        ]
        let findings = found(toolbar, in: files)
        // C differs twice: opaque by default, and no colour.
        XCTAssertEqual(findings.map(\.file), ["c.yaml", "c.yaml"])
        XCTAssertEqual(findings.map(\.message).sorted(), [
            "toolbar has no color (the system default) but 2 of 3 iphone screens with a toolbar have color \"blue\"",
            "toolbar is opaque but 2 of 3 iphone screens with a toolbar are translucent",
        ])
    }

    func testToolbarTieGoesToTheFirstScreenByPath() {
        let files = ["b.yaml": screen("B", toolbar: "  color: red\n"), "a.yaml": screen("A", toolbar: "  color: blue\n")]
        let findings = found(toolbar, in: files)
        XCTAssertEqual(findings.map(\.file), ["b.yaml"])
        XCTAssertEqual(findings.first?.message, "toolbar has color \"red\" but 1 of 2 iphone screens with a toolbar have color \"blue\" (a tie, settled by the first screen by path, \"A\")")
    }

    func testToolbarsAreGroupedByEffectiveDeviceAndNavigationBarsDoNotCount() {
        var files = ["a.yaml": screen("A", toolbar: "  color: blue\n"), "b.yaml": screen("B", toolbar: "  color: red\n", device: "universal")]
        XCTAssertEqual(found(toolbar, in: files).count, 0)
        var config = Config()
        config.appDevice = .universal
        XCTAssertEqual(found(toolbar, in: files, config: config).map(\.file), ["b.yaml"])
        files = ["a.yaml": screen("A", toolbar: "  color: blue\n"), "b.yaml": "screen: B\nnavigation_bar: {color: red}\n"]
        XCTAssertEqual(found(toolbar, in: files).count, 0)
        XCTAssertEqual(found("bars.inconsistent-appearance", in: files).count, 0)
    }

    // MARK: - bars.back-title-needed

    private let needed = "bars.back-title-needed"
    private let segmentedParent = "screen: Music\nnavigation_bar:\n  items:\n    - {id: scope, type: segmented-control}\n"

    func testBackTitleNeededBelowASegmentedControl() throws {
        let files = ["a.yaml": segmentedParent, "b.yaml": "screen: Album\nparent: Music\nnavigation_bar:\n  title: Album\n"]
        let findings = found(needed, in: files)
        XCTAssertEqual(findings.map(\.file), ["b.yaml"])
        let finding = try XCTUnwrap(findings.first)
        XCTAssertEqual([finding.line, finding.column], [4, 3])
        XCTAssertEqual(finding.message, "back button has no title, but the parent screen \"Music\" has a segmented control in its navigation bar instead of a title to show")
        XCTAssertEqual(finding.severity, .warning)
    }

    func testBackTitleNeededBoundaries() {
        let child = { (bar: String) in ["a.yaml": self.segmentedParent, "b.yaml": "screen: Album\nparent: Music\n" + bar] }
        XCTAssertEqual(found(needed, in: child("navigation_bar:\n  back: {title: Music}\n")).count, 0)
        XCTAssertEqual(found(needed, in: child("navigation_bar:\n  back: {title: \"  \"}\n")).count, 1)
        XCTAssertEqual(found(needed, in: child("navigation_bar:\n  back: {custom: true}\n")).count, 1)
        // No navigation bar: no back button to title.
        XCTAssertEqual(found(needed, in: child("")).count, 0)
        // A parent without a segmented control, or one that does not exist.
        XCTAssertEqual(found(needed, in: ["a.yaml": "screen: Music\nnavigation_bar: {title: Music}\n",
                                          "b.yaml": "screen: Album\nparent: Music\nnavigation_bar: {title: Album}\n"]).count, 0)
        XCTAssertEqual(found(needed, in: ["b.yaml": "screen: Album\nparent: Music\nnavigation_bar: {title: Album}\n"]).count, 0)
        // Two levels down is not one level down.
        XCTAssertEqual(found(needed, in: ["a.yaml": segmentedParent,
                                          "b.yaml": "screen: Album\nparent: Music\nnavigation_bar: {back: {title: Music}}\n",
                                          "c.yaml": "screen: Song\nparent: Album\nnavigation_bar: {title: Song}\n"]).count, 0)
    }

    func testBackTitleNeededFindsTheBackValueWhenWritten() throws {
        let files = ["a.yaml": segmentedParent, "b.yaml": "screen: Album\nparent: Music\nnavigation_bar:\n  back:\n    title: \"\"\n"]
        let finding = try XCTUnwrap(found(needed, in: files).first)
        XCTAssertEqual([finding.line, finding.column], [5, 12])
    }

    func testParentCyclesDoNotLoopTheProjectRules() {
        // Each reads only its direct parent: a cycle is reported by the core and nothing hangs.
        let files = [
            "a.yaml": "screen: A\nparent: B\nnavigation_bar:\n  items: [{id: s, type: segmented-control}]\n",
            "b.yaml": "screen: B\nparent: A\nnavigation_bar:\n  items: [{id: t, type: segmented-control}]\n",
        ]
        let all = RuleHarness.findings(files: files)
        XCTAssertEqual(all.filter { $0.rule == needed }.map(\.file), ["a.yaml", "b.yaml"])
        XCTAssertEqual(all.filter { $0.rule == "spec.parent-cycle" }.map(\.file), ["a.yaml", "b.yaml"])
    }
}
