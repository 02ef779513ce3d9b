import HiglintCore

/// The weights seed 000 rules out for text: lighter than regular, or bolder than medium.
/// Switches rather than sets: every font of every screen is looked up, and a set hashes.
enum WeightClass {
    static func isLight(_ weight: Font.Weight) -> Bool {
        switch weight {
        case .ultralight, .thin, .light: return true
        case .regular, .medium, .semibold, .bold, .heavy, .black: return false
        }
    }

    static func isHeavy(_ weight: Font.Weight) -> Bool {
        switch weight {
        case .bold, .heavy, .black: return true
        case .ultralight, .thin, .light, .regular, .medium, .semibold: return false
        }
    }
}

struct LightWeightRule: ScreenRule {
    let description = RuleDescription(
        id: "text.light-weight", severity: .warning,
        summary: "A font uses an ultralight, thin or light weight.",
        rationale: "Thin strokes wash out at small sizes and in bright light; Apple's guidance is that text uses the regular or medium weight, never light (seed 000, text should always be legible).",
        seed: "000", hint: "Use the regular or medium weight.",
        triggeringExamples: [
            "screen: Home\nelements:\n  - {id: intro, type: text, label: Welcome, font: {style: body, weight: light}}\n",
            "screen: Home\nnavigation_bar:\n  title: Home\n  title_font: {weight: ultralight}\n",
        ],
        nonTriggeringExamples: [
            "screen: Home\nelements:\n  - {id: intro, type: text, label: Welcome, font: {style: body, weight: regular}}\n",
            "screen: Home\nelements:\n  - {id: intro, type: text, label: Welcome, font: {style: body, weight: medium}}\n",
        ],
        fix: FixDeclaration(
            .safe, summary: "Sets the weight to regular.",
            reason: "Regular is the lightest weight the rule accepts, the nearest to the one written."))

    func check(_ screen: Screen, in context: RuleContext) -> [Violation] {
        screen.fontViolations { use in
            guard let weight = use.font.weight, WeightClass.isLight(weight) else { return nil }
            return use.violation("\(use.subject) weight \(weight.rawValue) is lighter than regular")
                .fixed(by: .set(key: FontField.weight.rawValue, to: .scalar(Font.Weight.regular.rawValue), inMapAt: use.font.mark))
        }
    }
}

struct HeavyWeightRule: ScreenRule {
    let description = RuleDescription(
        id: "text.heavy-weight", severity: .info,
        summary: "A font uses a bold, heavy or black weight.",
        rationale: "Apple suggests text stays at the regular or medium weight; bold faces are heavy to read in running text and lose their emphasis when used widely (seed 000, text should always be legible).",
        seed: "000", hint: "Use the regular or medium weight; keep bold for rare emphasis.",
        triggeringExamples: [
            "screen: Home\nelements:\n  - {id: intro, type: text, label: Welcome, font: {style: body, weight: bold}}\n",
            "screen: Home\nelements:\n  - {id: buy, type: button, label: Buy, font: {weight: black}}\n",
        ],
        nonTriggeringExamples: [
            "screen: Home\nelements:\n  - {id: intro, type: text, label: Welcome, font: {style: body, weight: semibold}}\n",
            "screen: Home\nelements:\n  - {id: intro, type: text, label: Welcome, font: {style: body}}\n",
        ],
        fix: FixDeclaration(
            .unsafe, summary: "Sets the weight to semibold.",
            reason: "Semibold is the nearest weight the rule accepts, but the rule only suggests: a bold face is often the emphasis the designer chose, and only they can say whether it goes."))

    func check(_ screen: Screen, in context: RuleContext) -> [Violation] {
        screen.fontViolations { use in
            guard let weight = use.font.weight, WeightClass.isHeavy(weight) else { return nil }
            return use.violation("\(use.subject) weight \(weight.rawValue) is heavier than medium")
                .fixed(by: .set(key: FontField.weight.rawValue, to: .scalar(Font.Weight.semibold.rawValue), inMapAt: use.font.mark))
        }
    }
}

struct HeadlineWeightRule: ScreenRule {
    let description = RuleDescription(
        id: "text.headline-weight", severity: .info,
        summary: "A headline font is set in a regular or lighter weight.",
        rationale: "The headline and body styles share one size; only the headline's heavier weight tells them apart, so a regular or lighter headline reads as body text (seed 000, text should always be legible).",
        seed: "000", hint: "Leave the headline at its default weight, or use medium or semibold.",
        triggeringExamples: [
            "screen: Home\nelements:\n  - {id: title, type: text, label: News, font: {style: headline, weight: regular}}\n",
        ],
        nonTriggeringExamples: [
            "screen: Home\nelements:\n  - {id: title, type: text, label: News, font: {style: headline, weight: semibold}}\n",
            "screen: Home\nelements:\n  - {id: title, type: text, label: News, font: {style: headline}}\n",
            "screen: Home\nelements:\n  - {id: title, type: text, label: News, font: {style: body, weight: regular}}\n",
        ],
        fix: FixDeclaration(
            .safe, summary: "Sets the headline's weight to medium.",
            reason: "Only the weight changes, to the lightest one the rule accepts, the nearest to the one written."))

    func check(_ screen: Screen, in context: RuleContext) -> [Violation] {
        screen.fontViolations { use in
            guard use.font.style == .headline, let weight = use.font.weight, WeightClass.isLight(weight) || weight == .regular
            else { return nil }
            return use.violation("headline \(use.subject) has weight \(weight.rawValue), so it looks like body text")
                .fixed(by: .set(key: FontField.weight.rawValue, to: .scalar(Font.Weight.medium.rawValue), inMapAt: use.font.mark))
        }
    }
}
