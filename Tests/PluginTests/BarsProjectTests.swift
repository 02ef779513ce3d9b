import HiglintCore
import XCTest

/// The bars plugin's project rules, reviewed over several files as one tree.
final class BarsProjectTests: XCTestCase {
    private func found(_ id: String, in files: [String: String], config: Config = Config()) -> [Finding] {
        RuleHarness.findings(files: files, config: config).filter { $0.rule == id }
    }

    // MARK: - bars.back-title-mismatch

    private let mismatch = "bars.back-title-mismatch"

    private func parent(name: String = "Settings", title: String?) -> String {
        "screen: \(name)\n" + (title.map { "navigation_bar:\n  title: \($0)\n" } ?? "")
    }

    private func child(parent: String = "Settings", back: String?) -> String {
        var yaml = "screen: Wi-Fi\nparent: \(parent)\nnavigation_bar:\n  title: Wi-Fi\n"
        if let back { yaml += "  back:\n    title: \(back)\n" }
        return yaml
    }

    func testBackTitleMatchingTheParentTitleIsSilent() {
        let files = ["a-settings.yaml": parent(title: "Settings"), "b-wifi.yaml": child(back: "Settings")]
        XCTAssertEqual(found(mismatch, in: files).count, 0)
    }

    func testBackTitleDifferingFromTheParentTitleLandsOnTheChild() throws {
        let files = ["a-settings.yaml": parent(title: "Settings"), "b-wifi.yaml": child(back: "Back")]
        let findings = found(mismatch, in: files)
        XCTAssertEqual(findings.count, 1)
        let finding = try XCTUnwrap(findings.first)
        XCTAssertEqual(finding.message, "back button says \"Back\" but the parent screen \"Settings\" is titled \"Settings\"")
        XCTAssertEqual(finding.file, "b-wifi.yaml")
        XCTAssertEqual(finding.screen, "Wi-Fi")
        XCTAssertEqual([finding.line, finding.column], [6, 12])
        XCTAssertEqual(finding.severity, .warning)
    }

    func testRetitlingTheParentMakesTheFindingAppearAndDisappear() {
        let childFile = child(back: "General")
        XCTAssertEqual(found(mismatch, in: ["p.yaml": parent(title: "General"), "c.yaml": childFile]).count, 0)
        XCTAssertEqual(found(mismatch, in: ["p.yaml": parent(title: "Preferences"), "c.yaml": childFile]).map(\.file), ["c.yaml"])
        XCTAssertEqual(found(mismatch, in: ["p.yaml": parent(title: "General"), "c.yaml": childFile]).count, 0)
    }

    func testRenamingTheParentScreen() {
        // The parent has no navigation bar title, so its screen name is what the back button should say.
        let childFile = child(back: "Settings")
        XCTAssertEqual(found(mismatch, in: ["p.yaml": parent(title: nil), "c.yaml": childFile]).count, 0)

        // Renamed, and the child follows the rename in `parent` but not in its back title.
        let renamed = found(mismatch, in: ["p.yaml": parent(name: "Preferences", title: nil),
                                           "c.yaml": child(parent: "Preferences", back: "Settings")])
        XCTAssertEqual(renamed.map(\.file), ["c.yaml"])
        XCTAssertEqual(renamed.first?.message,
                       "back button says \"Settings\" but the parent screen is \"Preferences\" (it has no navigation bar title)")

        // Renamed without the child following: the parent no longer exists, which is another rule's business.
        let orphaned = RuleHarness.findings(files: ["p.yaml": parent(name: "Preferences", title: nil), "c.yaml": childFile])
        XCTAssertEqual(orphaned.filter { $0.rule == mismatch }.count, 0)
        XCTAssertEqual(orphaned.filter { $0.rule == "spec.unknown-parent" }.count, 1)
    }

    func testParentTitleWinsOverItsScreenName() {
        let files = ["p.yaml": parent(name: "Root", title: "Settings"), "c.yaml": child(parent: "Root", back: "Root")]
        XCTAssertEqual(found(mismatch, in: files).first?.message,
                       "back button says \"Root\" but the parent screen \"Root\" is titled \"Settings\"")
        // A blank parent title is no title: the screen name is compared instead.
        let blank = ["p.yaml": parent(name: "Root", title: "\"  \""), "c.yaml": child(parent: "Root", back: "Root")]
        XCTAssertEqual(found(mismatch, in: blank).count, 0)
    }

    func testSilentWithoutABackTitleOrWithoutAParent() {
        XCTAssertEqual(found(mismatch, in: ["p.yaml": parent(title: "Settings"), "c.yaml": child(back: nil)]).count, 0)
        XCTAssertEqual(found(mismatch, in: ["p.yaml": parent(title: "Settings"), "c.yaml": child(back: "\"\"")]).count, 0)
        XCTAssertEqual(found(mismatch, in: ["c.yaml": child(back: "Back")]).count, 0)
        let noParentKey = "screen: Wi-Fi\nnavigation_bar:\n  title: Wi-Fi\n  back: {title: Back}\n"
        XCTAssertEqual(found(mismatch, in: ["p.yaml": parent(title: "Settings"), "c.yaml": noParentKey]).count, 0)
    }

    func testTheFirstScreenOfADuplicatedNameIsTheParent() {
        let files = [
            "a.yaml": parent(title: "Settings"),
            "b.yaml": parent(title: "Other"),
            "c.yaml": child(back: "Settings"),
        ]
        XCTAssertEqual(found(mismatch, in: files).count, 0)
    }

    func testChildAndParentInOneFile() throws {
        let yaml = parent(title: "Settings") + "---\n" + child(back: "Back")
        let finding = try XCTUnwrap(found(mismatch, in: ["all.yaml": yaml]).first)
        XCTAssertEqual(finding.screen, "Wi-Fi")
        XCTAssertEqual(finding.line, 10)
    }

    func testReviewIgnoreOnTheChildSuppresses() {
        let files = ["p.yaml": parent(title: "Settings"),
                     "c.yaml": child(back: "Back") + "review: {ignore: [bars.back-title-mismatch]}\n"]
        XCTAssertEqual(found(mismatch, in: files).count, 0)
    }

    // MARK: - bars.inconsistent-appearance

    private let appearance = "bars.inconsistent-appearance"

    private func bar(_ name: String, device: String? = nil, color: String? = nil, translucent: Bool? = nil) -> String {
        var yaml = "screen: \(name)\n"
        if let device { yaml += "device: \(device)\n" }
        yaml += "navigation_bar:\n  title: \(name)\n"
        if let translucent { yaml += "  translucent: \(translucent)\n" }
        if let color { yaml += "  color: \(color)\n" }
        return yaml
    }

    func testTheOddColourOutIsReportedOnItsFile() throws {
        let files = ["a.yaml": bar("A", color: "blue"), "b.yaml": bar("B", color: "red"), "c.yaml": bar("C", color: "blue")]
        let findings = found(appearance, in: files)
        XCTAssertEqual(findings.count, 1)
        let finding = try XCTUnwrap(findings.first)
        XCTAssertEqual(finding.file, "b.yaml")
        XCTAssertEqual(finding.screen, "B")
        XCTAssertEqual(finding.message, "navigation bar has color \"red\" but 2 of 3 iphone screens with a navigation bar have color \"blue\"")
        XCTAssertEqual([finding.line, finding.column], [4, 10])
    }

    func testEveryDifferingScreenIsReported() {
        let files = [
            "a.yaml": bar("A", color: "blue"), "b.yaml": bar("B", color: "red"), "c.yaml": bar("C", color: "blue"),
            "d.yaml": bar("D", color: "green"), "e.yaml": bar("E", color: "blue"),
        ]
        XCTAssertEqual(found(appearance, in: files).map(\.file), ["b.yaml", "d.yaml"])
    }

    func testATieGoesToTheFirstScreenByPath() throws {
        let first = found(appearance, in: ["a.yaml": bar("A", color: "red"), "b.yaml": bar("B", color: "blue")])
        XCTAssertEqual(first.map(\.file), ["b.yaml"])
        XCTAssertEqual(first.first?.message,
                       "navigation bar has color \"blue\" but 1 of 2 iphone screens with a navigation bar have color \"red\" (a tie, settled by the first screen by path, \"A\")")
        // The same screens, with the paths swapped: now blue comes first and red is the odd one.
        let swapped = found(appearance, in: ["a.yaml": bar("B", color: "blue"), "b.yaml": bar("A", color: "red")])
        XCTAssertEqual(swapped.map(\.screen), ["A"])
        // Three values: the tied ones decide by first appearance, not the single one in between.
        let three = found(appearance, in: [
            "a.yaml": bar("A", color: "green"), "b.yaml": bar("B", color: "red"), "c.yaml": bar("C", color: "blue"),
            "d.yaml": bar("D", color: "blue"), "e.yaml": bar("E", color: "red"),
        ])
        XCTAssertEqual(three.map(\.file), ["a.yaml", "c.yaml", "d.yaml"])
    }

    func testAnAbsentColourIsTheDefaultColour() throws {
        // Screens that say nothing show the system's bar, which differs from a coloured one.
        let files = ["a.yaml": bar("A", color: "blue"), "b.yaml": bar("B"), "c.yaml": bar("C", color: "blue")]
        let finding = try XCTUnwrap(found(appearance, in: files).first)
        XCTAssertEqual(finding.file, "b.yaml")
        XCTAssertEqual(finding.message, "navigation bar has no color (the system default) but 2 of 3 iphone screens with a navigation bar have color \"blue\"")
        // Reported at the navigation bar, since there is no colour to point at.
        XCTAssertEqual([finding.line, finding.column], [3, 3])

        let mostlyDefault = found(appearance, in: ["a.yaml": bar("A"), "b.yaml": bar("B", color: "blue"), "c.yaml": bar("C")])
        XCTAssertEqual(mostlyDefault.map(\.file), ["b.yaml"])
        XCTAssertEqual(mostlyDefault.first?.message,
                       "navigation bar has color \"blue\" but 2 of 3 iphone screens with a navigation bar have no color (the system default)")

        XCTAssertEqual(found(appearance, in: ["a.yaml": bar("A"), "b.yaml": bar("B")]).count, 0)
    }

    func testColoursCompareWithoutCaseOrBlanks() {
        let files = ["a.yaml": bar("A", color: "\"#FFFFFF\""), "b.yaml": bar("B", color: "\"#ffffff \"")]
        XCTAssertEqual(found(appearance, in: files).count, 0)
    }

    func testTranslucencyAndColourAreComparedSeparately() throws {
        let files = [
            "a.yaml": bar("A", color: "blue", translucent: true),
            "b.yaml": bar("B", color: "blue", translucent: true),
            "c.yaml": bar("C", color: "red"),
        ]
        let findings = found(appearance, in: files)
        XCTAssertEqual(findings.map(\.file), ["c.yaml", "c.yaml"])
        XCTAssertEqual(Set(findings.map(\.message)), [
            "navigation bar is opaque but 2 of 3 iphone screens with a navigation bar are translucent",
            "navigation bar has color \"red\" but 2 of 3 iphone screens with a navigation bar have color \"blue\"",
        ])
        // The opaque screen never wrote `translucent`: the finding points at its navigation bar.
        XCTAssertTrue(findings.contains { $0.line == 3 && $0.column == 3 })
        XCTAssertTrue(findings.contains { $0.line == 4 && $0.column == 10 })

        let translucentOdd = found(appearance, in: [
            "a.yaml": bar("A", translucent: false), "b.yaml": bar("B", translucent: true), "c.yaml": bar("C"),
        ])
        XCTAssertEqual(translucentOdd.map(\.file), ["b.yaml"])
        XCTAssertEqual(translucentOdd.map(\.line), [4])
    }

    func testScreensAreGroupedByDevice() {
        let files = [
            "a.yaml": bar("A", device: "iphone", color: "blue"),
            "b.yaml": bar("B", device: "ipad", color: "red"),
            "c.yaml": bar("C", device: "iphone", color: "blue"),
            "d.yaml": bar("D", device: "ipad", color: "red"),
            "e.yaml": bar("E", device: "ipad", color: "blue"),
        ]
        let findings = found(appearance, in: files)
        XCTAssertEqual(findings.map(\.file), ["e.yaml"])
        XCTAssertEqual(findings.first?.message,
                       "navigation bar has color \"blue\" but 2 of 3 ipad screens with a navigation bar have color \"red\"")
    }

    func testScreensWithoutANavigationBarTakeNoPart() {
        let files = ["a.yaml": bar("A", color: "blue"), "b.yaml": "screen: B\n", "c.yaml": "screen: C\ntoolbar: {color: red}\n"]
        XCTAssertEqual(found(appearance, in: files).count, 0)
    }

    func testSeveralScreensInOneFile() throws {
        let yaml = bar("A", color: "blue") + "---\n" + bar("B", color: "blue") + "---\n" + bar("C", color: "red")
        let finding = try XCTUnwrap(found(appearance, in: ["all.yaml": yaml]).first)
        XCTAssertEqual(finding.screen, "C")
        XCTAssertEqual(finding.line, 14)
    }
}

/// Toolbar consistency across screens, and back titles below a segmented control.
final class ToolbarAndBackTitleProjectTests: XCTestCase {
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
