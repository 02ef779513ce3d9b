import HiglintCore

struct OffscreenRule: ScreenRule {
    let description = RuleDescription(
        id: "layout.offscreen", severity: .error,
        summary: "An element's frame reaches past the left or right edge of the canvas.",
        rationale: "People should understand the primary content at its default size without scrolling sideways or zooming; anything cut off at the side of the screen is simply not seen (seed 003, layout that communicates). Content inside a horizontally scrolling container is meant to extend past the edge and is exempt. Bar items count too: a frame drawn past the edge is cut off whoever positions it.",
        seed: "003", hint: "Move or shrink the element to fit within the canvas width, or put it in a horizontally scrolling container.",
        triggeringExamples: [
            "screen: Home\nelements:\n  - {id: banner, type: image, frame: [0, 100, 400, 120]}\n",
            "screen: Home\nelements:\n  - {id: tag, type: text, label: New, frame: [-8, 100, 60, 20]}\n",
            "screen: Home\nnavigation_bar:\n  title: Home\n  items:\n    - {id: edit, type: button, action: edit, icon: system:pencil, frame: [340, 20, 44, 44]}\n",
        ],
        nonTriggeringExamples: [
            "screen: Home\nelements:\n  - {id: banner, type: image, frame: [0, 100, 375, 120]}\n",
            "screen: Home\nelements:\n  - id: carousel\n    type: group\n    scroll: horizontal\n    frame: [0, 100, 375, 120]\n    children:\n      - {id: card, type: image, frame: [300, 100, 200, 120]}\n",
        ])

    func check(_ screen: Screen, in context: RuleContext) -> [Violation] {
        let width = screen.canvas.width
        var violations: [Violation] = []
        func walk(_ list: [Element], scrolled: Bool) {
            for element in list {
                if !scrolled, let frame = element.frame, let message = problem(frame, canvasWidth: width) {
                    violations.append(Violation(message: message, on: element))
                }
                walk(element.children, scrolled: scrolled || element.scroll.isHorizontal)
            }
        }
        walk(screen.elements, scrolled: false)
        walk(screen.allBarItems, scrolled: false)
        return violations
    }

    private func problem(_ frame: Rect, canvasWidth: Double) -> String? {
        let startsLeft = frame.minX < -pointEpsilon
        let endsRight = frame.maxX > canvasWidth + pointEpsilon
        // Nearly every frame fits: no words to build.
        guard startsLeft || endsRight else { return nil }
        var parts: [String] = []
        if startsLeft { parts.append("starts at x \(formatPoints(frame.minX)) pt, left of the canvas") }
        if endsRight {
            parts.append("ends at x \(formatPoints(frame.maxX)) pt, past the canvas width of \(formatPoints(canvasWidth)) pt")
        }
        return parts.isEmpty ? nil : "frame " + parts.joined(separator: " and ")
    }
}
