import HiglintCore

struct HorizontalScrollTextRule: ScreenRule {
    let description = RuleDescription(
        id: "layout.horizontal-scroll-text", severity: .warning,
        summary: "Primary text sits in a container that scrolls horizontally.",
        rationale: "Important text should be readable at its default size; people should never have to scroll sideways to read it (seed 003, layout that communicates). The rule applies when the text, or the horizontally scrolling container around it, is the screen's primary content.",
        seed: "003", hint: "Let the primary text wrap in a vertically scrolling container instead.",
        triggeringExamples: [
            "screen: Article\nelements:\n  - id: strip\n    type: group\n    scroll: horizontal\n    children:\n      - {id: body, type: text, role: primary, label: Long article text}\n",
            "screen: Article\nelements:\n  - id: pages\n    type: list\n    role: primary\n    scroll: both\n    children:\n      - id: row\n        type: group\n        children:\n          - {id: body, type: text, label: Long article text}\n",
        ],
        nonTriggeringExamples: [
            "screen: Article\nelements:\n  - id: strip\n    type: group\n    scroll: vertical\n    role: primary\n    children:\n      - {id: body, type: text, label: Long article text}\n",
            "screen: Article\nelements:\n  - id: strip\n    type: group\n    scroll: horizontal\n    children:\n      - {id: caption, type: text, label: Photo caption}\n",
            "screen: Article\nelements:\n  - id: strip\n    type: group\n    scroll: horizontal\n    role: primary\n    children:\n      - {id: photo, type: image}\n",
        ])

    func check(_ screen: Screen, in context: RuleContext) -> [Violation] {
        var violations: [Violation] = []
        screen.walkContent { element, ancestors in
            guard element.type == .text else { return }
            let scrollers = ancestors.filter(\.scroll.isHorizontal)
            // Name the innermost scroller: it is the one the text moves with.
            if element.role == "primary", let scroller = scrollers.last {
                violations.append(Violation(
                    message: "primary text \"\(element.name)\" sits in \"\(scroller.name)\", which scrolls \(scroller.scroll.rawValue)",
                    on: element))
            } else if let scroller = scrollers.last(where: { $0.role == "primary" }) {
                violations.append(Violation(
                    message: "text \"\(element.name)\" sits in primary \"\(scroller.name)\", which scrolls \(scroller.scroll.rawValue)",
                    on: element))
            }
        }
        return violations
    }
}
