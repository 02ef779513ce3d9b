/// What the HTML report needs to draw one screen: its canvas, its bars and
/// every element as a rectangle. Built once per screen during the review (a
/// `FileResult` keeps it), so a report never re-reads a spec.
///
/// Bars have no frames in the spec, so they get the system's standard heights;
/// bar items without a frame get a place in their bar, marked `placed`.
public struct Wireframe: Sendable, Hashable {
    public enum Place: String, Sendable, Hashable {
        case content
        case navigationBar = "navigation-bar"
        case toolbar
        case tabBar = "tab-bar"
    }

    public struct Item: Sendable, Hashable {
        /// How findings name the element: its id, else its path.
        public var name: String
        /// The element type, or `item` / `tab` for bar entries that give none.
        public var type: String
        public var place: Place
        public var frame: Rect
        /// The touch area when `hit_area` makes it differ from the frame.
        public var hitArea: Rect?
        public var label: String?
        public var icon: String?
        public var badge: String?
        /// True when the spec gave no frame and the wireframe chose one.
        public var placed: Bool
        /// 0 for top-level elements, 1 for their children, and so on.
        public var depth: Int
        /// The element's foreground and fill as the source gives them (spec format v3), so
        /// the page draws what `text.contrast` measured; nil when not given or unknown.
        public var color: Color? = nil
        public var background: Color? = nil
    }

    public struct NavigationBar: Sendable, Hashable {
        public var frame: Rect
        public var title: String?
        public var backTitle: String?
    }

    public var screen: String?
    public var documentIndex: Int
    public var canvas: Size
    /// The screen's own background, when the source gives one that is known.
    public var background: Color?
    /// Nil when the status bar is hidden.
    public var statusBar: Rect?
    public var navigationBar: NavigationBar?
    public var toolbar: Rect?
    public var tabBar: Rect?
    /// Content elements in document order (parents before children), then bar items.
    public var items: [Wireframe.Item]
    /// Content elements that have no frame, so cannot be drawn.
    public var unplaced: [String]
    /// Where each bar's map and its values are written: a finding on no element at one of
    /// these marks is about that bar (`bars.tab-count` at `tabs:`), and the page outlines it.
    public var barMarks: [BarMark] = []

    public struct BarMark: Sendable, Hashable {
        public var place: Place
        public var line: Int
        public var column: Int
    }

    /// The bar a finding on no element at `line`:`column` is about, if any.
    public func bar(atLine line: Int, column: Int) -> Place? {
        barMarks.first { $0.line == line && $0.column == column }?.place
    }

    /// Standard bar heights in points (portrait iPhone metrics).
    public static let statusBarHeight: Double = 20
    public static let barHeight: Double = 44
    public static let tabBarHeight: Double = 49

    public init(_ screen: Screen, documentIndex: Int) {
        self.screen = screen.name
        self.documentIndex = documentIndex
        canvas = screen.canvas
        background = screen.background.flatMap { $0.isKnown ? $0 : nil }
        let width = screen.canvas.width
        var top: Double = 0
        if screen.statusBar?.hidden != true {
            statusBar = Rect(x: 0, y: 0, width: width, height: Self.statusBarHeight)
            top = Self.statusBarHeight
        }
        var bottom = screen.canvas.height
        var items: [Wireframe.Item] = []
        var unplaced: [String] = []
        Self.collect(screen.elements, depth: 0, into: &items, unplaced: &unplaced)

        if let tabs = screen.tabBar {
            let frame = Rect(x: 0, y: bottom - Self.tabBarHeight, width: width, height: Self.tabBarHeight)
            tabBar = frame
            bottom = frame.y
            Self.spread(tabs.tabs, in: frame, place: .tabBar, into: &items)
        }
        if let toolbar = screen.toolbar {
            let height = Self.height(toolbar.height)
            let frame = Rect(x: 0, y: bottom - height, width: width, height: height)
            self.toolbar = frame
            Self.spread(toolbar.items, in: frame, place: .toolbar, into: &items)
        }
        if let bar = screen.navigationBar {
            let frame = Rect(x: 0, y: top, width: width, height: Self.height(bar.height))
            navigationBar = NavigationBar(frame: frame, title: bar.title, backTitle: bar.back.map { $0.title ?? "Back" })
            // Items without a frame line up from the trailing edge, as UIKit places right bar-button items.
            var trailing = width - 8
            for element in bar.items {
                var item = Self.item(element, place: .navigationBar, depth: 0)
                if element.frame == nil {
                    trailing -= Self.barHeight
                    item.frame = Rect(x: trailing, y: frame.y, width: Self.barHeight, height: min(Self.barHeight, frame.height))
                    item.placed = true
                }
                items.append(item)
            }
        }
        self.items = items
        self.unplaced = unplaced
        func note<Key>(_ marks: Marks<Key>?, _ place: Place) {
            guard let marks else { return }
            for mark in [marks.map] + marks.written.map(\.value) {
                barMarks.append(BarMark(place: place, line: mark.line, column: mark.column))
            }
        }
        if tabBar != nil { note(screen.tabBar?.marks, .tabBar) }
        if toolbar != nil { note(screen.toolbar?.marks, .toolbar) }
        if navigationBar != nil { note(screen.navigationBar?.marks, .navigationBar) }
    }

    private static func height(_ height: BarHeight) -> Double {
        if case .fixed(let points) = height { return points }
        return barHeight
    }

    private static func collect(_ elements: [Element], depth: Int, into items: inout [Wireframe.Item], unplaced: inout [String]) {
        for element in elements {
            if element.frame != nil {
                items.append(item(element, place: .content, depth: depth))
            } else {
                unplaced.append(element.name)
            }
            collect(element.children, depth: depth + 1, into: &items, unplaced: &unplaced)
        }
    }

    /// Equal slots across the bar for entries without a frame, as tab bars and toolbars lay them out.
    private static func spread(_ elements: [Element], in bar: Rect, place: Place, into items: inout [Wireframe.Item]) {
        guard !elements.isEmpty else { return }
        let slot = bar.width / Double(elements.count)
        for (index, element) in elements.enumerated() {
            var item = self.item(element, place: place, depth: 0)
            if element.frame == nil {
                item.frame = Rect(x: bar.x + slot * Double(index), y: bar.y, width: slot, height: bar.height)
                item.placed = true
            }
            items.append(item)
        }
    }

    private static func item(_ element: Element, place: Place, depth: Int) -> Wireframe.Item {
        let frame = element.frame ?? Rect(x: 0, y: 0, width: 0, height: 0)
        var hitArea: Rect?
        if element.hitArea != nil, let touch = element.touchRect, touch != frame { hitArea = touch }
        let fallbackType = place == .tabBar ? "tab" : "item"
        var icon: String?
        switch element.icon {
        case .system(let name): icon = name
        case .custom(let name): icon = name
        case nil: icon = nil
        }
        return Wireframe.Item(
            name: element.name, type: element.type?.rawValue ?? fallbackType, place: place, frame: frame,
            hitArea: hitArea, label: element.label ?? element.title, icon: icon, badge: element.badge,
            placed: element.frame == nil, depth: depth,
            color: element.color.flatMap { $0.isKnown ? $0 : nil },
            background: element.background.flatMap { $0.isKnown ? $0 : nil })
    }

    /// Whether the source gives any colour on the screen: only then does the page fill the
    /// drawing with the colours of an appearance (a spec without colours keeps its look).
    public var hasColors: Bool {
        background != nil || items.contains { $0.color != nil || $0.background != nil }
    }
}
