import HiglintCore

/// Screens of one device should share one navigation bar look. Translucency and colour
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
        let screens = project.screens
        // Positions of the screens, not copies of them: most screens have a navigation bar.
        var groups: [Device: [Int]] = [:]
        for position in screens.indices where screens[position].hasNavigationBar {
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
        let values = group.map { screens[$0].translucent }
        guard let vote = Vote(values) else { return [] }
        return group.indices.compactMap { member in
            let screen = group[member]
            guard values[member] != vote.winner else { return nil }
            let message = "navigation bar is \(look(values[member])) but \(vote.count) of \(group.count) \(device.rawValue) screens with a navigation bar are \(look(vote.winner))"
                + tieNote(vote, values: values, in: group, of: screens)
            return ProjectViolation(on: screens[screen], Violation(message: message, at: screens[screen].translucentMark))
        }
    }

    private func colorViolations(in group: [Int], of screens: [ScreenSummary], device: Device) -> [ProjectViolation] {
        // Colours compare as written apart from case and blanks: "#FFFFFF" and "#ffffff " are one colour.
        // Each key is worked out once: the vote and the comparisons below all read it.
        let keys = group.map { screens[$0].color?.nonBlank?.lowercased() }
        guard let vote = Vote(keys) else { return [] }
        // Name the winning colour as its first screen spelled it.
        let winnerSpelling = keys.firstIndex { $0 == vote.winner }.flatMap { screens[group[$0]].color?.nonBlank }
        let look = { (color: String?) in color.map { "color \(quoted($0))" } ?? "no color (the system default)" }
        return group.indices.compactMap { member in
            let screen = group[member]
            guard keys[member] != vote.winner else { return nil }
            let message = "navigation bar has \(look(screens[screen].color?.nonBlank)) but \(vote.count) of \(group.count) \(device.rawValue) screens with a navigation bar have \(look(winnerSpelling))"
                + tieNote(vote, values: keys, in: group, of: screens)
            return ProjectViolation(on: screens[screen], Violation(message: message, at: screens[screen].colorMark))
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

/// The most common value in a list. A tie goes to the value that appears first,
/// which is the value of the first screen by path among the tied ones.
struct Vote<Value: Hashable> {
    var winner: Value
    var count: Int
    var isTie: Bool

    init?(_ values: [Value]) {
        var counts: [Value: Int] = [:]
        var order: [Value] = []
        // Neighbours mostly agree (an app's screens look alike), so each run of equal
        // values is counted at once: hashing every value was most of the rule's time.
        var start = values.startIndex
        while start < values.endIndex {
            let value = values[start]
            var end = start + 1
            while end < values.endIndex, values[end] == value { end += 1 }
            if counts[value] == nil { order.append(value) }
            counts[value, default: 0] += end - start
            start = end
        }
        guard let first = order.first else { return nil }
        var winner = first
        var best = counts[first, default: 0]
        var tie = false
        for value in order.dropFirst() {
            let count = counts[value, default: 0]
            if count > best {
                winner = value
                best = count
                tie = false
            } else if count == best {
                tie = true
            }
        }
        self.winner = winner
        self.count = best
        self.isTie = tie
    }
}
