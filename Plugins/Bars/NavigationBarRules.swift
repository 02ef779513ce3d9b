import HiglintCore

struct NavTitleMissingRule: ScreenRule {
    let description = RuleDescription(
        id: "bars.nav-title-missing", severity: .warning,
        summary: "A navigation bar has no title and no segmented control.",
        rationale: "The navigation bar's title tells people where they are in the hierarchy, and the next screen's back button repeats it. Only a segmented control may take the title's place.",
        seed: "002", hint: "Give the navigation bar the screen's title (`navigation_bar.title`).",
        triggeringExamples: [
            "screen: Inbox\nnavigation_bar:\n  items:\n    - {id: compose, type: button, action: compose, icon: system:compose}\n",
            "screen: Inbox\nnavigation_bar: {title: \"  \"}\n",
        ],
        nonTriggeringExamples: [
            "screen: Inbox\nnavigation_bar: {title: Inbox}\n",
            "screen: Library\nnavigation_bar:\n  items:\n    - {id: scope, type: segmented-control}\n",
            "screen: Inbox\n",
        ])

    func check(_ screen: Screen, in context: RuleContext) -> [Violation] {
        guard let bar = screen.navigationBar, bar.title?.nonBlank == nil,
              !bar.items.contains(where: { $0.type == .segmentedControl })
        else { return [] }
        let message = bar.title == nil
            ? "navigation bar has no title and no segmented control"
            : "navigation bar title is blank and there is no segmented control"
        return [Violation(message: message, at: bar.marks[.title])]
    }
}

struct NavCrowdedRule: ScreenRule {
    let description = RuleDescription(
        id: "bars.nav-crowded", severity: .warning,
        summary: "A navigation bar holds more than one control besides the back button.",
        rationale: "Even when there seems to be room, a navigation bar should carry little more than the title, the back button and one control that acts on the content; more controls crowd it.",
        seed: "002", hint: "Keep one control in the navigation bar; move the others to a toolbar.",
        triggeringExamples: [
            "screen: Inbox\nnavigation_bar:\n  title: Inbox\n  items:\n    - {id: edit, type: button, action: edit}\n    - {id: compose, type: button, action: compose}\n",
        ],
        nonTriggeringExamples: [
            "screen: Inbox\nnavigation_bar:\n  title: Inbox\n  back: {title: Mailboxes}\n  items:\n    - {id: edit, type: button, action: edit}\n",
            "screen: Inbox\nnavigation_bar: {title: Inbox}\n",
        ])

    func check(_ screen: Screen, in context: RuleContext) -> [Violation] {
        guard let bar = screen.navigationBar, bar.items.count > 1 else { return [] }
        let names = bar.items.map { quoted($0.name) }.joined(separator: ", ")
        return [Violation(
            message: "navigation bar has \(counted(bar.items.count, "control")) besides the back button (\(names)); at most 1",
            at: bar.marks[.items])]
    }
}

struct NavSegmentedCrowdedRule: ScreenRule {
    let description = RuleDescription(
        id: "bars.nav-segmented-crowded", severity: .warning,
        summary: "A navigation bar holds a segmented control together with a title or another control.",
        rationale: "A segmented control in the navigation bar takes the whole bar: with a title or other controls beside it the bar becomes cluttered and the segments too narrow.",
        seed: "002", hint: "Let the segmented control stand alone: drop the title and move the other controls to a toolbar.",
        triggeringExamples: [
            "screen: Library\nnavigation_bar:\n  title: Library\n  items:\n    - {id: scope, type: segmented-control}\n",
            "screen: Library\nnavigation_bar:\n  items:\n    - {id: scope, type: segmented-control}\n    - {id: add, type: button, action: add}\n",
        ],
        nonTriggeringExamples: [
            "screen: Library\nnavigation_bar:\n  back: {title: Home}\n  items:\n    - {id: scope, type: segmented-control}\n",
            "screen: Library\nnavigation_bar:\n  title: Library\n  items:\n    - {id: add, type: button, action: add}\n",
        ])

    func check(_ screen: Screen, in context: RuleContext) -> [Violation] {
        guard let bar = screen.navigationBar,
              let segmented = bar.items.first(where: { $0.type == .segmentedControl })
        else { return [] }
        var company: [String] = []
        if let title = bar.title?.nonBlank { company.append("the title \(quoted(title))") }
        let others = bar.items.count - 1
        if others > 0 { company.append(counted(others, "other control")) }
        guard !company.isEmpty else { return [] }
        return [Violation(
            message: "segmented control \(quoted(segmented.name)) shares the navigation bar with \(company.joined(separator: " and "))",
            on: segmented)]
    }
}
