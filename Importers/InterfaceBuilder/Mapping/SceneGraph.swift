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
    }

    /// Segues anywhere under a controller (its buttons, cells and bar items) leave from it.
    private static func collectSegues(in element: XMLElement, source: String, into links: inout [Link]) {
        for child in element.children {
            if child.isNamed(.segue), let destination = child[.destination] {
                links.append(Link(source: source, destination: destination, kind: child[.kind] ?? "",
                                  relationship: child[.relationship], mark: child.mark))
            } else {
                collectSegues(in: child, source: source, into: &links)
            }
        }
    }

    private static func pushes(_ link: Link) -> Bool { link.kind == "show" || link.kind == "push" }

    /// Navigation controllers hold screens and show none of their own; references stand for
    /// a screen of another file, reviewed there.
    func isScreen(_ controller: XMLElement) -> Bool {
        !["navigationController", "viewControllerPlaceholder", "splitViewController", "pageViewController"]
            .contains(controller.name)
    }

    /// The controller that shows or pushes this one (the first such segue in the document).
    /// A controller that shows itself again (a folder inside a folder) is not its own parent.
    func parent(of id: String) -> Link? {
        links.first {
            Self.pushes($0) && $0.destination == id && $0.source != id && controllers[$0.source].map(isScreen) == true
        }
    }

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
