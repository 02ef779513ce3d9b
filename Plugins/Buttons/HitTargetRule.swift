import HiglintCore

struct HitTargetRule: ScreenRule {
    static let minimum = Threshold(
        key: "min_hit_target", default: 44, unit: .points,
        meaning: "smallest width and height of an interactive element's touch area")

    let description = RuleDescription(
        id: "buttons.hit-target", severity: .error,
        summary: "An interactive element's touch area is under the minimum hit target in width or height.",
        rationale: "Apple asks for a hit target of about 44x44 pt for every tappable control, so people can hit it without precision (HIG: interactivity and feedback).",
        seed: "000", hint: "Enlarge the frame, or give the element a `hit_area` of at least {min_hit_target}x{min_hit_target} pt.",
        triggeringExamples: [
            "screen: Home\nelements:\n  - {id: save, type: button, frame: [16, 100, 43.9, 44]}\n",
            "screen: Home\nelements:\n  - {id: more, type: image, action: open, frame: [16, 100, 30, 30]}\n",
            "screen: Home\nelements:\n  - {id: save, type: button, frame: [16, 100, 60, 60], hit_area: [40, 60]}\n",
            "screen: Home\nnavigation_bar:\n  title: Home\n  items:\n    - {id: edit, type: button, frame: [320, 20, 30, 30]}\n",
        ],
        nonTriggeringExamples: [
            "screen: Home\nelements:\n  - {id: save, type: button, frame: [16, 100, 44, 44]}\n",
            "screen: Home\nelements:\n  - {id: save, type: button, frame: [16, 100, 30, 30], hit_area: [44, 44]}\n",
            "screen: Home\nelements:\n  - {id: caption, type: text, frame: [16, 100, 30, 12]}\n",
            "screen: Home\nelements:\n  - {id: save, type: button}\n",
        ],
        thresholds: [Self.minimum],
        fix: FixDeclaration(
            .safe, summary: "Gives the element a hit_area of at least the minimum, keeping any larger side.",
            reason: "The visible frame stays as drawn; only the invisible touch area around it grows to the minimum. It is not offered where the larger area would crowd another control's (buttons.spacing): moving controls apart is a design decision; nor for a switch, whose touch area is UIKit's and no spec key changes it."))

    func check(_ screen: Screen, in context: RuleContext) -> [Violation] {
        let minimum = context[Self.minimum]
        var violations: [Violation] = []
        // Gathered at the first small control: most screens have none.
        var controls: [Element]?
        // The bound as messages show it, written at the first small control.
        var bound: String?
        for element in screen.allElements {
            guard element.isInteractive, let size = element.touchSize,
                  size.width < minimum || size.height < minimum
            else { continue }
            let what = element.hitArea != nil ? "hit area" : "frame"
            if bound == nil { bound = "\(formatPoints(minimum))x\(formatPoints(minimum))" }
            let violation = Violation(
                message: "\(what) \(formatPoints(size.width))x\(formatPoints(size.height)) pt is under \(bound ?? "") pt",
                on: element)
            // UIKit draws a switch at its own size and takes touches inside it only: a hit_area
            // written in the spec would claim a touch area no design setting gives it.
            if element.type == .switch, element.hitArea == nil {
                var held = violation
                held.hint = Self.switchHint
                violations.append(held)
                continue
            }
            let area = Size(width: max(size.width, minimum), height: max(size.height, minimum))
            if controls == nil { controls = screen.allContentElements.filter(\.isInteractive) }
            if crowds(element, grownTo: area, among: controls ?? [], spacing: context[SpacingRule.minimum]) {
                violations.append(violation)
            } else {
                violations.append(violation.fixed(
                    by: .set(.hitArea, to: .list([area.width, area.height].map(formatPoints)), in: element.marks)))
            }
        }
        return violations
    }

    static let switchHint = "A switch is the size UIKit gives it (51x31 pt) and takes touches only inside it: enlarge its touch area in code and record it as `hit_area`, or make the whole row toggle it and ignore this rule on the switch."

    /// Whether a touch area grown to `area` would come closer than `spacing` to another
    /// content control it is now far enough from, so that the fix would only trade this
    /// finding for a spacing one.
    private func crowds(_ element: Element, grownTo area: Size, among controls: [Element], spacing: Double) -> Bool {
        guard element.placement == .content, let frame = element.frame, let now = element.touchRect else { return false }
        let grown = Rect(
            x: frame.x - (area.width - frame.width) / 2, y: frame.y - (area.height - frame.height) / 2,
            width: area.width, height: area.height)
        return controls.contains { other in
            guard other.path != element.path, let rect = other.touchRect else { return false }
            return SpacingRule.gap(grown, rect) < spacing && SpacingRule.gap(now, rect) >= spacing
        }
    }
}
