/// Applies fixes to a text. Pure: the same text and fixes give the same bytes, so the
/// command line's `--fix` and an editor's quick fixes share it.
public enum FixApplier {
    /// What one pass did: the new text and the positions (in `fixes`) of the fixes applied.
    public struct Pass: Sendable, Equatable {
        public var text: [UInt8]
        public var applied: [Int]
    }

    /// Applies every fix none of whose edits conflicts with an edit of a fix taken before
    /// it; fixes are taken in the order of their first edit (range, then text), so the
    /// result does not depend on the order rules reported them. A fix that loses waits for the next pass, which
    /// recomputes it against the new text. A fix whose edits conflict with each other, or
    /// fall outside the text, is never applied.
    public static func apply(_ fixes: [Fix], to text: [UInt8]) -> Pass {
        let order = fixes.indices.filter { !fixes[$0].edits.isEmpty }.sorted { lhs, rhs in
            let (left, right) = (firstEdit(of: fixes[lhs]), firstEdit(of: fixes[rhs]))
            if left.range.lowerBound != right.range.lowerBound { return left.range.lowerBound < right.range.lowerBound }
            if left.range.upperBound != right.range.upperBound { return left.range.upperBound < right.range.upperBound }
            if left.replacement != right.replacement { return left.replacement.utf8.lexicographicallyPrecedes(right.replacement.utf8) }
            return lhs < rhs
        }
        var taken: [TextEdit] = []
        var applied: [Int] = []
        for position in order {
            let edits = fixes[position].edits
            guard edits.allSatisfy({ $0.range.upperBound <= text.count && $0.range.lowerBound >= 0 }) else { continue }
            let selfConflict = edits.indices.contains { first in
                edits.indices.contains { second in second > first && edits[first].conflicts(with: edits[second]) }
            }
            if selfConflict { continue }
            if edits.contains(where: { edit in taken.contains { $0.conflicts(with: edit) } }) { continue }
            taken.append(contentsOf: edits)
            applied.append(position)
        }
        // Taken edits never overlap, but an insertion may sit where a replacement starts:
        // it goes first, so that the text is read forwards.
        taken.sort { ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound) }
        var result: [UInt8] = []
        result.reserveCapacity(text.count + taken.reduce(0) { $0 + $1.replacement.utf8.count })
        var cursor = 0
        for edit in taken {
            result.append(contentsOf: text[cursor..<edit.range.lowerBound])
            result.append(contentsOf: edit.replacement.utf8)
            cursor = edit.range.upperBound
        }
        result.append(contentsOf: text[cursor...])
        return Pass(text: result, applied: applied.sorted())
    }

    /// The fix's edit that starts first; fixes reach here with at least one edit.
    private static func firstEdit(of fix: Fix) -> TextEdit {
        fix.edits.dropFirst().reduce(fix.edits[0]) { $1.range.lowerBound < $0.range.lowerBound ? $1 : $0 }
    }
}
