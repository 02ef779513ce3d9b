import HiglintCore

/// Screens of one device should share one navigation bar (or toolbar) look. Translucency and colour
/// are compared separately; a screen without `color` shows the system's default bar,
/// which is a look of its own, so "no colour" takes part as a value like any other.
struct InconsistentAppearanceRule: ProjectRule {
    let description = RuleDescription(
        id: "bars.inconsistent-appearance", severity: .warning,
        summary: "Screens of the same device give their navigation bars different translucency or colour.",
        rationale: "A customised navigation bar must look the same throughout the app: when its colour or translucency changes from one screen to the next while the device is held the same way, people notice and wonder why.",
        seed: "002", hint: "Give every screen's navigation bar the same `translucent` and `color` as the rest of the app.",
        triggeringExamples: [
            "screen: Inbox\nnavigation_bar: {title: Inbox, color: blue}\n---\nscreen: Sent\nnavigation_bar: {title: Sent, color: blue}\n---\nscreen: Drafts\nnavigation_bar: {title: Drafts, color: red}\n",
            "screen: Inbox\nnavigation_bar: {title: Inbox, translucent: true}\n---\nscreen: Sent\nnavigation_bar: {title: Sent}\n",
            "screen: Inbox\nnavigation_bar: {title: Inbox, color: blue}\n---\nscreen: Sent\nnavigation_bar: {title: Sent, color: blue}\n---\nscreen: Drafts\nnavigation_bar: {title: Drafts}\n",
        ],
        nonTriggeringExamples: [
            "screen: Inbox\nnavigation_bar: {title: Inbox, color: blue, translucent: true}\n---\nscreen: Sent\nnavigation_bar: {title: Sent, color: blue, translucent: true}\n",
            "screen: Inbox\ndevice: iphone\nnavigation_bar: {title: Inbox, color: blue}\n---\nscreen: Sent\ndevice: ipad\nnavigation_bar: {title: Sent, color: red}\n",
            "screen: Inbox\nnavigation_bar: {title: Inbox, color: blue}\n---\nscreen: Photo\n",
        ],
        isProjectRule: true)

    func check(_ project: ProjectIndex, in context: RuleContext) -> [ProjectViolation] {
        AppearanceConsistency(bar: .navigationBar).violations(in: project)
    }
}

struct ToolbarInconsistentAppearanceRule: ProjectRule {
    let description = RuleDescription(
        id: "bars.toolbar-inconsistent-appearance", severity: .warning,
        summary: "Screens of the same device give their toolbars different translucency or colour.",
        rationale: "A customised toolbar, like a navigation bar, must look the same throughout the app: a toolbar that changes colour or translucency from one screen to the next looks like a different control.",
        seed: "002", hint: "Give every screen's toolbar the same `translucent` and `color` as the rest of the app.",
        triggeringExamples: [
            "screen: Inbox\ntoolbar: {color: blue}\n---\nscreen: Sent\ntoolbar: {color: blue}\n---\nscreen: Drafts\ntoolbar: {color: red}\n",
            "screen: Inbox\ntoolbar: {translucent: true}\n---\nscreen: Sent\ntoolbar: {translucent: false}\n",
        ],
        nonTriggeringExamples: [
            "screen: Inbox\ntoolbar: {color: blue, translucent: true}\n---\nscreen: Sent\ntoolbar: {color: Blue, translucent: true}\n",
            "screen: Inbox\ndevice: iphone\ntoolbar: {color: blue}\n---\nscreen: Sent\ndevice: universal\ntoolbar: {color: red}\n",
            "screen: Inbox\ntoolbar: {color: blue}\nnavigation_bar: {title: Inbox, color: red}\n---\nscreen: Photo\nnavigation_bar: {title: Photo}\n",
        ],
        isProjectRule: true)

    func check(_ project: ProjectIndex, in context: RuleContext) -> [ProjectViolation] {
        AppearanceConsistency(bar: .toolbar).violations(in: project)
    }
}

/// The vote both appearance rules hold: among screens of one device that have the bar,
/// the most common translucency and the most common colour, each on its own.
struct AppearanceConsistency {
    enum Bar {
        case navigationBar
        case toolbar

        var noun: String { self == .navigationBar ? "navigation bar" : "toolbar" }
        func has(_ screen: ScreenSummary) -> Bool { self == .navigationBar ? screen.hasNavigationBar : screen.hasToolbar }
        func translucent(_ screen: ScreenSummary) -> Bool {
            self == .navigationBar ? screen.translucent : screen.toolbarTranslucent
        }
        func translucentMark(_ screen: ScreenSummary) -> Mark {
            self == .navigationBar ? screen.translucentMark : screen.toolbarTranslucentMark
        }
        func color(_ screen: ScreenSummary) -> String? { self == .navigationBar ? screen.color : screen.toolbarColor }
        func colorMark(_ screen: ScreenSummary) -> Mark { self == .navigationBar ? screen.colorMark : screen.toolbarColorMark }
    }

    let bar: Bar

    func violations(in project: ProjectIndex) -> [ProjectViolation] {
        let screens = project.screens
        // Positions of the screens, not copies of them: most screens have a navigation bar.
        var groups: [Device: [Int]] = [:]
        for position in screens.indices where bar.has(screens[position]) {
            groups[screens[position].device, default: []].append(position)
        }
        var violations: [ProjectViolation] = []
        for device in Device.allCases {
            guard let group = groups[device], group.count > 1 else { continue }
            violations += translucencyViolations(in: group, of: screens, device: device)
            violations += colorViolations(in: group, of: screens, device: device)
        }
        return violations
    }

    private func translucencyViolations(in group: [Int], of screens: [ScreenSummary], device: Device) -> [ProjectViolation] {
        let look = { (translucent: Bool) in translucent ? "translucent" : "opaque" }
        let values = group.map { bar.translucent(screens[$0]) }
        guard let vote = Vote(values) else { return [] }
        return group.indices.compactMap { member in
            let screen = group[member]
            guard values[member] != vote.winner else { return nil }
            let message = "\(bar.noun) is \(look(values[member])) but \(vote.count) of \(group.count) \(device.rawValue) screens with a \(bar.noun) are \(look(vote.winner))"
                + tieNote(vote, values: values, in: group, of: screens)
            return ProjectViolation(on: screens[screen], Violation(message: message, at: bar.translucentMark(screens[screen])))
        }
    }

    private func colorViolations(in group: [Int], of screens: [ScreenSummary], device: Device) -> [ProjectViolation] {
        // Colours compare as written apart from case and blanks: "#FFFFFF" and "#ffffff " are one colour.
        // Each key is worked out once: the vote and the comparisons below all read it.
        let keys = group.map { bar.color(screens[$0])?.nonBlank?.lowercased() }
        guard let vote = Vote(keys) else { return [] }
        // Name the winning colour as its first screen spelled it.
        let winnerSpelling = keys.firstIndex { $0 == vote.winner }.flatMap { bar.color(screens[group[$0]])?.nonBlank }
        let look = { (color: String?) in color.map { "color \(quoted($0))" } ?? "no color (the system default)" }
        return group.indices.compactMap { member in
            let screen = group[member]
            guard keys[member] != vote.winner else { return nil }
            let message = "\(bar.noun) has \(look(bar.color(screens[screen])?.nonBlank)) but \(vote.count) of \(group.count) \(device.rawValue) screens with a \(bar.noun) have \(look(winnerSpelling))"
                + tieNote(vote, values: keys, in: group, of: screens)
            return ProjectViolation(on: screens[screen], Violation(message: message, at: bar.colorMark(screens[screen])))
        }
    }

    /// Says how a tie was settled, so the reader sees why this value won. `values`
    /// holds the compared value of each screen of `group`, in the same order.
    private func tieNote<Value: Hashable>(
        _ vote: Vote<Value>, values: [Value], in group: [Int], of screens: [ScreenSummary]
    ) -> String {
        guard vote.isTie, let member = values.firstIndex(of: vote.winner) else { return "" }
        let first = screens[group[member]]
        let name = first.name.map { quoted($0) } ?? first.file
        return " (a tie, settled by the first screen by path, \(name))"
    }
}
