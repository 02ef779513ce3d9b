import HiglintCore

struct SpacingRule: ScreenRule {
    static let minimum = Threshold(
        key: "min_spacing", default: 8, unit: .points,
        meaning: "smallest gap between the touch areas of two interactive elements")

    let description = RuleDescription(
        id: "buttons.spacing", severity: .warning,
        summary: "Two interactive elements' touch areas overlap or lie closer than the minimum spacing.",
        rationale: "Controls packed together get tapped by mistake; Apple asks for ample spacing between interactive elements (HIG: interactivity).",
        seed: "000", hint: "Move the controls apart so their touch areas are at least 8 pt apart.",
        triggeringExamples: [
            "screen: Home\nelements:\n  - {id: a, type: button, frame: [16, 100, 44, 44]}\n  - {id: b, type: button, frame: [67.9, 100, 44, 44]}\n",
            "screen: Home\nelements:\n  - {id: a, type: button, frame: [16, 100, 44, 44]}\n  - {id: b, type: switch, frame: [40, 120, 51, 44]}\n",
        ],
        nonTriggeringExamples: [
            "screen: Home\nelements:\n  - {id: a, type: button, frame: [16, 100, 44, 44]}\n  - {id: b, type: button, frame: [68, 100, 44, 44]}\n",
            "screen: Home\nelements:\n  - {id: a, type: button, frame: [16, 100, 44, 44]}\n  - {id: label, type: text, frame: [62, 100, 100, 44]}\n",
            "screen: Home\nnavigation_bar:\n  title: Home\n  items:\n    - {id: a, type: button, frame: [280, 20, 44, 44]}\n    - {id: b, type: button, frame: [326, 20, 44, 44]}\n",
        ],
        thresholds: [Self.minimum])

    func check(_ screen: Screen, in context: RuleContext) -> [Violation] {
        let minimum = context[Self.minimum]
        // Each control's touch area worked out once, not once per pair.
        let content = screen.allContentElements
        var controls: [(element: Element, rect: Rect)] = []
        controls.reserveCapacity(content.count)
        for element in content where element.isInteractive {
            if let rect = element.touchRect { controls.append((element, rect)) }
        }
        var violations: [Violation] = []
        for laterIndex in controls.indices {
            let (later, laterRect) = controls[laterIndex]
            for (earlier, earlierRect) in controls[..<laterIndex] {
                let dx = max(0, max(laterRect.minX - earlierRect.maxX, earlierRect.minX - laterRect.maxX))
                let dy = max(0, max(laterRect.minY - earlierRect.maxY, earlierRect.minY - laterRect.maxY))
                // Apart on one axis: the gap on that axis. Apart on both: the wider gap.
                let gap = max(dx, dy)
                guard gap < minimum else { continue }
                let overlap = laterRect.minX < earlierRect.maxX && earlierRect.minX < laterRect.maxX
                    && laterRect.minY < earlierRect.maxY && earlierRect.minY < laterRect.maxY
                let message = overlap
                    ? "touch area overlaps \(quoted(earlier.name))'s"
                    : "touch area is \(formatPoints(gap)) pt from \(quoted(earlier.name))'s; at least \(formatPoints(minimum)) pt apart"
                violations.append(Violation(message: message, on: later))
            }
        }
        return violations
    }
}
