import HiglintCore

struct LateSaveRule: ScreenRule {
    let description = RuleDescription(
        id: "lifecycle.late-save", severity: .warning,
        summary: "Data is saved only on exit or only when the user asks.",
        rationale: "An app in the background can be ended at any moment without warning, so Apple asks apps to save people's data as soon and as often as is reasonable (seed 000, save data early).",
        seed: "000", hint: "Save as data changes (`save: on-change`) or periodically.",
        triggeringExamples: [
            "screen: Editor\ndata: {save: on-exit}\n",
            "screen: Editor\ndata: {save: manual}\n",
        ],
        nonTriggeringExamples: [
            "screen: Editor\ndata: {save: on-change}\n",
            "screen: Editor\ndata: {save: periodic}\n",
            "screen: Editor\n",
        ])

    func check(_ screen: Screen, in context: RuleContext) -> [Violation] {
        guard let data = screen.data, let save = data.save else { return [] }
        let when: String
        switch save {
        case .onExit: when = "only when the app exits"
        case .manual: when = "only when the user asks"
        case .onChange, .periodic: return []
        }
        return [Violation(
            message: "data.save is \(save.rawValue): data is saved \(when), and a suspended app can be ended without warning",
            at: data.marks[.save])]
    }
}
