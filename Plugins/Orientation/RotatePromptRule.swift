import HiglintCore

struct RotatePromptRule: ScreenRule {
    let description = RuleDescription(
        id: "orientation.rotate-prompt", severity: .warning,
        summary: "An element tells people to rotate the device.",
        rationale: "An app that must run in one orientation should simply launch in it; people turn the device on their own once they see the layout. A message asking them to rotate is clutter.",
        seed: "003", hint: "Remove the prompt and launch directly in the supported orientation.",
        triggeringExamples: [
            "screen: Game\nelements:\n  - {id: hint, type: text, label: Please rotate your device}\n",
            "screen: Game\nelements:\n  - {id: hint, type: image, role: rotate-prompt}\n",
            "screen: Game\nelements:\n  - {id: hint, type: text, label: 请旋转手机}\n",
        ],
        nonTriggeringExamples: [
            "screen: Photo\nelements:\n  - {id: caption, type: text, label: Rotate the photo with two fingers}\n",
            "screen: Photo\nelements:\n  - {id: rotate, type: button, label: Rotate your device}\n",
        ])

    /// Phrases that ask people to turn the device, matched in lowercased, single-spaced labels.
    static let phrases = ["rotate your device", "rotate the device", "turn your device", "旋转", "旋轉"]

    func check(_ screen: Screen, in context: RuleContext) -> [Violation] {
        screen.allElements.compactMap { element in
            if element.role == "rotate-prompt" {
                return Violation(
                    message: "element \(quoted(element.name)) is a rotate prompt (role: rotate-prompt)", on: element)
            }
            guard element.type == .text, let label = element.label, let phrase = Self.prompt(in: label)
            else { return nil }
            return Violation(
                message: "text \(quoted(element.name)) asks people to rotate the device (\(quoted(phrase)) in \(quoted(label)))",
                on: element)
        }
    }

    /// The prompt phrase the label contains, ignoring case and runs of blanks.
    static func prompt(in label: String) -> String? {
        let normalized = label.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return phrases.first { normalized.contains($0) }
    }
}
