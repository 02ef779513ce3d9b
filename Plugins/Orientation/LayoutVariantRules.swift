import HiglintCore

struct LayoutChurnRule: ScreenRule {
    let description = RuleDescription(
        id: "orientation.layout-churn", severity: .warning,
        summary: "The screen's size-class variants present the content differently.",
        rationale: "When people rotate the device or move to another one, a familiar layout lets them keep their habits. Adjust the layout (more grid columns, say) rather than switching, for example, from a grid to a list.",
        seed: "003", hint: "Use one presentation in every size class and adjust its dimensions instead.",
        triggeringExamples: [
            "screen: Photos\nlayouts:\n  compact-regular: {presentation: list}\n  regular-regular: {presentation: grid}\n",
        ],
        nonTriggeringExamples: [
            "screen: Photos\nlayouts:\n  compact-regular: {presentation: grid}\n  regular-regular: {presentation: grid}\n",
            "screen: Photos\nlayouts:\n  compact-regular: {presentation: grid}\n  compact-compact: {hidden: [toolbar]}\n",
        ])

    func check(_ screen: Screen, in context: RuleContext) -> [Violation] {
        // Presentations can only differ between two variants or more.
        guard let layouts = screen.layouts, layouts.count > 1 else { return [] }
        let presented = layouts.compactMap { variant in
            variant.presentation?.nonBlank.map { (variant: variant, key: $0.lowercased()) }
        }
        guard let first = presented.first,
              let differing = presented.first(where: { $0.key != first.key })
        else { return [] }
        // Group size classes by presentation, in order of first appearance, so the message reads like the spec.
        var order: [String] = []
        var classes: [String: [String]] = [:]
        var spelling: [String: String] = [:]
        for entry in presented {
            if classes[entry.key] == nil {
                order.append(entry.key)
                spelling[entry.key] = entry.variant.presentation?.nonBlank ?? entry.key
            }
            classes[entry.key, default: []].append(entry.variant.sizeClass.rawValue)
        }
        let parts = order.map { key in
            "\(quoted(spelling[key] ?? key)) in \(classes[key, default: []].joined(separator: ", "))"
        }
        return [Violation(
            message: "layouts change the presentation between size classes: \(parts.joined(separator: "; "))",
            at: differing.variant.marks[.presentation])]
    }
}

struct PrimaryDroppedRule: ScreenRule {
    let description = RuleDescription(
        id: "orientation.primary-dropped", severity: .error,
        summary: "The screen's primary content is hidden in some size class.",
        rationale: "Keeping the primary content in focus in every environment comes first: when it vanishes after a rotation or on another device, people feel they have lost control of the app.",
        seed: "003", hint: "Keep the primary element visible in every size class; hide secondary elements instead.",
        triggeringExamples: [
            "screen: Articles\nelements:\n  - {id: list, type: list, role: primary}\nlayouts:\n  compact-regular: {presentation: list}\n  compact-compact: {presentation: list, hidden: [list]}\n",
        ],
        nonTriggeringExamples: [
            "screen: Articles\nelements:\n  - {id: list, type: list, role: primary}\n  - {id: banner, type: image}\nlayouts:\n  compact-regular: {presentation: list}\n  compact-compact: {presentation: list, hidden: [banner]}\n",
        ],
        fix: FixDeclaration(
            .unsafe, summary: "Takes the primary element out of each variant's `hidden` list.",
            reason: "The size class was laid out without it; showing it there needs room that only a person can find, perhaps by hiding something else."))

    func check(_ screen: Screen, in context: RuleContext) -> [Violation] {
        let variants = screen.layouts ?? []
        guard !variants.isEmpty else { return [] }
        var violations: [Violation] = []
        for element in screen.allElements where element.role == "primary" {
            guard let id = element.id else { continue }
            let hiding = variants.filter { $0.hidden.contains(id) }.map(\.sizeClass.rawValue)
            guard !hiding.isEmpty else { continue }
            var violation = Violation(
                message: "primary element \(quoted(id)) is hidden in \(hiding.joined(separator: ", "))", on: element)
            violation.fix = variants.filter { $0.hidden.contains(id) }.compactMap { variant in
                variant.marks.value(of: .hidden).map { .removeListItem(named: id, fromListAt: $0) }
            }
            violations.append(violation)
        }
        return violations
    }
}
