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
///
/// A value type whose fields live in one shared box: rules copy elements freely (every
/// `allElements` walk does), and a copy is then one reference count rather than one per
/// field. The box is copied before any write to a shared one, so values never alias.
public struct Element: Sendable {
    /// Written only through `Element`'s accessors, and only once `makeUnique` has made it
    /// this element's own: a box that two values share is never written, which is what
    /// makes sharing it across threads safe. For the same reason an access to a field can
    /// only overlap a write through the same `Element` variable, which the compiler already
    /// rules out, so the fields skip the run-time exclusivity check (a call per read).
    ///
    /// Readable from inline code, so that the plugins' rules, which read fields of every
    /// element of every screen, read them in place instead of through one call each; only
    /// this file writes them.
    @usableFromInline
    final class Storage: @unchecked Sendable {
        @exclusivity(unchecked) @usableFromInline fileprivate(set) var placement: ElementPlacement
        @exclusivity(unchecked) @usableFromInline fileprivate(set) var id: String?
        @exclusivity(unchecked) @usableFromInline fileprivate(set) var type: ElementType?
        @exclusivity(unchecked) @usableFromInline fileprivate(set) var frame: Rect?
        @exclusivity(unchecked) @usableFromInline fileprivate(set) var hitArea: Size?
        @exclusivity(unchecked) @usableFromInline fileprivate(set) var label: String?
        @exclusivity(unchecked) @usableFromInline fileprivate(set) var action: String?
        @exclusivity(unchecked) @usableFromInline fileprivate(set) var icon: Icon?
        @exclusivity(unchecked) @usableFromInline fileprivate(set) var border: Bool = false
        @exclusivity(unchecked) @usableFromInline fileprivate(set) var font: Font?
        @exclusivity(unchecked) @usableFromInline fileprivate(set) var role: String?
        @exclusivity(unchecked) @usableFromInline fileprivate(set) var scroll: Scroll = .none
        @exclusivity(unchecked) @usableFromInline fileprivate(set) var children: [Element] = []
        @exclusivity(unchecked) @usableFromInline fileprivate(set) var ignore: [String] = []
        @exclusivity(unchecked) @usableFromInline fileprivate(set) var ignoreMarks: [Mark] = []
        @exclusivity(unchecked) @usableFromInline fileprivate(set) var switchesMode: Bool = false
        @exclusivity(unchecked) @usableFromInline fileprivate(set) var title: String?
        @exclusivity(unchecked) @usableFromInline fileprivate(set) var badge: String?
        @exclusivity(unchecked) @usableFromInline fileprivate(set) var badgeNumber: Int?
        @exclusivity(unchecked) @usableFromInline fileprivate(set) var path: String
        @exclusivity(unchecked) @usableFromInline fileprivate(set) var suppressed: [String] = []
        @exclusivity(unchecked) @usableFromInline fileprivate(set) var suppressionMarks: [Mark] = []
        @exclusivity(unchecked) @usableFromInline fileprivate(set) var marks: Marks

        init(placement: ElementPlacement, path: String, marks: Marks) {
            self.placement = placement
            self.path = path
            self.marks = marks
        }

        init(copying other: Storage) {
            placement = other.placement
            id = other.id
            type = other.type
            frame = other.frame
            hitArea = other.hitArea
            label = other.label
            action = other.action
            icon = other.icon
            border = other.border
            font = other.font
            role = other.role
            scroll = other.scroll
            children = other.children
            ignore = other.ignore
            ignoreMarks = other.ignoreMarks
            switchesMode = other.switchesMode
            title = other.title
            badge = other.badge
            badgeNumber = other.badgeNumber
            path = other.path
            suppressed = other.suppressed
            suppressionMarks = other.suppressionMarks
            marks = other.marks
        }
    }

    @usableFromInline fileprivate(set) var storage: Storage

    public init(placement: ElementPlacement, path: String, marks: Marks) {
        storage = Storage(placement: placement, path: path, marks: marks)
    }

    /// Collections and nested values also have `_modify`, so that a nested write such as
    /// `element.children.append(child)` happens in the box instead of on a copy taken out and put back.
    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(copying: storage) }
    }

    public var placement: ElementPlacement {
        @inlinable get { storage.placement }
        set {
            makeUnique()
            storage.placement = newValue
        }
    }

    public var id: String? {
        @inlinable get { storage.id }
        set {
            makeUnique()
            storage.id = newValue
        }
    }

    public var type: ElementType? {
        @inlinable get { storage.type }
        set {
            makeUnique()
            storage.type = newValue
        }
    }

    public var frame: Rect? {
        @inlinable get { storage.frame }
        set {
            makeUnique()
            storage.frame = newValue
        }
    }

    public var hitArea: Size? {
        @inlinable get { storage.hitArea }
        set {
            makeUnique()
            storage.hitArea = newValue
        }
    }

    public var label: String? {
        @inlinable get { storage.label }
        set {
            makeUnique()
            storage.label = newValue
        }
    }

    public var action: String? {
        @inlinable get { storage.action }
        set {
            makeUnique()
            storage.action = newValue
        }
    }

    public var icon: Icon? {
        @inlinable get { storage.icon }
        set {
            makeUnique()
            storage.icon = newValue
        }
    }

    public var border: Bool {
        @inlinable get { storage.border }
        set {
            makeUnique()
            storage.border = newValue
        }
    }

    public var font: Font? {
        @inlinable get { storage.font }
        _modify {
            makeUnique()
            yield &storage.font
        }
    }

    public var role: String? {
        @inlinable get { storage.role }
        set {
            makeUnique()
            storage.role = newValue
        }
    }

    public var scroll: Scroll {
        @inlinable get { storage.scroll }
        set {
            makeUnique()
            storage.scroll = newValue
        }
    }

    public var children: [Element] {
        @inlinable get { storage.children }
        _modify {
            makeUnique()
            yield &storage.children
        }
    }

    public var ignore: [String] {
        @inlinable get { storage.ignore }
        _modify {
            makeUnique()
            yield &storage.ignore
        }
    }

    /// Mark of each `ignore` entry, for `spec.unknown-rule`.
    public var ignoreMarks: [Mark] {
        @inlinable get { storage.ignoreMarks }
        _modify {
            makeUnique()
            yield &storage.ignoreMarks
        }
    }

    /// Toolbar items only.
    public var switchesMode: Bool {
        @inlinable get { storage.switchesMode }
        set {
            makeUnique()
            storage.switchesMode = newValue
        }
    }

    /// Tabs only.
    public var title: String? {
        @inlinable get { storage.title }
        set {
            makeUnique()
            storage.title = newValue
        }
    }

    /// Tabs only.
    public var badge: String? {
        @inlinable get { storage.badge }
        set {
            makeUnique()
            storage.badge = newValue
        }
    }

    /// Tabs only: the badge when it is written as a whole number (`badge: 12`), which counts by
    /// its digits; nil when it is text (`badge: "12"`, `badge: New`) or absent.
    public var badgeNumber: Int? {
        @inlinable get { storage.badgeNumber }
        set {
            makeUnique()
            storage.badgeNumber = newValue
        }
    }

    /// Where the element sits in the document: `elements[2].children[0]`, `navigation_bar.items[1]`.
    public var path: String {
        @inlinable get { storage.path }
        set {
            makeUnique()
            storage.path = newValue
        }
    }

    /// The rule ids and plugin names suppressed here: this element's `ignore` and its ancestors'.
    public var suppressed: [String] {
        @inlinable get { storage.suppressed }
        _modify {
            makeUnique()
            yield &storage.suppressed
        }
    }

    /// Where each entry of `suppressed` is written, in the same order, so the engine can tell
    /// which entry suppressed a finding (`spec.unused-ignore`).
    public var suppressionMarks: [Mark] {
        @inlinable get { storage.suppressionMarks }
        _modify {
            makeUnique()
            yield &storage.suppressionMarks
        }
    }

    public var marks: Marks {
        @inlinable get { storage.marks }
        _modify {
            makeUnique()
            yield &storage.marks
        }
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
