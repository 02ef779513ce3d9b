import HiglintCore

struct FixedSizeRule: ScreenRule {
    let description = RuleDescription(
        id: "text.fixed-size", severity: .warning,
        summary: "A font says `dynamic: false`, so it ignores the user's text-size setting.",
        rationale: "People pick a text size in Settings and expect every app to follow it; Apple's type sizes step with that setting, so text pinned to one size stays unreadable for those who need it larger (seed 000, text should always be legible).",
        seed: "000", hint: "Remove `dynamic: false` and let the font follow the user's text size.",
        triggeringExamples: [
            "screen: Home\nelements:\n  - {id: intro, type: text, label: Welcome, font: {style: body, dynamic: false}}\n",
            "screen: Home\nnavigation_bar:\n  title: Home\n  title_font: {size: 17, dynamic: false}\n",
        ],
        nonTriggeringExamples: [
            "screen: Home\nelements:\n  - {id: intro, type: text, label: Welcome, font: {style: body, dynamic: true}}\n",
            "screen: Home\nelements:\n  - {id: intro, type: text, label: Welcome, font: {style: body}}\n",
        ],
        fix: FixDeclaration(
            .safe, summary: "Sets the font's `dynamic` to true.",
            reason: "Only the flag the rule is about changes, to what a font without it does anyway."))

    func check(_ screen: Screen, in context: RuleContext) -> [Violation] {
        screen.fontViolations { use in
            guard use.font.dynamic == false else { return nil }
            return use.violation("\(use.subject) has dynamic: false and ignores the user's text size")
                .fixed(by: .set(key: FontField.dynamic.rawValue, to: .scalar("true"), inMapAt: use.font.mark))
        }
    }
}
