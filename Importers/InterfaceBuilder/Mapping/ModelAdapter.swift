import HiglintCore

/// What the importer knows of one element, before it becomes the core's `Element`. The only
/// place that builds elements and marks, so a change to their storage changes this file alone.
///
/// The fields are kept in the core's own `Element.Fields` from the start, so that making the
/// element moves them into its box instead of copying each one across. Not copyable, so that
/// it is moved and never copied: as a copyable value of 384 bytes it was copied twice for each
/// element (each copy retaining every string and array in it, and a destroy releasing them),
/// about 1,300 instructions an element.
struct ElementFields: ~Copyable {
    private var fields: Element.Fields
    let mark: Mark

    init(id: String, mark: Mark) {
        fields = Element.Fields(placement: .content, path: "", marks: Marks(mark))
        fields.id = id
        self.mark = mark
    }

    var placement: ElementPlacement {
        get { fields.placement }
        set { fields.placement = newValue }
    }

    var id: String { fields.id ?? "" }

    var type: ElementType? {
        get { fields.type }
        set { fields.type = newValue }
    }

    var frame: Rect? {
        get { fields.frame }
        set { fields.frame = newValue }
    }

    var hitArea: Size? {
        get { fields.hitArea }
        set { fields.hitArea = newValue }
    }

    var label: String? {
        get { fields.label }
        set { fields.label = newValue }
    }

    var action: String? {
        get { fields.action }
        set { fields.action = newValue }
    }

    var icon: Icon? {
        get { fields.icon }
        set { fields.icon = newValue }
    }

    var border: Bool {
        get { fields.border }
        set { fields.border = newValue }
    }

    var font: Font? {
        get { fields.font }
        set { fields.font = newValue }
    }

    var color: Color? {
        get { fields.color }
        set { fields.color = newValue }
    }

    var background: Color? {
        get { fields.background }
        set { fields.background = newValue }
    }

    var scroll: Scroll {
        get { fields.scroll }
        set { fields.scroll = newValue }
    }

    var title: String? {
        get { fields.title }
        set { fields.title = newValue }
    }

    var badge: String? {
        get { fields.badge }
        set { fields.badge = newValue }
    }

    var children: [Element] {
        get { fields.children }
        set { fields.children = newValue }
    }

    /// Rules IB cannot be trusted for on this element (a switch's hit target).
    var suppressed: [String] {
        get { fields.suppressed }
        set { fields.suppressed = newValue }
    }

    consuming func element(path: String) -> Element {
        fields.path = path
        // Findings on an element point at its start tag, whichever value they are about.
        if fields.frame != nil { fields.marks.record(.frame, at: mark) }
        if fields.font != nil { fields.marks.record(.font, at: mark) }
        if fields.color != nil { fields.marks.record(.color, at: mark) }
        if fields.background != nil { fields.marks.record(.background, at: mark) }
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
