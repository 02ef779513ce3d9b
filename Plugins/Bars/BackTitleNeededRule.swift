import HiglintCore

struct BackTitleNeededRule: ProjectRule {
    let description = RuleDescription(
        id: "bars.back-title-needed", severity: .warning,
        summary: "A screen below a navigation bar with a segmented control has a back button without a title.",
        rationale: "When the navigation bar holds a segmented control instead of a title, the screens one level down cannot show its title in their back button; give that back button a title of its own, so people know where it leads.",
        seed: "002", hint: "Give the back button a `title` naming the screen it goes back to.",
        triggeringExamples: [
            "screen: Music\nnavigation_bar:\n  items:\n    - {id: scope, type: segmented-control}\n---\nscreen: Album\nparent: Music\nnavigation_bar:\n  title: Album\n",
            "screen: Music\nnavigation_bar:\n  items:\n    - {id: scope, type: segmented-control}\n---\nscreen: Album\nparent: Music\nnavigation_bar:\n  title: Album\n  back: {title: \" \"}\n",
        ],
        nonTriggeringExamples: [
            "screen: Music\nnavigation_bar:\n  items:\n    - {id: scope, type: segmented-control}\n---\nscreen: Album\nparent: Music\nnavigation_bar:\n  title: Album\n  back: {title: Music}\n",
            "screen: Music\nnavigation_bar:\n  title: Music\n---\nscreen: Album\nparent: Music\nnavigation_bar:\n  title: Album\n",
            "screen: Music\nnavigation_bar:\n  items:\n    - {id: scope, type: segmented-control}\n---\nscreen: Player\nparent: Music\n",
        ],
        isProjectRule: true,
        fix: FixDeclaration(
            .unsafe, summary: "Gives the back button the parent's navigation bar title, else the parent screen's name.",
            reason: "The name is a guess at what the back button should say: the parent shows a segmented control, not a title, so its screen name may not be what people see."))

    func check(_ project: ProjectIndex, in context: RuleContext) -> [ProjectViolation] {
        let screens = project.screens
        var violations: [ProjectViolation] = []
        // Only the direct parent is read, so a parent cycle costs nothing here.
        for position in screens.indices where screens[position].hasNavigationBar && screens[position].backTitle?.nonBlank == nil {
            guard let parentName = screens[position].parent, let parent = project.parentIndex(of: position),
                  screens[parent].navigationHasSegmentedControl
            else { continue }
            let message = "back button has no title, but the parent screen \(quoted(parentName)) has a segmented control in its navigation bar instead of a title to show"
            let title = FixValue.text(screens[parent].navigationTitle?.nonBlank ?? parentName)
            // The back title's mark is its value when written, else the back map, else the bar's.
            let fix: FixAction
            if screens[position].backTitle != nil {
                fix = .replace(valueAt: screens[position].backTitleMark, with: title)
            } else if screens[position].backTitleMark == screens[position].navigationBarMark {
                fix = .set(key: NavigationBarField.back.rawValue, to: .map([.init(BackButtonField.title.rawValue, title)]),
                           inMapAt: screens[position].navigationBarMark)
            } else {
                fix = .set(key: BackButtonField.title.rawValue, to: title, inMapAt: screens[position].backTitleMark)
            }
            violations.append(
                ProjectViolation(on: screens[position], Violation(message: message, at: screens[position].backTitleMark)
                    .fixed(by: fix)))
        }
        return violations
    }
}
