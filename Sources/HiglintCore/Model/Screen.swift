/// The typed form of one screen document (spec format, version 2).
///
/// Every optional value is nil when the document did not give it (or gave it with
/// the wrong type, which the decoder reported); defaults are applied by accessors,
/// so rules can tell "absent" from "written".
public struct Screen: Sendable {
    public var name: String?
    public var parent: String?
    /// The declared device, or the config's `app.device` when absent.
    public var device: Device
    public var kind: ScreenKind
    public var canvas: Size
    public var orientations: [Orientation]
    public var statusBar: StatusBar?
    /// The screen's background (spec format v3); nil means the system background.
    public var background: Color?
    // A write to any holder of elements drops the kept lists (see `flattenElements()`), so they
    // can never disagree with the tree.
    public var navigationBar: NavigationBar? { didSet { flat = nil } }
    public var toolbar: Toolbar? { didSet { flat = nil } }
    public var tabBar: TabBar? { didSet { flat = nil } }
    public var login: Login?
    public var data: DataPolicy?
    public var gestures: [Gesture]
    public var elements: [Element] { didSet { flat = nil } }
    public var layouts: [LayoutVariant]?
    public var review: ReviewSettings
    /// Where the document's top-level map starts, and where each top-level value is.
    public var marks: Marks<ScreenField>
    /// The element lists, once `flattenElements()` has computed them; nil otherwise.
    private var flat: FlatElements?

    public init(device: Device, canvas: Size) {
        self.name = nil
        self.parent = nil
        self.device = device
        self.kind = .standard
        self.canvas = canvas
        self.orientations = [.portrait]
        self.gestures = []
        self.elements = []
        self.layouts = nil
        self.review = ReviewSettings()
        self.background = nil
        self.marks = Marks(Mark.start)
    }

    /// Every element of the content area, depth first in document order, children after their parent.
    public var allContentElements: [Element] { flat?.content ?? Self.flatten(elements) }

    /// Bar items of every bar, and tabs, in document order (their children not included).
    public var allBarItems: [Element] { flat?.barItems ?? barItems }

    /// Content elements, bar items and tabs, with all their children.
    public var allElements: [Element] {
        if let flat { return flat.all }
        var out: [Element] = []
        Self.flatten(elements, into: &out)
        Self.flatten(barItems, into: &out)
        return out
    }

    /// Computes `allElements`, `allContentElements` and `allBarItems` once and keeps them,
    /// instead of at each read, until the next write to the element tree. Every rule of a
    /// review reads them, so the engine flattens the tree once per screen rather than once
    /// per rule.
    public mutating func flattenElements() {
        flat = FlatElements(elements: elements, barItems: barItems)
    }

    fileprivate var barItems: [Element] {
        // The navigation bar's items taken over whole, the others appended only when there are some.
        var items = navigationBar?.items ?? []
        if let toolbarItems = toolbar?.items, !toolbarItems.isEmpty { items += toolbarItems }
        if let tabs = tabBar?.tabs, !tabs.isEmpty { items += tabs }
        return items
    }

    /// Depth first, children after their parent. Depth is bounded by the loader's nesting limit.
    public static func flatten(_ list: [Element]) -> [Element] {
        var out: [Element] = []
        flatten(list, into: &out)
        return out
    }

    fileprivate static func flatten(_ list: [Element], into out: inout [Element]) {
        for element in list {
            out.append(element)
            if !element.children.isEmpty { flatten(element.children, into: &out) }
        }
    }

    /// How many elements `flatten` gives, so its array is allocated once.
    fileprivate static func count(_ list: [Element]) -> Int {
        var total = list.count
        for element in list where !element.children.isEmpty { total += count(element.children) }
        return total
    }
}

/// The element lists of a screen, computed together.
private struct FlatElements: Sendable {
    let content: [Element]
    let barItems: [Element]
    let all: [Element]

    init(elements: [Element], barItems: [Element]) {
        self.barItems = barItems
        let contentCount = Screen.count(elements)
        var all: [Element] = []
        all.reserveCapacity(contentCount + Screen.count(barItems))
        Screen.flatten(elements, into: &all)
        Screen.flatten(barItems, into: &all)
        self.all = all
        // Without bar items, `all` and `content` share one array.
        content = barItems.isEmpty ? all : Array(all[..<contentCount])
    }
}

/// The mark of a map and of each of its keys' values, so findings point at the
/// exact value they are about. Looked up by the map's own keys (`Marks<ScreenField>`
/// answers `.orientations`, not a string), so a misspelt or misplaced key does not compile.
public struct Marks<Key: SpecField>: Sendable {
    /// One key the map wrote, where the key is and where its value is.
    public struct Written: Sendable, Equatable {
        public var field: Key
        public var key: Mark
        public var value: Mark
    }

    public var map: Mark
    /// In the order the map wrote them; each key once (the loader drops repeats).
    /// An array rather than a table: a map holds a handful of keys, and one array is one allocation.
    public private(set) var written: [Written]

    public init(_ map: Mark) {
        self.map = map
        self.written = []
    }

    // Inlinable, so that a rule's lookup compares enum values in place instead of calling the
    // unspecialised generic code.

    /// The mark of `field`'s value, or the map's own mark when the key was not written.
    @inlinable public subscript(_ field: Key) -> Mark { value(of: field) ?? map }

    /// The mark of `field`'s value, when the map wrote the key.
    @inlinable public func value(of field: Key) -> Mark? {
        written.first { $0.field == field }?.value
    }

    /// The mark of `field`'s key itself, when the map wrote it.
    @inlinable public func key(_ field: Key) -> Mark? {
        written.first { $0.field == field }?.key
    }

    public mutating func record(_ field: Key, key: Mark, value: Mark) {
        written.append(Written(field: field, key: key, value: value))
    }

    mutating func reserve(_ count: Int) {
        written.reserveCapacity(count)
    }
}

extension Marks where Key == ElementField {
    /// `record(field, key: mark, value: mark)`, compiled for element marks: the generic
    /// `record` runs the array's unspecialised code (1,700 instructions an entry), and an
    /// importer records a field or two at the element's one position for every element.
    public mutating func record(_ field: ElementField, at mark: Mark) {
        written.append(Written(field: field, key: mark, value: mark))
    }
}

public enum Device: String, Sendable, CaseIterable {
    case iphone
    case iphonePlus = "iphone-plus"
    case ipad
    case universal

    /// The concrete devices this value stands for.
    public var members: [Device] {
        self == .universal ? [.iphone, .iphonePlus, .ipad] : [self]
    }

    public var includesIPad: Bool { self == .ipad || self == .universal }
    public var includesIPhone: Bool { self != .ipad }
}

public enum ScreenKind: String, Sendable, CaseIterable {
    case standard
    case login
    case fullscreenMedia = "fullscreen-media"
    case game
    case onboarding
}

public enum Orientation: String, Sendable, CaseIterable {
    case portrait
    case portraitUpsideDown = "portrait-upside-down"
    case landscapeLeft = "landscape-left"
    case landscapeRight = "landscape-right"

    public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }
}

public struct StatusBar: Sendable {
    public enum Style: String, Sendable, CaseIterable {
        case `default`
        case blackOpaque = "black-opaque"
        case blackTranslucent = "black-translucent"
    }

    public var hidden: Bool = false
    public var style: Style?
    public var revealOnTap: Bool = false
    public var marks: Marks<StatusBarField>

    public init(marks: Marks<StatusBarField>) { self.marks = marks }
}

/// `auto` or a fixed number of points.
public enum BarHeight: Sendable, Hashable {
    case auto
    case fixed(Double)
}

public struct BackButton: Sendable {
    public enum Style: String, Sendable, CaseIterable {
        case standard
        case breadcrumb
    }

    public var title: String?
    public var custom: Bool = false
    public var style: Style = .standard
    public var marks: Marks<BackButtonField>

    public init(marks: Marks<BackButtonField>) { self.marks = marks }
}

public struct NavigationBar: Sendable {
    public var title: String?
    public var titleFont: Font?
    public var back: BackButton?
    public var items: [Element] = []
    public var translucent: Bool = false
    public var color: String?
    public var height: BarHeight = .auto
    public var marks: Marks<NavigationBarField>

    public init(marks: Marks<NavigationBarField>) { self.marks = marks }
}

public struct Toolbar: Sendable {
    public var items: [Element] = []
    public var translucent: Bool = false
    public var color: String?
    public var height: BarHeight = .auto
    public var marks: Marks<ToolbarField>

    public init(marks: Marks<ToolbarField>) { self.marks = marks }
}

public struct TabBar: Sendable {
    public var tabs: [Element] = []
    public var translucent: Bool = false
    public var marks: Marks<TabBarField>

    public init(marks: Marks<TabBarField>) { self.marks = marks }
}

public struct Login: Sendable {
    public enum Requirement: String, Sendable, CaseIterable {
        case never
        case launch
        case onAction = "on-action"
    }

    /// Nil when the document did not say; see `effectiveRequirement(for:)`.
    public var required: Requirement?
    public var explanation: String?
    public var methods: [String] = []
    public var marks: Marks<LoginField>

    public init(marks: Marks<LoginField>) { self.marks = marks }

    /// The methods that are not a third-party provider.
    public static let firstPartyMethods: Set<String> = ["apple", "email", "phone", "password", "guest"]
}

extension Screen {
    /// A `kind: login` screen is reviewed as if login were required on action,
    /// unless its `login.required` says otherwise.
    public var effectiveLoginRequirement: Login.Requirement {
        if let required = login?.required { return required }
        return kind == .login ? .onAction : .never
    }
}

public struct DataPolicy: Sendable {
    public enum Save: String, Sendable, CaseIterable {
        case onChange = "on-change"
        case periodic
        case onExit = "on-exit"
        case manual
    }

    public var save: Save?
    public var marks: Marks<DataField>

    public init(marks: Marks<DataField>) { self.marks = marks }
}

public struct Gesture: Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        case tap
        case doubleTap = "double-tap"
        case drag
        case flick
        case swipe
        case pinch
        case longPress = "long-press"
        case shake
        case rotate
        case edgeSwipe = "edge-swipe"
    }

    public var type: Kind?
    public var fingers: Int = 1
    public var direction: String?
    public var action: String?
    /// `gestures[2]`, for findings.
    public var path: String
    public var marks: Marks<GestureField>

    public init(path: String, marks: Marks<GestureField>) {
        self.path = path
        self.marks = marks
    }
}

/// A size class, `WIDTH-HEIGHT`.
public enum SizeClass: String, Sendable, CaseIterable, Comparable {
    case compactRegular = "compact-regular"
    case compactCompact = "compact-compact"
    case regularCompact = "regular-compact"
    case regularRegular = "regular-regular"

    public static func < (lhs: SizeClass, rhs: SizeClass) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

public struct LayoutVariant: Sendable {
    public var sizeClass: SizeClass
    public var presentation: String?
    public var hidden: [String] = []
    public var marks: Marks<LayoutVariantField>

    public init(sizeClass: SizeClass, marks: Marks<LayoutVariantField>) {
        self.sizeClass = sizeClass
        self.marks = marks
    }
}

public struct ReviewSettings: Sendable {
    public var ignore: [String] = []
    public var reason: String?
    /// Mark of each `ignore` entry, for `spec.unknown-rule`.
    public var ignoreMarks: [Mark] = []

    public init() {}
}

extension Screen {
    /// The screen as the plugins review it, without the elements whose `type` is missing or
    /// unknown (the decoder has reported them; tabs need no type). Such an element in the
    /// content area leaves a shell in its place that holds only its children, so they are
    /// reviewed where they are, and its `scroll`, so they keep the context they scroll in;
    /// nothing of its own (frame, label, action, font, role...) is seen. An untyped bar item
    /// is left out whole. The result has its element lists flattened (`flattenElements()`),
    /// kept from `self` when nothing had to go.
    public func withoutUntypedElements() -> Screen {
        func isUntyped(_ element: Element) -> Bool { element.type == nil && element.placement != .tab }
        func anyUntyped(_ list: [Element]) -> Bool {
            list.contains { isUntyped($0) || anyUntyped($0.children) }
        }
        func pruned(_ list: [Element]) -> [Element] {
            list.compactMap { element in
                if isUntyped(element) {
                    guard element.placement == .content else { return nil }
                    var shell = Element(placement: .content, path: element.path, marks: element.marks)
                    shell.id = element.id
                    shell.scroll = element.scroll
                    shell.ignore = element.ignore
                    shell.ignoreMarks = element.ignoreMarks
                    shell.suppressed = element.suppressed
                    shell.suppressionMarks = element.suppressionMarks
                    shell.children = pruned(element.children)
                    return shell
                }
                guard anyUntyped(element.children) else { return element }
                var kept = element
                kept.children = pruned(element.children)
                return kept
            }
        }
        // Nearly every screen types all its elements: then nothing is copied.
        var screen = self
        if anyUntyped(elements) { screen.elements = pruned(elements) }
        if let items = navigationBar?.items, anyUntyped(items) { screen.navigationBar?.items = pruned(items) }
        if let items = toolbar?.items, anyUntyped(items) { screen.toolbar?.items = pruned(items) }
        if let tabs = tabBar?.tabs, anyUntyped(tabs) { screen.tabBar?.tabs = pruned(tabs) }
        if screen.flat == nil { screen.flattenElements() }
        return screen
    }
}
