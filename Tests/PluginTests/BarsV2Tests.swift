import HiglintCore
import HiglintPlugins
import XCTest

/// The bars rules of catalog version 2, at their boundaries.
final class BarsV2Tests: XCTestCase {
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
