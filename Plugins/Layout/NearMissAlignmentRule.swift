import HiglintCore

struct NearMissAlignmentRule: ScreenRule {
    static let tolerance = Threshold(
        key: "alignment_tolerance", default: 2, unit: .points,
        meaning: "largest left-edge difference between siblings reported as a near miss")

    let description = RuleDescription(
        id: "layout.near-miss-alignment", severity: .info,
        summary: "An element's left edge is a few points off an earlier sibling's, and no earlier sibling shares it exactly.",
        rationale: "Alignment makes a screen easy to scan and shows which items belong together (seed 003, layout that communicates). Edges a point or two apart look like a mistake rather than a choice. Only siblings (children of the same list) are compared, since they share a layout; each element is reported once, against the earlier sibling whose edge is nearest, and not at all when an earlier sibling has exactly its edge.",
        seed: "003", hint: "Give both elements the same x, or move them clearly apart.",
        triggeringExamples: [
            "screen: Profile\nelements:\n  - {id: name, type: text, label: Ada, frame: [16, 100, 200, 20]}\n  - {id: email, type: text, label: ada@example.com, frame: [18, 124, 200, 20]}\n",
        ],
        nonTriggeringExamples: [
            "screen: Profile\nelements:\n  - {id: name, type: text, label: Ada, frame: [16, 100, 200, 20]}\n  - {id: email, type: text, label: ada@example.com, frame: [16, 124, 200, 20]}\n",
            "screen: Profile\nelements:\n  - {id: name, type: text, label: Ada, frame: [16, 100, 200, 20]}\n  - {id: email, type: text, label: ada@example.com, frame: [18.1, 124, 200, 20]}\n",
            "screen: Profile\nelements:\n  - id: card\n    type: group\n    frame: [16, 100, 343, 80]\n    children:\n      - {id: name, type: text, label: Ada, frame: [17, 104, 200, 20]}\n",
        ],
        thresholds: [Self.tolerance],
        fix: FixDeclaration(
            .safe, summary: "Moves the element's x onto the nearest earlier sibling's left edge.",
            reason: "Only x changes, by no more than the tolerance, to the edge the rule measured against; width, y and height stay."))

    func check(_ screen: Screen, in context: RuleContext) -> [Violation] {
        let tolerance = context[Self.tolerance]
        var violations: [Violation] = []
        // Each framed sibling against the framed siblings before it, once: an element that
        // shares an earlier sibling's edge exactly is aligned with it, whatever else is near.
        func compare(_ siblings: [Element]) {
            for later in siblings.indices {
                guard let laterX = siblings[later].frame?.minX else { continue }
                var nearest: (index: Int, offset: Double)?
                var aligned = false
                for earlier in siblings[..<later].indices {
                    guard let earlierX = siblings[earlier].frame?.minX else { continue }
                    let offset = abs(laterX - earlierX)
                    if offset <= pointEpsilon {
                        aligned = true
                        break
                    }
                    // Strictly nearer only, so a tie keeps the first in document order.
                    if offset <= tolerance + pointEpsilon, offset < (nearest?.offset ?? .infinity) - pointEpsilon {
                        nearest = (earlier, offset)
                    }
                }
                guard !aligned, let nearest, let earlierX = siblings[nearest.index].frame?.minX else { continue }
                violations.append(Violation(
                    message: "left edge x \(formatPoints(laterX)) pt is \(formatPoints(nearest.offset)) pt off \(quoted(siblings[nearest.index].name))'s x \(formatPoints(earlierX)) pt",
                    on: siblings[later])
                    .fixed(by: .setComponent(
                        index: 0, key: FrameField.x.rawValue, to: .scalar(formatPoints(earlierX)),
                        inValueAt: siblings[later].marks[.frame])))
            }
        }
        // The top level, then each content element's children, depth first.
        compare(screen.elements)
        for element in screen.allContentElements where element.children.count > 1 { compare(element.children) }
        return violations
    }
}
