import HiglintCore
import HiglintPlugins
import XCTest

/// `Element` keeps its fields in a shared box for cheap copies; it must still behave
/// as a value: a write to one copy, at any depth, never shows in another.
final class ElementStorageTests: XCTestCase {
    private func element(_ path: String, label: String? = nil) -> Element {
        var element = Element(placement: .content, path: path, marks: Marks(Mark(line: 1, column: 1)))
        element.label = label
        return element
    }

    func testWritesToACopyLeaveTheOriginal() {
        var original = element("elements[0]", label: "Save")
        original.children = [element("elements[0].children[0]", label: "Inner")]
        original.ignore = ["buttons"]
        original.marks.record(.label, key: Mark(line: 2, column: 1), value: Mark(line: 2, column: 3))
        var font = Font(mark: Mark(line: 4, column: 5))
        font.size = 17
        original.font = font

        var copy = original
        copy.label = "Quit"
        copy.children[0].label = "Changed"
        copy.children.append(element("elements[0].children[1]"))
        copy.ignore.append("text")
        copy.marks.record(.action, key: Mark(line: 9, column: 1), value: Mark(line: 9, column: 9))
        copy.font?.size = 9
        copy.frame = Rect(x: 1, y: 2, width: 3, height: 4)

        XCTAssertEqual(original.label, "Save")
        XCTAssertEqual(original.children.map(\.label), ["Inner"])
        XCTAssertEqual(original.ignore, ["buttons"])
        XCTAssertEqual(original.marks.value(of: .label), Mark(line: 2, column: 3))
        XCTAssertNil(original.marks.value(of: .action))
        XCTAssertEqual(original.font?.size, 17)
        XCTAssertNil(original.frame)

        XCTAssertEqual(copy.label, "Quit")
        XCTAssertEqual(copy.children.map(\.label), ["Changed", nil])
        XCTAssertEqual(copy.ignore, ["buttons", "text"])
        XCTAssertEqual(copy.marks.value(of: .action), Mark(line: 9, column: 9))
        XCTAssertEqual(copy.font?.size, 9)
        XCTAssertEqual(copy.frame, Rect(x: 1, y: 2, width: 3, height: 4))
    }

    /// Every field away from its default, so a copy that dropped one would show it.
    private func everyFieldSet() -> Element {
        var fields = Element.Fields(placement: .toolbarItem, path: "toolbar.items[0]", marks: Marks(Mark(line: 2, column: 3)))
        fields.id = "save"
        fields.type = .button
        fields.frame = Rect(x: 1, y: 2, width: 3, height: 4)
        fields.hitArea = Size(width: 44, height: 44)
        fields.label = "Save"
        fields.action = "save"
        fields.icon = .system("square.and.arrow.down")
        fields.border = true
        var font = Font(mark: Mark(line: 4, column: 5))
        font.size = 17
        fields.font = font
        fields.color = .fixed(.black)
        fields.background = .known(light: .white, dark: .clear)
        fields.role = "primary"
        fields.scroll = .vertical
        fields.children = [element("toolbar.items[0].children[0]", label: "Inner")]
        fields.ignore = ["buttons"]
        fields.ignoreMarks = [Mark(line: 6, column: 7)]
        fields.switchesMode = true
        fields.title = "Library"
        fields.badge = "3"
        fields.badgeNumber = 3
        fields.suppressed = ["text", "buttons"]
        fields.suppressionMarks = [Mark(line: 2, column: 3), Mark(line: 4, column: 5)]
        fields.marks.record(.label, key: Mark(line: 3, column: 1), value: Mark(line: 3, column: 8))
        return Element(fields)
    }

    /// Each field by name with its value spelt out; children by their own fields, not their box.
    private func described(_ fields: Element.Fields) -> [(name: String, value: String)] {
        func describe(_ value: Any) -> String {
            if let element = value as? Element { return "Element(\(described(element.fields).map(\.value)))" }
            if let elements = value as? [Element] { return elements.map(describe).description }
            return String(reflecting: value)
        }
        return Mirror(reflecting: fields).children.map { ($0.label ?? "?", describe($0.value)) }
    }

    func testTheFixtureSetsEveryField() {
        let defaults = described(Element(placement: .content, path: "", marks: Marks(.start)).fields)
        let set = described(everyFieldSet().fields)
        XCTAssertEqual(set.map(\.name), defaults.map(\.name))
        for (field, unset) in zip(set, defaults) {
            XCTAssertNotEqual(field.value, unset.value, "everyFieldSet() leaves \(field.name) at its default; give it a value")
        }
    }

    /// The first write to a copy copies the box: every field must come along, whichever is written.
    func testACopyOnWriteKeepsEveryField() {
        let original = everyFieldSet()
        let before = described(original.fields)
        let writes: [(field: String, write: (inout Element) -> Void)] = [
            ("label", { $0.label = "Quit" }),
            ("children", { $0.children[0].label = "Changed" }),
            ("font", { $0.font?.size = 9 }),
            ("marks", { $0.marks.record(.action, key: Mark(line: 9, column: 1), value: Mark(line: 9, column: 9)) }),
            ("placement", { $0.placement = .tab }),
        ]
        for (written, write) in writes {
            var copy = original
            write(&copy)
            let after = described(copy.fields)
            XCTAssertEqual(after.map(\.name), before.map(\.name))
            for (field, kept) in zip(after, before) where field.name != written {
                XCTAssertEqual(field.value, kept.value, "writing \(written) on a copy changed \(field.name)")
            }
            XCTAssertNotEqual(after.first { $0.name == written }?.value, before.first { $0.name == written }?.value, written)
            XCTAssertEqual(described(original.fields).map(\.value), before.map(\.value), "writing \(written) on a copy changed the original")
        }
    }

    func testWritesToTheOriginalLeaveACopy() {
        var original = element("elements[0]", label: "Save")
        original.children = [element("elements[0].children[0]", label: "Inner")]
        let copy = original
        original.label = "Quit"
        original.children[0].children.append(element("elements[0].children[0].children[0]"))
        XCTAssertEqual(copy.label, "Save")
        XCTAssertTrue(copy.children[0].children.isEmpty)
        XCTAssertEqual(original.children[0].children.count, 1)
    }

    func testAScreenCopyIsIndependentDeepInTheTree() {
        var screen = Screen(device: .iphone, canvas: Size(width: 375, height: 667))
        var group = element("elements[0]")
        group.children = [element("elements[0].children[0]", label: "Deep")]
        screen.elements = [group]
        let copy = screen
        screen.elements[0].children[0].label = "Edited"
        XCTAssertEqual(copy.elements[0].children[0].label, "Deep")
        XCTAssertEqual(screen.elements[0].children[0].label, "Edited")
    }

    func testAllElementsIsContentThenEveryBarDepthFirst() {
        var screen = Screen(device: .iphone, canvas: Size(width: 375, height: 667))
        var group = element("elements[0]")
        group.children = [element("elements[0].children[0]")]
        screen.elements = [group, element("elements[1]")]
        var navigation = NavigationBar(marks: Marks(Mark(line: 1, column: 1)))
        var item = element("navigation_bar.items[0]")
        item.children = [element("navigation_bar.items[0].children[0]")]
        navigation.items = [item]
        screen.navigationBar = navigation
        var toolbar = Toolbar(marks: Marks(Mark(line: 1, column: 1)))
        toolbar.items = [element("toolbar.items[0]")]
        screen.toolbar = toolbar
        var tabs = TabBar(marks: Marks(Mark(line: 1, column: 1)))
        tabs.tabs = [element("tab_bar.tabs[0]"), element("tab_bar.tabs[1]")]
        screen.tabBar = tabs

        let expected = [
            "elements[0]", "elements[0].children[0]", "elements[1]", "navigation_bar.items[0]",
            "navigation_bar.items[0].children[0]", "toolbar.items[0]", "tab_bar.tabs[0]", "tab_bar.tabs[1]",
        ]
        XCTAssertEqual(screen.allElements.map(\.path), expected)
        XCTAssertEqual(
            screen.allElements.map(\.path),
            (screen.allContentElements + Screen.flatten(screen.allBarItems)).map(\.path))
    }

    func testCopiesCanBeReadAndWrittenOnManyThreads() {
        var shared = element("elements[0]", label: "Shared")
        shared.children = (0..<8).map { element("elements[0].children[\($0)]", label: "child \($0)") }
        let original = shared
        let labels = ParallelReview.parallelMap(Array(0..<64)) { index -> [String?] in
            var mine = original
            mine.children[index % 8].label = "mine \(index)"
            return [original.children[index % 8].label, mine.children[index % 8].label]
        }
        for (index, pair) in labels.enumerated() {
            XCTAssertEqual(pair, ["child \(index % 8)", "mine \(index)"])
        }
        XCTAssertEqual(original.children.map(\.label), (0..<8).map { "child \($0)" })
    }
}

/// Wireframes are drawn only for engines that may write HTML.
final class WireframeOptionTests: XCTestCase {
    private let text = Array("screen: A\nelements:\n  - {id: b, type: button, label: Go, frame: [0, 100, 20, 20]}\n".utf8)
    private let file = SpecFile(path: "a.yaml", displayPath: "a.yaml")

    func testDrawnByDefaultAndWhenAsked() {
        XCTAssertEqual(Engine(plugins: BuiltinPlugins.all, config: Config()).review(text, file: file).wireframes.count, 1)
        let asked = Engine(plugins: BuiltinPlugins.all, config: Config(), wireframes: true)
        XCTAssertEqual(asked.review(text, file: file).wireframes.map(\.screen), ["A"])
    }

    func testSkippedWhenNoHTMLIsWrittenWithTheSameFindings() {
        let drawn = Engine(plugins: BuiltinPlugins.all, config: Config()).review(text, file: file)
        let skipped = Engine(plugins: BuiltinPlugins.all, config: Config(), wireframes: false).review(text, file: file)
        XCTAssertTrue(skipped.wireframes.isEmpty)
        XCTAssertFalse(drawn.findings.isEmpty, "the hit-target finding is part of what must match")
        XCTAssertEqual(skipped.findings, drawn.findings)
        XCTAssertEqual(skipped.summaries, drawn.summaries)
        XCTAssertEqual(skipped.screenCount, drawn.screenCount)
    }
}
