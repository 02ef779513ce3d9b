import HiglintCore

struct StatusBarHiddenRule: ScreenRule {
    let description = RuleDescription(
        id: "bars.status-bar-hidden", severity: .warning,
        summary: "The status bar is hidden on a screen that is neither a game nor full-screen media.",
        rationale: "The status bar tells people the time, their connection and how much battery is left. Hiding it for good forces them out of the app just to check whether the device needs charging, a price only games and media players usually justify.",
        seed: "002", hint: "Keep the status bar visible (remove `status_bar.hidden: true`).",
        triggeringExamples: [
            "screen: Inbox\nstatus_bar: {hidden: true}\n",
            "screen: Welcome\nkind: onboarding\nstatus_bar:\n  hidden: true\n",
        ],
        nonTriggeringExamples: [
            "screen: Inbox\nstatus_bar: {hidden: false}\n",
            "screen: Level 1\nkind: game\nstatus_bar: {hidden: true}\n",
            "screen: Player\nkind: fullscreen-media\nstatus_bar: {hidden: true, reveal_on_tap: true}\n",
        ],
        fix: FixDeclaration(
            .safe, summary: "Sets `status_bar.hidden: false`.",
            reason: "Only the value the rule is about changes, to the one it accepts; the screen's kind and the rest of the bar stay."))

    /// The app categories that may hide the status bar on any screen (config `app.category`).
    static let exemptCategories: Set<String> = ["game", "media"]

    func check(_ screen: Screen, in context: RuleContext) -> [Violation] {
        guard let bar = screen.statusBar, bar.hidden,
              screen.kind != .game, screen.kind != .fullscreenMedia
        else { return [] }
        let category = context.appCategory?.nonBlank?.lowercased()
        if let category, Self.exemptCategories.contains(category) { return [] }
        var message = "status bar is hidden (kind: \(screen.kind.rawValue)"
        if let category { message += ", app category: \(quoted(category))" }
        message += "); only games and full-screen media should hide it"
        return [Violation(message: message, at: bar.marks[.hidden])
            .fixed(by: .set(.hidden, to: .scalar("false"), in: bar.marks))]
    }
}

struct StatusBarNoRevealRule: ScreenRule {
    let description = RuleDescription(
        id: "bars.status-bar-no-reveal", severity: .warning,
        summary: "A full-screen media screen hides the status bar and a tap does not bring it back.",
        rationale: "Hiding the status bar while people watch media full screen is right, but they still need a way to see it: a single tap on the screen should reveal it again.",
        seed: "002", hint: "Set `status_bar.reveal_on_tap: true`.",
        triggeringExamples: [
            "screen: Player\nkind: fullscreen-media\nstatus_bar: {hidden: true}\n",
            "screen: Player\nkind: fullscreen-media\nstatus_bar: {hidden: true, reveal_on_tap: false}\n",
        ],
        nonTriggeringExamples: [
            "screen: Player\nkind: fullscreen-media\nstatus_bar: {hidden: true, reveal_on_tap: true}\n",
            "screen: Player\nkind: fullscreen-media\nstatus_bar: {hidden: false}\n",
            "screen: Inbox\nstatus_bar: {hidden: true}\n",
        ],
        fix: FixDeclaration(
            .safe, summary: "Sets `status_bar.reveal_on_tap: true`.",
            reason: "The status bar stays hidden; a tap only brings it back, as the rule asks."))

    func check(_ screen: Screen, in context: RuleContext) -> [Violation] {
        guard screen.kind == .fullscreenMedia, let bar = screen.statusBar, bar.hidden, !bar.revealOnTap
        else { return [] }
        let written = bar.marks.value(of: .revealOnTap) != nil
        let message = "status bar is hidden on full-screen media and "
            + (written ? "reveal_on_tap is false" : "reveal_on_tap is not set")
            + "; a tap should bring it back"
        return [Violation(message: message, at: bar.marks.value(of: .revealOnTap) ?? bar.marks[.hidden])
            .fixed(by: .set(.revealOnTap, to: .scalar("true"), in: bar.marks))]
    }
}

struct StatusBarGestureRule: ScreenRule {
    let description = RuleDescription(
        id: "bars.status-bar-gesture", severity: .warning,
        summary: "A gesture is defined to show the status bar.",
        rationale: "A custom gesture that summons the status bar is hard to discover and easy to forget; people expect a simple tap to bring back a hidden status bar.",
        seed: "002", hint: "Remove the gesture and reveal the status bar on a tap (`status_bar.reveal_on_tap: true`).",
        triggeringExamples: [
            "screen: Player\nkind: fullscreen-media\nstatus_bar: {hidden: true, reveal_on_tap: true}\ngestures:\n  - {type: swipe, direction: down, fingers: 2, action: show-status-bar}\n",
        ],
        nonTriggeringExamples: [
            "screen: Player\nkind: fullscreen-media\nstatus_bar: {hidden: true, reveal_on_tap: true}\ngestures:\n  - {type: pinch, action: zoom}\n",
        ])

    static let action = "show-status-bar"

    func check(_ screen: Screen, in context: RuleContext) -> [Violation] {
        screen.gestures.compactMap { gesture in
            guard gesture.action == Self.action else { return nil }
            let kind = gesture.type?.rawValue ?? "gesture"
            return Violation(
                message: "\(kind) gesture \(gesture.path) shows the status bar; people will not discover it",
                at: gesture.marks.map, element: gesture.path)
        }
    }
}

struct StatusBarStyleRule: ScreenRule {
    let description = RuleDescription(
        id: "bars.status-bar-style", severity: .warning,
        summary: "The status bar is black-translucent over an opaque navigation bar.",
        rationale: "The status bar's style should match the rest of the app: a translucent status bar sitting on an opaque navigation bar looks out of place.",
        seed: "002", hint: "Use the default or black-opaque status bar style, or make the navigation bar translucent.",
        triggeringExamples: [
            "screen: Inbox\nstatus_bar: {style: black-translucent}\nnavigation_bar: {title: Inbox}\n",
            "screen: Inbox\nstatus_bar: {style: black-translucent}\nnavigation_bar: {title: Inbox, translucent: false}\n",
        ],
        nonTriggeringExamples: [
            "screen: Inbox\nstatus_bar: {style: black-translucent}\nnavigation_bar: {title: Inbox, translucent: true}\n",
            "screen: Inbox\nstatus_bar: {style: black-opaque}\nnavigation_bar: {title: Inbox}\n",
            "screen: Photo\nstatus_bar: {style: black-translucent}\n",
        ],
        fix: FixDeclaration(
            .safe, summary: "Sets the status bar style to black-opaque.",
            reason: "Only the style changes, to the opaque form of the same black bar, the nearest style the rule accepts; the navigation bar stays as written."))

    func check(_ screen: Screen, in context: RuleContext) -> [Violation] {
        guard let bar = screen.statusBar, bar.style == .blackTranslucent,
              let navigationBar = screen.navigationBar, !navigationBar.translucent
        else { return [] }
        return [Violation(
            message: "status bar is black-translucent but the navigation bar is opaque (translucent: false)",
            at: bar.marks[.style]).fixed(by: .set(.style, to: .scalar(StatusBar.Style.blackOpaque.rawValue), in: bar.marks))]
    }
}

struct IPadStatusBarStyleRule: ScreenRule {
    let description = RuleDescription(
        id: "bars.ipad-status-bar-style", severity: .info,
        summary: "An iPad-only screen sets a status bar style other than black.",
        rationale: "On iPad the status bar is always black, whatever style the app asks for; a `default` or `black-translucent` style there has no effect and suggests a look the screen will not get. A universal screen keeps its style, which matters on iPhone.",
        seed: "002", hint: "Remove `status_bar.style`, or set it to `black-opaque`.",
        triggeringExamples: [
            "screen: Home\ndevice: ipad\nstatus_bar: {style: default}\n",
            "screen: Home\ndevice: ipad\nstatus_bar: {style: black-translucent}\n",
        ],
        nonTriggeringExamples: [
            "screen: Home\ndevice: ipad\nstatus_bar: {style: black-opaque}\n",
            "screen: Home\ndevice: universal\nstatus_bar: {style: default}\n",
            "screen: Home\ndevice: iphone\nstatus_bar: {style: black-translucent}\n",
        ],
        fix: FixDeclaration(
            .safe, summary: "Sets the status bar style to black-opaque.",
            reason: "Only the style changes, to the black bar iPad shows anyway, so the screen looks as it did."))

    func check(_ screen: Screen, in context: RuleContext) -> [Violation] {
        guard screen.device == .ipad, let bar = screen.statusBar, let style = bar.style, style != .blackOpaque
        else { return [] }
        return [Violation(
            message: "status bar style \(style.rawValue) has no effect on iPad, where the status bar is always black",
            at: bar.marks[.style]).fixed(by: .set(.style, to: .scalar(StatusBar.Style.blackOpaque.rawValue), in: bar.marks))]
    }
}

struct MediaStatusBarVisibleRule: ScreenRule {
    let description = RuleDescription(
        id: "bars.media-status-bar-visible", severity: .info,
        summary: "A full-screen media screen keeps the status bar visible.",
        rationale: "While people watch a video or look through photos full screen, the status bar only distracts; hide it there, and let a tap bring it back.",
        seed: "002", hint: "Set `status_bar.hidden: true` (and `reveal_on_tap: true`).",
        triggeringExamples: [
            "screen: Player\nkind: fullscreen-media\n",
            "screen: Player\nkind: fullscreen-media\nstatus_bar: {hidden: false}\n",
        ],
        nonTriggeringExamples: [
            "screen: Player\nkind: fullscreen-media\nstatus_bar: {hidden: true, reveal_on_tap: true}\n",
            "screen: Inbox\nstatus_bar: {hidden: false}\n",
        ],
        fix: FixDeclaration(
            .safe, summary: "Sets `status_bar.hidden: true` and `reveal_on_tap: true` in one edit (adding `status_bar` when absent).",
            reason: "Hiding the bar is the value the rule asks for; the tap to bring it back comes with it, since a hidden bar without it is what `bars.status-bar-no-reveal` reports. Nothing else of the screen changes."))

    func check(_ screen: Screen, in context: RuleContext) -> [Violation] {
        guard screen.kind == .fullscreenMedia, screen.statusBar?.hidden != true else { return [] }
        // At what keeps the bar visible: `hidden: false`, else the status bar map, else the kind.
        let mark = screen.statusBar.map { $0.marks[.hidden] } ?? screen.marks[.kind]
        let state = screen.statusBar?.marks.value(of: .hidden) != nil ? "hidden is false" : "it is not hidden"
        var violation = Violation(message: "status bar of a full-screen media screen is visible (\(state))", at: mark)
        if let bar = screen.statusBar {
            violation.fix = [.set(.hidden, to: .scalar("true"), in: bar.marks)]
            if !bar.revealOnTap { violation.fix.append(.set(.revealOnTap, to: .scalar("true"), in: bar.marks)) }
        } else {
            let hidden = FixValue.map([.init(StatusBarField.hidden.rawValue, .scalar("true")), .init(StatusBarField.revealOnTap.rawValue, .scalar("true"))])
            violation.fix = [.set(.statusBar, to: hidden, in: screen.marks)]
        }
        return [violation]
    }
}
