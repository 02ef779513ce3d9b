import HiglintCore

struct NonstandardMeaningRule: ScreenRule {
    /// What people expect a standard gesture to do: the words messages list, and the same
    /// words for looking actions up.
    struct Meaning: Sendable {
        let words: [String]
        let lookup: TrimmedWords
        /// The words as a message lists them, made once rather than for each finding.
        let listed: String

        init(_ words: [String]) {
            self.words = words
            lookup = TrimmedWords(Set(words))
            listed = NonstandardMeaningRule.list(words)
        }
    }

    private static let zoom = Meaning(["zoom"])
    private static let undo = Meaning(["undo", "redo"])
    private static let swipe = Meaning(["back", "reveal", "delete", "navigate"])
    private static let scroll = Meaning(["scroll", "pan"])
    private static let longPress = Meaning(["magnify", "select", "menu", "preview"])

    /// Gestures without a meaning (tap, drag, rotate, edge-swipe) mean whatever the control
    /// gives them and are never judged. A switch, not a dictionary: a gesture kind hashes its name.
    static func meaning(of kind: Gesture.Kind) -> Meaning? {
        switch kind {
        case .doubleTap, .pinch: return zoom
        case .shake: return undo
        case .swipe: return swipe
        case .flick: return scroll
        case .longPress: return longPress
        case .tap, .drag, .rotate, .edgeSwipe: return nil
        }
    }

    let description = RuleDescription(
        id: "gestures.nonstandard-meaning", severity: .warning,
        summary: "A standard gesture is given an action outside its standard meaning.",
        rationale: "People learn the standard gestures once and expect them everywhere: double-tap and pinch zoom, shake undoes, a one-finger swipe goes back, reveals or deletes, a flick scrolls or pans quickly, touch-and-hold magnifies or selects. Giving one another meaning breaks that expectation (seed 000, the standard gestures).",
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
            "screen: Map\ngestures:\n  - {type: flick, action: pan}\n",
        ])

    func check(_ screen: Screen, in context: RuleContext) -> [Violation] {
        var violations: [Violation] = []
        for gesture in screen.gestures {
            // A gesture without an action claims no meaning, so there is nothing to judge.
            guard let type = gesture.type, let action = gesture.action, let meaning = Self.meaning(of: type) else { continue }
            // Only the one-finger swipe has a standard meaning; multi-finger swipes are judged by gestures.reserved.
            if type == .swipe, gesture.fingers != 1 { continue }
            guard !meaning.lookup.contains(action) else { continue }
            let name = type == .swipe ? "one-finger swipe" : type.rawValue
            violations.append(Violation(
                message: "\(name) does \(quoted(action)); people expect it to mean \(meaning.listed)",
                at: gesture.marks.map, element: gesture.path))
        }
        return violations
    }

    /// `zoom`, `undo or redo`, `back, reveal, delete or navigate`.
    fileprivate static func list(_ words: [String]) -> String {
        guard let last = words.last else { return "" }
        let rest = words.dropLast()
        return rest.isEmpty ? last : "\(rest.joined(separator: ", ")) or \(last)"
    }
}
