import Foundation
@testable import HiglintCore
import HiglintPlugins
import XCTest

/// Specs decoded, written by `SpecWriter` and decoded again review the same: every example
/// app spec and every rule's examples, and the strings YAML 1.1 readers would misread.
final class SpecWriterTests: XCTestCase {
    /// Rules about the text itself rather than the screen: a written spec has none of these
    /// problems, so they are compared only one way (see `assertRoundTrip`).
    private static let textRules: Set<String> = [
        CoreRules.syntax, CoreRules.schema, CoreRules.unknownKey, CoreRules.duplicateKey, CoreRules.limits,
    ]

    private static func screens(_ text: String) -> [Screen]? {
        guard case .success(let documents) = YAMLLoader.load(Array(text.utf8)) else { return nil }
        return documents.map { SpecDecoder().decode($0).screen }
    }

    /// What a finding says, without where: positions change when text is rewritten.
    private static func said(_ finding: Finding) -> String {
        "\(finding.rule) | \(finding.screen ?? "-") | \(finding.element ?? "-") | \(finding.message)"
    }

    private static func findings(_ files: [String: String]) -> [Finding] {
        let engine = Engine(plugins: BuiltinPlugins.all, config: Config(), wireframes: false)
        let results = files.keys.sorted().map { name in
            engine.review(Array(files[name, default: ""].utf8), file: SpecFile(path: name, displayPath: name))
        }
        return engine.report(results).findings
    }

    /// Writes every file's screens and asserts the written tree reviews as the original:
    /// the same findings of every rule about screens, and no text problem unless the original had one.
    private func assertRoundTrip(_ files: [String: String], file: StaticString = #filePath, line: UInt = #line) {
        var written: [String: String] = [:]
        for (name, text) in files {
            guard let screens = Self.screens(text), !screens.isEmpty else { continue }
            written[name] = SpecWriter().text(of: screens)
        }
        let kept = files.filter { written[$0.key] != nil }
        guard !kept.isEmpty else { return }
        let before = Self.findings(kept)
        let after = Self.findings(written)
        let context = written.keys.sorted().map { "--- \($0)\n\(written[$0] ?? "")" }.joined(separator: "\n")
        XCTAssertEqual(
            before.filter { !Self.textRules.contains($0.rule) }.map(Self.said).sorted(),
            after.filter { !Self.textRules.contains($0.rule) }.map(Self.said).sorted(),
            "written:\n\(context)", file: file, line: line)
        // A source with a text problem (an element that is not a map) may come back with another
        // wording of it (`type` is missing); a clean source comes back clean.
        if !before.contains(where: { Self.textRules.contains($0.rule) }) {
            XCTAssertEqual(after.filter { Self.textRules.contains($0.rule) }.map(Self.said), [], context,
                           file: file, line: line)
        }
        // Writing what was read from a written spec gives the same bytes again.
        for (name, text) in written {
            XCTAssertEqual(Self.screens(text).map { SpecWriter().text(of: $0) }, text, name, file: file, line: line)
        }
    }

    func testTheExampleAppReviewsTheSameOnceWritten() throws {
        let directory = "examples"
        let names = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".yaml") }
        XCTAssertGreaterThan(names.count, 5)
        var files: [String: String] = [:]
        for name in names {
            files[name] = try String(contentsOfFile: directory + "/" + name, encoding: .utf8)
        }
        XCTAssertFalse(Self.findings(files).isEmpty)
        assertRoundTrip(files)
    }

    func testEveryRulesExamplesReviewTheSameOnceWritten() {
        let rules = CoreRules.descriptions(with: BuiltinPlugins.all)
        XCTAssertGreaterThan(rules.count, 20)
        for rule in rules {
            for example in rule.triggeringExamples + rule.nonTriggeringExamples {
                assertRoundTrip(["spec.yaml": example])
            }
        }
    }

    // MARK: - Scalars

    private static let trickyStrings = [
        "yes", "No", "ON", "off", "y", "N", "true", "False", "null", "~", "", " lead", "trail ", "123", "1.5", "-1",
        ".5", "+1", "0x1F", "1e3", "1_000", "12:30", "2001-12-14", ".inf", ".NaN", "a: b", "a #b", "#x", "- x", "-",
        "---", "...", "[x]", "{x}", "a,b", "&a", "*a", "!t", "|", ">", "'q'", "\"d\"", "%x", "@x", "`x", "?x", "x?",
        ":x", "x:", "<<", "=", "tab\there", "line\nbreak", "cr\rlf", "nul\u{0}", "del\u{7F}", "nel\u{85}",
        "c1\u{9B}", "ls\u{2028}", "bom\u{FEFF}", "back\\slash", "quote\"inside", "é", "日本語", "emoji 😀",
        "http://example.com/a", "a:b", "It's", "Sign in", "Save & close",
    ]

    func testEveryStringReadsBackAsWritten() throws {
        for text in Self.trickyStrings {
            var screen = Screen(device: .iphone, canvas: Size(width: 375, height: 667))
            screen.name = text.isEmpty ? "Blank label" : text
            var element = Element(placement: .content, path: "elements[0]", marks: Marks(.start))
            element.id = "e"
            element.type = .button
            element.label = text
            element.ignore = [text]
            screen.elements = [element]
            screen.login = Login(marks: Marks(.start))
            screen.login?.methods = [text, "apple"]
            let yaml = SpecWriter().text(of: screen)
            guard case .success(let documents) = YAMLLoader.load(Array(yaml.utf8)), let document = documents.first else {
                XCTFail("did not load: \(yaml)")
                continue
            }
            let decoded = SpecDecoder().decode(document)
            XCTAssertTrue(decoded.issues.isEmpty, "\(decoded.issues)\n\(yaml)")
            XCTAssertEqual(decoded.screen.name, screen.name, yaml)
            XCTAssertEqual(decoded.screen.elements.first?.label, text, yaml)
            XCTAssertEqual(decoded.screen.elements.first?.ignore, [text], yaml)
            XCTAssertEqual(decoded.screen.login?.methods, [text, "apple"], yaml)
        }
    }

    func testYAML11WordsAndNumbersAreQuotedAndPlainWordsAreNot() {
        for text in ["yes", "No", "on", "OFF", "null", "~", "123", "1.5", "2001-12-14", "a: b", "a #b", "#x", "x:", ""] {
            XCTAssertTrue(YAMLText.needsQuotes(text), text)
        }
        for text in ["Save", "Sign in", "It's", "é", "日本語", "http://example.com/a", "system:gear", "yes please"] {
            XCTAssertFalse(YAMLText.needsQuotes(text), text)
        }
        XCTAssertEqual(YAMLText.doubleQuoted("a\"b\\c\nd\u{7}e\u{2028}"), #""a\"b\\c\nd\x07e\u2028""#)
    }

    func testNumbersReadBackExactly() throws {
        var screen = Screen(device: .ipad, canvas: Size(width: 1024.5, height: 1366))
        screen.name = "Numbers"
        var element = Element(placement: .content, path: "elements[0]", marks: Marks(.start))
        element.type = .button
        element.frame = Rect(x: 0.1 + 0.2, y: -12, width: 43.9, height: 1e-7)
        element.hitArea = Size(width: 1e20, height: 44)
        element.font = Font(mark: .start)
        element.font?.size = 16.5
        screen.elements = [element]
        let yaml = SpecWriter().text(of: screen)
        XCTAssertTrue(yaml.contains("frame: [0.30000000000000004, -12, 43.9, 1e-07]"), yaml)
        let decoded = try XCTUnwrap(Self.screens(yaml)?.first)
        XCTAssertEqual(decoded.canvas, screen.canvas)
        XCTAssertEqual(decoded.elements.first?.frame, element.frame)
        XCTAssertEqual(decoded.elements.first?.hitArea, element.hitArea)
        XCTAssertEqual(decoded.elements.first?.font?.size, 16.5)
    }

    // MARK: - Comments and layout

    func testCommentsNameEachElementAndNeverBreakTheText() throws {
        let source = """
            screen: Settings
            navigation_bar:
              title: Settings
              items: [{id: done, type: button, action: done, frame: [319, 20, 44, 44]}]
            tab_bar:
              tabs: [{title: Home, icon: "system:house"}, {title: More, badge: 3}]
            elements:
              - id: list
                type: list
                frame: [0, 64, 375, 603]
                children:
                  - {id: row, type: button, label: Wi-Fi, frame: [0, 64, 375, 30]}
            """
        let screen = try XCTUnwrap(Self.screens(source)?.first)
        let writer = SpecWriter(header: "Imported from Main.storyboard\nby higlint import") { element in
            "Main.storyboard: \(element.name)\nsecond line\u{7} \u{2028}third"
        }
        let yaml = writer.text(of: screen)
        XCTAssertTrue(yaml.hasPrefix("# Imported from Main.storyboard\n# by higlint import\nscreen: Settings\n"), yaml)
        XCTAssertTrue(yaml.contains("  # Main.storyboard: list\n  # second line\n  # third\n  - id: list\n"), yaml)
        XCTAssertTrue(yaml.contains("      # Main.storyboard: row\n"), yaml)
        // A whole-number badge stays a number: bars.tab-badge counts a number by its digits.
        XCTAssertTrue(yaml.contains("badge: 3}"), yaml)
        assertRoundTrip(["a.yaml": source])
        XCTAssertEqual(Self.findings(["a.yaml": yaml]).map(Self.said), Self.findings(["a.yaml": source]).map(Self.said))
    }

    func testTheSameScreenIsWrittenAsTheSameBytes() throws {
        let source = try String(contentsOfFile: "examples/reading-list.yaml", encoding: .utf8)
        let screens = try XCTUnwrap(Self.screens(source))
        XCTAssertEqual(SpecWriter().text(of: screens), SpecWriter().text(of: screens))
    }

    func testWrittenOnlyWhenNotTheDefaultOrWhenTheSourceWroteIt() throws {
        let implicit = try XCTUnwrap(Self.screens("screen: Home\ndevice: ipad\n")?.first)
        XCTAssertEqual(SpecWriter().text(of: implicit), "screen: Home\ndevice: ipad\n")
        let explicit = try XCTUnwrap(Self.screens("screen: Home\ndevice: ipad\norientations: [portrait]\n")?.first)
        XCTAssertEqual(SpecWriter().text(of: explicit), "screen: Home\ndevice: ipad\norientations: [portrait]\n")
        let defaulted = try XCTUnwrap(Self.screens("screen: Home\n")?.first)
        XCTAssertEqual(SpecWriter().text(of: defaulted), "screen: Home\ndevice: iphone\n")
    }

    /// A screen an importer builds, with no marks: every field survives, and keys that do not
    /// belong where an element sits are left out rather than written as unknown keys.
    func testAScreenBuiltInCodeKeepsEveryField() throws {
        func element(_ placement: ElementPlacement, _ path: String, _ type: ElementType?) -> Element {
            var element = Element(placement: placement, path: path, marks: Marks(.start))
            element.type = type
            return element
        }
        var screen = Screen(device: .universal, canvas: Size(width: 390, height: 844))
        screen.name = "Player"
        screen.parent = "Library"
        screen.kind = .fullscreenMedia
        screen.orientations = [.landscapeLeft, .landscapeRight]
        screen.statusBar = StatusBar(marks: Marks(.start))
        screen.statusBar?.hidden = true
        screen.statusBar?.style = .blackOpaque
        var navigation = NavigationBar(marks: Marks(.start))
        navigation.title = "Now Playing"
        navigation.titleFont = Font(mark: .start)
        navigation.titleFont?.weight = .semibold
        navigation.back = BackButton(marks: Marks(.start))
        navigation.back?.title = "Library"
        navigation.back?.style = .breadcrumb
        var share = element(.navigationBarItem, "navigation_bar.items[0]", .button)
        share.icon = .system("square.and.arrow.up")
        share.title = "not a tab"
        navigation.items = [share]
        navigation.translucent = true
        navigation.height = .fixed(44.5)
        screen.navigationBar = navigation
        var toolbar = Toolbar(marks: Marks(.start))
        var mode = element(.toolbarItem, "toolbar.items[0]", .segmentedControl)
        mode.switchesMode = true
        toolbar.items = [mode]
        toolbar.color = "#202020"
        screen.toolbar = toolbar
        var tabs = TabBar(marks: Marks(.start))
        var tab = element(.tab, "tab_bar.tabs[0]", nil)
        tab.title = "Home"
        tab.badge = "12"
        tab.icon = .custom("home")
        tabs.tabs = [tab]
        screen.tabBar = tabs
        screen.login = Login(marks: Marks(.start))
        screen.login?.required = .onAction
        screen.login?.explanation = "Sign in: your queue follows you."
        screen.data = DataPolicy(marks: Marks(.start))
        screen.data?.save = .onChange
        var swipe = Gesture(path: "gestures[0]", marks: Marks(.start))
        swipe.type = .swipe
        swipe.fingers = 2
        swipe.direction = "down"
        screen.gestures = [swipe]
        var group = element(.content, "elements[0]", .group)
        group.id = "controls"
        group.scroll = .horizontal
        group.ignore = ["buttons.spacing"]
        var play = element(.content, "elements[0].children[0]", .button)
        play.label = "Play"
        play.action = "play"
        play.frame = Rect(x: 10, y: 700, width: 30, height: 30)
        play.hitArea = Size(width: 44, height: 44)
        play.border = true
        play.role = "primary"
        play.font = Font(mark: .start)
        play.font?.style = .headline
        play.font?.dynamic = false
        play.switchesMode = true
        group.children = [play]
        screen.elements = [group]
        var variant = LayoutVariant(sizeClass: .regularRegular, marks: Marks(.start))
        variant.presentation = "split"
        variant.hidden = ["controls"]
        screen.layouts = [variant, LayoutVariant(sizeClass: .regularRegular, marks: Marks(.start))]
        screen.review.ignore = ["text"]
        screen.review.reason = "Artwork screen"

        let yaml = SpecWriter().text(of: screen)
        guard case .success(let documents) = YAMLLoader.load(Array(yaml.utf8)), let document = documents.first else {
            return XCTFail(yaml)
        }
        let decoded = SpecDecoder().decode(document)
        XCTAssertTrue(decoded.issues.isEmpty, "\(decoded.issues)\n\(yaml)")
        XCTAssertFalse(yaml.contains("not a tab"), yaml)
        XCTAssertEqual(yaml.components(separatedBy: "switches_mode").count, 2, yaml)
        let back = decoded.screen
        XCTAssertEqual(SpecWriter().text(of: back), yaml)
        XCTAssertEqual(back.canvas, screen.canvas)
        XCTAssertEqual(back.orientations, screen.orientations)
        XCTAssertEqual(back.statusBar?.style, .blackOpaque)
        XCTAssertEqual(back.navigationBar?.height, .fixed(44.5))
        XCTAssertEqual(back.navigationBar?.back?.style, .breadcrumb)
        XCTAssertEqual(back.toolbar?.items.first?.switchesMode, true)
        XCTAssertEqual(back.toolbar?.color, "#202020")
        XCTAssertEqual(back.tabBar?.tabs.first?.badge, "12")
        XCTAssertNil(back.tabBar?.tabs.first?.type)
        XCTAssertEqual(back.login?.explanation, screen.login?.explanation)
        XCTAssertEqual(back.gestures.first?.fingers, 2)
        XCTAssertEqual(back.elements.first?.children.first?.hitArea, Size(width: 44, height: 44))
        XCTAssertEqual(back.elements.first?.children.first?.font, play.font)
        XCTAssertEqual(back.elements.first?.children.first?.suppressed, ["buttons.spacing"])
        XCTAssertEqual(back.layouts?.count, 1)
        XCTAssertEqual(back.layouts?.first?.hidden, ["controls"])
        XCTAssertEqual(back.review.reason, "Artwork screen")
    }

    func testSeveralScreensAreSeveralDocuments() throws {
        let screens = try XCTUnwrap(Self.screens("screen: A\n---\nscreen: B\nparent: A\n"))
        XCTAssertEqual(SpecWriter().text(of: screens), "screen: A\ndevice: iphone\n---\nscreen: B\nparent: A\ndevice: iphone\n")
    }
}
