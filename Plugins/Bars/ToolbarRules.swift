import HiglintCore

struct ToolbarModeSwitchRule: ScreenRule {
    let description = RuleDescription(
        id: "bars.toolbar-mode-switch", severity: .warning,
        summary: "A toolbar item other than a segmented control switches the app's mode.",
        rationale: "A toolbar holds actions on the current content. Switching between modes is the tab bar's job; the one exception is a segmented control in the toolbar that offers different views of the same data.",
        seed: "002", hint: "Use a tab bar for modes, or make this item a segmented control.",
        triggeringExamples: [
            "screen: Map\ntoolbar:\n  items:\n    - {id: satellite, type: button, label: Satellite, switches_mode: true}\n",
        ],
        nonTriggeringExamples: [
            "screen: Map\ntoolbar:\n  items:\n    - {id: mode, type: segmented-control, switches_mode: true}\n",
            "screen: Map\ntoolbar:\n  items:\n    - {id: share, type: button, action: share, icon: system:share}\n",
        ])

    func check(_ screen: Screen, in context: RuleContext) -> [Violation] {
        (screen.toolbar?.items ?? []).compactMap { item in
            guard item.switchesMode, item.type != .segmentedControl else { return nil }
            let kind = item.type?.rawValue ?? "item"
            return Violation(
                message: "toolbar \(kind) \(quoted(item.name)) switches modes; only a segmented control may, use a tab bar otherwise",
                on: item)
        }
    }
}

struct ToolbarMixedBordersRule: ScreenRule {
    let description = RuleDescription(
        id: "bars.toolbar-mixed-borders", severity: .warning,
        summary: "A toolbar mixes bordered and borderless items.",
        rationale: "Either style of toolbar item is fine, but mixing bordered and plain items in one toolbar looks inconsistent.",
        seed: "002", hint: "Give every item of the toolbar the same `border` value (preferably none).",
        triggeringExamples: [
            "screen: Editor\ntoolbar:\n  items:\n    - {id: bold, type: button, label: B, border: true}\n    - {id: italic, type: button, label: I}\n",
        ],
        nonTriggeringExamples: [
            "screen: Editor\ntoolbar:\n  items:\n    - {id: bold, type: button, label: B, border: true}\n    - {id: italic, type: button, label: I, border: true}\n",
            "screen: Editor\ntoolbar:\n  items:\n    - {id: bold, type: button, label: B}\n    - {id: italic, type: button, label: I, border: false}\n",
        ])

    func check(_ screen: Screen, in context: RuleContext) -> [Violation] {
        guard let bar = screen.toolbar else { return [] }
        let bordered = bar.items.filter { $0.border }
        let plain = bar.items.filter { !$0.border }
        guard !bordered.isEmpty, !plain.isEmpty else { return [] }
        let names = { (items: [Element]) in items.map { quoted($0.name) }.joined(separator: ", ") }
        return [Violation(
            message: "toolbar mixes \(counted(bordered.count, "bordered item")) (\(names(bordered))) with \(counted(plain.count, "borderless item")) (\(names(plain)))",
            at: bar.marks[.items])]
    }
}
