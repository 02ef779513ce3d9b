import HiglintCore

struct SpacingRule: ScreenRule {
    static let minimum = Threshold(
        key: "min_spacing", default: 8, unit: .points,
        meaning: "smallest gap between the touch areas of two interactive elements")

    let description = RuleDescription(
        id: "buttons.spacing", severity: .warning,
        summary: "Two interactive elements' touch areas overlap or lie closer than the minimum spacing.",
        rationale: "Controls packed together get tapped by mistake; Apple asks for ample spacing between interactive elements (HIG: interactivity).",
        seed: "000", hint: "Move the controls apart so their touch areas are at least {min_spacing} pt apart.",
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
        checkBounded(screen, in: context).violations
    }

    /// One violation a pair, so thousands of controls piled up have millions: the first
    /// `context.findingLimit` are built, the rest counted on their later element.
    func checkBounded(_ screen: Screen, in context: RuleContext) -> BoundedViolations {
        let minimum = context[Self.minimum]
        // Each control's touch area worked out once, not once per pair.
        let content = screen.allContentElements
        var controls: [Element] = []
        var rects: [Rect] = []
        controls.reserveCapacity(content.count)
        rects.reserveCapacity(content.count)
        for element in content where element.isInteractive {
            if let rect = element.touchRect {
                controls.append(element)
                rects.append(rect)
            }
        }
        let close = ClosePairs(rects, closerThan: minimum, limit: context.findingLimit)
        var violations: [Violation] = []
        violations.reserveCapacity(close.pairs.count)
        for (later, earlier) in close.pairs {
            let laterRect = rects[later]
            let earlierRect = rects[earlier]
            let overlap = laterRect.minX < earlierRect.maxX && earlierRect.minX < laterRect.maxX
                && laterRect.minY < earlierRect.maxY && earlierRect.minY < laterRect.maxY
            let message = overlap
                ? "touch area overlaps \(quoted(controls[earlier].name))'s"
                : "touch area is \(formatPoints(Self.gap(laterRect, earlierRect))) pt from \(quoted(controls[earlier].name))'s; at least \(formatPoints(minimum)) pt apart"
            violations.append(Violation(message: message, on: controls[later]))
        }
        return BoundedViolations(violations, leftOut: close.leftOut.map { .init($0.count, on: controls[$0.later]) })
    }

    /// How far apart two touch areas are: apart on one axis, the gap on that axis; apart
    /// on both, the wider gap; 0 when they touch or overlap.
    static func gap(_ one: Rect, _ other: Rect) -> Double {
        let dx = max(0, max(one.minX - other.maxX, other.minX - one.maxX))
        let dy = max(0, max(one.minY - other.maxY, other.minY - one.maxY))
        return max(dx, dy)
    }
}
