import HiglintCore

struct TabCountRule: ScreenRule {
    let description = RuleDescription(
        id: "bars.tab-count", severity: .error,
        summary: "A tab bar shown on iPhone has more than five tabs.",
        rationale: "An iPhone tab bar shows at most five tabs at a time; with more, the system keeps four and hides the rest behind a More tab. iPad can show more.",
        seed: "002", hint: "Keep at most 5 tabs on iPhone, or let the fifth be a More tab listing the rest.",
        triggeringExamples: [
            "screen: Home\ntab_bar:\n  tabs:\n    - {title: A}\n    - {title: B}\n    - {title: C}\n    - {title: D}\n    - {title: E}\n    - {title: F}\n",
            "screen: Home\ndevice: universal\ntab_bar:\n  tabs: [{title: A}, {title: B}, {title: C}, {title: D}, {title: E}, {title: F}]\n",
        ],
        nonTriggeringExamples: [
            "screen: Home\ntab_bar:\n  tabs: [{title: A}, {title: B}, {title: C}, {title: D}, {title: E}]\n",
            "screen: Home\ndevice: ipad\ntab_bar:\n  tabs: [{title: A}, {title: B}, {title: C}, {title: D}, {title: E}, {title: F}]\n",
        ])

    static let iPhoneMaximum = 5

    func check(_ screen: Screen, in context: RuleContext) -> [Violation] {
        guard screen.device.includesIPhone, let bar = screen.tabBar, bar.tabs.count > Self.iPhoneMaximum
        else { return [] }
        return [Violation(
            message: "\(bar.tabs.count) tabs; iPhone shows at most \(Self.iPhoneMaximum)", at: bar.marks[.tabs])]
    }
}

struct TabActionRule: ScreenRule {
    let description = RuleDescription(
        id: "bars.tab-action", severity: .error,
        summary: "A tab performs an action.",
        rationale: "Tabs switch between views, modes or subtasks of the app; they never act on what is on screen. Actions on the content belong in a toolbar.",
        seed: "002", hint: "Remove the tab's `action` and put the action in a toolbar.",
        triggeringExamples: [
            "screen: Home\ntab_bar:\n  tabs:\n    - {title: Feed, icon: system:house}\n    - {title: Refresh, action: refresh}\n",
        ],
        nonTriggeringExamples: [
            "screen: Home\ntab_bar:\n  tabs:\n    - {title: Feed, icon: system:house}\n    - {title: Search, icon: system:magnifyingglass}\n",
        ],
        fix: FixDeclaration(
            .unsafe, summary: "Deletes the tab's `action`.",
            reason: "The tab then only switches views, as the rule asks, but what it did is gone: the action needs a new home (a toolbar), which only a person can give it."))

    func check(_ screen: Screen, in context: RuleContext) -> [Violation] {
        (screen.tabBar?.tabs ?? []).compactMap { tab in
            guard let action = tab.action else { return nil }
            let name = tab.id ?? tab.title?.nonBlank ?? tab.path
            return Violation(
                message: "tab \(quoted(name)) performs action \(quoted(action)); a tab only switches views", on: tab)
                .fixed(by: .remove(ElementField.action, in: tab.marks))
        }
    }
}

struct TabIncompleteRule: ScreenRule {
    let description = RuleDescription(
        id: "bars.tab-incomplete", severity: .warning,
        summary: "A tab lacks a title or an icon.",
        rationale: "A tab bar shows an icon and a short title on every tab: the icon is found at a glance, the title says what it means. A tab with only one of them is harder to recognise or to understand.",
        seed: "002", hint: "Give every tab both a `title` and an `icon`.",
        triggeringExamples: [
            "screen: Home\ntab_bar:\n  tabs:\n    - {title: Feed, icon: system:house}\n    - {title: Search}\n",
            "screen: Home\ntab_bar:\n  tabs:\n    - {title: \" \", icon: system:house}\n",
            "screen: Home\ntab_bar:\n  tabs:\n    - {id: more}\n",
        ],
        nonTriggeringExamples: [
            "screen: Home\ntab_bar:\n  tabs:\n    - {title: Feed, icon: system:house}\n    - {title: Search, icon: custom:search}\n",
        ])

    func check(_ screen: Screen, in context: RuleContext) -> [Violation] {
        (screen.tabBar?.tabs ?? []).enumerated().compactMap { position, tab -> Violation? in
            var missing: [String] = []
            if tab.title?.nonBlank == nil { missing.append(tab.title == nil ? "no title" : "a blank title") }
            if tab.icon == nil { missing.append("no icon") }
            guard !missing.isEmpty else { return nil }
            let name = (tab.id ?? tab.title?.nonBlank).map { quoted($0) } ?? "\(position + 1)"
            return Violation(
                message: "tab \(name) has \(missing.joined(separator: " and ")); every tab shows an icon and a title",
                on: tab)
        }
    }
}

struct TabBadgeRule: ScreenRule {
    static let maximum = Threshold(
        key: "max_badge_length", default: 4, unit: .characters,
        meaning: "longest tab badge (a number counts its digits)")

    let description = RuleDescription(
        id: "bars.tab-badge", severity: .info,
        summary: "A tab's badge is blank, zero, or longer than a few characters.",
        rationale: "A badge is a small red marker telling of new information on that tab: a count, or a character or two. A badge of zero tells of nothing, a blank one shows an empty dot, and a long one crowds the tab bar.",
        seed: "002", hint: "Show a short count or marker, and remove the badge when there is nothing new.",
        triggeringExamples: [
            "screen: Home\ntab_bar:\n  tabs:\n    - {title: Inbox, icon: system:tray, badge: 0}\n",
            "screen: Home\ntab_bar:\n  tabs:\n    - {title: Inbox, icon: system:tray, badge: 12345}\n",
            "screen: Home\ntab_bar:\n  tabs:\n    - {title: Inbox, icon: system:tray, badge: \"  \"}\n",
            "screen: Home\ntab_bar:\n  tabs:\n    - {title: Inbox, icon: system:tray, badge: \" news!\"}\n",
        ],
        nonTriggeringExamples: [
            "screen: Home\ntab_bar:\n  tabs:\n    - {title: Inbox, icon: system:tray, badge: 9999}\n",
            "screen: Home\ntab_bar:\n  tabs:\n    - {title: Inbox, icon: system:tray, badge: \" New \"}\n",
            "screen: Home\ntab_bar:\n  tabs:\n    - {title: Inbox, icon: system:tray}\n",
        ],
        thresholds: [Self.maximum])

    func check(_ screen: Screen, in context: RuleContext) -> [Violation] {
        let maximum = context[Self.maximum]
        return (screen.tabBar?.tabs ?? []).compactMap { tab in
            guard let badge = tab.badge, let problem = problem(badge, number: tab.badgeNumber, maximum: maximum)
            else { return nil }
            return Violation(message: "badge \(quoted(badge)) \(problem)", on: tab, at: tab.marks[.badge])
        }
    }

    /// What is wrong with the badge, or nil when nothing is. A whole number counts by its
    /// digits (`badge: 00012` shows 12); text counts its characters once trimmed.
    private func problem(_ badge: String, number: Int?, maximum: Int) -> String? {
        if let number {
            if number == 0 { return "is zero; remove the badge when there is nothing new" }
            let digits = String(number.magnitude).count
            return digits > maximum ? "has \(digits) digits, more than \(maximum)" : nil
        }
        guard let text = badge.nonBlank else { return "is blank" }
        if text == "0" { return "is zero; remove the badge when there is nothing new" }
        let length = text.count
        return length > maximum ? "is \(length) characters, more than \(maximum)" : nil
    }
}
