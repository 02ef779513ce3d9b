import HiglintCore

struct BackTitleMismatchRule: ProjectRule {
    let description = RuleDescription(
        id: "bars.back-title-mismatch", severity: .warning,
        summary: "The back button's title differs from the parent screen's title.",
        rationale: "When people go down a level, the back button should carry the title of the level they came from, so they always know where it leads. A back button that says something else breaks that trail.",
        seed: "002", hint: "Make the back button's title the parent screen's navigation bar title, or leave it out.",
        triggeringExamples: [
            "screen: Settings\nnavigation_bar: {title: Settings}\n---\nscreen: Wi-Fi\nparent: Settings\nnavigation_bar:\n  title: Wi-Fi\n  back: {title: Back}\n",
            "screen: Settings\n---\nscreen: Wi-Fi\nparent: Settings\nnavigation_bar:\n  title: Wi-Fi\n  back: {title: Preferences}\n",
        ],
        nonTriggeringExamples: [
            "screen: Settings\nnavigation_bar: {title: Settings}\n---\nscreen: Wi-Fi\nparent: Settings\nnavigation_bar:\n  title: Wi-Fi\n  back: {title: Settings}\n",
            "screen: Root\nnavigation_bar: {title: Settings}\n---\nscreen: Wi-Fi\nparent: Root\nnavigation_bar:\n  title: Wi-Fi\n  back: {title: Settings}\n",
            "screen: Wi-Fi\nparent: Nowhere\nnavigation_bar:\n  title: Wi-Fi\n  back: {title: Back}\n",
            "screen: Settings\n---\nscreen: Wi-Fi\nparent: Settings\nnavigation_bar:\n  title: Wi-Fi\n  back: {custom: false}\n",
        ],
        isProjectRule: true,
        fix: FixDeclaration(
            .unsafe, summary: "Replaces the back button's title with the parent screen's title.",
            reason: "The written title may be the one meant, and the parent's title the one to change; only a person can tell which."))

    func check(_ project: ProjectIndex, in context: RuleContext) -> [ProjectViolation] {
        let screens = project.screens
        var violations: [ProjectViolation] = []
        // Positions, so the screens are looked at in place rather than copied.
        for position in screens.indices {
            // A blank back title is as good as none: there is nothing to compare.
            guard let parentName = screens[position].parent, let parent = project.parentIndex(of: position),
                  let backTitle = screens[position].backTitle?.nonBlank
            else { continue }
            let message: String
            let expected = screens[parent].navigationTitle?.nonBlank ?? parentName
            if let parentTitle = screens[parent].navigationTitle?.nonBlank {
                guard backTitle != parentTitle else { continue }
                message = "back button says \(quoted(backTitle)) but the parent screen \(quoted(parentName)) is titled \(quoted(parentTitle))"
            } else {
                guard backTitle != parentName.nonBlank else { continue }
                message = "back button says \(quoted(backTitle)) but the parent screen is \(quoted(parentName)) (it has no navigation bar title)"
            }
            violations.append(
                ProjectViolation(on: screens[position], Violation(message: message, at: screens[position].backTitleMark)
                    .fixed(by: .replace(valueAt: screens[position].backTitleMark, with: .text(expected)))))
        }
        return violations
    }
}
