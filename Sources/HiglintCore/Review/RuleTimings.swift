import Synchronization

/// The time spent in each rule and plugin over a review, added up across threads
/// (`check --timings`, like ESLint's TIMING).
public final class RuleTimings: Sendable {
    private let totals = Mutex<[String: Duration]>([:])

    public init() {}

    public func add(_ duration: Duration, to name: String) {
        totals.withLock { $0[name, default: .zero] += duration }
    }

    /// Slowest first; equal times by name, so the order never depends on scheduling.
    public var slowestFirst: [(name: String, duration: Duration)] {
        totals.withLock { totals in
            totals.map { (name: $0.key, duration: $0.value) }.sorted {
                $0.duration != $1.duration ? $0.duration > $1.duration : $0.name < $1.name
            }
        }
    }

    /// A table: each name, its time in milliseconds and its share of the total.
    public func table() -> String {
        let rows = slowestFirst
        let total = rows.reduce(Duration.zero) { $0 + $1.duration }
        let width = max(4, rows.map(\.name.count).max() ?? 0)
        func padded(_ text: String, _ width: Int) -> String { text + String(repeating: " ", count: max(0, width - text.count)) }
        var lines = [padded("Rule", width) + "  Time (ms)  Relative"]
        for row in rows {
            let milliseconds = Self.milliseconds(row.duration)
            let share = total == .zero ? 0 : Self.milliseconds(row.duration) / Self.milliseconds(total) * 100
            let time = String(repeating: " ", count: max(0, 9 - Self.fixed(milliseconds, 3).count)) + Self.fixed(milliseconds, 3)
            lines.append("\(padded(row.name, width))  \(time)  \(Self.fixed(share, 1))%")
        }
        return lines.joined(separator: "\n")
    }

    private static func milliseconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) * 1000 + Double(parts.attoseconds) / 1e15
    }

    /// A fixed number of decimals, without Foundation's formatting.
    private static func fixed(_ value: Double, _ decimals: Int) -> String {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = Int64((value * scale).rounded())
        let whole = scaled / Int64(scale)
        var fraction = String(scaled % Int64(scale))
        while fraction.count < decimals { fraction = "0" + fraction }
        return decimals == 0 ? String(whole) : "\(whole).\(fraction)"
    }
}
