import HiglintCore
import HiglintReview

/// The live report and the extra outputs that could not be written, and
/// when to try them again. A failed write is retried on a timer, first after
/// 0.1 s and then twice as long each time up to 5 s, whether or not the tree
/// changes: on a quiet tree nothing else would ever write the report again.
/// Times are monotonic nanoseconds.
struct WriteRetry: Sendable, Equatable {
    static let firstDelay: Int64 = 100_000_000
    static let longestDelay: Int64 = 5_000_000_000

    /// Output path → why its last write failed.
    private(set) var failures: [String: String] = [:]
    private(set) var delay = Self.firstDelay
    /// When to write again: after a failure, or at once when a report went missing.
    private(set) var deadline: Int64?

    var isFailing: Bool { !failures.isEmpty }

    func isDue(at now: Int64) -> Bool {
        deadline.map { now >= $0 } ?? false
    }

    /// The outcome of a round of writes. Success clears the back-off; another
    /// failure waits twice as long as the last one did.
    mutating func record(_ outcome: [String: String], at now: Int64) {
        failures = outcome
        guard !outcome.isEmpty else {
            delay = Self.firstDelay
            deadline = nil
            return
        }
        deadline = now + delay
        delay = min(delay * 2, Self.longestDelay)
    }

    /// A report was deleted or its directory went away: write it again now.
    mutating func writeSoon(at now: Int64) {
        deadline = min(deadline ?? now, now)
    }
}

extension WriteRetry {
    /// A failed write in the same words at every attempt: the temp file's
    /// name changes each time, so it is left out, and an unchanged problem is
    /// logged once, not every few seconds.
    static func describe(_ problem: WriteProblem) -> String {
        let step: String
        switch problem.step {
        case .create, .createTemp: step = "cannot create a temp file beside it"
        case .write: step = "cannot write its temp file"
        case .sync: step = "cannot sync its temp file"
        case .replace: step = "cannot rename its temp file over it"
        }
        return "\(step): \(problem.reason)"
    }
}
