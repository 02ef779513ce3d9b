@testable import HiglintCore
import TestSupport
import XCTest

final class DecoderTests: XCTestCase {
    private func decode(_ text: String, device: Device = .iphone) throws -> DecodedScreen {
        guard case .success(let documents) = YAMLLoader.load(Array(text.utf8)), let document = documents.first,
              document.root != nil
        else { throw SetupFailure("did not load: \(text)") }
        return SpecDecoder(defaultDevice: device).decode(document)
    }

    private func messages(_ decoded: DecodedScreen, rule: String = CoreRules.schema) -> [String] {
        decoded.issues.filter { $0.rule == rule }.map(\.message)
    }

    func testScalarsAreTypedByTheSchemaNotByYAMLGuessing() throws {
        let decoded = try decode("screen: NO\nparent: 123\nnavigation_bar: {title: ON, translucent: yes}\n")
        XCTAssertEqual(decoded.screen.name, "NO")
        XCTAssertEqual(decoded.screen.parent, "123")
        XCTAssertEqual(decoded.screen.navigationBar?.title, "ON")
        XCTAssertEqual(decoded.screen.navigationBar?.translucent, true)
        XCTAssertTrue(decoded.issues.isEmpty, "\(decoded.issues)")
    }

    func testBoolFieldsAcceptYAML11Spellings() throws {
        for (text, value) in [("true", true), ("false", false), ("yes", true), ("no", false), ("on", true), ("off", false)] {
            let decoded = try decode("screen: A\nstatus_bar: {hidden: \(text)}\n")
            XCTAssertEqual(decoded.screen.statusBar?.hidden, value, text)
            XCTAssertTrue(decoded.issues.isEmpty)
        }
        let wrong = try decode("screen: A\nstatus_bar: {hidden: maybe}\n")
        XCTAssertEqual(messages(wrong), ["status_bar.hidden: expected true or false, found \"maybe\""])
    }

    func testEveryProblemIsReportedWithItsKeyPath() throws {
        let decoded = try decode("""
            screen: Home
            device: android
            elements:
              - {id: a, type: button, frame: [0, 0, wide, 44]}
              - {id: b, type: knob}
              - {id: c}
            orientations: [portrait, sideways]
            """)
        XCTAssertEqual(messages(decoded), [
            "device: expected one of iphone, iphone-plus, ipad, universal, found \"android\"",
            "elements[0].frame[2]: expected a number, found \"wide\"",
            "elements[1].type: expected one of button, text, image, text-field, switch, slider, segmented-control, list, grid, group, alert, action-sheet, custom, found \"knob\"",
            "elements[2]: `type` is missing: every element says what it is (button, text, image...)",
            "orientations[1]: expected one of portrait, portrait-upside-down, landscape-left, landscape-right, found \"sideways\"",
        ])
        // What could be decoded still is.
        XCTAssertEqual(decoded.screen.elements.map(\.id), ["a", "b", "c"])
        XCTAssertEqual(decoded.screen.orientations, [.portrait])
        XCTAssertEqual(decoded.screen.device, .iphone)
    }

    func testSchemaPositionsPointAtTheValue() throws {
        let decoded = try decode("screen: Home\nelements:\n  - id: a\n    type: button\n    frame: [0, 0, wide, 44]\n")
        let issue = try XCTUnwrap(decoded.issues.first)
        XCTAssertEqual([issue.mark.line, issue.mark.column], [5, 19])
    }

    func testMissingScreenIsASchemaProblem() throws {
        XCTAssertEqual(messages(try decode("parent: Home\n")), ["screen: is missing: every spec names its screen"])
        XCTAssertEqual(messages(try decode("screen: '  '\n")), ["screen: is blank"])
    }

    func testTopLevelMustBeAMap() throws {
        XCTAssertEqual(messages(try decode("- a\n- b\n")).count, 1)
    }

    func testUnknownKeysSuggestTheClosestKnownKey() throws {
        let decoded = try decode("screen: A\nelemnts: [{type: text}]\nnavigation_bar: {titel: A, colour: red}\nzzz: 1\n")
        XCTAssertEqual(messages(decoded, rule: CoreRules.unknownKey), [
            "unknown key \"elemnts\"; did you mean \"elements\"? The screen has no \"elements\", so nothing under this key is reviewed.",
            "unknown key \"titel\" in navigation_bar; did you mean \"title\"?",
            "unknown key \"colour\" in navigation_bar; did you mean \"color\"?",
            "unknown key \"zzz\"",
        ])
        XCTAssertEqual(decoded.issues.filter { $0.rule == CoreRules.unknownKey }.map(\.severity), [.error, nil, nil, nil])
    }

    /// Only a misspelt section that holds something, and whose meant key is not written (before
    /// or after it), hides anything reviewed; a misspelt scalar (`knd: login`) stays a warning.
    func testMisspeltSectionIsAnErrorOnlyWhenTheSectionIsMissing() throws {
        let written = try decode("screen: A\nelemnts: [{type: text}]\nelements: []\nknd: login\ntoolbr: {items: []}\n")
        XCTAssertEqual(written.issues.map(\.severity), [nil, nil, .error])
        XCTAssertEqual(messages(written, rule: CoreRules.unknownKey).last, "unknown key \"toolbr\"; did you mean \"toolbar\"? The screen has no \"toolbar\", so nothing under this key is reviewed.")
    }

    func testNumbersRejectWordsAndNegativeSizes() throws {
        let decoded = try decode("screen: A\ncanvas: [375, tall]\nelements:\n  - {id: a, type: button, frame: [0, 0, -4, 44]}\n  - {id: b, type: text, font: {size: .nan}}\n")
        XCTAssertEqual(messages(decoded), [
            "canvas[1]: expected a number, found \"tall\"",
            "elements[0].frame[2]: expected a number of at least 0, found -4",
            "elements[1].font.size: expected a number, found \".nan\"",
        ])
    }

    func testFrameAsListOrMap() throws {
        let decoded = try decode("screen: A\nelements:\n  - {id: a, type: button, frame: [1, 2, 3, 4]}\n  - {id: b, type: button, frame: {x: 1, y: 2, width: 3, height: 4}}\n  - {id: c, type: button, frame: {x: 1, y: 2}}\n  - {id: d, type: button, frame: [1, 2, 3]}\n")
        XCTAssertEqual(decoded.screen.elements[0].frame, Rect(x: 1, y: 2, width: 3, height: 4))
        XCTAssertEqual(decoded.screen.elements[1].frame, Rect(x: 1, y: 2, width: 3, height: 4))
        XCTAssertNil(decoded.screen.elements[2].frame)
        XCTAssertEqual(messages(decoded), [
            "elements[2].frame: is missing width, height",
            "elements[3].frame: expected 4 numbers [x, y, width, height], found 3",
        ])
    }

    func testDefaultsFollowTheDevice() throws {
        let plus = try decode("screen: A\ndevice: iphone-plus\n")
        XCTAssertEqual(plus.screen.canvas, Size(width: 414, height: 736))
        let fromConfig = try decode("screen: A\n", device: .ipad)
        XCTAssertEqual(fromConfig.screen.device, .ipad)
        XCTAssertEqual(fromConfig.screen.canvas, Size(width: 768, height: 1024))
        let universal = try decode("screen: A\ndevice: universal\ncanvas: [320, 568]\n")
        XCTAssertEqual(universal.screen.canvas, Size(width: 320, height: 568))
        XCTAssertEqual(universal.screen.orientations, [.portrait])
        XCTAssertEqual(universal.screen.kind, .standard)
    }

    func testIgnoreListsPropagateToChildren() throws {
        let decoded = try decode("screen: A\nelements:\n  - id: g\n    type: group\n    ignore: [text]\n    children:\n      - {id: t, type: text, ignore: [layout.offscreen]}\n")
        XCTAssertEqual(decoded.screen.elements[0].children[0].suppressed, ["text", "layout.offscreen"])
        XCTAssertEqual(decoded.screen.elements[0].children[0].path, "elements[0].children[0]")
    }

    func testBarsTabsAndItemsAreElements() throws {
        let decoded = try decode("""
            screen: A
            navigation_bar:
              title: A
              back: {title: Home, style: breadcrumb, custom: true}
              items: [{id: e, type: button}]
              height: 44
            toolbar: {items: [{id: s, type: segmented-control, switches_mode: true}], height: auto}
            tab_bar: {tabs: [{title: One, badge: 3}, {title: Two, badge: new}]}
            """)
        XCTAssertTrue(decoded.issues.isEmpty, "\(decoded.issues.map(\.message))")
        let screen = decoded.screen
        XCTAssertEqual(screen.navigationBar?.back?.style, .breadcrumb)
        XCTAssertEqual(screen.navigationBar?.height, .fixed(44))
        XCTAssertEqual(screen.toolbar?.height, .auto)
        XCTAssertEqual(screen.toolbar?.items.first?.switchesMode, true)
        XCTAssertEqual(screen.tabBar?.tabs.map(\.badge), ["3", "new"])
        XCTAssertEqual(screen.allBarItems.map(\.name), ["e", "s", "tab_bar.tabs[0]", "tab_bar.tabs[1]"])
        XCTAssertTrue(screen.allBarItems.allSatisfy(\.isInteractive))
    }

    func testTabOnlyKeysAreUnknownOnContentElements() throws {
        let decoded = try decode("screen: A\nelements: [{id: a, type: text, badge: 2}]\n")
        XCTAssertEqual(messages(decoded, rule: CoreRules.unknownKey), ["unknown key \"badge\" in elements[0]"])
    }

    func testLoginKindDefaultsToOnAction() throws {
        XCTAssertEqual(try decode("screen: A\nkind: login\n").screen.effectiveLoginRequirement, .onAction)
        XCTAssertEqual(try decode("screen: A\nkind: login\nlogin: {required: never}\n").screen.effectiveLoginRequirement, .never)
        XCTAssertEqual(try decode("screen: A\n").screen.effectiveLoginRequirement, .never)
    }

    func testLayoutsAndGestures() throws {
        let decoded = try decode("""
            screen: A
            layouts:
              compact-regular: {presentation: list, hidden: [a]}
              wide-tall: {presentation: grid}
            gestures:
              - {type: swipe, fingers: 4, action: switch}
              - {type: swipe, fingers: many}
              - {action: zoom}
            """)
        XCTAssertEqual(decoded.screen.layouts?.map(\.sizeClass), [.compactRegular])
        XCTAssertEqual(decoded.screen.layouts?.first?.hidden, ["a"])
        XCTAssertEqual(decoded.screen.gestures.map(\.fingers), [4, 1, 1])
        XCTAssertEqual(messages(decoded, rule: CoreRules.unknownKey).count, 1)
        XCTAssertEqual(messages(decoded), [
            "gestures[1].fingers: expected a whole number, found \"many\"",
            "gestures[2]: `type` is missing: every gesture says what it is (tap, swipe, pinch...)",
        ])
    }

    func testIconsNeedAPrefix() throws {
        let decoded = try decode("screen: A\nelements: [{id: a, type: button, icon: star}]\n")
        XCTAssertEqual(messages(decoded), ["elements[0].icon: expected system:NAME or custom:NAME, found \"star\""])
    }

    func testNullMeansAbsent() throws {
        let decoded = try decode("screen: A\nparent: ~\nnavigation_bar:\n  title:\nelements:\n")
        XCTAssertNil(decoded.screen.parent)
        XCTAssertNotNil(decoded.screen.navigationBar)
        XCTAssertNil(decoded.screen.navigationBar?.title)
        XCTAssertTrue(decoded.issues.isEmpty)
    }
}
