/// The little a project rule needs to know about one screen. Kept per file by
/// the watcher, so the project pass never re-reads a spec.
public struct ScreenSummary: Sendable, Hashable {
    /// The file's path as reported, and the screen's position among the file's documents.
    public var file: String
    public var documentIndex: Int
    public var name: String?
    public var nameMark: Mark
    public var parent: String?
    public var parentMark: Mark
    public var device: Device
    public var hasNavigationBar: Bool
    public var navigationTitle: String?
    public var navigationBarMark: Mark
    public var translucent: Bool
    public var translucentMark: Mark
    public var color: String?
    public var colorMark: Mark
    public var backTitle: String?
    /// The back button's `title` value, else the `back` map, else the navigation bar's map.
    public var backTitleMark: Mark
    /// Whether the navigation bar holds a `segmented-control` item.
    public var navigationHasSegmentedControl: Bool
    public var hasToolbar: Bool
    public var toolbarTranslucent: Bool
    public var toolbarTranslucentMark: Mark
    public var toolbarColor: String?
    public var toolbarColorMark: Mark
    /// Buttons and navigation-bar and toolbar items with a standard action, in document order.
    public var iconUses: [IconUse]
    /// `review.ignore` of the screen, and where each entry is written.
    public var suppressed: [String]
    public var suppressionMarks: [Mark]
    /// `ignore` entries that suppressed no finding of the file's own review; the project
    /// pass reports those its findings do not use either (`spec.unused-ignore`).
    public var unusedIgnores: [IgnoreEntry] = []

    public init(file: String, documentIndex: Int, screen: Screen) {
        self.file = file
        self.documentIndex = documentIndex
        name = screen.name
        nameMark = screen.marks[.screen]
        parent = screen.parent
        parentMark = screen.marks[.parent]
        device = screen.device
        hasNavigationBar = screen.navigationBar != nil
        navigationTitle = screen.navigationBar?.title
        navigationBarMark = screen.marks[.navigationBar]
        translucent = screen.navigationBar?.translucent ?? false
        translucentMark = screen.navigationBar?.marks[.translucent] ?? navigationBarMark
        color = screen.navigationBar?.color
        colorMark = screen.navigationBar?.marks[.color] ?? navigationBarMark
        backTitle = screen.navigationBar?.back?.title
        backTitleMark = screen.navigationBar?.back?.marks[.title] ?? navigationBarMark
        navigationHasSegmentedControl = screen.navigationBar?.items.contains { $0.type == .segmentedControl } ?? false
        hasToolbar = screen.toolbar != nil
        let toolbarMark = screen.marks[.toolbar]
        toolbarTranslucent = screen.toolbar?.translucent ?? false
        toolbarTranslucentMark = screen.toolbar?.marks[.translucent] ?? toolbarMark
        toolbarColor = screen.toolbar?.color
        toolbarColorMark = screen.toolbar?.marks[.color] ?? toolbarMark
        iconUses = IconUse.uses(in: screen)
        suppressed = screen.review.ignore
        suppressionMarks = screen.review.ignoreMarks
    }
}

/// A button or bar item that does a standard action, and the icon it shows for it.
public struct IconUse: Sendable, Hashable {
    public var action: String
    /// Nil when the element has no icon, which is a look of its own.
    public var icon: Icon?
    public var element: String
    /// The element's map.
    public var mark: Mark
    public var suppressed: [String]
    public var suppressionMarks: [Mark]

    /// `type: button` elements and navigation-bar and toolbar items (not tabs), in document order.
    static func uses(in screen: Screen) -> [IconUse] {
        var uses: [IconUse] = []
        for element in screen.allElements {
            guard let action = element.action, Vocabulary.standardActions.contains(action) else { continue }
            switch element.placement {
            case .tab: continue
            case .content: guard element.type == .button else { continue }
            case .navigationBarItem, .toolbarItem: break
            }
            uses.append(IconUse(
                action: action, icon: element.icon, element: element.name, mark: element.marks.map,
                suppressed: element.suppressed, suppressionMarks: element.suppressionMarks))
        }
        // Bars may be written before or after the content; a stable sort keeps ties as found.
        if uses.count > 1 { uses = uses.enumerated().sorted { ($0.element.mark, $0.offset) < ($1.element.mark, $1.offset) }.map(\.element) }
        return uses
    }
}

/// Every screen of the reviewed tree, in path order then document order.
public struct ProjectIndex: Sendable {
    public let screens: [ScreenSummary]
    /// Where in `screens` the first screen (in path order) of each name is; indices, so
    /// building the index copies no summary.
    private let firstIndexByName: [String: Int]
    /// For each screen, the position of the first screen with its name (its own when it
    /// is the first), and of the first screen its parent names; -1 for none. Worked out
    /// once here, since the core's pass and the rules all ask, and each asking costs a hash.
    private let firstOfName: [Int]
    private let parentPositions: [Int]

    public init(screens: [ScreenSummary]) {
        self.screens = screens
        var first: [String: Int] = [:]
        first.reserveCapacity(screens.count)
        var firstOfName = [Int](repeating: -1, count: screens.count)
        for index in screens.indices {
            // The `default` accessor stores `index` only under a new name, with one hash either way.
            if let name = screens[index].name { firstOfName[index] = Self.value(of: &first[name, default: index]) }
        }
        var parents = [Int](repeating: -1, count: screens.count)
        for index in screens.indices {
            if let parent = screens[index].parent, let position = first[parent] { parents[index] = position }
        }
        self.firstIndexByName = first
        self.firstOfName = firstOfName
        self.parentPositions = parents
    }

    private static func value(of slot: inout Int) -> Int { slot }

    /// The first screen (in path order) with this name.
    public func screen(named name: String) -> ScreenSummary? {
        firstIndexByName[name].map { screens[$0] }
    }

    /// Where the first screen (in path order) with the name of `screens[position]` is;
    /// `position` itself for the first, nil when the screen has no name.
    public func firstIndex(sameNameAs position: Int) -> Int? {
        let first = firstOfName[position]
        return first < 0 ? nil : first
    }

    /// Where the first screen (in path order) named by the parent of `screens[position]`
    /// is; nil when it has no parent or the parent names no screen.
    public func parentIndex(of position: Int) -> Int? {
        let parent = parentPositions[position]
        return parent < 0 ? nil : parent
    }

    /// Every screen name, sorted, for suggestions.
    public var names: [String] { firstIndexByName.keys.sorted() }
}
