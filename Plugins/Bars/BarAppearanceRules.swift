import HiglintCore

struct FixedHeightRule: ScreenRule {
    let description = RuleDescription(
        id: "bars.fixed-height", severity: .warning,
        summary: "A navigation bar or toolbar has a fixed height.",
        rationale: "On iPhone the system makes navigation bars and toolbars shorter in landscape; a bar with a hard-coded height cannot follow, so its custom items must fit the narrower bar instead.",
        seed: "002", hint: "Let the system size the bar (`height: auto`).",
        triggeringExamples: [
            "screen: Inbox\nnavigation_bar: {title: Inbox, height: 44}\n",
            "screen: Inbox\ntoolbar: {height: 49}\n",
        ],
        nonTriggeringExamples: [
            "screen: Inbox\nnavigation_bar: {title: Inbox, height: auto}\ntoolbar: {}\n",
            "screen: Inbox\nnavigation_bar: {title: Inbox}\n",
        ])

    func check(_ screen: Screen, in context: RuleContext) -> [Violation] {
        var violations: [Violation] = []
        if let bar = screen.navigationBar, case .fixed(let points) = bar.height {
            violations.append(Violation(
                message: "navigation bar height is fixed at \(formatPoints(points)) pt; the system adjusts it with the orientation",
                at: bar.marks[.height]))
        }
        if let bar = screen.toolbar, case .fixed(let points) = bar.height {
            violations.append(Violation(
                message: "toolbar height is fixed at \(formatPoints(points)) pt; the system adjusts it with the orientation",
                at: bar.marks[.height]))
        }
        return violations
    }
}

struct TranslucencyMismatchRule: ScreenRule {
    let description = RuleDescription(
        id: "bars.translucency-mismatch", severity: .warning,
        summary: "The navigation bar and the toolbar of a screen differ in translucency.",
        rationale: "Bars of one screen should look like they belong together: a translucent toolbar does not go with an opaque navigation bar, nor the other way round.",
        seed: "002", hint: "Make both bars translucent, or both opaque.",
        triggeringExamples: [
            "screen: Photos\nnavigation_bar: {title: Photos, translucent: true}\ntoolbar: {translucent: false}\n",
            "screen: Photos\nnavigation_bar: {title: Photos}\ntoolbar: {translucent: true}\n",
        ],
        nonTriggeringExamples: [
            "screen: Photos\nnavigation_bar: {title: Photos, translucent: true}\ntoolbar: {translucent: true}\n",
            "screen: Photos\nnavigation_bar: {title: Photos}\ntoolbar: {}\n",
            "screen: Photos\nnavigation_bar: {title: Photos, translucent: true}\n",
        ])

    func check(_ screen: Screen, in context: RuleContext) -> [Violation] {
        guard let navigationBar = screen.navigationBar, let toolbar = screen.toolbar,
              navigationBar.translucent != toolbar.translucent
        else { return [] }
        // The translucent bar is the one that departs from the default, so its value is the one to point at.
        if navigationBar.translucent {
            return [Violation(
                message: "navigation bar is translucent but the toolbar is opaque",
                at: navigationBar.marks[.translucent])]
        }
        return [Violation(
            message: "toolbar is translucent but the navigation bar is opaque", at: toolbar.marks[.translucent])]
    }
}
