import HiglintCore

/// Reads the properties of the file response's nodes (the REST API's `Node` objects) from
/// the tree, by the API's names. A property of the wrong JSON type reads as absent.
struct NodeReader: Sendable {
    let tree: JSONTree
    typealias Node = JSONTree.Index

    func type(_ node: Node) -> String? { tree.string("type", of: node) }
    func isType(_ node: Node, _ word: StaticString) -> Bool { tree.member("type", of: node).map { tree.stringEquals($0, word) } ?? false }
    func id(_ node: Node) -> String? { tree.string("id", of: node) }
    func name(_ node: Node) -> String? { tree.string("name", of: node) }

    /// `visible: false` hides a layer and everything in it; absent means visible.
    func isVisible(_ node: Node) -> Bool { tree.bool("visible", of: node) ?? true }

    func opacity(_ node: Node) -> Double {
        guard let value = tree.number("opacity", of: node), value.isFinite else { return 1 }
        return min(1, max(0, value))
    }

    func children(_ node: Node) -> [Node] {
        tree.member("children", of: node).map { tree.items(of: $0).filter { tree.kind($0) == .object } } ?? []
    }

    func rect(_ name: StaticString, of node: Node) -> Rect? {
        guard let box = tree.member(name, of: node), let x = tree.number("x", of: box), let y = tree.number("y", of: box),
              let width = tree.number("width", of: box), let height = tree.number("height", of: box),
              x.isFinite, y.isFinite, width.isFinite, height.isFinite, width >= 0, height >= 0
        else { return nil }
        return Rect(x: x, y: y, width: width, height: height)
    }

    func box(_ node: Node) -> Rect? { rect("absoluteBoundingBox", of: node) }

    /// What the node paints, shadows and outside strokes included, when the file says;
    /// else its box.
    func paintedBox(_ node: Node) -> Rect? {
        guard let member = tree.member("absoluteRenderBounds", of: node) else { return box(node) }
        // `null` when the node paints nothing at all.
        if tree.kind(member) == .null { return nil }
        return rect("absoluteRenderBounds", of: node) ?? box(node)
    }

    func clipsContent(_ node: Node) -> Bool { tree.bool("clipsContent", of: node) ?? false }

    /// The axes a frame scrolls on in a prototype (`overflowDirection`).
    func scroll(_ node: Node) -> Scroll {
        guard let direction = tree.member("overflowDirection", of: node) else { return .none }
        if tree.stringEquals(direction, "VERTICAL_SCROLLING") { return .vertical }
        if tree.stringEquals(direction, "HORIZONTAL_SCROLLING") { return .horizontal }
        if tree.stringEquals(direction, "HORIZONTAL_AND_VERTICAL_SCROLLING") { return .both }
        return .none
    }

    /// Whether the node blends normally: `PASS_THROUGH` (a group's default) or `NORMAL`.
    func blendsNormally(_ node: Node) -> Bool {
        guard let mode = tree.member("blendMode", of: node) else { return true }
        return tree.stringEquals(mode, "PASS_THROUGH") || tree.stringEquals(mode, "NORMAL")
    }

    /// Whether a prototype interaction of the node starts on a tap (`ON_CLICK`, `ON_TAP`), or
    /// the node has a prototype link of the older form (`transitionNodeID`), which is a click.
    func takesTaps(_ node: Node) -> Bool {
        if let link = tree.member("transitionNodeID", of: node), tree.kind(link) == .string { return true }
        guard let interactions = tree.member("interactions", of: node) else { return false }
        var found = false
        tree.forEachItem(of: interactions) { interaction in
            guard let trigger = tree.member("trigger", of: interaction), let type = tree.member("type", of: trigger) else { return }
            if tree.stringEquals(type, "ON_CLICK") || tree.stringEquals(type, "ON_TAP") { found = true }
        }
        return found
    }

    /// The visible effects of the node by type.
    func visibleEffects(_ node: Node) -> [String] {
        guard let effects = tree.member("effects", of: node) else { return [] }
        var out: [String] = []
        tree.forEachItem(of: effects) { effect in
            guard tree.bool("visible", of: effect) ?? true, let type = tree.string("type", of: effect) else { return }
            out.append(type)
        }
        return out
    }

    /// Whether the node draws a stroke: a visible paint and a weight over zero.
    func hasVisibleStroke(_ node: Node) -> Bool {
        guard let strokes = tree.member("strokes", of: node), !tree.isEmptyContainer(strokes) else { return false }
        var visible = false
        tree.forEachItem(of: strokes) { paint in
            if tree.bool("visible", of: paint) ?? true, (tree.number("opacity", of: paint) ?? 1) > 0 { visible = true }
        }
        return visible && (tree.number("strokeWeight", of: node) ?? 1) > 0
    }

    func strokeWeight(_ node: Node) -> Double {
        guard let weight = tree.number("strokeWeight", of: node), weight.isFinite, weight > 0 else { return 1 }
        return weight
    }

    /// The corner radii, top-left, top-right, bottom-right, bottom-left.
    func cornerRadii(_ node: Node) -> [Double] {
        if let radii = tree.member("rectangleCornerRadii", of: node) {
            let values = tree.items(of: radii).compactMap(tree.number)
            if values.count == 4, values.allSatisfy({ $0.isFinite && $0 >= 0 }) { return values }
        }
        let radius = tree.number("cornerRadius", of: node).flatMap { $0.isFinite && $0 > 0 ? $0 : nil } ?? 0
        return [radius, radius, radius, radius]
    }
}

/// A node's paints (`fills`, a text run's fills), bottom first as the API lists them.
enum Paints {
    enum Composite: Sendable, Equatable {
        /// No visible paint.
        case none
        case solid(RGBA)
        /// A paint the review cannot measure (a gradient, an image), in a few words.
        case unknown(String)
    }

    /// `GRADIENT_LINEAR` as `gradient linear`, for messages.
    static func words(_ constant: String) -> String {
        String(constant.lowercased().map { $0 == "_" ? " " : $0 })
    }

    static func composite(_ paints: JSONTree.Index?, in tree: JSONTree) -> Composite {
        guard let paints, tree.kind(paints) == .array else { return .none }
        var result: RGBA?
        var problem: String?
        tree.forEachItem(of: paints) { paint in
            guard problem == nil, tree.bool("visible", of: paint) ?? true else { return }
            let opacity = tree.number("opacity", of: paint) ?? 1
            guard opacity > 0 else { return }
            guard let type = tree.member("type", of: paint), tree.stringEquals(type, "SOLID") else {
                let name = tree.string("type", of: paint) ?? "unknown"
                problem = "a \(words(name)) paint"
                return
            }
            if let mode = tree.member("blendMode", of: paint), !tree.stringEquals(mode, "NORMAL"),
               !tree.stringEquals(mode, "PASS_THROUGH") {
                problem = "a paint that blends as \(tree.string(mode) ?? "something else")"
                return
            }
            guard let color = tree.member("color", of: paint), let red = tree.number("r", of: color),
                  let green = tree.number("g", of: color), let blue = tree.number("b", of: color)
            else {
                problem = "a solid paint without a colour"
                return
            }
            let alpha = (tree.number("a", of: color) ?? 1) * opacity
            let layer = RGBA(red: red, green: green, blue: blue, alpha: alpha)
            result = layer.over(result ?? .clear)
        }
        if let problem { return .unknown(problem) }
        return result.map(Composite.solid) ?? .none
    }
}

extension RGBA {
    /// The colour with its alpha multiplied by `opacity` (a layer's opacity).
    func faded(_ opacity: Double) -> RGBA {
        RGBA(red: red, green: green, blue: blue, alpha: alpha * opacity)
    }
}

extension Rect {
    func intersects(_ other: Rect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }

    func contains(_ other: Rect) -> Bool {
        minX <= other.minX && other.maxX <= maxX && minY <= other.minY && other.maxY <= maxY
    }

    func inset(by amount: Double) -> Rect {
        Rect(x: x + amount, y: y + amount, width: max(0, width - 2 * amount), height: max(0, height - 2 * amount))
    }
}
