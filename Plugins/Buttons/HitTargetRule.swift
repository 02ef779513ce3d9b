import HiglintCore

struct HitTargetRule: ScreenRule {
    static let minimum = Threshold(
        key: "min_hit_target", default: 44, unit: .points,
        meaning: "smallest width and height of an interactive element's touch area")

    let description = RuleDescription(
        id: "buttons.hit-target", severity: .error,
        summary: "An interactive element's touch area is under the minimum hit target in width or height.",
        rationale: "Apple asks for a hit target of about 44x44 pt for every tappable control, so people can hit it without precision (HIG: interactivity and feedback).",
        seed: "000", hint: "Enlarge the frame, or give the element a `hit_area` of at least 44x44 pt.",
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
        thresholds: [Self.minimum])

    func check(_ screen: Screen, in context: RuleContext) -> [Violation] {
        let minimum = context[Self.minimum]
        return screen.allElements.compactMap { element in
            guard element.isInteractive, let size = element.touchSize,
                  size.width < minimum || size.height < minimum
            else { return nil }
            let what = element.hitArea != nil ? "hit area" : "frame"
            return Violation(
                message: "\(what) \(formatPoints(size.width))x\(formatPoints(size.height)) pt is under \(formatPoints(minimum))x\(formatPoints(minimum)) pt",
                on: element)
        }
    }
}
