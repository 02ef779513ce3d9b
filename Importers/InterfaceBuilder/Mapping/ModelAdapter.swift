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

    /// Consuming, so that the fields move into the element instead of being copied.
    consuming func element(path: String) -> Element {
        var marks = Marks<ElementField>(mark)
        // Findings on an element point at its start tag, whichever value they are about.
        if frame != nil { marks.record(.frame, key: mark, value: mark) }
        if font != nil { marks.record(.font, key: mark, value: mark) }
        var fields = Element.Fields(placement: placement, path: path, marks: marks)
        fields.id = id
        fields.type = type
        fields.frame = frame
        fields.label = label
        fields.action = action
        fields.icon = icon
        fields.border = border
        fields.font = font
        fields.scroll = scroll
        fields.title = title
        fields.badge = badge
        fields.children = children
        fields.suppressed = suppressed
        return Element(fields)
    }
}

enum ModelAdapter {
    /// A screen's marks: its name at the scene's view controller, its parent at the segue
    /// that leads to it, its navigation bar at the navigation item.
    static func marks(screen: Mark, parent: Mark?, navigationBar: Mark?) -> Marks<ScreenField> {
        var marks = Marks<ScreenField>(screen)
        marks.record(.screen, key: screen, value: screen)
        if let parent { marks.record(.parent, key: parent, value: parent) }
        if let navigationBar { marks.record(.navigationBar, key: navigationBar, value: navigationBar) }
        return marks
    }

    /// The marks of a bar or other map IB gives one position for.
    static func marks<Key>(_ mark: Mark) -> Marks<Key> { Marks(mark) }
}
