import HiglintCore

struct NavTitleSizeRule: ScreenRule {
    let description = RuleDescription(
        id: "text.nav-title-size", severity: .info,
        summary: "A navigation bar's title font has an effective size other than 17 pt.",
        rationale: "Navigation bar titles use the body size at the default text setting, 17 pt, in every app; a different size makes the bar look foreign (seed 000, text should always be legible). A title font with neither size nor style keeps the system's size and is not judged.",
        seed: "000", hint: "Give the navigation title 17 pt (or the headline or body style).",
        triggeringExamples: [
            "screen: Home\nnavigation_bar:\n  title: Home\n  title_font: {size: 20}\n",
            "screen: Home\nnavigation_bar:\n  title: Home\n  title_font: {style: title1}\n",
        ],
        nonTriggeringExamples: [
            "screen: Home\nnavigation_bar:\n  title: Home\n  title_font: {size: 17}\n",
            "screen: Home\nnavigation_bar:\n  title: Home\n  title_font: {style: headline}\n",
            "screen: Home\nnavigation_bar:\n  title: Home\n  title_font: {weight: semibold}\n",
            "screen: Home\nelements:\n  - {id: big, type: text, label: Hello, font: {size: 20}}\n",
        ],
        fix: FixDeclaration(
            .safe, summary: "Sets the title font's size to 17.",
            reason: "Only the size changes, to the one size the rule accepts; a style stays written, and the explicit size wins over it."))

    func check(_ screen: Screen, in context: RuleContext) -> [Violation] {
        let standard = DeviceFacts.navigationTitleSize
        // Without a size or a style the system's 17 pt applies: nothing to compare.
        guard let font = screen.navigationBar?.titleFont, let size = font.effectiveSize, size != standard,
              let described = FontUse.describeSize(of: font)
        else { return [] }
        let use = FontUse(font: font, owner: nil)
        return [use.violation("navigation bar title font is \(described); navigation titles are \(formatPoints(standard)) pt")
            .fixed(by: .set(key: FontField.size.rawValue, to: .scalar(formatPoints(standard)), inMapAt: font.mark))]
    }
}
