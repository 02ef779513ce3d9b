import HiglintCore

struct PrimaryBelowFoldRule: ScreenRule {
    let description = RuleDescription(
        id: "layout.primary-below-fold", severity: .info,
        summary: "The primary element starts in the lower half of the canvas.",
        rationale: "Putting important content in the upper half of the screen, near the left, makes the main task easy to find (seed 003, layout that communicates). The lower half starts at exactly half the canvas height, so an element starting there is below the fold.",
        seed: "003", hint: "Move the primary content into the upper half of the screen.",
        triggeringExamples: [
            "screen: Home\nelements:\n  - {id: feed, type: list, role: primary, frame: [0, 400, 375, 267]}\n",
            "screen: Home\nelements:\n  - {id: feed, type: list, role: primary, frame: [0, 333.5, 375, 300]}\n",
        ],
        nonTriggeringExamples: [
            "screen: Home\nelements:\n  - {id: feed, type: list, role: primary, frame: [0, 64, 375, 559]}\n",
            "screen: Home\nelements:\n  - {id: feed, type: list, role: primary, frame: [0, 333.4, 375, 300]}\n",
            "screen: Home\nelements:\n  - {id: footer, type: text, frame: [0, 600, 375, 40]}\n",
        ])

    func check(_ screen: Screen, in context: RuleContext) -> [Violation] {
        let height = screen.canvas.height
        let fold = height / 2
        return screen.allContentElements.compactMap { element in
            guard element.role == "primary", let frame = element.frame, frame.minY >= fold else { return nil }
            return Violation(
                message: "primary element starts at y \(formatPoints(frame.minY)) pt, in the lower half of the \(formatPoints(height)) pt canvas, which starts at y \(formatPoints(fold)) pt (half the height; starting exactly there counts as below)",
                on: element)
        }
    }
}
