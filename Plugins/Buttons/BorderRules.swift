import HiglintCore

struct BorderInBarRule: ScreenRule {
    let description = RuleDescription(
        id: "buttons.border-in-bar", severity: .warning,
        summary: "A bar item, or a button in an alert or action sheet, draws a border.",
        rationale: "People know that items in bars, alerts and action sheets are interactive; a border there adds noise. Borders belong only to content-area buttons that need to stand out.",
        seed: "000", hint: "Remove the border; use a plain title or a system icon.",
        triggeringExamples: [
            "screen: Home\ntoolbar:\n  items:\n    - {id: share, type: button, action: share, icon: system:share, border: true}\n",
            "screen: Home\nelements:\n  - id: confirm\n    type: alert\n    children:\n      - {id: ok, type: button, label: OK, border: true}\n",
            "screen: Home\ntab_bar:\n  tabs:\n    - {title: Home, icon: system:house, border: true}\n",
        ],
        nonTriggeringExamples: [
            "screen: Home\nelements:\n  - {id: buy, type: button, label: Buy, border: true, frame: [16, 100, 80, 44]}\n",
            "screen: Home\nelements:\n  - id: confirm\n    type: alert\n    children:\n      - {id: ok, type: button, label: OK}\n",
        ],
        fix: FixDeclaration(
            .safe, summary: "Sets `border: false`.",
            reason: "Only the value the rule is about changes, to the one it accepts; the item's title, icon and action stay."))

    func check(_ screen: Screen, in context: RuleContext) -> [Violation] {
        var violations = screen.allBarItems.filter { $0.border }.map { item in
            Violation(message: "\(barName(item.placement)) item \(quoted(item.name)) has a border", on: item)
                .fixed(by: .set(.border, to: .scalar("false"), in: item.marks))
        }
        func walk(_ elements: [Element], inside container: Element?) {
            for element in elements {
                if let container, element.type == .button, element.border {
                    let kind = container.type == .alert ? "alert" : "action sheet"
                    violations.append(Violation(message: "button in \(kind) \(quoted(container.name)) has a border", on: element)
                        .fixed(by: .set(.border, to: .scalar("false"), in: element.marks)))
                }
                let isDialog = element.type == .alert || element.type == .actionSheet
                walk(element.children, inside: isDialog ? element : container)
            }
        }
        walk(screen.elements, inside: nil)
        return violations
    }

    private func barName(_ placement: ElementPlacement) -> String {
        switch placement {
        case .navigationBarItem: return "navigation bar"
        case .toolbarItem: return "toolbar"
        case .tab: return "tab bar"
        case .content: return "content"
        }
    }
}

struct CustomStandardActionRule: ScreenRule {
    let description = RuleDescription(
        id: "buttons.custom-standard-action", severity: .warning,
        summary: "An element performing a standard action uses a custom icon.",
        rationale: "People already know the system's glyphs for standard actions (share, add, trash...); a custom look-alike makes them guess. Restyle the standard control instead of replacing it.",
        seed: "000", hint: "Use the system icon for this action (icon: system:NAME), tinted if needed.",
        triggeringExamples: [
            "screen: Home\nelements:\n  - {id: share, type: button, action: share, icon: custom:my-share, frame: [16, 100, 44, 44]}\n",
            "screen: Home\nnavigation_bar:\n  title: Home\n  items:\n    - {id: add, type: button, action: add, icon: custom:plus}\n",
        ],
        nonTriggeringExamples: [
            "screen: Home\nelements:\n  - {id: share, type: button, action: share, icon: system:share, frame: [16, 100, 44, 44]}\n",
            "screen: Home\nelements:\n  - {id: brew, type: button, action: brew-coffee, icon: custom:kettle, frame: [16, 100, 44, 44]}\n",
        ],
        fix: FixDeclaration(
            .unsafe, summary: "Replaces the custom icon with the system icon named after the action.",
            reason: "The element looks different afterwards, and the system may name its glyph for the action differently."))

    func check(_ screen: Screen, in context: RuleContext) -> [Violation] {
        screen.allElements.compactMap { element in
            // The icon first: it is a comparison, the action a hash, and few icons are custom.
            guard case .custom(let name) = element.icon, let action = element.action,
                  Vocabulary.standardActions.contains(action)
            else { return nil }
            return Violation(
                message: "standard action \(quoted(action)) uses custom icon \(quoted(name))", on: element)
                .fixed(by: .set(.icon, to: .scalar("system:\(action)"), in: element.marks))
        }
    }
}
