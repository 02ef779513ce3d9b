import HiglintCore

struct QuitControlRule: ScreenRule {
    /// Visible texts that offer to end the app, trimmed, single-spaced and lower-cased. Signing
    /// out and closing a view are fine, so `sign out`, `log out`, `退出登录`, `close` and
    /// `exit full screen` are absent on purpose.
    static let quitLabels: Set<String> = [
        "quit", "exit", "quit app", "exit app", "close app", "quit application", "exit application", "close application",
        "退出", "退出应用", "退出程序", "退出應用", "退出程式", "关闭应用", "关闭程序", "關閉應用", "結束程式", "结束程序",
    ]

    let description = RuleDescription(
        id: "lifecycle.quit-control", severity: .error,
        summary: "An element offers to quit the app, by its action or by its label.",
        rationale: "iOS apps never show a Quit or Close-app control: people leave an app by switching to another one, going Home or locking the device, and the system ends apps when it needs to (seed 000, no quit control).",
        seed: "000", hint: "Remove the control; save state as it changes so the app can be left at any moment.",
        triggeringExamples: [
            "screen: Settings\nelements:\n  - {id: quit, type: button, label: Quit, frame: [16, 500, 343, 44]}\n",
            "screen: Settings\nnavigation_bar:\n  title: Settings\n  items:\n    - {id: bye, type: button, action: terminate, icon: system:xmark}\n",
            "screen: Settings\nelements:\n  - id: menu\n    type: action-sheet\n    children:\n      - {id: leave, type: button, label: 退出应用}\n",
            "screen: Home\ntab_bar:\n  tabs:\n    - {title: Home, icon: system:house}\n    - {title: Exit, icon: system:power}\n",
            "screen: Settings\nelements:\n  - {id: quit, type: button, label: \"Quit   Application\", frame: [16, 500, 343, 44]}\n",
            "screen: Settings\nelements:\n  - {id: bye, type: button, label: Bye, action: quit-app, frame: [16, 500, 343, 44]}\n",
        ],
        nonTriggeringExamples: [
            "screen: Settings\nelements:\n  - {id: out, type: button, label: Sign out, frame: [16, 500, 343, 44]}\n",
            "screen: Settings\nelements:\n  - {id: out, type: button, label: 退出登录, frame: [16, 500, 343, 44]}\n",
            "screen: Photo\nnavigation_bar:\n  title: Photo\n  items:\n    - {id: close, type: button, label: Close, action: close, icon: system:xmark}\n",
            "screen: Video\nelements:\n  - {id: out, type: button, label: Exit full screen, frame: [16, 500, 343, 44]}\n",
        ])

    func check(_ screen: Screen, in context: RuleContext) -> [Violation] {
        var violations: [Violation] = []
        for element in screen.allElements {
            if let message = quitMessage(for: element) { violations.append(Violation(message: message, on: element)) }
        }
        return violations
    }

    private static let quitActions = TrimmedWords(Vocabulary.quitActions)
    private static let quitTexts = TrimmedWords(quitLabels, foldingWhitespace: true)

    /// One message per element, even when both its action and its text offer to quit.
    private func quitMessage(for element: Element) -> String? {
        if let action = element.action, Self.quitActions.contains(action) {
            return "action \(quoted(action)) quits the app"
        }
        if let label = element.label, Self.quitTexts.contains(label) {
            return "label \(quoted(label)) offers to quit the app"
        }
        // A tab shows its `title`, not a label: what people read is what counts.
        if element.placement == .tab, let title = element.title, Self.quitTexts.contains(title) {
            return "tab title \(quoted(title)) offers to quit the app"
        }
        return nil
    }
}
