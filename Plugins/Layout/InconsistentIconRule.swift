import HiglintCore

struct InconsistentIconRule: ProjectRule {
    let description = RuleDescription(
        id: "layout.inconsistent-icon", severity: .warning,
        summary: "Buttons and bar items that do the same standard action show different icons across the app.",
        rationale: "The same function should look the same everywhere: people learn an icon once and look for it again, and a different icon for the same action makes them wonder whether it does something else (seed 003, layout that communicates). Every screen of the tree takes part, whatever its device; an element without an icon counts as a look of its own.",
        seed: "003", hint: "Use the app's usual icon for this action on every screen.",
        triggeringExamples: [
            "screen: Inbox\nnavigation_bar:\n  items:\n    - {id: add, type: button, action: add, icon: system:plus}\n---\nscreen: Notes\nnavigation_bar:\n  items:\n    - {id: add, type: button, action: add, icon: system:plus}\n---\nscreen: Tags\ntoolbar:\n  items:\n    - {id: add, type: button, action: add, icon: system:plus.circle}\n",
            "screen: Inbox\nelements:\n  - {id: share, type: button, action: share, icon: system:square.and.arrow.up}\n---\nscreen: Photo\nelements:\n  - {id: share, type: button, action: share, label: Share}\n",
        ],
        nonTriggeringExamples: [
            "screen: Inbox\nnavigation_bar:\n  items:\n    - {id: add, type: button, action: add, icon: system:plus}\n---\nscreen: Tags\nelements:\n  - {id: add, type: button, action: add, icon: system:plus}\n",
            "screen: Inbox\nelements:\n  - {id: buy, type: button, action: buy, icon: custom:cart}\n---\nscreen: Store\nelements:\n  - {id: buy, type: button, action: buy, icon: custom:bag}\n",
            "screen: Inbox\ntab_bar:\n  tabs:\n    - {title: Search, action: search, icon: system:magnifyingglass}\n---\nscreen: Find\nelements:\n  - {id: find, type: button, action: search, icon: system:search}\n",
        ],
        isProjectRule: true)

    /// Where a use is: its screen's position and its place among that screen's uses.
    private struct Use {
        var screen: Int
        var index: Int
    }

    func check(_ project: ProjectIndex, in context: RuleContext) -> [ProjectViolation] {
        let screens = project.screens
        // Uses by action, in path order, then document order; actions in the order first met.
        // Each action's place in `actions` and `usesOf`: one lookup for an action seen before
        // (testing and then adding to a dictionary of lists hashed every use twice).
        var slots: [String: Int] = [:]
        var actions: [String] = []
        var usesOf: [[Use]] = []
        for position in screens.indices {
            for index in screens[position].iconUses.indices {
                let action = screens[position].iconUses[index].action
                if let slot = slots[action] {
                    usesOf[slot].append(Use(screen: position, index: index))
                } else {
                    slots[action] = actions.count
                    actions.append(action)
                    usesOf.append([Use(screen: position, index: index)])
                }
            }
        }
        var violations: [ProjectViolation] = []
        for (action, uses) in zip(actions, usesOf) {
            guard uses.count > 1 else { continue }
            let icons = uses.map { screens[$0.screen].iconUses[$0.index].icon }
            guard let vote = Vote(icons) else { continue }
            let tie = vote.isTie ? " (a tie, settled by the first such element by path)" : ""
            for (member, use) in uses.enumerated() where icons[member] != vote.winner {
                let found = screens[use.screen].iconUses[use.index]
                let message = "\(describe(found.icon)) for action \(quoted(action)) differs from \(describe(vote.winner)), used by \(vote.count) of \(uses.count) buttons and bar items with that action\(tie)"
                violations.append(ProjectViolation(on: screens[use.screen], Violation(
                    message: message, at: found.mark, element: found.element, suppressed: found.suppressed,
                    suppressionMarks: found.suppressionMarks)))
            }
        }
        return violations
    }

    private func describe(_ icon: Icon?) -> String {
        switch icon {
        case .system(let name): return "icon system:\(name)"
        case .custom(let name): return "icon custom:\(name)"
        case nil: return "no icon"
        }
    }
}
