import HiglintCore
import XCTest

/// The engine hands rules a screen whose `flattenElements()` keeps the element lists
/// instead of computing them at each read. The kept lists must be the computed ones, and any write
/// to the element tree must show in them.
final class FlattenedScreenTests: XCTestCase {
    private func element(_ path: String, _ placement: ElementPlacement = .content, children: [Element] = []) -> Element {
        var element = Element(placement: placement, path: path, marks: Marks(Mark(line: 1, column: 1)))
        element.children = children
        return element
    }

    private func screen(navigation: Bool = true, toolbar: Bool = true, tabs: Bool = true) -> Screen {
        var screen = Screen(device: .iphone, canvas: Size(width: 375, height: 667))
        screen.elements = [
            element("elements[0]", children: [element("elements[0].children[0]", children: [element("deep")])]),
            element("elements[1]"),
        ]
        if navigation {
            var bar = NavigationBar(marks: Marks(Mark(line: 1, column: 1)))
            bar.items = [element("nav[0]", .navigationBarItem, children: [element("nav[0].children[0]", .navigationBarItem)])]
            screen.navigationBar = bar
        }
        if toolbar {
            var bar = Toolbar(marks: Marks(Mark(line: 1, column: 1)))
            bar.items = [element("toolbar[0]", .toolbarItem), element("toolbar[1]", .toolbarItem)]
            screen.toolbar = bar
        }
        if tabs {
            var bar = TabBar(marks: Marks(Mark(line: 1, column: 1)))
            bar.tabs = [element("tabs[0]", .tab)]
            screen.tabBar = bar
        }
        return screen
    }

    private func flattened(_ screen: Screen) -> Screen {
        var flattened = screen
        flattened.flattenElements()
        return flattened
    }

    private struct Lists: Equatable {
        var all: [String]
        var content: [String]
        var barItems: [String]

        init(_ screen: Screen) {
            all = screen.allElements.map(\.path)
            content = screen.allContentElements.map(\.path)
            barItems = screen.allBarItems.map(\.path)
        }
    }

    func testKeptListsAreTheComputedOnes() {
        for bars in 0..<8 {
            let plain = screen(navigation: bars & 1 != 0, toolbar: bars & 2 != 0, tabs: bars & 4 != 0)
            XCTAssertEqual(Lists(flattened(plain)), Lists(plain), "bars \(bars)")
        }
        let full = Lists(screen())
        XCTAssertEqual(full.content, ["elements[0]", "elements[0].children[0]", "deep", "elements[1]"])
        XCTAssertEqual(full.barItems, ["nav[0]", "toolbar[0]", "toolbar[1]", "tabs[0]"])
        XCTAssertEqual(full.all, full.content + ["nav[0]", "nav[0].children[0]", "toolbar[0]", "toolbar[1]", "tabs[0]"])
        XCTAssertEqual(Lists(flattened(Screen(device: .iphone, canvas: Size(width: 1, height: 1)))).all, [])
    }

    func testEveryWriteToTheTreeShows() {
        let writes: [(String, (inout Screen) -> Void)] = [
            ("elements", { $0.elements.append(self.element("new")) }),
            ("deep element", { $0.elements[0].children[0].children[0].path = "new" }),
            ("navigation items", { $0.navigationBar?.items[0].children.append(self.element("new", .navigationBarItem)) }),
            ("navigation bar", { $0.navigationBar = nil }),
            ("toolbar", { $0.toolbar?.items.removeFirst() }),
            ("tab bar", { $0.tabBar?.tabs.append(self.element("new", .tab)) }),
            ("whole tree", { $0.elements = [] }),
        ]
        for (name, write) in writes {
            var flattened = self.flattened(screen())
            var plain = screen()
            write(&flattened)
            write(&plain)
            XCTAssertEqual(Lists(flattened), Lists(plain), name)
            XCTAssertNotEqual(Lists(plain), Lists(screen()), "\(name) changes nothing")
        }
    }

    func testAFlattenedCopyLeavesTheOriginal() {
        var original = screen()
        let flattened = self.flattened(original)
        original.elements.removeAll()
        XCTAssertEqual(Lists(flattened), Lists(screen()))
        XCTAssertEqual(Lists(original).content, [])
    }
}
