import HiglintCore

/// The file's components and component sets by id, as the response's `components` and
/// `componentSets` name them, for what an instance is.
struct ComponentNames: Sendable {
    var components: [String: (name: String, set: String?)] = [:]
    var sets: [String: String] = [:]

    init(_ tree: JSONTree) {
        if let table = tree.member("componentSets", of: tree.root) {
            tree.forEachMember(of: table) { key, value in
                if let id = tree.string(key), let name = tree.string("name", of: value) { sets[id] = name }
                return true
            }
        }
        if let table = tree.member("components", of: tree.root) {
            tree.forEachMember(of: table) { key, value in
                if let id = tree.string(key), let name = tree.string("name", of: value) {
                    components[id] = (name, tree.string("componentSetId", of: value))
                }
                return true
            }
        }
    }

    /// The names that say what an instance is: its component set's, then its component's
    /// (a variant's name is its properties, `State=Default, Type=Toggle`).
    func names(of instance: JSONTree.Index, in tree: JSONTree) -> [String] {
        guard let id = tree.string("componentId", of: instance), let component = components[id] else { return [] }
        return (component.set.flatMap { sets[$0] }.map { [$0] } ?? []) + [component.name]
    }

    /// `Button/Primary`, or `Button (State=Default)` for a variant.
    func displayName(of instance: JSONTree.Index, in tree: JSONTree) -> String? {
        guard let id = tree.string("componentId", of: instance), let component = components[id] else { return nil }
        guard let set = component.set.flatMap({ sets[$0] }) else { return component.name }
        return "\(set) (\(component.name))"
    }
}

/// One top-level frame of a device's size to one screen: its layers to elements, in
/// coordinates relative to the frame, with what stayed unknown counted by rule.
struct ScreenMapper {
    let reader: NodeReader
    let components: ComponentNames
    let frame: JSONTree.Index
    let frameBox: Rect
    let device: Devices.Match
    /// The frame's fills, composited; nil when it has none.
    let background: RGBA?
    private(set) var unknown: [String: Int] = [:]
    private var notes: [String: String] = [:]
    private var links: [String: String] = [:]
    private var usedNames: [String: Int] = [:]
    private var navigationBar: NavigationBar?
    private var toolbar: Toolbar?
    private var tabBar: TabBar?
    private var titleFound = false
    private var backgroundUnknown: String?
    /// Nodes deeper than this are not mapped (the parser's bound is on JSON levels; this is
    /// on layers, so that the walk's recursion has a bound of its own too).
    let maxDepth: Int
    let link: (String) -> String?

    var tree: JSONTree { reader.tree }

    private struct Clip {
        var minX = -Double.infinity, maxX = Double.infinity, minY = -Double.infinity, maxY = Double.infinity

        func intersected(with box: Rect, scroll: Scroll) -> Clip {
            var out = self
            if !scroll.isHorizontal {
                out.minX = max(minX, box.minX)
                out.maxX = min(maxX, box.maxX)
            }
            if scroll != .vertical, scroll != .both {
                out.minY = max(minY, box.minY)
                out.maxY = min(maxY, box.maxY)
            }
            return out
        }

        func excludes(_ box: Rect) -> Bool {
            box.maxX <= minX || box.minX >= maxX || box.maxY <= minY || box.minY >= maxY
                // A box of no width or height is drawn only when it lies inside.
                || (box.width == 0 && (box.minX < minX || box.minX > maxX)) || (box.height == 0 && (box.minY < minY || box.minY > maxY))
        }

        func contains(_ box: Rect) -> Bool {
            box.minX >= minX && box.maxX <= maxX && box.minY >= minY && box.maxY <= maxY
        }
    }

    init(
        reader: NodeReader, components: ComponentNames, frame: JSONTree.Index, frameBox: Rect, device: Devices.Match,
        maxDepth: Int, link: @escaping (String) -> String?
    ) {
        self.reader = reader
        self.components = components
        self.frame = frame
        self.frameBox = frameBox
        self.device = device
        self.maxDepth = maxDepth
        self.link = link
        switch Paints.composite(reader.tree.member("fills", of: frame), in: reader.tree) {
        case .none: background = nil
        case .solid(let color): background = color
        case .unknown(let reason):
            background = nil
            backgroundUnknown = "the screen frame is painted with \(reason)"
        }
        if backgroundUnknown == nil, reader.opacity(frame) < 1 || !reader.blendsNormally(frame) {
            backgroundUnknown = "the screen frame is translucent or blends in a mode other than normal"
        }
    }

    /// Rules a Figma file cannot answer for on any screen: a file's frames are named freely
    /// (two pages may hold a "Home"), a bar's translucency is the app's, and which
    /// orientations the app supports is not in the design.
    static let unknownFactRules = [
        "spec.duplicate-screen", "bars.inconsistent-appearance", "bars.translucency-mismatch", "bars.status-bar-style",
        "bars.toolbar-inconsistent-appearance", "orientation.ipad-all", "orientation.missing-variant",
    ]

    mutating func screen(named name: String) -> (ImportedScreen, links: [String: String]) {
        let mark = tree.mark(frame)
        var screen = Screen(device: device.model.device, canvas: device.canvas)
        screen.name = name
        var marks = Marks<ScreenField>(mark)
        marks.record(.screen, key: mark, value: mark)
        if let background { screen.background = .fixed(background) }
        let clip = Clip().intersected(with: frameBox, scroll: reader.scroll(frame))
        screen.elements = elements(in: frame, ancestors: [frame], clip: clip, path: "elements", nested: false, depth: 0)
        if let bar = navigationBar {
            marks.record(.navigationBar, key: bar.marks.map, value: bar.marks.map)
            screen.navigationBar = bar
        }
        screen.toolbar = toolbar
        screen.tabBar = tabBar
        screen.marks = marks
        var ignored = Self.unknownFactRules
        if navigationBar != nil, !titleFound { ignored.append("bars.nav-title-missing") }
        screen.review.ignore = ignored
        screen.review.ignoreMarks = Array(repeating: mark, count: ignored.count)
        return (ImportedScreen(screen: screen, elementNotes: ElementNotes(notes)), links)
    }

    private mutating func elements(
        in container: JSONTree.Index, ancestors: [JSONTree.Index], clip: Clip, path: String, nested: Bool, depth: Int
    ) -> [Element] {
        guard depth < maxDepth else { return [] }
        var out: [Element] = []
        for child in reader.children(container) {
            guard reader.isVisible(child), reader.opacity(child) > 0 else { continue }
            let box = reader.box(child)
            if let box, clip.excludes(box) { continue }
            let childPath = nested ? "\(path).children[\(out.count)]" : "\(path)[\(out.count)]"
            if let element = element(for: child, box: box, ancestors: ancestors, clip: clip, path: childPath, depth: depth) {
                out.append(element)
            }
        }
        return out
    }

    private mutating func element(
        for node: JSONTree.Index, box: Rect?, ancestors: [JSONTree.Index], clip: Clip, path: String, depth: Int
    ) -> Element? {
        let mark = tree.mark(node)
        let isInstance = reader.isType(node, "INSTANCE")
        let kind = isInstance || reader.isType(node, "COMPONENT") ? ComponentKind.of(names: componentNames(of: node)) : nil
        switch kind {
        case .navigationBar?, .toolbar?, .tabBar?:
            addBar(kind, node: node, mark: mark, clip: clip, depth: depth)
            return nil
        default: break
        }
        let isText = reader.isType(node, "TEXT")
        let taps = reader.takesTaps(node)
        var fields = Element.Fields(placement: .content, path: path, marks: Marks(mark))
        // Measured only where the whole of it is shown: a layer clipped in part is not the size it looks.
        let measured = box.flatMap { clip.contains($0) ? relative($0) : nil }
        fields.frame = measured
        if measured != nil { fields.marks.record(.frame, at: mark) }
        var inner = ancestors
        inner.append(node)
        let childClip = reader.clipsContent(node) && box != nil ? clip.intersected(with: box ?? frameBox, scroll: reader.scroll(node)) : clip
        if case .control(let type)? = kind {
            fields.type = type
        } else if isText {
            fields.type = .text
        } else if taps {
            fields.type = .button
        } else if Self.containers.contains(reader.type(node) ?? "") {
            fields.type = .group
            if isInstance { count("buttons.hit-target") }
        } else if hasImageFill(node) {
            fields.type = .image
        } else {
            // A shape (a rectangle, a vector): it adds colour under text, and nothing to review itself.
            return nil
        }
        if taps { fields.action = "tap" }
        fields.scroll = reader.scroll(node)
        if isText {
            readText(node, box: box, ancestors: ancestors, into: &fields, mark: mark)
        } else {
            fields.children = elements(in: node, ancestors: inner, clip: childClip, path: path, nested: true, depth: depth + 1)
            if fields.type != .group { fields.label = firstText(in: node, depth: depth) }
            // A group of shapes only (an icon, a divider) holds nothing to review.
            if fields.type == .group, fields.children.isEmpty { return nil }
        }
        let isInteractive = fields.action != nil || [.button, .textField, .switch].contains(fields.type)
        if isInteractive, fields.frame == nil {
            count("buttons.hit-target")
            count("buttons.spacing")
        }
        fields.id = uniqueName(for: node)
        record(node, id: fields.id ?? path, kind: isText ? "TEXT" : reader.type(node) ?? "node")
        return Element(fields)
    }

    static let containers: Set<String> = ["FRAME", "GROUP", "INSTANCE", "COMPONENT", "COMPONENT_SET", "SECTION"]

    private mutating func readText(_ node: JSONTree.Index, box: Rect?, ancestors: [JSONTree.Index], into fields: inout Element.Fields, mark: Mark) {
        fields.label = tree.string("characters", of: node)
        let style = TextStyle(node, in: tree)
        var font = Font(mark: mark)
        font.size = style.size
        font.weight = style.weight
        fields.font = font
        fields.marks.record(.font, at: mark)
        if style.size == nil { count("text.min-size") }
        // Figma does not say whether a text follows Dynamic Type.
        count("text.fixed-size")
        let outcome: TextColors.Outcome
        if let reason = backgroundUnknown {
            outcome = .unknown(reason)
        } else if let box {
            outcome = TextColors(reader: reader).resolve(
                text: node, box: box, path: ancestors, screenBackground: background, runFills: style.runFills)
        } else {
            outcome = .unknown("the text has no bounds")
        }
        switch outcome {
        case .known(let text, let behind):
            if let light = text[.light], let dark = text[.dark], let lightBehind = behind[.light], let darkBehind = behind[.dark] {
                fields.color = .known(light: light, dark: dark)
                fields.background = .known(light: lightBehind, dark: darkBehind)
            }
        case .unknown(let reason):
            fields.color = .unknown(reason)
            count("text.contrast")
        }
        fields.marks.record(.color, at: mark)
    }

    private func relative(_ box: Rect) -> Rect {
        Rect(x: box.x - frameBox.x, y: box.y - frameBox.y, width: box.width, height: box.height)
    }

    private func componentNames(of node: JSONTree.Index) -> [String] {
        if reader.isType(node, "COMPONENT") { return reader.name(node).map { [$0] } ?? [] }
        return components.names(of: node, in: tree)
    }

    private func hasImageFill(_ node: JSONTree.Index) -> Bool {
        guard let fills = tree.member("fills", of: node) else { return false }
        var found = false
        tree.forEachItem(of: fills) { paint in
            if tree.bool("visible", of: paint) ?? true, let type = tree.member("type", of: paint), tree.stringEquals(type, "IMAGE") {
                found = true
            }
        }
        return found
    }

    /// The characters of the first visible TEXT inside, depth first: a control's title.
    private func firstText(in node: JSONTree.Index, depth: Int) -> String? {
        guard depth < maxDepth else { return nil }
        for child in reader.children(node) where reader.isVisible(child) && reader.opacity(child) > 0 {
            if reader.isType(child, "TEXT") { return tree.string("characters", of: child) }
            if let text = firstText(in: child, depth: depth + 1) { return text }
        }
        return nil
    }

    private mutating func count(_ rule: String) {
        unknown[rule, default: 0] += 1
    }

    /// The layer's name, `#2` after it when an earlier element of the screen has it already.
    private mutating func uniqueName(for node: JSONTree.Index) -> String {
        var name = reader.name(node) ?? ""
        if name.allSatisfy(\.isWhitespace) { name = reader.id(node) ?? "layer" }
        let seen = usedNames[name, default: 0] + 1
        usedNames[name] = seen
        return seen == 1 ? name : "\(name) #\(seen)"
    }

    private mutating func record(_ node: JSONTree.Index, id: String, kind: String) {
        var note = " (Figma "
        if reader.isType(node, "INSTANCE"), let component = components.displayName(of: node, in: tree) {
            note += "instance of \(quoted(component))"
        } else {
            note += kind
        }
        if let nodeID = reader.id(node) {
            note += ", node \(nodeID)"
            if let url = link(nodeID) { links[id] = url }
        }
        note += ")"
        notes[id] = note
    }

    // MARK: Bars

    private mutating func addBar(_ kind: ComponentKind?, node: JSONTree.Index, mark: Mark, clip: Clip, depth: Int) {
        switch kind {
        case .navigationBar?:
            guard navigationBar == nil else { return }
            var bar = NavigationBar(marks: Marks(mark))
            let title = namedText("title", in: node, depth: depth)
            bar.title = title
            if title != nil { titleFound = true }
            bar.items = barItems(in: node, placement: .navigationBarItem, path: "navigation_bar.items", clip: clip, depth: depth)
            navigationBar = bar
        case .toolbar?:
            guard toolbar == nil else { return }
            var bar = Toolbar(marks: Marks(mark))
            bar.items = barItems(in: node, placement: .toolbarItem, path: "toolbar.items", clip: clip, depth: depth)
            toolbar = bar
        case .tabBar?:
            guard tabBar == nil else { return }
            var bar = TabBar(marks: Marks(mark))
            bar.tabs = tabs(in: node, clip: clip, depth: depth)
            tabBar = bar
        default: break
        }
    }

    /// The characters of the first visible TEXT inside whose layer name has the word.
    private func namedText(_ word: String, in node: JSONTree.Index, depth: Int) -> String? {
        guard depth < maxDepth else { return nil }
        for child in reader.children(node) where reader.isVisible(child) && reader.opacity(child) > 0 {
            if reader.isType(child, "TEXT"), ComponentKind.words(reader.name(child) ?? "").contains(word) {
                return tree.string("characters", of: child)
            }
            if let text = namedText(word, in: child, depth: depth + 1) { return text }
        }
        return nil
    }

    /// The controls a bar holds: the layers inside with a tap interaction, and instances of
    /// buttons, switches and text fields, outermost first.
    private mutating func barItems(
        in node: JSONTree.Index, placement: ElementPlacement, path: String, clip: Clip, depth: Int
    ) -> [Element] {
        var out: [Element] = []
        func walk(_ parent: JSONTree.Index, _ level: Int) {
            guard level < maxDepth else { return }
            for child in reader.children(parent) where reader.isVisible(child) && reader.opacity(child) > 0 {
                let box = reader.box(child)
                if let box, clip.excludes(box) { continue }
                var type: ElementType?
                if reader.isType(child, "INSTANCE"), case .control(let control)? = ComponentKind.of(names: components.names(of: child, in: tree)) {
                    type = control
                }
                let taps = reader.takesTaps(child)
                guard type != nil || taps else {
                    walk(child, level + 1)
                    continue
                }
                let mark = tree.mark(child)
                var fields = Element.Fields(placement: placement, path: "\(path)[\(out.count)]", marks: Marks(mark))
                fields.type = type ?? .button
                if taps { fields.action = "tap" }
                if let box, clip.contains(box) {
                    fields.frame = relative(box)
                    fields.marks.record(.frame, at: mark)
                } else {
                    count("buttons.hit-target")
                }
                fields.label = reader.isType(child, "TEXT") ? tree.string("characters", of: child) : firstText(in: child, depth: level)
                fields.id = uniqueName(for: child)
                record(child, id: fields.id ?? fields.path, kind: reader.type(child) ?? "node")
                out.append(Element(fields))
            }
        }
        walk(node, depth + 1)
        return out
    }

    /// A tab bar's tabs: the visible layers it holds, or those of the one layer it holds
    /// when that is all (an auto-layout row of tabs).
    private mutating func tabs(in node: JSONTree.Index, clip: Clip, depth: Int) -> [Element] {
        var holder = node
        var level = depth
        while level < maxDepth {
            let shown = reader.children(holder).filter { reader.isVisible($0) && reader.opacity($0) > 0 }
            let containers = shown.filter { Self.containers.contains(reader.type($0) ?? "") }
            guard shown.count == 1, containers.count == 1, let only = containers.first else { break }
            holder = only
            level += 1
        }
        var out: [Element] = []
        for child in reader.children(holder) where reader.isVisible(child) && reader.opacity(child) > 0 {
            guard Self.containers.contains(reader.type(child) ?? "") else { continue }
            let box = reader.box(child)
            if let box, clip.excludes(box) { continue }
            let mark = tree.mark(child)
            var fields = Element.Fields(placement: .tab, path: "tab_bar.tabs[\(out.count)]", marks: Marks(mark))
            fields.title = firstText(in: child, depth: level)
            if let icon = firstGraphic(in: child, depth: level) { fields.icon = .custom(icon) }
            if let box, clip.contains(box) {
                fields.frame = relative(box)
                fields.marks.record(.frame, at: mark)
            }
            fields.id = uniqueName(for: child)
            record(child, id: fields.id ?? fields.path, kind: reader.type(child) ?? "node")
            out.append(Element(fields))
        }
        return out
    }

    /// The name of the first visible layer inside that draws something other than text.
    private func firstGraphic(in node: JSONTree.Index, depth: Int) -> String? {
        guard depth < maxDepth else { return nil }
        for child in reader.children(node) where reader.isVisible(child) && reader.opacity(child) > 0 {
            if reader.isType(child, "TEXT") { continue }
            if !Self.containers.contains(reader.type(child) ?? "") || reader.isType(child, "INSTANCE") {
                return reader.name(child) ?? reader.id(child)
            }
            if let name = firstGraphic(in: child, depth: depth + 1) { return name }
        }
        return nil
    }
}
