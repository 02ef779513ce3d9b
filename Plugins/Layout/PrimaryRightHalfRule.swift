import HiglintCore

struct PrimaryRightHalfRule: ScreenRule {
    let description = RuleDescription(
        id: "layout.primary-right-half", severity: .info,
        summary: "The primary element starts in the right half of the canvas.",
        rationale: "People read from the top left; putting important content in the upper half of the screen and near the left makes the main task easy to find (seed 003, layout that communicates). The right half starts at exactly half the canvas width, so an element starting there is in it.",
        seed: "003", hint: "Move the primary content towards the left edge of the screen.",
        triggeringExamples: [
            "screen: Home\nelements:\n  - {id: feed, type: list, role: primary, frame: [200, 64, 175, 400]}\n",
            "screen: Home\nelements:\n  - {id: feed, type: list, role: primary, frame: [187.5, 64, 187.5, 400]}\n",
        ],
        nonTriggeringExamples: [
            "screen: Home\nelements:\n  - {id: feed, type: list, role: primary, frame: [187.4, 64, 187.6, 400]}\n",
            "screen: Home\nelements:\n  - {id: feed, type: list, role: primary, frame: [0, 64, 375, 559]}\n",
            "screen: Home\nelements:\n  - {id: badge, type: image, frame: [300, 64, 60, 60]}\n",
        ])

    func check(_ screen: Screen, in context: RuleContext) -> [Violation] {
        let width = screen.canvas.width
        let middle = width / 2
        return screen.allContentElements.compactMap { element in
            guard element.role == "primary", let frame = element.frame, frame.minX >= middle else { return nil }
            return Violation(
                message: "primary element starts at x \(formatPoints(frame.minX)) pt, in the right half of the \(formatPoints(width)) pt canvas, which starts at x \(formatPoints(middle)) pt (half the width; starting exactly there counts as right)",
                on: element)
        }
    }
}
