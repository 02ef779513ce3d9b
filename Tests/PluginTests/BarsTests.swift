import HiglintCore
import HiglintPlugins
import XCTest

final class BarsTests: XCTestCase {
    private func found(_ id: String, in yaml: String, config: Config = Config()) -> [Finding] {
        RuleHarness.findings(yaml, config: config).filter { $0.rule == id }
    }

    private func count(_ id: String, _ yaml: String, config: Config = Config()) -> Int {
        RuleHarness.count(id, in: yaml, config: config)
    }

    // MARK: - Catalog

    func testRulesCiteTheSeedAndTheProjectRulesAreTheCrossScreenOnes() {
        RuleHarness.assertPlugin("bars", seed: "002", projectRules: [
            "bars.back-title-mismatch", "bars.inconsistent-appearance", "bars.toolbar-inconsistent-appearance",
            "bars.back-title-needed",
        ])
    }

    func testFindingsCarryTheCatalogSeverity() {
        let yaml = "screen: Home\ntab_bar:\n  tabs: [{title: A}, {title: B}, {title: C}, {title: D}, {title: E}, {title: F, action: reload}]\n"
        let found = RuleHarness.findings(yaml)
        XCTAssertEqual(found.first { $0.rule == "bars.tab-count" }?.severity, .error)
        XCTAssertEqual(found.first { $0.rule == "bars.tab-action" }?.severity, .error)
        XCTAssertEqual(
            RuleHarness.findings("screen: A\nstatus_bar: {hidden: true}\n").first { $0.rule == "bars.status-bar-hidden" }?.severity,
            .warning)
    }

    // MARK: - Status bar

    func testStatusBarHiddenDependsOnKind() {
        XCTAssertEqual(count("bars.status-bar-hidden", "screen: A\nstatus_bar: {hidden: true}\n"), 1)
        XCTAssertEqual(count("bars.status-bar-hidden", "screen: A\nkind: login\nstatus_bar: {hidden: true}\n"), 1)
        XCTAssertEqual(count("bars.status-bar-hidden", "screen: A\nkind: game\nstatus_bar: {hidden: true}\n"), 0)
        XCTAssertEqual(count("bars.status-bar-hidden", "screen: A\nkind: fullscreen-media\nstatus_bar: {hidden: true}\n"), 0)
        XCTAssertEqual(count("bars.status-bar-hidden", "screen: A\nstatus_bar: {hidden: false}\n"), 0)
        XCTAssertEqual(count("bars.status-bar-hidden", "screen: A\nstatus_bar: {style: default}\n"), 0)
    }

    func testStatusBarHiddenDependsOnAppCategory() {
        let yaml = "screen: A\nstatus_bar: {hidden: true}\n"
        for (category, expected) in [("game", 0), ("media", 0), ("Game", 0), ("productivity", 1)] {
            var config = Config()
            config.appCategory = category
            XCTAssertEqual(count("bars.status-bar-hidden", yaml, config: config), expected, category)
        }
    }

    func testStatusBarHiddenMessageAndPosition() throws {
        let finding = try XCTUnwrap(found("bars.status-bar-hidden", in: "screen: A\nstatus_bar:\n  hidden: true\n").first)
        XCTAssertEqual(finding.message, "status bar is hidden (kind: standard); only games and full-screen media should hide it")
        XCTAssertEqual([finding.line, finding.column], [3, 11])
        XCTAssertEqual(finding.screen, "A")
        XCTAssertNil(finding.element)
        var config = Config()
        config.appCategory = "news"
        XCTAssertEqual(
            found("bars.status-bar-hidden", in: "screen: A\nstatus_bar:\n  hidden: true\n", config: config).first?.message,
            "status bar is hidden (kind: standard, app category: \"news\"); only games and full-screen media should hide it")
    }

    func testStatusBarNoReveal() throws {
        XCTAssertEqual(count("bars.status-bar-no-reveal", "screen: A\nkind: fullscreen-media\nstatus_bar: {hidden: true}\n"), 1)
        XCTAssertEqual(count("bars.status-bar-no-reveal", "screen: A\nkind: fullscreen-media\nstatus_bar: {hidden: true, reveal_on_tap: false}\n"), 1)
        XCTAssertEqual(count("bars.status-bar-no-reveal", "screen: A\nkind: fullscreen-media\nstatus_bar: {hidden: true, reveal_on_tap: true}\n"), 0)
        XCTAssertEqual(count("bars.status-bar-no-reveal", "screen: A\nkind: fullscreen-media\nstatus_bar: {reveal_on_tap: false}\n"), 0)
        XCTAssertEqual(count("bars.status-bar-no-reveal", "screen: A\nkind: game\nstatus_bar: {hidden: true}\n"), 0)
        // A full-screen media screen is one of the two kinds that may hide the bar.
        XCTAssertEqual(count("bars.status-bar-hidden", "screen: A\nkind: fullscreen-media\nstatus_bar: {hidden: true}\n"), 0)

        let yaml = "screen: A\nkind: fullscreen-media\nstatus_bar:\n  hidden: true\n  reveal_on_tap: false\n"
        let finding = try XCTUnwrap(found("bars.status-bar-no-reveal", in: yaml).first)
        XCTAssertEqual(finding.message, "status bar is hidden on full-screen media and reveal_on_tap is false; a tap should bring it back")
        XCTAssertEqual([finding.line, finding.column], [5, 18])
        let absent = try XCTUnwrap(found("bars.status-bar-no-reveal", in: "screen: A\nkind: fullscreen-media\nstatus_bar:\n  hidden: true\n").first)
        XCTAssertEqual([absent.line, absent.column], [4, 11])
    }

    func testStatusBarGesture() throws {
        let yaml = "screen: A\ngestures:\n  - {type: tap, action: play}\n  - type: swipe\n    fingers: 3\n    action: show-status-bar\n"
        let findings = found("bars.status-bar-gesture", in: yaml)
        XCTAssertEqual(findings.count, 1)
        let finding = try XCTUnwrap(findings.first)
        XCTAssertEqual(finding.message, "swipe gesture gestures[1] shows the status bar; people will not discover it")
        XCTAssertEqual(finding.element, "gestures[1]")
        XCTAssertEqual([finding.line, finding.column], [4, 5])
        XCTAssertEqual(count("bars.status-bar-gesture", "screen: A\ngestures:\n  - {type: tap, action: show-status}\n"), 0)
    }

    func testStatusBarStyle() throws {
        let yaml = "screen: A\nstatus_bar:\n  style: black-translucent\nnavigation_bar:\n  title: A\n"
        let finding = try XCTUnwrap(found("bars.status-bar-style", in: yaml).first)
        XCTAssertEqual(finding.message, "status bar is black-translucent but the navigation bar is opaque (translucent: false)")
        XCTAssertEqual([finding.line, finding.column], [3, 10])
        XCTAssertEqual(count("bars.status-bar-style", yaml + "  translucent: true\n"), 0)
        XCTAssertEqual(count("bars.status-bar-style", "screen: A\nstatus_bar: {style: black-translucent}\n"), 0)
        XCTAssertEqual(count("bars.status-bar-style", "screen: A\nstatus_bar: {style: default}\nnavigation_bar: {title: A}\n"), 0)
    }

    // MARK: - Navigation bar

    func testNavTitleMissing() throws {
        XCTAssertEqual(count("bars.nav-title-missing", "screen: A\nnavigation_bar: {translucent: true}\n"), 1)
        XCTAssertEqual(count("bars.nav-title-missing", "screen: A\nnavigation_bar: {title: ''}\n"), 1)
        XCTAssertEqual(count("bars.nav-title-missing", "screen: A\nnavigation_bar: {title: A}\n"), 0)
        XCTAssertEqual(count("bars.nav-title-missing", "screen: A\nnavigation_bar:\n  items: [{id: s, type: segmented-control}]\n"), 0)
        XCTAssertEqual(count("bars.nav-title-missing", "screen: A\nnavigation_bar:\n  items: [{id: s, type: button}]\n"), 1)
        XCTAssertEqual(count("bars.nav-title-missing", "screen: A\n"), 0)

        let absent = try XCTUnwrap(found("bars.nav-title-missing", in: "screen: A\nnavigation_bar:\n  translucent: true\n").first)
        XCTAssertEqual(absent.message, "navigation bar has no title and no segmented control")
        XCTAssertEqual([absent.line, absent.column], [3, 3])
        let blank = try XCTUnwrap(found("bars.nav-title-missing", in: "screen: A\nnavigation_bar:\n  title: \" \"\n").first)
        XCTAssertEqual(blank.message, "navigation bar title is blank and there is no segmented control")
        XCTAssertEqual([blank.line, blank.column], [3, 10])
    }

    private func navigationBar(title: String? = "A", items: [String], back: Bool = false) -> String {
        var yaml = "screen: A\nnavigation_bar:\n"
        if let title { yaml += "  title: \(title)\n" }
        if back { yaml += "  back: {title: Home}\n" }
        yaml += "  items:\n" + items.map { "    - \($0)\n" }.joined()
        return yaml
    }

    func testNavCrowdedBoundary() throws {
        let one = navigationBar(items: ["{id: edit, type: button}"], back: true)
        XCTAssertEqual(count("bars.nav-crowded", one), 0)
        let two = navigationBar(items: ["{id: edit, type: button}", "{id: add, type: button}"])
        XCTAssertEqual(count("bars.nav-crowded", two), 1)
        let finding = try XCTUnwrap(found("bars.nav-crowded", in: two).first)
        XCTAssertEqual(finding.message, "navigation bar has 2 controls besides the back button (\"edit\", \"add\"); at most 1")
        XCTAssertEqual([finding.line, finding.column], [5, 5])
    }

    func testNavSegmentedCrowded() throws {
        let segmented = "{id: scope, type: segmented-control}"
        XCTAssertEqual(count("bars.nav-segmented-crowded", navigationBar(title: nil, items: [segmented], back: true)), 0)
        XCTAssertEqual(count("bars.nav-segmented-crowded", navigationBar(title: "\"\"", items: [segmented])), 0)
        XCTAssertEqual(count("bars.nav-segmented-crowded", navigationBar(title: nil, items: [segmented, "{id: add, type: button}"])), 1)
        XCTAssertEqual(count("bars.nav-segmented-crowded", navigationBar(items: ["{id: add, type: button}"])), 0)

        let withTitle = navigationBar(title: "Library", items: ["{id: add, type: button}", segmented])
        let finding = try XCTUnwrap(found("bars.nav-segmented-crowded", in: withTitle).first)
        XCTAssertEqual(finding.message, "segmented control \"scope\" shares the navigation bar with the title \"Library\" and 1 other control")
        XCTAssertEqual(finding.element, "scope")
        XCTAssertEqual([finding.line, finding.column], [6, 7])
    }

    // MARK: - Back button

    func testBackCustomAndBreadcrumb() throws {
        let yaml = "screen: A\nnavigation_bar:\n  title: A\n  back:\n    title: Home\n    custom: true\n    style: breadcrumb\n"
        let custom = try XCTUnwrap(found("bars.back-custom", in: yaml).first)
        XCTAssertEqual(custom.message, "back button is custom; people rely on the standard one to go back")
        XCTAssertEqual([custom.line, custom.column], [6, 13])
        XCTAssertEqual(custom.severity, .warning)
        let breadcrumb = try XCTUnwrap(found("bars.back-breadcrumb", in: yaml).first)
        XCTAssertEqual(breadcrumb.message, "back button is a breadcrumb; it should go back one level only")
        XCTAssertEqual([breadcrumb.line, breadcrumb.column], [7, 12])
        XCTAssertEqual(breadcrumb.severity, .error)

        let plain = "screen: A\nnavigation_bar:\n  title: A\n  back: {title: Home, custom: false, style: standard}\n"
        XCTAssertEqual(count("bars.back-custom", plain), 0)
        XCTAssertEqual(count("bars.back-breadcrumb", plain), 0)
    }

    // MARK: - Heights, toolbar, translucency

    func testFixedHeight() throws {
        let yaml = "screen: A\nnavigation_bar:\n  title: A\n  height: 44\ntoolbar:\n  height: 49.5\n"
        let findings = found("bars.fixed-height", in: yaml)
        XCTAssertEqual(findings.map(\.message), [
            "navigation bar height is fixed at 44 pt; the system adjusts it with the orientation",
            "toolbar height is fixed at 49.5 pt; the system adjusts it with the orientation",
        ])
        XCTAssertEqual(findings.map(\.line), [4, 6])
        XCTAssertEqual(count("bars.fixed-height", "screen: A\nnavigation_bar: {title: A, height: auto}\ntoolbar: {height: auto}\n"), 0)
        XCTAssertEqual(count("bars.fixed-height", "screen: A\nnavigation_bar: {title: A, height: 0}\n"), 1)
    }

    func testToolbarModeSwitch() throws {
        let yaml = "screen: A\ntoolbar:\n  items:\n    - {id: mode, type: segmented-control, switches_mode: true}\n    - {id: map, type: button, switches_mode: true}\n    - {id: share, type: button, switches_mode: false}\n"
        let findings = found("bars.toolbar-mode-switch", in: yaml)
        XCTAssertEqual(findings.count, 1)
        let finding = try XCTUnwrap(findings.first)
        XCTAssertEqual(finding.element, "map")
        XCTAssertEqual(finding.message, "toolbar button \"map\" switches modes; only a segmented control may, use a tab bar otherwise")
        XCTAssertEqual([finding.line, finding.column], [5, 7])
    }

    func testToolbarMixedBorders() throws {
        let mixed = "screen: A\ntoolbar:\n  items:\n    - {id: a, type: button, border: true}\n    - {id: b, type: button}\n    - {id: c, type: button, border: false}\n"
        let finding = try XCTUnwrap(found("bars.toolbar-mixed-borders", in: mixed).first)
        XCTAssertEqual(finding.message, "toolbar mixes 1 bordered item (\"a\") with 2 borderless items (\"b\", \"c\")")
        XCTAssertEqual([finding.line, finding.column], [4, 5])
        XCTAssertEqual(count("bars.toolbar-mixed-borders", mixed), 1)
        XCTAssertEqual(count("bars.toolbar-mixed-borders", "screen: A\ntoolbar:\n  items:\n    - {id: a, type: button, border: true}\n"), 0)
        XCTAssertEqual(count("bars.toolbar-mixed-borders", "screen: A\ntoolbar:\n  items:\n    - {id: a, type: button}\n    - {id: b, type: button, border: false}\n"), 0)
        // Only the toolbar's own items count: a bordered navigation bar item mixes nothing.
        XCTAssertEqual(count("bars.toolbar-mixed-borders", "screen: A\nnavigation_bar:\n  title: A\n  items: [{id: a, type: button, border: true}]\ntoolbar:\n  items: [{id: b, type: button}]\n"), 0)
    }

    func testTranslucencyMismatch() throws {
        let navTranslucent = "screen: A\nnavigation_bar:\n  title: A\n  translucent: true\ntoolbar:\n  translucent: false\n"
        let finding = try XCTUnwrap(found("bars.translucency-mismatch", in: navTranslucent).first)
        XCTAssertEqual(finding.message, "navigation bar is translucent but the toolbar is opaque")
        XCTAssertEqual([finding.line, finding.column], [4, 16])

        let toolbarTranslucent = "screen: A\nnavigation_bar:\n  title: A\ntoolbar:\n  translucent: true\n"
        let other = try XCTUnwrap(found("bars.translucency-mismatch", in: toolbarTranslucent).first)
        XCTAssertEqual(other.message, "toolbar is translucent but the navigation bar is opaque")
        XCTAssertEqual([other.line, other.column], [5, 16])

        XCTAssertEqual(count("bars.translucency-mismatch", "screen: A\nnavigation_bar: {title: A, translucent: true}\ntoolbar: {translucent: true}\n"), 0)
        XCTAssertEqual(count("bars.translucency-mismatch", "screen: A\nnavigation_bar: {title: A}\ntoolbar: {translucent: false}\n"), 0)
        XCTAssertEqual(count("bars.translucency-mismatch", "screen: A\ntoolbar: {translucent: true}\n"), 0)
    }

    // MARK: - Tab bar

    private func tabs(_ count: Int, device: String? = nil) -> String {
        let list = (1...count).map { "{title: T\($0)}" }.joined(separator: ", ")
        return "screen: Home\n" + (device.map { "device: \($0)\n" } ?? "") + "tab_bar:\n  tabs: [\(list)]\n"
    }

    func testTabCountBoundaryByDevice() {
        XCTAssertEqual(count("bars.tab-count", tabs(5)), 0)
        XCTAssertEqual(count("bars.tab-count", tabs(6)), 1)
        XCTAssertEqual(count("bars.tab-count", tabs(5, device: "iphone")), 0)
        XCTAssertEqual(count("bars.tab-count", tabs(6, device: "iphone")), 1)
        XCTAssertEqual(count("bars.tab-count", tabs(6, device: "iphone-plus")), 1)
        XCTAssertEqual(count("bars.tab-count", tabs(6, device: "ipad")), 0)
        XCTAssertEqual(count("bars.tab-count", tabs(9, device: "ipad")), 0)
        XCTAssertEqual(count("bars.tab-count", tabs(6, device: "universal")), 1)
        XCTAssertEqual(count("bars.tab-count", tabs(5, device: "universal")), 0)
    }

    func testTabCountFollowsTheConfiguredDevice() {
        var config = Config()
        config.appDevice = .ipad
        XCTAssertEqual(count("bars.tab-count", tabs(6), config: config), 0)
        XCTAssertEqual(count("bars.tab-count", tabs(6, device: "iphone"), config: config), 1)
    }

    func testTabCountMessageAndPosition() throws {
        let finding = try XCTUnwrap(found("bars.tab-count", in: tabs(6)).first)
        XCTAssertEqual(finding.message, "6 tabs; iPhone shows at most 5")
        XCTAssertEqual([finding.line, finding.column], [3, 9])
    }

    func testTabAction() throws {
        let yaml = "screen: Home\ntab_bar:\n  tabs:\n    - {title: Feed}\n    - {title: Refresh, action: refresh}\n    - {id: trash, title: Bin, action: delete}\n"
        let findings = found("bars.tab-action", in: yaml)
        XCTAssertEqual(findings.map(\.message), [
            "tab \"Refresh\" performs action \"refresh\"; a tab only switches views",
            "tab \"trash\" performs action \"delete\"; a tab only switches views",
        ])
        XCTAssertEqual(findings.map(\.element), ["tab_bar.tabs[1]", "trash"])
        XCTAssertEqual(findings.map(\.line), [5, 6])
        XCTAssertEqual(count("bars.tab-action", "screen: Home\ntab_bar:\n  tabs: [{title: Feed}, {title: Search}]\n"), 0)
    }

    // MARK: - Robustness

    func testLongNamesAreShortenedInMessages() throws {
        let long = String(repeating: "x", count: 500)
        let yaml = "screen: Home\ntab_bar:\n  tabs:\n    - {title: \(long), action: go}\n"
        let finding = try XCTUnwrap(found("bars.tab-action", in: yaml).first)
        XCTAssertLessThan(finding.message.count, 200)
        XCTAssertTrue(finding.message.hasPrefix("tab \"" + String(repeating: "x", count: 60) + "…\""))
    }

    func testScreenIgnoreSuppressesThePlugin() {
        XCTAssertEqual(count("bars.tab-count", tabs(6) + "review: {ignore: [bars]}\n"), 0)
        XCTAssertEqual(count("bars.tab-count", tabs(6) + "review: {ignore: [bars.tab-count]}\n"), 0)
    }
}

/// Tabs' completeness and badges, and the status bar on iPad and over full-screen media.
final class TabAndStatusBarTests: XCTestCase {
    private func found(_ id: String, in yaml: String, config: Config = Config()) -> [Finding] {
        RuleHarness.findings(yaml, config: config).filter { $0.rule == id }
    }

    private func tabs(_ tabs: String...) -> String {
        "screen: Home\ntab_bar:\n  tabs:\n" + tabs.map { "    - {\($0)}\n" }.joined()
    }

    // MARK: - bars.tab-incomplete

    func testTabIncompleteNamesWhatIsMissing() throws {
        let findings = found("bars.tab-incomplete", in: tabs(
            "title: Feed, icon: system:house", "title: Search", "icon: system:gear", "id: more, title: \"  \"",
            "id: none"))
        XCTAssertEqual(findings.map(\.message), [
            "tab \"Search\" has no icon; every tab shows an icon and a title",
            "tab 3 has no title; every tab shows an icon and a title",
            "tab \"more\" has a blank title and no icon; every tab shows an icon and a title",
            "tab \"none\" has no title and no icon; every tab shows an icon and a title",
        ])
        let first = try XCTUnwrap(findings.first)
        XCTAssertEqual([first.line, first.column], [5, 7])
        XCTAssertEqual(first.severity, .warning)
        XCTAssertEqual(first.element, "tab_bar.tabs[1]")
    }

    func testCompleteTabsAreSilent() {
        XCTAssertEqual(found("bars.tab-incomplete", in: tabs("title: A, icon: system:a", "title: B, icon: custom:b")).count, 0)
        XCTAssertEqual(found("bars.tab-incomplete", in: "screen: Home\ntab_bar: {translucent: true}\n").count, 0)
    }

    // MARK: - bars.tab-badge

    private func badge(_ value: String) -> String { tabs("title: Inbox, icon: system:tray, badge: \(value)") }

    func testBadgeLengthBoundary() {
        for (value, expected) in [
            ("9999", 0), ("12345", 1), ("\"abcd\"", 0), ("\"abcde\"", 1), ("\" abcd \"", 0), ("New", 0), ("\"新消息提醒\"", 1),
            ("\"新消息\"", 0), ("\"🎉🎉🎉🎉\"", 0), ("\"🎉🎉🎉🎉🎉\"", 1), ("-999", 0), ("00012", 0),
        ] {
            XCTAssertEqual(found("bars.tab-badge", in: badge(value)).count, expected, value)
        }
    }

    func testBadgeZeroAndBlank() {
        for value in ["0", "\"0\"", "\" 0 \"", "00", "\"\"", "\"   \""] {
            XCTAssertEqual(found("bars.tab-badge", in: badge(value)).count, 1, value)
        }
        // Text that is not exactly zero is a marker like any other.
        for value in ["\"00\"", "\"0!\"", "1"] {
            XCTAssertEqual(found("bars.tab-badge", in: badge(value)).count, 0, value)
        }
        // No badge, or a null one, is no badge at all.
        XCTAssertEqual(found("bars.tab-badge", in: badge("~")).count, 0)
        XCTAssertEqual(found("bars.tab-badge", in: tabs("title: Inbox, icon: system:tray")).count, 0)
    }

    func testBadgeMessagesAndPosition() throws {
        let long = try XCTUnwrap(found("bars.tab-badge", in: badge("12345")).first)
        XCTAssertEqual(long.message, "badge \"12345\" has 5 digits, more than 4")
        XCTAssertEqual([long.line, long.column], [4, 48])
        XCTAssertEqual(long.severity, .info)
        XCTAssertEqual(found("bars.tab-badge", in: badge("\"Hello\"")).first?.message, "badge \"Hello\" is 5 characters, more than 4")
        XCTAssertEqual(found("bars.tab-badge", in: badge("0")).first?.message, "badge \"0\" is zero; remove the badge when there is nothing new")
        XCTAssertEqual(found("bars.tab-badge", in: badge("\" \"")).first?.message, "badge \" \" is blank")
    }

    func testBadgeLengthIsAThreshold() throws {
        var config = Config()
        config.thresholds[key: "max_badge_length"] = .whole(2)
        XCTAssertEqual(found("bars.tab-badge", in: badge("99"), config: config).count, 0)
        XCTAssertEqual(found("bars.tab-badge", in: badge("100"), config: config).count, 1)
        let loaded = try ConfigLoader(plugins: BuiltinPlugins.all).parse(Array("thresholds:\n  max_badge_length: 2\n".utf8), file: "c.yaml")
        XCTAssertEqual(loaded.thresholds[key: "max_badge_length"], .whole(2))
    }

    // MARK: - bars.ipad-status-bar-style

    func testIPadStatusBarStyleOnlyOnIPadOnlyScreens() throws {
        let style = { (device: String, style: String) in "screen: Home\ndevice: \(device)\nstatus_bar:\n  style: \(style)\n" }
        XCTAssertEqual(found("bars.ipad-status-bar-style", in: style("ipad", "default")).count, 1)
        XCTAssertEqual(found("bars.ipad-status-bar-style", in: style("ipad", "black-translucent")).count, 1)
        XCTAssertEqual(found("bars.ipad-status-bar-style", in: style("ipad", "black-opaque")).count, 0)
        XCTAssertEqual(found("bars.ipad-status-bar-style", in: style("universal", "default")).count, 0)
        XCTAssertEqual(found("bars.ipad-status-bar-style", in: style("iphone-plus", "default")).count, 0)
        let finding = try XCTUnwrap(found("bars.ipad-status-bar-style", in: style("ipad", "default")).first)
        XCTAssertEqual([finding.line, finding.column], [4, 10])
        XCTAssertEqual(finding.message, "status bar style default has no effect on iPad, where the status bar is always black")
    }

    func testIPadStatusBarStyleFollowsTheConfigDevice() {
        var config = Config()
        config.appDevice = .ipad
        let yaml = "screen: Home\nstatus_bar: {style: default}\n"
        XCTAssertEqual(found("bars.ipad-status-bar-style", in: yaml, config: config).count, 1)
        XCTAssertEqual(found("bars.ipad-status-bar-style", in: yaml).count, 0)
        XCTAssertEqual(found("bars.ipad-status-bar-style", in: "screen: Home\ndevice: universal\nstatus_bar: {style: default}\n", config: config).count, 0)
    }

    // MARK: - bars.media-status-bar-visible

    func testMediaStatusBarVisible() throws {
        let media = "screen: Player\nkind: fullscreen-media\n"
        XCTAssertEqual(found("bars.media-status-bar-visible", in: media).count, 1)
        XCTAssertEqual(found("bars.media-status-bar-visible", in: media + "status_bar: {hidden: false}\n").count, 1)
        XCTAssertEqual(found("bars.media-status-bar-visible", in: media + "status_bar: {style: default}\n").count, 1)
        XCTAssertEqual(found("bars.media-status-bar-visible", in: media + "status_bar: {hidden: true}\n").count, 0)
        XCTAssertEqual(found("bars.media-status-bar-visible", in: "screen: Player\nkind: game\n").count, 0)
        let atKind = try XCTUnwrap(found("bars.media-status-bar-visible", in: media).first)
        XCTAssertEqual([atKind.line, atKind.column], [2, 7])
        let atHidden = try XCTUnwrap(found("bars.media-status-bar-visible", in: media + "status_bar:\n  hidden: false\n").first)
        XCTAssertEqual([atHidden.line, atHidden.column], [4, 11])
        XCTAssertEqual(atHidden.message, "status bar of a full-screen media screen is visible (hidden is false)")
    }
}
