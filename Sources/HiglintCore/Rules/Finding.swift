public enum Severity: String, Sendable, CaseIterable, Comparable {
    case info
    case warning
    case error

    private var rank: Int {
        switch self {
        case .info: return 0
        case .warning: return 1
        case .error: return 2
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// One problem, as every writer and the live report see it.
public struct Finding: Sendable, Hashable {
    public var file: String
    public var line: Int
    public var column: Int
    public var rule: String
    public var severity: Severity
    public var message: String
    public var hint: String
    public var screen: String?
    public var element: String?
    /// The edits that resolve the finding, when its rule has a fix and the text allows it.
    public var fix: Fix?
    /// Where the element can be opened in the tool it was designed in (a Figma layer), when
    /// its importer says; the reports give it only when there is one.
    public var url: String?

    public init(
        file: String, line: Int, column: Int, rule: String, severity: Severity,
        message: String, hint: String, screen: String? = nil, element: String? = nil, fix: Fix? = nil
    ) {
        self.file = file
        self.line = line
        self.column = column
        self.rule = rule
        self.severity = severity
        self.message = message
        self.hint = hint
        self.screen = screen
        self.element = element
        self.fix = fix
    }

    /// The report order: file, line, column, rule (then message, so equal positions stay stable).
    public static func reportOrder(_ lhs: Finding, _ rhs: Finding) -> Bool {
        if lhs.file != rhs.file { return FileSystem.precedes(lhs.file, rhs.file) }
        if lhs.line != rhs.line { return lhs.line < rhs.line }
        if lhs.column != rhs.column { return lhs.column < rhs.column }
        if lhs.rule != rhs.rule { return lhs.rule < rhs.rule }
        if lhs.message != rhs.message { return lhs.message < rhs.message }
        return (lhs.element ?? "") < (rhs.element ?? "")
    }

    /// Whether no finding of `findings` goes before the one ahead of it in report order.
    /// Read in place: `allSatisfy { reportOrder(findings[$0], ...) }` copied two findings
    /// (six strings and a fix retained and released) at every position.
    public static func isInReportOrder(_ findings: [Finding]) -> Bool {
        findings.withUnsafeBufferPointer { all -> Bool in
            guard let base = all.baseAddress, all.count > 1 else { return true }
            for position in 1..<all.count where precedes(base + position, base + position - 1) { return false }
            return true
        }
    }

    /// How many of `findings` have `severity`, each read in place rather than copied.
    public static func count(of severity: Severity, in findings: [Finding]) -> Int {
        findings.withUnsafeBufferPointer { all -> Int in
            guard let base = all.baseAddress else { return 0 }
            var count = 0
            for position in 0..<all.count where (base + position).pointee.severity == severity { count += 1 }
            return count
        }
    }

    /// `reportOrder` of two findings in place, field by field: a pair in one file settles by
    /// line and column without touching the rest, and no finding is copied (passing
    /// `lhs.pointee` on to `reportOrder` copied both, six strings and a fix retained and
    /// released, for every pair at one position).
    static func precedes(_ lhs: UnsafePointer<Finding>, _ rhs: UnsafePointer<Finding>) -> Bool {
        if lhs.pointee.file != rhs.pointee.file { return FileSystem.precedes(lhs.pointee.file, rhs.pointee.file) }
        if lhs.pointee.line != rhs.pointee.line { return lhs.pointee.line < rhs.pointee.line }
        if lhs.pointee.column != rhs.pointee.column { return lhs.pointee.column < rhs.pointee.column }
        if lhs.pointee.rule != rhs.pointee.rule { return lhs.pointee.rule < rhs.pointee.rule }
        if lhs.pointee.message != rhs.pointee.message { return lhs.pointee.message < rhs.pointee.message }
        switch (lhs.pointee.element, rhs.pointee.element) {
        case (nil, nil): return false
        case (nil, let right?): return "" < right
        case (let left?, nil): return left < ""
        case (let left?, let right?): return left < right
        }
    }

    /// Merges `extra`, in report order, into `findings`, in report order, so that the result
    /// is what a stable sort of `findings + extra` gives: on equal keys a finding of
    /// `findings` goes first. `extra` is taken whole and left empty. Merged from the back in
    /// place, every finding moved bit for bit and none copied: copying a finding retains and
    /// later releases its six strings and its fix, and nearly every file finding moves once.
    public static func merge(_ extra: inout [Finding], intoReportOrdered findings: inout [Finding]) {
        guard !extra.isEmpty else { return }
        let count = findings.count
        // Each new slot is vacated before it is filled.
        findings.append(contentsOf: repeatElement(vacated, count: extra.count))
        findings.withUnsafeMutableBufferPointer { all in
            extra.withUnsafeMutableBufferPointer { added in
                guard let base = all.baseAddress, let addedBase = added.baseAddress else { return }
                var own = count - 1
                var next = added.count - 1
                var slot = all.count - 1
                while next >= 0 {
                    // The slot holds a finding already moved on, or a vacated one, which owns
                    // nothing and so is written over without being released.
                    if own >= 0, precedes(addedBase + next, UnsafePointer(base + own)) {
                        (base + slot).moveInitialize(from: base + own, count: 1)
                        own -= 1
                    } else {
                        (base + slot).moveInitialize(from: addedBase + next, count: 1)
                        (addedBase + next).initialize(to: vacated)
                        next -= 1
                    }
                    slot -= 1
                }
                // Here `slot == own`: the findings left at `0...own` never had to move.
            }
        }
        extra = []
    }

    /// Moves the findings of `source` to `target` (uninitialized room for them all), bit for
    /// bit, and leaves `source` empty; returns how many moved.
    static func move(_ source: inout [Finding], to target: UnsafeMutablePointer<Finding>) -> Int {
        var taken: [Finding] = []
        swap(&taken, &source)
        return taken.withUnsafeMutableBufferPointer { moved in
            guard let from = moved.baseAddress else { return 0 }
            target.moveInitialize(from: from, count: moved.count)
            // What `taken` releases on its way out: nothing to free.
            from.initialize(repeating: vacated, count: moved.count)
            return moved.count
        }
    }

    /// What a slot holds once its finding has moved out: strings with nothing to release.
    private static let vacated = Finding(file: "", line: 0, column: 0, rule: "", severity: .info, message: "", hint: "")

    /// What `after` holds that `before` does not (`appeared`, in `after`'s order) and the other
    /// way round (`disappeared`, in `before`'s order), counting equal findings: both in report
    /// order. One walk down both, in place: findings at different places in the order are told
    /// apart by it, and only those at the same place are compared with each other. Hashing every finding of a file whose findings changed
    /// was a fifth of a save on a tree whose icon votes move thousands of messages at once.
    public static func difference(
        from before: [Finding], to after: [Finding]
    ) -> (appeared: [Finding], disappeared: [Finding]) {
        var appeared: [Finding] = []
        var disappeared: [Finding] = []
        before.withUnsafeBufferPointer { old in
            after.withUnsafeBufferPointer { new in
                guard let oldBase = old.baseAddress, let newBase = new.baseAddress else {
                    disappeared.append(contentsOf: old)
                    appeared.append(contentsOf: new)
                    return
                }
                var i = 0
                var j = 0
                while i < old.count, j < new.count {
                    if precedes(oldBase + i, newBase + j) {
                        disappeared.append(oldBase[i])
                        i += 1
                    } else if precedes(newBase + j, oldBase + i) {
                        appeared.append(newBase[j])
                        j += 1
                    } else {
                        // A run alike in every key of the order (most often one finding each side,
                        // equal): matched as counting does, the later of equal findings appearing
                        // and the earlier going.
                        var oldEnd = i + 1
                        while oldEnd < old.count, !precedes(oldBase + i, oldBase + oldEnd) { oldEnd += 1 }
                        var newEnd = j + 1
                        while newEnd < new.count, !precedes(oldBase + i, newBase + newEnd) { newEnd += 1 }
                        if oldEnd - i == 1, newEnd - j == 1, oldBase[i] == newBase[j] {
                            i = oldEnd
                            j = newEnd
                            continue
                        }
                        var unmatched = Array(old[i..<oldEnd])
                        for position in j..<newEnd {
                            if let match = unmatched.lastIndex(of: newBase[position]) {
                                unmatched.remove(at: match)
                            } else {
                                appeared.append(newBase[position])
                            }
                        }
                        disappeared.append(contentsOf: unmatched)
                        i = oldEnd
                        j = newEnd
                    }
                }
                disappeared.append(contentsOf: old[i...])
                appeared.append(contentsOf: new[j...])
            }
        }
        return (appeared, disappeared)
    }

    /// Sorts `findings` by `reportOrder`, equal findings kept in the order they came in: the
    /// order `findings.sort(by: reportOrder)` gives. Positions are sorted instead of the findings
    /// themselves, so each comparison reads two findings in place (no copies, no retains) and
    /// settles most pairs by line and column; each finding then moves once.
    public static func sortInReportOrder(_ findings: inout [Finding]) {
        guard findings.count > 1, !isInReportOrder(findings) else { return }
        var order = Array(findings.indices)
        findings.withUnsafeBufferPointer { all in
            order.sort { left, right in
                let lhs = all.baseAddress! + left
                let rhs = all.baseAddress! + right
                if precedes(lhs, rhs) { return true }
                if precedes(rhs, lhs) { return false }
                return left < right
            }
        }
        permute(&findings, by: &order)
    }

    /// Puts `findings[order[i]]` at `i` for every `i`, following each cycle of `order` and
    /// moving every finding once, bit for bit: `order.map { findings[$0] }` copied each one
    /// (its strings and fix retained) and released the old array's. `order` is a
    /// permutation of the indices; it is left as the identity.
    private static func permute(_ findings: inout [Finding], by order: inout [Int]) {
        findings.withUnsafeMutableBufferPointer { all in
            guard let base = all.baseAddress else { return }
            for start in 0..<all.count where order[start] != start {
                let first = (base + start).move()
                var hole = start
                while true {
                    let source = order[hole]
                    order[hole] = hole
                    if source == start {
                        (base + hole).initialize(to: first)
                        break
                    }
                    (base + hole).moveInitialize(from: base + source, count: 1)
                    hole = source
                }
            }
        }
    }
}
