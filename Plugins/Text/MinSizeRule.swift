import HiglintCore

struct MinSizeRule: ScreenRule {
    static let minimum = Threshold(
        key: "min_font_size", default: 11, unit: .points,
        meaning: "smallest effective font size")

    let description = RuleDescription(
        id: "text.min-size", severity: .error,
        summary: "A font's effective size (explicit, else its text style's default) is under the minimum legible size.",
        rationale: "Apple sets a floor of 11 pt for any text, even at the smallest text-size setting; below it text stops being legible (seed 000, text should always be legible). A style without a size counts at its default size at the Large setting.",
        seed: "000", hint: "Raise the font size to at least {min_font_size} pt, or use a text style no smaller than caption2.",
        triggeringExamples: [
            "screen: Home\nelements:\n  - {id: note, type: text, label: Terms apply, font: {size: 10.9}}\n",
            "screen: Home\nnavigation_bar:\n  title: Home\n  title_font: {size: 9}\n",
            "screen: Home\ntoolbar:\n  items:\n    - {id: info, type: button, label: Info, font: {size: 8}}\n",
        ],
        nonTriggeringExamples: [
            "screen: Home\nelements:\n  - {id: note, type: text, label: Terms apply, font: {size: 11}}\n",
            "screen: Home\nelements:\n  - {id: note, type: text, label: Terms apply, font: {style: caption2}}\n",
            "screen: Home\nelements:\n  - {id: note, type: text, label: Terms apply, font: {weight: regular}}\n",
        ],
        thresholds: [Self.minimum],
        fix: FixDeclaration(
            .safe, summary: "Raises the font's size to the minimum.",
            reason: "Only the size changes, and only up to the smallest size the rule accepts."))

    func check(_ screen: Screen, in context: RuleContext) -> [Violation] {
        let minimum = context[Self.minimum]
        return screen.fontViolations { use in
            guard let size = use.font.effectiveSize, size < minimum, let described = FontUse.describeSize(of: use.font)
            else { return nil }
            return use.violation("\(use.subject) size \(described) is under \(formatPoints(minimum)) pt")
                .fixed(by: .set(key: FontField.size.rawValue, to: .scalar(formatPoints(minimum)), inMapAt: use.font.mark))
        }
    }
}
