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
        ])

    func check(_ screen: Screen, in context: RuleContext) -> [Violation] {
        (screen.tabBar?.tabs ?? []).compactMap { tab in
            guard let action = tab.action else { return nil }
            let name = tab.id ?? tab.title?.nonBlank ?? tab.path
            return Violation(
                message: "tab \(quoted(name)) performs action \(quoted(action)); a tab only switches views", on: tab)
        }
    }
}
