public enum ElementType: String, Sendable, CaseIterable {
    case button
    case text
    case image
    case textField = "text-field"
    case `switch`
    case slider
    case segmentedControl = "segmented-control"
    case list
    case grid
    case group
    case alert
    case actionSheet = "action-sheet"
    case custom
}

/// Where an element sits, which decides whether it is interactive and which keys it may have.
public enum ElementPlacement: Sendable, Hashable {
    case content
    case navigationBarItem
    case toolbarItem
    case tab

    public var isBarItem: Bool { self != .content }
}

public enum Scroll: String, Sendable, CaseIterable {
    case none
    case vertical
    case horizontal
    case both

    public var isHorizontal: Bool { self == .horizontal || self == .both }
}

public enum Icon: Sendable, Hashable {
    case system(String)
    case custom(String)

    public var isCustom: Bool {
        if case .custom = self { return true }
        return false
    }
}

public struct Font: Sendable, Hashable {
    public enum Weight: String, Sendable, CaseIterable {
        case ultralight, thin, light, regular, medium, semibold, bold, heavy, black
    }

    public enum Style: String, Sendable, CaseIterable {
        case largeTitle = "large-title"
        case title1, title2, title3, headline, body, callout, subheadline, footnote, caption1, caption2
    }

    public var size: Double?
    public var weight: Weight?
    public var style: Style?
    public var dynamic: Bool?
    public var mark: Mark

    public init(mark: Mark) { self.mark = mark }

    /// The explicit size, else the style's default size at the Large setting.
    public var effectiveSize: Double? {
        size ?? style.map(DeviceFacts.defaultSize(of:))
    }

    /// Fonts compare by what they look like, not where they were written.
    public static func == (lhs: Font, rhs: Font) -> Bool {
        lhs.size == rhs.size && lhs.weight == rhs.weight && lhs.style == rhs.style && lhs.dynamic == rhs.dynamic
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(size)
        hasher.combine(weight)
        hasher.combine(style)
        hasher.combine(dynamic)
    }
}

/// One element of the content area, or a bar item, or a tab.
public struct Element: Sendable {
    public var placement: ElementPlacement
    public var id: String?
    public var type: ElementType?
    public var frame: Rect?
    public var hitArea: Size?
    public var label: String?
    public var action: String?
    public var icon: Icon?
    public var border: Bool = false
    public var font: Font?
    public var role: String?
    public var scroll: Scroll = .none
    public var children: [Element] = []
    public var ignore: [String] = []
    /// Mark of each `ignore` entry, for `spec.unknown-rule`.
    public var ignoreMarks: [Mark] = []
    /// Toolbar items only.
    public var switchesMode: Bool = false
    /// Tabs only.
    public var title: String?
    /// Tabs only.
    public var badge: String?
    /// Where the element sits in the document: `elements[2].children[0]`, `navigation_bar.items[1]`.
    public var path: String
    /// The rule ids and plugin names suppressed here: this element's `ignore` and its ancestors'.
    public var suppressed: [String] = []
    public var marks: Marks

    public init(placement: ElementPlacement, path: String, marks: Marks) {
        self.placement = placement
        self.path = path
        self.marks = marks
    }

    /// How findings name the element: its id, else its path.
    public var name: String { id ?? path }

    /// Buttons and controls, every bar item and tab, and anything with an action.
    public var isInteractive: Bool {
        if placement.isBarItem || action != nil { return true }
        switch type {
        case .button, .textField, .switch, .slider, .segmentedControl: return true
        default: return false
        }
    }

    /// The area a finger can hit: `hit_area` wins over the frame's size.
    public var touchSize: Size? {
        hitArea ?? frame.map { Size(width: $0.width, height: $0.height) }
    }

    /// The touch area as a rectangle, centred on the frame when `hit_area` enlarges it.
    public var touchRect: Rect? {
        guard let frame else { return nil }
        guard let hitArea else { return frame }
        return Rect(
            x: frame.x - (hitArea.width - frame.width) / 2,
            y: frame.y - (hitArea.height - frame.height) / 2,
            width: hitArea.width, height: hitArea.height)
    }
}
