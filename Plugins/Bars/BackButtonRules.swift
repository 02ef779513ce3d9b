import HiglintCore

struct BackCustomRule: ScreenRule {
    let description = RuleDescription(
        id: "bars.back-custom", severity: .warning,
        summary: "The navigation bar's back button is custom.",
        rationale: "People rely on the standard back button to find their way back up the hierarchy; changing how it looks or behaves takes away that landmark.",
        seed: "002", hint: "Use the standard back button (remove `navigation_bar.back.custom: true`).",
        triggeringExamples: [
            "screen: Message\nnavigation_bar:\n  title: Message\n  back: {title: Inbox, custom: true}\n",
        ],
        nonTriggeringExamples: [
            "screen: Message\nnavigation_bar:\n  title: Message\n  back: {title: Inbox}\n",
            "screen: Message\nnavigation_bar:\n  title: Message\n  back: {custom: false}\n",
        ],
        fix: FixDeclaration(
            .unsafe, summary: "Sets `custom: false`, so the standard back button is shown.",
            reason: "The custom button's look and behaviour are replaced by the system's, which a person sees as another design."))

    func check(_ screen: Screen, in context: RuleContext) -> [Violation] {
        guard let back = screen.navigationBar?.back, back.custom else { return [] }
        return [Violation(
            message: "back button is custom; people rely on the standard one to go back", at: back.marks[.custom])
            .fixed(by: .set(.custom, to: .scalar("false"), in: back.marks))]
    }
}

struct BackBreadcrumbRule: ScreenRule {
    let description = RuleDescription(
        id: "bars.back-breadcrumb", severity: .error,
        summary: "The back button is a multi-segment breadcrumb.",
        rationale: "A breadcrumb back button leaves no room for the title, cannot show which segment is selected, shrinks every segment's hit area as levels pile up, and forces a choice of which levels to show. A hierarchy that seems to need one is too deep and should be flattened.",
        seed: "002", hint: "Use the standard one-level back button (`style: standard`) and flatten the hierarchy.",
        triggeringExamples: [
            "screen: Message\nnavigation_bar:\n  title: Message\n  back: {title: Inbox, style: breadcrumb}\n",
        ],
        nonTriggeringExamples: [
            "screen: Message\nnavigation_bar:\n  title: Message\n  back: {title: Inbox, style: standard}\n",
            "screen: Message\nnavigation_bar:\n  title: Message\n  back: {title: Inbox}\n",
        ],
        fix: FixDeclaration(
            .safe, summary: "Sets the back button's style to standard.",
            reason: "Only the style changes, to the one back button the rule accepts; the title stays."))

    func check(_ screen: Screen, in context: RuleContext) -> [Violation] {
        guard let back = screen.navigationBar?.back, back.style == .breadcrumb else { return [] }
        return [Violation(
            message: "back button is a breadcrumb; it should go back one level only", at: back.marks[.style])
            .fixed(by: .set(.style, to: .scalar("standard"), in: back.marks))]
    }
}
