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
        var firstByAction: [String: Element] = [:]
        var violations: [Violation] = []
        for button in screen.allContentElements where button.type == .button {
            guard let action = button.action else { continue }
            guard let first = firstByAction[action] else {
                firstByAction[action] = button
                continue
            }
            let differences = differences(button, from: first)
            guard !differences.isEmpty else { continue }
            violations.append(Violation(
                message: "button does \"\(action)\" like \"\(first.name)\" but differs in \(differences.joined(separator: ", "))",
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
