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
/// field. The box is copied whole before any write to a shared one, so values never alias.
/// Every field of `Fields` reads and writes as a property of the element (`element.label`).
@dynamicMemberLookup
public struct Element: Sendable {
    /// Everything an element holds. A new key of the model is one stored property here,
    /// with its default: the box copies this value whole, so no field can be left behind.
    public struct Fields: Sendable {
        public var placement: ElementPlacement
        public var id: String?
        public var type: ElementType?
        public var frame: Rect?
        public var hitArea: Size?
        public var label: String?
        public var action: String?
        public var icon: Icon?
        public var border = false
        public var font: Font?
        /// The foreground: a text's colour, a button's label, a text field's text (spec format v3).
        public var color: Color?
        /// The fill of the element's frame (spec format v3).
        public var background: Color?
        public var role: String?
        public var scroll = Scroll.none
        public var children: [Element] = []
        public var ignore: [String] = []
        /// Mark of each `ignore` entry, for `spec.unknown-rule`.
        public var ignoreMarks: [Mark] = []
        /// Toolbar items only.
        public var switchesMode = false
        /// Tabs only.
        public var title: String?
        /// Tabs only.
        public var badge: String?
        /// Tabs only: the badge when it is written as a whole number (`badge: 12`), which counts
        /// by its digits; nil when it is text (`badge: "12"`, `badge: New`) or absent.
        public var badgeNumber: Int?
        /// Where the element sits in the document: `elements[2].children[0]`, `navigation_bar.items[1]`.
        public var path: String
        /// The rule ids and plugin names suppressed here: this element's `ignore` and its ancestors'.
        public var suppressed: [String] = []
        /// Where each entry of `suppressed` is written, in the same order, so the engine can tell
        /// which entry suppressed a finding (`spec.unused-ignore`).
        public var suppressionMarks: [Mark] = []
        public var marks: Marks<ElementField>

        public init(placement: ElementPlacement, path: String, marks: Marks<ElementField>) {
            self.placement = placement
            self.path = path
            self.marks = marks
        }
    }

    /// Written only through `Element`'s subscript, and only once the uniqueness check has made
    /// it this element's own: a box that two values share is never written, which is what
    /// makes sharing it across threads safe. For the same reason an access to the fields
    /// can only overlap a write through the same `Element` variable, which the compiler
    /// already rules out, so they skip the run-time exclusivity check (a call per read).
    ///
    /// Readable from inline code, so that the plugins' rules, which read fields of every
    /// element of every screen, read them in place instead of through one call each; only
    /// this file writes them.
    @usableFromInline
    final class Storage: @unchecked Sendable {
        @exclusivity(unchecked) @usableFromInline fileprivate(set) var fields: Fields

        init(_ fields: Fields) { self.fields = fields }
    }

    @usableFromInline fileprivate(set) var storage: Storage

    public init(_ fields: Fields) {
        storage = Storage(fields)
    }

    public init(placement: ElementPlacement, path: String, marks: Marks<ElementField>) {
        self.init(Fields(placement: placement, path: path, marks: marks))
    }

    /// All the fields at once, as a value of their own.
    public var fields: Fields {
        @inlinable get { storage.fields }
    }

    /// A nested write (`element.children.append(child)`) reads the field, changes the copy and
    /// writes it back; builders fill in a `Fields` and box it once instead. A read written out
    /// (`element.border`, `{ $0.border }`) compiles to a load in place; a key path such as
    /// `\.border` goes through this subscript at run time, so hot loops take the closure.
    public subscript<Value>(dynamicMember field: WritableKeyPath<Fields, Value>) -> Value {
        @inlinable get { storage.fields[keyPath: field] }
        set {
            if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
            storage.fields[keyPath: field] = newValue
        }
    }

    /// How findings name the element: its id, else its path.
    public var name: String { self.id ?? self.path }

    /// Buttons and controls, every bar item and tab, and anything with an action.
    public var isInteractive: Bool {
        if self.placement.isBarItem || self.action != nil { return true }
        switch self.type {
        case .button, .textField, .switch, .slider, .segmentedControl: return true
        default: return false
        }
    }

    /// The area a finger can hit: `hit_area` wins over the frame's size.
    public var touchSize: Size? {
        self.hitArea ?? self.frame.map { Size(width: $0.width, height: $0.height) }
    }

    /// The touch area as a rectangle, centred on the frame when `hit_area` enlarges it.
    public var touchRect: Rect? {
        guard let frame = self.frame else { return nil }
        guard let hitArea = self.hitArea else { return frame }
        return Rect(
            x: frame.x - (hitArea.width - frame.width) / 2,
            y: frame.y - (hitArea.height - frame.height) / 2,
            width: hitArea.width, height: hitArea.height)
    }
}
