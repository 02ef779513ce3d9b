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
        var groups: [Device: [ScreenSummary]] = [:]
        for screen in project.screens where screen.hasNavigationBar {
            groups[screen.device, default: []].append(screen)
        }
        var violations: [ProjectViolation] = []
        for device in Device.allCases {
            guard let group = groups[device], group.count > 1 else { continue }
            violations += translucencyViolations(in: group, device: device)
            violations += colorViolations(in: group, device: device)
        }
        return violations
    }

    private func translucencyViolations(in group: [ScreenSummary], device: Device) -> [ProjectViolation] {
        let look = { (translucent: Bool) in translucent ? "translucent" : "opaque" }
        guard let vote = Vote(group.map(\.translucent)) else { return [] }
        return group.compactMap { screen in
            guard screen.translucent != vote.winner else { return nil }
            let message = "navigation bar is \(look(screen.translucent)) but \(vote.count) of \(group.count) \(device.rawValue) screens with a navigation bar are \(look(vote.winner))"
                + tieNote(vote, in: group) { $0.translucent == vote.winner }
            return ProjectViolation(on: screen, Violation(message: message, at: screen.translucentMark))
        }
    }

    private func colorViolations(in group: [ScreenSummary], device: Device) -> [ProjectViolation] {
        // Colours compare as written apart from case and blanks: "#FFFFFF" and "#ffffff " are one colour.
        let key = { (screen: ScreenSummary) in screen.color?.nonBlank?.lowercased() }
        guard let vote = Vote(group.map(key)) else { return [] }
        // Name the winning colour as its first screen spelled it.
        let winnerSpelling = group.first { key($0) == vote.winner }?.color?.nonBlank
        let look = { (color: String?) in color.map { "color \(quoted($0))" } ?? "no color (the system default)" }
        return group.compactMap { screen in
            guard key(screen) != vote.winner else { return nil }
            let message = "navigation bar has \(look(screen.color?.nonBlank)) but \(vote.count) of \(group.count) \(device.rawValue) screens with a navigation bar have \(look(winnerSpelling))"
                + tieNote(vote, in: group) { key($0) == vote.winner }
            return ProjectViolation(on: screen, Violation(message: message, at: screen.colorMark))
        }
    }

    /// Says how a tie was settled, so the reader sees why this value won.
    private func tieNote(_ vote: Vote<some Hashable>, in group: [ScreenSummary], winner: (ScreenSummary) -> Bool) -> String {
        guard vote.isTie, let first = group.first(where: winner) else { return "" }
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
        for value in values {
            if counts[value] == nil { order.append(value) }
            counts[value, default: 0] += 1
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
