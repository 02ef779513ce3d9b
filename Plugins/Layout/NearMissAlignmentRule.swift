import HiglintCore

struct NearMissAlignmentRule: ScreenRule {
    static let tolerance = Threshold(
        key: "alignment_tolerance", default: 2, unit: .points,
        meaning: "largest left-edge difference between siblings reported as a near miss")

    let description = RuleDescription(
        id: "layout.near-miss-alignment", severity: .info,
        summary: "Two sibling elements' left edges differ by a few points: almost, but not quite, aligned.",
        rationale: "Alignment makes a screen easy to scan and shows which items belong together (seed 003, layout that communicates). Edges a point or two apart look like a mistake rather than a choice. Only siblings (children of the same list) are compared, since they share a layout.",
        seed: "003", hint: "Give both elements the same x, or move them clearly apart.",
        triggeringExamples: [
            "screen: Profile\nelements:\n  - {id: name, type: text, label: Ada, frame: [16, 100, 200, 20]}\n  - {id: email, type: text, label: ada@example.com, frame: [18, 124, 200, 20]}\n",
        ],
        nonTriggeringExamples: [
            "screen: Profile\nelements:\n  - {id: name, type: text, label: Ada, frame: [16, 100, 200, 20]}\n  - {id: email, type: text, label: ada@example.com, frame: [16, 124, 200, 20]}\n",
            "screen: Profile\nelements:\n  - {id: name, type: text, label: Ada, frame: [16, 100, 200, 20]}\n  - {id: email, type: text, label: ada@example.com, frame: [18.1, 124, 200, 20]}\n",
            "screen: Profile\nelements:\n  - id: card\n    type: group\n    frame: [16, 100, 343, 80]\n    children:\n      - {id: name, type: text, label: Ada, frame: [17, 104, 200, 20]}\n",
        ],
        thresholds: [Self.tolerance])

    func check(_ screen: Screen, in context: RuleContext) -> [Violation] {
        let tolerance = context[Self.tolerance]
        var violations: [Violation] = []
        // Each framed sibling against every framed sibling before it, in order.
        func compare(_ siblings: [Element]) {
            for later in siblings.indices {
                guard let laterX = siblings[later].frame?.minX else { continue }
                for earlier in siblings[..<later].indices {
                    guard let earlierX = siblings[earlier].frame?.minX else { continue }
                    let offset = abs(laterX - earlierX)
                    guard offset > pointEpsilon, offset <= tolerance + pointEpsilon else { continue }
                    violations.append(Violation(
                        message: "left edge x \(formatPoints(laterX)) pt is \(formatPoints(offset)) pt off \(quoted(siblings[earlier].name))'s x \(formatPoints(earlierX)) pt",
                        on: siblings[later]))
                }
            }
        }
        // The top level, then each content element's children, depth first.
        compare(screen.elements)
        for element in screen.allContentElements where element.children.count > 1 { compare(element.children) }
        return violations
    }
}
