import HiglintCore

/// The segues between a storyboard's view controllers: who pushes whom, which controllers
/// a navigation controller holds, and a tab bar controller's tabs.
struct SceneGraph {
    struct Link {
        var source: String
        var destination: String
        var kind: String
        var relationship: String?
        var mark: Mark
    }

    private let controllers: [String: XMLElement]
    private let links: [Link]
    /// A controller inside a navigation controller's stack, with the bars the navigation
    /// controller shows it under.
    private struct Stacked {
        var bar: XMLElement?
        var toolbar: XMLElement?
    }

    private let stacked: [String: Stacked]
    /// Each screen's parent: the segue that first reaches it from the roots.
    private let parents: [String: Link]

    init(controllers list: [XMLElement]) {
        var controllers: [String: XMLElement] = [:]
        var links: [Link] = []
        for controller in list {
            guard let id = controller[.id] else { continue }
            controllers[id] = controller
            Self.collectSegues(in: controller, source: id, into: &links)
        }
        self.controllers = controllers
        self.links = links
        // The roots of the navigation controllers, then whatever they show or push, until nothing is added.
        var stacked: [String: Stacked] = [:]
        for link in links where link.kind == "relationship" && link.relationship == "rootViewController" {
            guard let navigation = controllers[link.source], !navigation.flag(.navigationBarHidden) else { continue }
            stacked[link.destination] = Stacked(
                bar: navigation.child(.navigationBar, key: "navigationBar"),
                toolbar: navigation.child(.toolbar, key: "toolbar"))
        }
        var grew = true
        while grew {
            grew = false
            for link in links where Self.pushes(link) && stacked[link.source] != nil && stacked[link.destination] == nil {
                if controllers[link.destination]?.name == "navigationController" { continue }
                stacked[link.destination] = stacked[link.source]
                grew = true
            }
        }
        self.stacked = stacked
        parents = Self.parents(order: list.compactMap { $0[.id] }, controllers: controllers, links: links)
    }

    /// A tree of parents from the push and show segues, walked breadth first from the
    /// screens nothing pushes (a navigation controller's root, the initial one), in document
    /// order (a navigation controller's root first). A screen that pushes an earlier one again (A to B to a new A) opens a new
    /// instance, a normal flow: the tree never takes that segue, so it has no cycle.
    private static func parents(order: [String], controllers: [String: XMLElement], links: [Link]) -> [String: Link] {
        var outgoing: [String: [Link]] = [:]
        var pushed = Set<String>()
        for link in links where pushes(link) && link.source != link.destination {
            guard let source = controllers[link.source], isScreen(source), controllers[link.destination] != nil else { continue }
            outgoing[link.source, default: []].append(link)
            pushed.insert(link.destination)
        }
        var parents: [String: Link] = [:]
        var reached = Set<String>()
        func walk(from root: String) {
            var queue = [root]
            reached.insert(root)
            var next = 0
            while next < queue.count {
                let id = queue[next]
                next += 1
                for link in outgoing[id] ?? [] where reached.insert(link.destination).inserted {
                    parents[link.destination] = link
                    queue.append(link.destination)
                }
            }
        }
        // A navigation controller's root starts its stack even when a later screen pushes it again.
        for link in links where link.relationship == "rootViewController" && !reached.contains(link.destination) {
            if controllers[link.destination] != nil { walk(from: link.destination) }
        }
        for id in order where !pushed.contains(id) && !reached.contains(id) { walk(from: id) }
        // Screens pushed only from one another, in a ring: the first of them stands as its root.
        for id in order where !reached.contains(id) { walk(from: id) }
        return parents
    }

    /// Segues anywhere under a controller (its buttons, cells and bar items) leave from it.
    /// Walked by node index, an element made only for a segue: the walk passes every element
    /// of the scene, and making each one cost a retain and a release of the document.
    private static func collectSegues(in element: XMLElement, source: String, into links: inout [Link]) {
        collectSegues(underNode: element.index, of: element.document, source: source, into: &links)
    }

    private static func collectSegues(underNode node: Int, of document: XMLDocument, source: String, into links: inout [Link]) {
        var position = Int(document.nodes[node].firstChild)
        while position >= 0 {
            let isSegue = document.nodes[position].code == .segue
            if isSegue, let link = link(XMLElement(document: document, index: position), source: source) {
                links.append(link)
            } else {
                collectSegues(underNode: position, of: document, source: source, into: &links)
            }
            position = Int(document.nodes[position].nextSibling)
        }
    }

    /// The link a segue makes; nil when it names no destination.
    private static func link(_ segue: XMLElement, source: String) -> Link? {
        guard let destination = segue[.destination] else { return nil }
        return Link(source: source, destination: destination, kind: segue[.kind] ?? "",
                    relationship: segue[.relationship], mark: segue.mark)
    }

    private static func pushes(_ link: Link) -> Bool { link.kind == "show" || link.kind == "push" }

    /// Navigation controllers hold screens and show none of their own; references stand for
    /// a screen of another file, reviewed there.
    func isScreen(_ controller: XMLElement) -> Bool { Self.isScreen(controller) }

    static func isScreen(_ controller: XMLElement) -> Bool {
        !["navigationController", "viewControllerPlaceholder", "splitViewController", "pageViewController"]
            .contains(controller.name)
    }

    /// The controller that shows or pushes this one, in the tree of `parents`. A controller
    /// that shows itself again (a folder inside a folder) is not its own parent.
    func parent(of id: String) -> Link? { parents[id] }

    /// In a navigation controller's stack here, or given a navigation item, which IB adds
    /// only to a controller that a navigation controller shows (perhaps from another file).
    func showsNavigationBar(_ controller: XMLElement) -> Bool {
        guard let id = controller[.id] else { return false }
        return stacked[id] != nil || controller.child(.navigationItem, key: "navigationItem") != nil
    }

    /// The navigation controller's `navigationBar` the controller is shown under.
    func navigationBar(of controller: XMLElement) -> XMLElement? {
        guard let id = controller[.id] else { return nil }
        return stacked[id]?.bar
    }

    /// The navigation controller's `toolbar` that shows the controller's toolbar items.
    func toolbar(of controller: XMLElement) -> XMLElement? {
        guard let id = controller[.id] else { return nil }
        return stacked[id]?.toolbar
    }

    /// A tab bar controller's children, in tab order.
    func tabs(of controller: XMLElement) -> [XMLElement] {
        guard let id = controller[.id] else { return [] }
        return links.filter { $0.source == id && $0.kind == "relationship" && $0.relationship == "viewControllers" }
            .compactMap { controllers[$0.destination] }
    }
}
