import HiglintCore

struct NonstandardMeaningRule: ScreenRule {
    /// What people expect each standard gesture to do. Gestures absent here (tap, drag,
    /// rotate, edge-swipe) mean whatever the control gives them and are never judged.
    static let meanings: [Gesture.Kind: [String]] = [
        .doubleTap: ["zoom"],
        .pinch: ["zoom"],
        .shake: ["undo", "redo"],
        .swipe: ["back", "reveal", "delete", "navigate"],
        .flick: ["scroll"],
        .longPress: ["magnify", "select", "menu", "preview"],
    ]

    let description = RuleDescription(
        id: "gestures.nonstandard-meaning", severity: .warning,
        summary: "A standard gesture is given an action outside its standard meaning.",
        rationale: "People learn the standard gestures once and expect them everywhere: double-tap and pinch zoom, shake undoes, a one-finger swipe goes back, reveals or deletes, a flick scrolls, touch-and-hold magnifies or selects. Giving one another meaning breaks that expectation (seed 000, the standard gestures).",
        seed: "000", hint: "Keep the gesture's standard meaning, or give the action its own control.",
        triggeringExamples: [
            "screen: Feed\ngestures:\n  - {type: double-tap, action: like}\n",
            "screen: Feed\ngestures:\n  - {type: shake, action: shuffle}\n",
            "screen: Feed\ngestures:\n  - {type: swipe, direction: left, action: share}\n",
        ],
        nonTriggeringExamples: [
            "screen: Feed\ngestures:\n  - {type: double-tap, action: zoom}\n",
            "screen: Feed\ngestures:\n  - {type: swipe, direction: right, action: back}\n",
            "screen: Feed\ngestures:\n  - {type: swipe, fingers: 2, action: share}\n",
            "screen: Feed\ngestures:\n  - {type: tap, action: like}\n",
            "screen: Feed\ngestures:\n  - {type: pinch}\n",
        ])

    func check(_ screen: Screen, in context: RuleContext) -> [Violation] {
        screen.gestures.compactMap { gesture in
            // A gesture without an action claims no meaning, so there is nothing to judge.
            guard let type = gesture.type, let action = gesture.action, let allowed = Self.meanings[type] else { return nil }
            // Only the one-finger swipe has a standard meaning; multi-finger swipes are judged by gestures.reserved.
            if type == .swipe, gesture.fingers != 1 { return nil }
            guard !allowed.contains(normalized(action)) else { return nil }
            let name = type == .swipe ? "one-finger swipe" : type.rawValue
            let expected = Self.list(allowed)
            return Violation(
                message: "\(name) does \"\(action)\"; people expect it to mean \(expected)",
                at: gesture.marks.map, element: gesture.path)
        }
    }

    private func normalized(_ text: String) -> String {
        guard let first = text.firstIndex(where: { !$0.isWhitespace }), let last = text.lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return text[first...last].lowercased()
    }

    /// `zoom`, `undo or redo`, `back, reveal, delete or navigate`.
    private static func list(_ words: [String]) -> String {
        guard let last = words.last else { return "" }
        let rest = words.dropLast()
        return rest.isEmpty ? last : "\(rest.joined(separator: ", ")) or \(last)"
    }
}
