/// The debounce: a review starts once the tree has been quiet for `settle`,
/// or `maxDelay` after the first unreviewed change, whichever comes first, so
/// a burst (an editor's save, `git checkout`) is reviewed once and a constant
/// stream of writes is still reviewed regularly. Times are monotonic
/// nanoseconds.
struct Settle: Sendable, Equatable {
    var settle: Int64
    var maxDelay: Int64
    private(set) var firstChange: Int64?
    private(set) var lastChange: Int64?

    init(settleMilliseconds: Int, maxDelayMilliseconds: Int) {
        settle = Int64(max(0, settleMilliseconds)) * 1_000_000
        maxDelay = max(settle, Int64(max(0, maxDelayMilliseconds)) * 1_000_000)
    }

    var isPending: Bool { firstChange != nil }

    mutating func noteChange(at now: Int64) {
        if firstChange == nil { firstChange = now }
        lastChange = now
    }

    /// When the pending changes are due for review, or nil when none are pending.
    var deadline: Int64? {
        guard let firstChange, let lastChange else { return nil }
        return min(lastChange + settle, firstChange + maxDelay)
    }

    func isDue(at now: Int64) -> Bool {
        guard let deadline else { return false }
        return now >= deadline
    }

    mutating func reset() {
        firstChange = nil
        lastChange = nil
    }
}
