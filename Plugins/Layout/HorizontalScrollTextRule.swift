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
        // Only the innermost horizontal scroller around an element matters, and the innermost
        // that is primary, so the walk carries those two rather than every ancestor.
        func walk(_ list: [Element], scroller: Element?, primaryScroller: Element?) {
            for element in list {
                if element.type == .text {
                    // Name the innermost scroller: it is the one the text moves with.
                    if element.role == "primary", let scroller {
                        violations.append(Violation(
                            message: "primary text \(quoted(element.name)) sits in \(quoted(scroller.name)), which scrolls \(scroller.scroll.rawValue)",
                            on: element))
                    } else if let scroller = primaryScroller {
                        violations.append(Violation(
                            message: "text \(quoted(element.name)) sits in primary \(quoted(scroller.name)), which scrolls \(scroller.scroll.rawValue)",
                            on: element))
                    }
                }
                guard !element.children.isEmpty else { continue }
                let scrolls = element.scroll.isHorizontal
                walk(
                    element.children, scroller: scrolls ? element : scroller,
                    primaryScroller: scrolls && element.role == "primary" ? element : primaryScroller)
            }
        }
        walk(screen.elements, scroller: nil, primaryScroller: nil)
        return violations
    }
}
