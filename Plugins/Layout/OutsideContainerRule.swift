import HiglintCore

struct OutsideContainerRule: ScreenRule {
    let description = RuleDescription(
        id: "layout.outside-container", severity: .warning,
        summary: "A child element's frame reaches outside the frame of the container it is listed in.",
        rationale: "Grouping shows which items belong together: an element listed in a container but drawn past its edge looks as if it belonged to whatever it overlaps (seed 003, layout that communicates). A container that scrolls on an axis may hold children past its edges on that axis.",
        seed: "003", hint: "Keep the child's frame inside its container's, or let the container scroll on that axis.",
        triggeringExamples: [
            "screen: Home\nelements:\n  - id: card\n    type: group\n    frame: [16, 100, 343, 80]\n    children:\n      - {id: title, type: text, label: Hi, frame: [16, 100, 344, 20]}\n",
            "screen: Home\nelements:\n  - id: row\n    type: group\n    scroll: horizontal\n    frame: [0, 100, 375, 80]\n    children:\n      - {id: card, type: image, frame: [300, 150, 200, 40]}\n",
        ],
        nonTriggeringExamples: [
            "screen: Home\nelements:\n  - id: card\n    type: group\n    frame: [16, 100, 343, 80]\n    children:\n      - {id: title, type: text, label: Hi, frame: [16, 100, 343, 80]}\n",
            "screen: Home\nelements:\n  - id: row\n    type: group\n    scroll: horizontal\n    frame: [0, 100, 375, 80]\n    children:\n      - {id: card, type: image, frame: [300, 100, 200, 80]}\n",
            "screen: Home\nelements:\n  - id: card\n    type: group\n    children:\n      - {id: title, type: text, label: Hi, frame: [-20, 100, 500, 20]}\n",
        ])

    func check(_ screen: Screen, in context: RuleContext) -> [Violation] {
        var violations: [Violation] = []
        for container in screen.allElements where !container.children.isEmpty {
            guard let outer = container.frame else { continue }
            let freeX = container.scroll.isHorizontal
            let freeY = container.scroll == .vertical || container.scroll == .both
            if freeX && freeY { continue }
            for child in container.children {
                guard let inner = child.frame else { continue }
                var edges: [String] = []
                if !freeX {
                    if inner.minX < outer.minX - pointEpsilon { edges.append("left") }
                    if inner.maxX > outer.maxX + pointEpsilon { edges.append("right") }
                }
                if !freeY {
                    if inner.minY < outer.minY - pointEpsilon { edges.append("top") }
                    if inner.maxY > outer.maxY + pointEpsilon { edges.append("bottom") }
                }
                guard !edges.isEmpty else { continue }
                let crossed = edges.count == 1 ? "the \(edges[0]) edge" : "the \(edges.dropLast().joined(separator: ", ")) and \(edges[edges.count - 1]) edges"
                violations.append(Violation(
                    message: "frame \(describe(inner)) reaches past \(crossed) of \(quoted(container.name))'s frame \(describe(outer))",
                    on: child))
            }
        }
        return violations
    }

    private func describe(_ rect: Rect) -> String {
        "[\(formatPoints(rect.minX)), \(formatPoints(rect.minY)), \(formatPoints(rect.width)), \(formatPoints(rect.height))]"
    }
}
