import HiglintCore

/// What the importer knows of one element, before it becomes the core's `Element`. The only
/// place that builds elements and marks, so a change to their storage changes this file alone.
struct ElementFields {
    var placement: ElementPlacement = .content
    var id: String
    var type: ElementType?
    var frame: Rect?
    var label: String?
    var action: String?
    var icon: Icon?
    var border = false
    var font: Font?
    var scroll: Scroll = .none
    var title: String?
    var badge: String?
    var children: [Element] = []
    /// Rules IB cannot be trusted for on this element (a switch's hit target).
    var suppressed: [String] = []
    var mark: Mark

    init(id: String, mark: Mark) {
        self.id = id
        self.mark = mark
    }

    func element(path: String) -> Element {
        var marks = Marks(mark)
        // Findings on an element point at its start tag, whichever value they are about.
        if frame != nil { marks.record("frame", key: mark, value: mark) }
        if font != nil { marks.record("font", key: mark, value: mark) }
        var element = Element(placement: placement, path: path, marks: marks)
        element.id = id
        element.type = type
        element.frame = frame
        element.label = label
        element.action = action
        element.icon = icon
        element.border = border
        element.font = font
        element.scroll = scroll
        element.title = title
        element.badge = badge
        element.children = children
        element.suppressed = suppressed
        return element
    }
}

enum ModelAdapter {
    /// A screen's marks: its name at the scene's view controller, its parent at the segue
    /// that leads to it, its navigation bar at the navigation item.
    static func marks(screen: Mark, parent: Mark?, navigationBar: Mark?) -> Marks {
        var marks = Marks(screen)
        marks.record("screen", key: screen, value: screen)
        if let parent { marks.record("parent", key: parent, value: parent) }
        if let navigationBar { marks.record("navigation_bar", key: navigationBar, value: navigationBar) }
        return marks
    }

    static func marks(_ mark: Mark) -> Marks { Marks(mark) }
}
