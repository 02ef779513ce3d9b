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
    public var backTitleMark: Mark
    /// `review.ignore` of the screen.
    public var suppressed: [String]

    public init(file: String, documentIndex: Int, screen: Screen) {
        self.file = file
        self.documentIndex = documentIndex
        name = screen.name
        nameMark = screen.marks["screen"]
        parent = screen.parent
        parentMark = screen.marks["parent"]
        device = screen.device
        hasNavigationBar = screen.navigationBar != nil
        navigationTitle = screen.navigationBar?.title
        navigationBarMark = screen.marks["navigation_bar"]
        translucent = screen.navigationBar?.translucent ?? false
        translucentMark = screen.navigationBar?.marks["translucent"] ?? navigationBarMark
        color = screen.navigationBar?.color
        colorMark = screen.navigationBar?.marks["color"] ?? navigationBarMark
        backTitle = screen.navigationBar?.back?.title
        backTitleMark = screen.navigationBar?.back?.marks["title"] ?? navigationBarMark
        suppressed = screen.review.ignore
    }
}

/// Every screen of the reviewed tree, in path order then document order.
public struct ProjectIndex: Sendable {
    public let screens: [ScreenSummary]
    /// Where in `screens` the first screen (in path order) of each name is; indices, so
    /// building the index copies no summary.
    private let firstIndexByName: [String: Int]

    public init(screens: [ScreenSummary]) {
        self.screens = screens
        var first: [String: Int] = [:]
        first.reserveCapacity(screens.count)
        for index in screens.indices {
            if let name = screens[index].name, first[name] == nil { first[name] = index }
        }
        self.firstIndexByName = first
    }

    /// The first screen (in path order) with this name.
    public func screen(named name: String) -> ScreenSummary? {
        firstIndexByName[name].map { screens[$0] }
    }

    /// Every screen name, sorted, for suggestions.
    public var names: [String] { firstIndexByName.keys.sorted() }
}
