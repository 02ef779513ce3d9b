import HiglintCore

struct InconsistentStyleRule: ScreenRule {
    let description = RuleDescription(
        id: "layout.inconsistent-style", severity: .warning,
        summary: "A button does the same thing as an earlier button but looks different (border, icon or font).",
        rationale: "Elements that do the same thing should look the same; people assume a visible difference means something and spend time looking for the reason (seed 003, layout that communicates). Each button is compared with the first content button of the screen that has the same action.",
        seed: "003", hint: "Give buttons with the same action the same border, icon and font.",
        triggeringExamples: [
            "screen: Store\nelements:\n  - {id: buy1, type: button, label: Buy, action: buy, border: true}\n  - {id: buy2, type: button, label: Buy, action: buy}\n",
            "screen: Store\nelements:\n  - {id: share1, type: button, action: share, icon: system:share}\n  - id: footer\n    type: group\n    children:\n      - {id: share2, type: button, action: share, icon: system:share, font: {size: 20}}\n",
        ],
        nonTriggeringExamples: [
            "screen: Store\nelements:\n  - {id: buy1, type: button, label: Buy, action: buy, border: true}\n  - {id: buy2, type: button, label: Buy now, action: buy, border: true}\n",
            "screen: Store\nelements:\n  - {id: buy, type: button, label: Buy, action: buy, border: true}\n  - {id: gift, type: button, label: Gift, action: gift}\n",
            "screen: Store\nnavigation_bar:\n  title: Store\n  items:\n    - {id: share1, type: button, action: share, icon: system:share}\nelements:\n  - {id: share2, type: button, action: share, border: true}\n",
        ])

    func check(_ screen: Screen, in context: RuleContext) -> [Violation] {
        var firstButtons = FirstButtons()
        var violations: [Violation] = []
        for button in screen.allContentElements where button.type == .button {
            guard let action = button.action else { continue }
            guard let first = firstButtons.first(for: action, recording: button) else { continue }
            let differences = differences(button, from: first)
            guard !differences.isEmpty else { continue }
            violations.append(Violation(
                message: "button does \(quoted(action)) like \(quoted(first.name)) but differs in \(differences.joined(separator: ", "))",
                on: button))
        }
        return violations
    }

    private func differences(_ button: Element, from first: Element) -> [String] {
        var out: [String] = []
        if button.border != first.border { out.append("border (\(button.border) vs \(first.border))") }
        if button.icon != first.icon { out.append("icon (\(describe(button.icon)) vs \(describe(first.icon)))") }
        // Font compares by look: where it was written does not matter.
        if button.font != first.font { out.append("font") }
        return out
    }

    private func describe(_ icon: Icon?) -> String {
        switch icon {
        case .system(let name): return "system:\(name)"
        case .custom(let name): return "custom:\(name)"
        case nil: return "none"
        }
    }
}

/// The first content button of each action. A screen has a few actions, so they are kept in
/// a short list searched in place (no hashing, no table to allocate); past `listLimit` a
/// dictionary takes over, so a screen with very many never costs a quadratic search.
struct FirstButtons {
    static let listLimit = 16

    private var list: [(action: String, button: Element)] = []
    private var table: [String: Element]?

    /// The first button recorded for `action`; nil, after recording `button` as that first, when there was none.
    mutating func first(for action: String, recording button: Element) -> Element? {
        if table != nil {
            if let first = table?[action] { return first }
            table?[action] = button
            return nil
        }
        if let entry = list.first(where: { $0.action == action }) { return entry.button }
        if list.isEmpty { list.reserveCapacity(Self.listLimit + 1) }
        list.append((action, button))
        if list.count > Self.listLimit {
            table = Dictionary(uniqueKeysWithValues: list.lazy.map { ($0.action, $0.button) })
            list = []
        }
        return nil
    }
}
