import HiglintCore
import XcodeAppFacts

/// Finds a scene another storyboard holds: the view controller a storyboard reference
/// names (its `storyboardIdentifier`, or the initial one when nil).
typealias ReferenceResolver = (_ storyboard: String, _ identifier: String?) -> XMLElement?

/// One Interface Builder document to screens: the scenes of a storyboard, or the top-level
/// views of a xib.
struct DocumentMapper {
    let root: XMLElement
    let fileBase: String
    let facts: AppFacts
    let defaultDevice: Device
    let resolve: ReferenceResolver
    /// The document's colours, and the asset catalogs its named colours are in.
    let colors: ColorReader

    /// The reason a document holds nothing this importer reviews, or nil when it does.
    static func skipReason(_ root: XMLElement) -> String? {
        if root.isNamed(.archive) {
            return "an Interface Builder 3 archive (before Xcode 5); open and save it in a current Xcode to review it"
        }
        guard root.isNamed(.document) else { return "not an Interface Builder document (root element <\(root.name)>)" }
        switch root[.targetRuntime] {
        case "iOS.CocoaTouch", "iOS.CocoaTouch.iPad": return nil
        case "MacOSX.Cocoa": return "a macOS document; higlint reviews iOS screens"
        case "AppleTV": return "a tvOS document; higlint reviews iOS screens"
        case let runtime? where runtime.hasPrefix("watchKit"): return "a watchOS document; higlint reviews iOS screens"
        case let runtime?: return "a document for \(runtime); higlint reviews iOS screens"
        case nil: return "an Interface Builder document that names no target runtime"
        }
    }

    var isStoryboard: Bool { root.attribute(.type, contains: "Storyboard") }

    var device: Device {
        root[.targetRuntime] == "iOS.CocoaTouch.iPad" ? .ipad : (facts.device ?? defaultDevice)
    }

    /// The canvas IB lays the document out on, from its `<device>`; nil for none or an unknown id.
    var deviceCanvas: Size? {
        guard let element = root.child(.device), let id = element[.id], let size = IBVocabulary.deviceSizes[id]
        else { return nil }
        return element[.orientation] == "landscape" ? Size(width: size.height, height: size.width) : size
    }

    /// The image resources the document declares as SF Symbols.
    let systemImages: Set<String>
    /// The document's single-tap gesture recognizers: their selector by id.
    let tapActions: [String: String]

    init(
        root: XMLElement, fileBase: String, facts: AppFacts, defaultDevice: Device,
        colors: ColorReader = ColorReader(documentPath: nil), resolve: @escaping ReferenceResolver
    ) {
        self.root = root
        self.colors = colors
        self.fileBase = fileBase
        self.facts = facts
        self.defaultDevice = defaultDevice
        self.resolve = resolve
        var names = Set<String>()
        for resources in root.children(.resources) {
            for image in resources.children(.image) where image[.catalog] == "system" {
                if let name = image[.name] { names.insert(name) }
            }
        }
        systemImages = names
        var taps: [String: String] = [:]
        let objectLists = root.child(.objects).map { [$0] }
            ?? (root.child(.scenes)?.children(.scene) ?? []).compactMap { $0.child(.objects) }
        for objects in objectLists {
            for recognizer in objects.children(.tapGestureRecognizer) {
                // Two or three taps is a shortcut someone must know of, not a button.
                guard (recognizer.number(.numberOfTapsRequired) ?? 1) == 1, let id = recognizer[.id] else { continue }
                taps[id] = recognizer.child(.connections)?.children(.action).first?[.selector] ?? "tap"
            }
        }
        tapActions = taps
    }

    func screens() -> [ImportedScreen] {
        isStoryboard ? storyboardScreens() : xibScreens()
    }

    // MARK: - Storyboards

    private func storyboardScreens() -> [ImportedScreen] {
        let controllers = (root.child(.scenes)?.children(.scene) ?? []).compactMap { scene in
            scene.child(.objects)?.children.first { IBVocabulary.viewControllers.contains($0.name) }
        }
        let graph = SceneGraph(controllers: controllers)
        var screens: [ImportedScreen] = []
        let shown = controllers.filter { graph.isScreen($0) && $0[.id] != nil }
        let unique = Self.uniqueNames(shown.map { (id: $0[.id] ?? "", name: screenName(for: $0, among: shown.count)) })
        let names = Dictionary(zip(shown.map { $0[.id] ?? "" }, unique), uniquingKeysWith: { first, _ in first })
        for controller in controllers where graph.isScreen(controller) {
            guard let id = controller[.id], let name = names[id] else { continue }
            let parent = graph.parent(of: id).flatMap { link in names[link.source].map { ($0, link.mark) } }
            screens.append(screen(for: controller, named: name, parent: parent, graph: graph))
        }
        return screens
    }

    private func screenName(for controller: XMLElement, among count: Int) -> String {
        if let identifier = controller[.storyboardIdentifier], !identifier.isEmpty { return identifier }
        if let title = controller.child(.navigationItem, key: "navigationItem")?[.title], !title.isEmpty { return title }
        if let title = controller[.title], !title.isEmpty { return title }
        if let customClass = controller[.customClass] { return customClass }
        return count == 1 ? fileBase : "\(fileBase) \(controller[.id] ?? controller.name)"
    }

    private func screen(
        for controller: XMLElement, named name: String, parent: (String, Mark)?, graph: SceneGraph
    ) -> ImportedScreen {
        var mapper = ViewMapper(systemImages: systemImages, tapActions: tapActions, colors: colors)
        let rootView = controller.child(key: "view")
        let appearance = rootView.flatMap(ViewMapper.interfaceStyle(of:)) ?? ViewMapper.interfaceStyle(of: controller)
            ?? facts.interfaceStyle
        var elements = rootView.map { mapper.elements(ofRoot: $0, appearance: appearance) } ?? []
        Alternates.holdBackSpacing(in: &elements, roles: mapper.alternateRoles)
        var screen = Screen(device: device, canvas: canvas(of: controller, rootView: rootView))
        Parked.holdBackOffscreen(in: &elements, canvasWidth: screen.canvas.width)
        screen.name = name
        screen.parent = parent?.0
        let navigationItem = controller.child(.navigationItem, key: "navigationItem")
        screen.marks = ModelAdapter.marks(
            screen: controller.mark, parent: parent?.1,
            navigationBar: graph.showsNavigationBar(controller) ? navigationItem?.mark ?? controller.mark : nil)
        screen.elements = elements
        screen.background = Color.screenBackground(rootView.flatMap(screenBackground(of:)), lockedTo: appearance)
        applyFacts(to: &screen)
        var ignored: [String] = []
        if graph.showsNavigationBar(controller) {
            // UIKit's bars are translucent unless IB says `translucent="NO"`; without the
            // navigation controller in this file, the bar's look is not known at all.
            let translucent = graph.navigationBar(of: controller).map { $0[.translucent] != "NO" }
            if let navigationItem {
                screen.navigationBar = mapper.navigationBar(navigationItem, translucent: translucent ?? true)
            } else {
                var bar = NavigationBar(marks: ModelAdapter.marks(controller.mark))
                bar.translucent = translucent ?? true
                screen.navigationBar = bar
            }
            if translucent == nil { ignored += Self.barLookRules }
            // A title IB leaves out is usually set in code (the controller's `title`).
            if screen.navigationBar?.title == nil { ignored.append("bars.nav-title-missing") }
            if let navigationItem, Self.isSheetPattern(navigationItem) { ignored.append("bars.nav-crowded") }
        }
        if let items = controller.child(.toolbarItems).map({ Array($0.children) }), !items.isEmpty {
            // The toolbar is the navigation controller's, translucent unless it says otherwise;
            // without it in this file, its look is unknown.
            let toolbar = graph.toolbar(of: controller)
            screen.toolbar = mapper.toolbar(
                items: items, mark: items[0].mark, translucent: toolbar.map { $0[.translucent] != "NO" } ?? true)
            if toolbar == nil, !ignored.contains(Self.barLookRules[0]) { ignored += Self.barLookRules }
        }
        if controller.isNamed(.tabBarController) {
            let tabBar = controller.child(.tabBar, key: "tabBar")
            let items = graph.tabs(of: controller).map { tabItem(of: $0) }
            screen.tabBar = mapper.tabBar(
                items: items, mark: tabBar?.mark ?? controller.mark, translucent: tabBar.map { $0[.translucent] != "NO" })
        }
        addBarViews(&mapper, to: &screen, ignoring: &ignored)
        screen.review.ignore = ignored + unknownFactRules
        let notes = mapper.notes(scene: name)
        return ImportedScreen(
            screen: screen, elementNotes: notes.elementNotes, reviewedPlugins: isLaunchScreen ? ["text"] : nil,
            wording: IBWording.wording(notes))
    }

    /// Bars laid out as views (`navigationBar`, `toolbar`, `tabBar`), for the bars the
    /// controller does not give the screen.
    private func addBarViews(_ mapper: inout ViewMapper, to screen: inout Screen, ignoring ignored: inout [String]) {
        if screen.navigationBar == nil, let barView = mapper.barViews["navigationBar"],
           let item = barView.child(.items)?.children(.navigationItem).first {
            screen.navigationBar = mapper.navigationBar(item, translucent: barView[.translucent] != "NO")
            if screen.navigationBar?.title == nil { ignored.append("bars.nav-title-missing") }
            if Self.isSheetPattern(item) { ignored.append("bars.nav-crowded") }
        }
        if screen.toolbar == nil, let barView = mapper.barViews["toolbar"] {
            screen.toolbar = mapper.toolbar(
                items: barView.child(.items).map { Array($0.children) } ?? [], mark: barView.mark,
                translucent: barView[.translucent] != "NO")
        }
        if screen.tabBar == nil, let barView = mapper.barViews["tabBar"] {
            screen.tabBar = mapper.tabBar(
                items: barView.child(.items)?.children(.tabBarItem) ?? [], mark: barView.mark,
                translucent: barView[.translucent] != "NO")
        }
    }

    /// The tab bar item a tab shows: the child controller's own, or, for a storyboard
    /// reference, the referenced controller's.
    private func tabItem(of child: XMLElement) -> XMLElement? {
        if let item = child.child(.tabBarItem, key: "tabBarItem") { return item }
        guard child.isNamed(.viewControllerPlaceholder), let storyboard = child[.storyboardName] else { return nil }
        return resolve(storyboard, child[.referencedIdentifier])?.child(.tabBarItem, key: "tabBarItem")
    }

    /// The root view's size: IB lays the scene out at it, and every frame inside is relative
    /// to it, whether the controller is freeform, a form sheet or popover, or simply drawn at
    /// another size than the document's device.
    private func canvas(of controller: XMLElement, rootView: XMLElement?) -> Size {
        let rootSize = rootView.flatMap(ViewMapper.frame(of:)).map { Size(width: $0.width, height: $0.height) }
        return rootSize ?? deviceCanvas ?? DeviceFacts.defaultCanvas(for: device)
    }

    // MARK: - Xibs

    private func xibScreens() -> [ImportedScreen] {
        let objects = root.child(.objects).map { Array($0.children) } ?? []
        let views = objects.filter { !$0.isNamed(.placeholder) && ViewMapper.frame(of: $0) != nil }
        let owner = objects.first { $0.isNamed(.placeholder) && $0[.placeholderIdentifier] == "IBFilesOwner" }
        let ownerView = owner?.child(.connections)?.children(.outlet).first { $0[.property] == "view" }?[.destination]
        let names = Self.uniqueNames(views.map { view in
            var name = view[.customClass] ?? (views.count == 1 ? fileBase : "\(fileBase) \(view[.id] ?? view.name)")
            if let ownerView, view[.id] == ownerView, let ownerClass = owner?[.customClass] { name = ownerClass }
            return (id: view[.id] ?? view.name, name: name)
        })
        return zip(views, names).map { view, name in
            var mapper = ViewMapper(systemImages: systemImages, tapActions: tapActions, colors: colors)
            let ownersView = ownerView != nil && view[.id] == ownerView
            let appearance = ViewMapper.interfaceStyle(of: view)
                ?? (ownersView ? owner.flatMap(ViewMapper.interfaceStyle(of:)) : nil) ?? facts.interfaceStyle
            var elements = mapper.elements(ofRoot: view, appearance: appearance)
            Alternates.holdBackSpacing(in: &elements, roles: mapper.alternateRoles)
            let rootSize = ViewMapper.frame(of: view).map { Size(width: $0.width, height: $0.height) }
            // A xib's view is laid out at the size IB gives it; a controller's view fills the device.
            var screen = Screen(device: device, canvas: rootSize ?? deviceCanvas ?? DeviceFacts.defaultCanvas(for: device))
            screen.name = name
            screen.marks = ModelAdapter.marks(screen: view.mark, parent: nil, navigationBar: nil)
            screen.elements = elements
            screen.background = Color.screenBackground(screenBackground(of: view), lockedTo: appearance)
            applyFacts(to: &screen)
            var ignored: [String] = []
            addBarViews(&mapper, to: &screen, ignoring: &ignored)
            // Only the view a view controller owns fills a screen; any other top-level view
            // (a cell, a banner, a view that loads itself from the nib) is a part placed in one.
            let controllersView = ownersView && owner?[.customClass].map { $0.contains("Controller") } == true
            if !controllersView || ViewMapper.isCell(view) { ignored += Self.screenEdgeRules }
            screen.review.ignore = ignored + unknownFactRules
            let notes = mapper.notes(scene: name)
            return ImportedScreen(
                screen: screen, elementNotes: notes.elementNotes, reviewedPlugins: isLaunchScreen ? ["text"] : nil,
                wording: IBWording.wording(notes))
        }
    }

    /// The root view's fill, behind everything on the screen; nil when the root is not a
    /// plain view (a table view is an element of its own, with its own fill).
    private func screenBackground(of rootView: XMLElement) -> Color? {
        guard rootView.isNamed(.view) else { return nil }
        if let reason = ViewMapper.unknownDrawing(of: rootView) { return .unknown(reason) }
        return colors.color(of: rootView, key: "backgroundColor")
    }

    // MARK: - The app's facts

    private var isLaunchScreen: Bool { root.flag(.launchScreen) }

    private func applyFacts(to screen: inout Screen) {
        let orientations = device == .ipad ? facts.padOrientations : facts.orientations
        if let orientations, !orientations.isEmpty { screen.orientations = orientations }
        if facts.statusBarHidden == true {
            var statusBar = StatusBar(marks: ModelAdapter.marks(screen.marks.map))
            statusBar.hidden = true
            screen.statusBar = statusBar
        }
    }

    /// Rules IB cannot answer for on any of its screens. The orientations and the hidden
    /// status bar are the app's, decided in its Info.plist: reviewed there, once, not on each
    /// screen (and never as the spec format's default of portrait). Screen names come from titles and classes, which two
    /// storyboards may share: IB tells its scenes apart by id, so a shared name is no mistake.
    private var unknownFactRules: [String] {
        ["spec.duplicate-screen"] + Self.heldBackRules + InfoPlistScreens.appRules
    }

    /// Cancel alone on the left and one confirming action alone on the right: the HIG's own
    /// layout for a modal sheet's navigation bar, not a crowded bar.
    static func isSheetPattern(_ item: XMLElement) -> Bool {
        func items(_ list: IBElement, _ single: StaticString) -> [XMLElement] {
            (item.child(list)?.children(.barButtonItem) ?? []) + item.children(.barButtonItem).filter { $0.attribute(.key, is: single) }
        }
        let left = items(.leftBarButtonItems, "leftBarButtonItem")
        let right = items(.rightBarButtonItems, "rightBarButtonItem")
        // Previous and next arrows side by side (Mail's up and down chevrons) step through one list.
        if left.isEmpty, right.count == 2, right.allSatisfy(isStepArrow) { return true }
        guard left.count == 1, right.count == 1 else { return false }
        let cancels = left[0][.systemItem].map { ["cancel", "close", "stop"].contains($0) }
            ?? left[0][.title].map { ["cancel", "close"].contains($0.lowercased()) } ?? false
        let confirms = right[0][.systemItem].map { ["done", "save", "add"].contains($0) }
            ?? (right[0].attribute(.style, is: "done")
                || right[0][.title].map { ["done", "save", "add", "send", "post", "create", "ok"].contains($0.lowercased()) } ?? false)
        return cancels && confirms
    }

    /// A bar item whose image is an up or down chevron or arrow, or titled Next or Previous.
    static func isStepArrow(_ item: XMLElement) -> Bool {
        let image = item[.image] ?? item.child(.imageReference, key: "image")?[.image] ?? ""
        if ["chevron.up", "chevron.down", "arrow.up", "arrow.down"].contains(image) { return true }
        let title = (item[.title] ?? "").lowercased()
        return title.hasPrefix("next") || title.hasPrefix("previous")
    }

    /// Rules that are right on specs but, on the files reviewed (docs/interface-builder.md,
    /// "Rules held back"), mostly noise on IB: bold is where IB files put titles, badges and
    /// primary actions; a view a few points past its container is nearly always laid out so
    /// on purpose (a switch past a cell's margin, an animation wrapper, a slider's track).
    static let heldBackRules = ["layout.outside-container", "text.heavy-weight"]

    /// Rules measured against the screen's edges, which a cell or a view of its own (a
    /// banner, a header) does not have: it is placed in a screen that IB does not show.
    static let screenEdgeRules = ["layout.offscreen", "layout.primary-below-fold", "layout.primary-right-half"]

    /// Rules that compare a bar's translucency, which is the navigation controller's.
    static let barLookRules = [
        "bars.inconsistent-appearance", "bars.translucency-mismatch", "bars.status-bar-style",
        "bars.toolbar-inconsistent-appearance",
    ]

    /// Two screens of one file never share a name: the later ones add their IB id.
    private static func uniqueNames(_ screens: [(id: String, name: String)]) -> [String] {
        var seen = Set<String>()
        return screens.map { screen in
            seen.insert(screen.name).inserted ? screen.name : "\(screen.name) (\(screen.id))"
        }
    }
}
