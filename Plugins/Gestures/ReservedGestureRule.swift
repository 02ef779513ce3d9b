import HiglintCore

struct ReservedGestureRule: ScreenRule {
    let description = RuleDescription(
        id: "gestures.reserved", severity: .error,
        summary: "A swipe with four or more fingers on a screen that runs on iPad.",
        rationale: "On iPad a four-finger swipe switches between apps; the system takes it before the app sees it, so an app gesture there never works and fights the system (seed 000, the standard gestures).",
        seed: "000", hint: "Use a swipe with fewer fingers, or another gesture.",
        triggeringExamples: [
            "screen: Canvas\ndevice: ipad\ngestures:\n  - {type: swipe, fingers: 4, direction: left, action: next-page}\n",
            "screen: Canvas\ndevice: universal\ngestures:\n  - {type: swipe, fingers: 5, action: next-page}\n",
        ],
        nonTriggeringExamples: [
            "screen: Canvas\ndevice: ipad\ngestures:\n  - {type: swipe, fingers: 3, direction: left, action: next-page}\n",
            "screen: Canvas\ndevice: iphone\ngestures:\n  - {type: swipe, fingers: 4, direction: left, action: next-page}\n",
            "screen: Canvas\ndevice: ipad\ngestures:\n  - {type: drag, fingers: 4, action: pan}\n",
        ])

    func check(_ screen: Screen, in context: RuleContext) -> [Violation] {
        guard screen.device.includesIPad else { return [] }
        return screen.gestures.compactMap { gesture in
            guard gesture.type == .swipe, gesture.fingers >= 4 else { return nil }
            return Violation(
                message: "\(gesture.fingers)-finger swipe on \(screen.device.rawValue) is taken by iPad's app switching",
                at: gesture.marks.map, element: gesture.path)
        }
    }
}
