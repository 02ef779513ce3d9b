import HiglintCore
import HiglintReview

extension WatchSession {
    /// A publish half done: the report in its draft, and what the rest of the publish needs.
    struct PreparedReport {
        var assembly: ResultTable.Assembly
        /// The other outputs' failures the draft's status names.
        var others: [String: String]
        var draft: Result<LiveReport.Draft, WriteProblem>
    }

    /// The next update, reviewed and written while the tree settles (`prepareAhead`).
    struct AheadUpdate {
        /// `settle.lastChange` when its review began: a change noted since makes it stale.
        var stamp: Int64
        /// The status before the update, as the update at the deadline finds it when nothing moved.
        var status: WatchStatus
        /// Nil when the review found nothing to publish.
        var prepared: PreparedReport?
        /// The update's number and time, as the draft says them.
        var number: Int
        var time: String?
        /// Nanoseconds spent on it, for the update's log line.
        var work: Int64

        func discard(from report: inout LiveReport) {
            if case .success(let draft)? = prepared?.draft { report.discard(draft) }
        }
    }

    /// What was reviewed since the last publish, for the next update's log line.
    struct UnpublishedReview {
        var changes = Changes()
        var rescan: String?

        var isEmpty: Bool { changes.isEmpty && rescan == nil }

        mutating func absorb(_ later: UnpublishedReview) {
            changes = changes.followed(by: later.changes)
            rescan = rescan ?? later.rescan
        }
    }
}
