import Glibc
import HiglintCore

/// The colour a text is drawn in and the colour behind it, as Figma paints them: every
/// layer under the text's box, bottom first, each one's solid fills composited with its
/// opacity, a layer with opacity under 1 composited as a whole (as Figma composites a group).
/// Only what is one colour across the whole box is measured: a layer that covers part of
/// it, a gradient, an image, a blur, a blend mode, a layer drawn over the text, and the
/// colour stays unknown, with the reason.
struct TextColors {
    let reader: NodeReader
    typealias Node = JSONTree.Index

    enum Outcome: Equatable {
        /// The text and what is behind it, both opaque, per appearance (the same in both
        /// unless the screen frame has no opaque fill and the system background shows).
        case known(text: [Appearance: RGBA], behind: [Appearance: RGBA])
        case unknown(String)
    }

    private struct Unknown: Error {
        var reason: String
    }

    /// `path` runs from the screen frame (first) to the text's parent.
    func resolve(text: Node, box: Rect, path: [Node], screenBackground: RGBA?, runFills: [Paints.Composite]) -> Outcome {
        do throws(Unknown) {
            for paint in runFills {
                if case .unknown(let reason) = paint { throw Unknown(reason: "the text is painted with \(reason)") }
            }
            let fills = runFills.compactMap { paint -> RGBA? in
                if case .solid(let color) = paint { return color }
                return nil
            }
            guard !fills.isEmpty else { throw Unknown(reason: "the text has no visible fill") }
            try checkOwn(text)
            var shown: [Appearance: RGBA] = [:]
            var behind: [Appearance: RGBA] = [:]
            for appearance in Appearance.allCases {
                let system = appearance == .light ? RGBA.white : RGBA.black
                let base = screenBackground.map { $0.over(system) } ?? system
                var worst: (RGBA, RGBA, Double)?
                for fill in fills {
                    let (text, under) = try paint(level: 1, path: path, target: text, box: box, below: base, fill: fill)
                    let ratio = RGBA.contrastRatio(text, under)
                    if worst.map({ ratio < $0.2 }) ?? true { worst = (text, under, ratio) }
                }
                if let worst {
                    shown[appearance] = worst.0
                    behind[appearance] = worst.1
                }
            }
            return .known(text: shown, behind: behind)
        } catch {
            return .unknown(error.reason)
        }
    }

    /// The text node itself: how it blends and what it draws besides its fills.
    private func checkOwn(_ text: Node) throws(Unknown) {
        guard reader.blendsNormally(text) else { throw Unknown(reason: "the text blends in a mode other than normal") }
        if !reader.visibleEffects(text).isEmpty { throw Unknown(reason: "the text has an effect (a shadow or a blur)") }
        if reader.hasVisibleStroke(text) { throw Unknown(reason: "the text has a stroke") }
    }

    /// The text's colour and what is behind it once `path[level...]` and the text are
    /// painted over `below` (which may be translucent inside a layer composited as a whole).
    private func paint(level: Int, path: [Node], target: Node, box: Rect, below: RGBA, fill: RGBA) throws(Unknown) -> (RGBA, RGBA) {
        guard level <= path.count else {
            // The text itself: its opacity composites it as a whole.
            let opacity = reader.opacity(target)
            return (fill.faded(opacity).over(below), below)
        }
        let container = path[level - 1]
        let child = level < path.count ? path[level] : target
        let opacity = level == 1 ? 1 : reader.opacity(container)
        // The screen frame's own fill is the screen's background, already in `below`.
        var inside = opacity < 1 ? RGBA.clear : below
        if level > 1 {
            guard reader.blendsNormally(container) else { throw Unknown(reason: "a layer it is in blends in a mode other than normal") }
            try checkEffects(container, covering: box)
            inside = try paintFills(of: container, covering: box, over: inside)
        }
        var reached = false
        for sibling in reader.children(container) {
            if sibling == child {
                reached = true
                continue
            }
            guard reader.isVisible(sibling), reader.opacity(sibling) > 0, let painted = reader.paintedBox(sibling),
                  painted.intersects(box)
            else { continue }
            if reached { throw Unknown(reason: "\(describe(sibling)) is drawn over it") }
            inside = try paintWhole(sibling, covering: box, over: inside)
        }
        var (text, under) = try paint(level: level + 1, path: path, target: target, box: box, below: inside, fill: fill)
        if opacity < 1 {
            text = text.faded(opacity).over(below)
            under = under.faded(opacity).over(below)
        }
        return (text, under)
    }

    /// A layer under the text, whole: it must paint one colour over the whole box, or nothing there.
    private func paintWhole(_ node: Node, covering box: Rect, over below: RGBA) throws(Unknown) -> RGBA {
        guard reader.blendsNormally(node) else { throw Unknown(reason: "\(describe(node)) under it blends in a mode other than normal") }
        try checkEffects(node, covering: box)
        let opacity = reader.opacity(node)
        var inside = opacity < 1 ? RGBA.clear : below
        inside = try paintFills(of: node, covering: box, over: inside)
        for child in reader.children(node) {
            guard reader.isVisible(child), reader.opacity(child) > 0, let painted = reader.paintedBox(child),
                  painted.intersects(box)
            else { continue }
            inside = try paintWhole(child, covering: box, over: inside)
        }
        return opacity < 1 ? inside.faded(opacity).over(below) : inside
    }

    private func checkEffects(_ node: Node, covering box: Rect) throws(Unknown) {
        for effect in reader.visibleEffects(node) where effect != "DROP_SHADOW" {
            throw Unknown(reason: "\(describe(node)) has a \(Paints.words(effect))")
        }
    }

    private func paintFills(of node: Node, covering box: Rect, over below: RGBA) throws(Unknown) -> RGBA {
        let tree = reader.tree
        let fills = Paints.composite(tree.member("fills", of: node), in: tree)
        let strokes = reader.hasVisibleStroke(node)
        if case .none = fills, !strokes { return below }
        guard let shape = reader.box(node) else { throw Unknown(reason: "\(describe(node)) under it has no bounds") }
        if strokes {
            // A stroke inside or across the edge may reach the box; outside strokes never do.
            let outside = tree.member("strokeAlign", of: node).map { tree.stringEquals($0, "OUTSIDE") } ?? false
            if !outside, !covers(node, shape.inset(by: reader.strokeWeight(node)), box) {
                throw Unknown(reason: "the stroke of \(describe(node)) crosses it")
            }
        }
        switch fills {
        case .none: return below
        case .unknown(let reason): throw Unknown(reason: "\(describe(node)) under it is painted with \(reason)")
        case .solid(let color):
            guard covers(node, shape, box) else { throw Unknown(reason: "\(describe(node)) covers only part of it") }
            return color.over(below)
        }
    }

    /// Whether the node's shape, within `shape`, covers all of `box`: a rectangle with its
    /// corner radii, or an ellipse; other shapes (vectors, stars, lines) are never taken to.
    private func covers(_ node: Node, _ shape: Rect, _ box: Rect) -> Bool {
        guard shape.contains(box) else { return false }
        let corners = [(box.minX, box.minY), (box.maxX, box.minY), (box.maxX, box.maxY), (box.minX, box.maxY)]
        if reader.isType(node, "ELLIPSE") {
            if reader.tree.member("arcData", of: node).map({ !isWholeEllipse($0) }) ?? false { return false }
            let (cx, cy) = (shape.x + shape.width / 2, shape.y + shape.height / 2)
            let (rx, ry) = (shape.width / 2, shape.height / 2)
            guard rx > 0, ry > 0 else { return false }
            return corners.allSatisfy { x, y in pow((x - cx) / rx, 2) + pow((y - cy) / ry, 2) <= 1 }
        }
        let rectangular: Set<String> = ["RECTANGLE", "FRAME", "COMPONENT", "INSTANCE", "COMPONENT_SET", "SECTION"]
        guard let type = reader.type(node), rectangular.contains(type) else { return false }
        let radii = reader.cornerRadii(node).map { min($0, shape.width / 2, shape.height / 2) }
        let centres = [
            (shape.minX + radii[0], shape.minY + radii[0]), (shape.maxX - radii[1], shape.minY + radii[1]),
            (shape.maxX - radii[2], shape.maxY - radii[2]), (shape.minX + radii[3], shape.maxY - radii[3]),
        ]
        for (index, (x, y)) in corners.enumerated() {
            let radius = radii[index]
            guard radius > 0 else { continue }
            let (cx, cy) = centres[index]
            let outsideX = index == 0 || index == 3 ? x < cx : x > cx
            let outsideY = index == 0 || index == 1 ? y < cy : y > cy
            if outsideX, outsideY, pow(x - cx, 2) + pow(y - cy, 2) > radius * radius { return false }
        }
        return true
    }

    private func isWholeEllipse(_ arc: JSONTree.Index) -> Bool {
        let tree = reader.tree
        let start = tree.number("startingAngle", of: arc) ?? 0
        let end = tree.number("endingAngle", of: arc) ?? 2 * Double.pi
        let inner = tree.number("innerRadius", of: arc) ?? 0
        return inner == 0 && abs(abs(end - start) - 2 * Double.pi) < 1e-3
    }

    private func describe(_ node: Node) -> String {
        "the layer " + quoted(reader.name(node) ?? reader.id(node) ?? "unnamed")
    }
}
