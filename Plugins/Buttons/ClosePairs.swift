import HiglintCore

/// The pairs of touch areas lying closer than a distance: the first ones in the order a
/// loop over each rectangle, then each before it, meets them, and a count of the rest.
///
/// A sweep along one axis compares a rectangle only with those whose extent on that axis
/// has not ended more than the distance before it starts, so a screen of controls laid out
/// apart costs about n log n, not n squared; the axis is the one along which fewer
/// rectangles are left to compare. Controls piled on top of each other still have a pair
/// for every two of them: those are counted, and only the first `limit` are kept.
struct ClosePairs {
    /// Positions in the rectangles given, `later > earlier`, in the order of the loop.
    var pairs: [(later: Int, earlier: Int)] = []
    /// The pairs not kept, counted by their later rectangle, in its order.
    var leftOut: [(later: Int, count: Int)] = []

    init(_ rects: [Rect], closerThan minimum: Double, limit: Int) {
        // Touch areas are never less than 0 apart, so nothing is closer than 0 (nor than NaN).
        guard minimum > 0, rects.count > 1 else { return }
        if rects.count <= Self.fewToSweep {
            compareEveryPair(rects, minimum, limit: limit)
            return
        }
        let swept = Self.sweepsFewerAlongY(rects, minimum) ? rects.map(Self.transposed) : rects
        var partners = [Int](repeating: 0, count: swept.count)
        var found: [(later: Int, earlier: Int)] = []
        var total = 0
        Self.sweep(swept, upTo: swept.count, minimum) { later, earlier in
            partners[later] += 1
            total += 1
            if total <= limit { found.append((later, earlier)) }
        }
        guard total > limit else {
            pairs = Self.inLoopOrder(found)
            return
        }
        found = []
        // The pairs the loop meets first are those of the shortest run of rectangles from the
        // first that holds `limit` of them; that run is swept again and its pairs kept in order.
        var through = 0
        var counted = 0
        while through < partners.count, counted + partners[through] < limit {
            counted += partners[through]
            through += 1
        }
        if limit > 0 {
            Self.sweep(swept, upTo: through + 1, minimum) { later, earlier in found.append((later, earlier)) }
            pairs = Array(Self.inLoopOrder(found).prefix(limit))
        }
        let keptOfLast = limit - counted
        for position in through..<partners.count {
            let count = partners[position] - (position == through ? keptOfLast : 0)
            if count > 0 { leftOut.append((position, count)) }
        }
    }

    /// Up to this many controls, the sorting and the arrays a sweep needs cost more than
    /// comparing every two, which is what nearly every screen has.
    private static let fewToSweep = 32

    /// The loop itself, for a few rectangles.
    private mutating func compareEveryPair(_ rects: [Rect], _ minimum: Double, limit: Int) {
        for later in rects.indices {
            var left = 0
            for earlier in 0..<later where SpacingRule.gap(rects[later], rects[earlier]) < minimum {
                if pairs.count < limit { pairs.append((later, earlier)) } else { left += 1 }
            }
            if left > 0 { leftOut.append((later, left)) }
        }
    }

    /// Calls `visit(later, earlier)` once for each pair of `rects[..<end]` closer than
    /// `minimum`, in no particular order.
    private static func sweep(_ rects: [Rect], upTo end: Int, _ minimum: Double, visit: (Int, Int) -> Void) {
        let order = (0..<end).sorted { rects[$0].minX < rects[$1].minX || (rects[$0].minX == rects[$1].minX && $0 < $1) }
        var active: [Int] = []
        for current in order {
            let rect = rects[current]
            var slot = 0
            while slot < active.count {
                let other = active[slot]
                // Apart by `minimum` or more along x from this one, and so from every one after it,
                // which starts no earlier: rounding keeps `a - b` growing with `a`.
                if rect.minX - rects[other].maxX >= minimum {
                    active.swapAt(slot, active.count - 1)
                    active.removeLast()
                    continue
                }
                if SpacingRule.gap(rect, rects[other]) < minimum { visit(max(current, other), min(current, other)) }
                slot += 1
            }
            active.append(current)
        }
    }

    /// Whether a sweep along y would compare fewer pairs than one along x, estimated by
    /// counting for each rectangle those that start before it and end less than `minimum`
    /// before it starts.
    private static func sweepsFewerAlongY(_ rects: [Rect], _ minimum: Double) -> Bool {
        func comparisons(_ starts: [Double], _ ends: [Double]) -> Int {
            let sortedStarts = starts.sorted()
            let sortedEnds = ends.sorted()
            var total = 0
            for (rank, start) in sortedStarts.enumerated() {
                let ended = partitionPoint(sortedEnds) { start - $0 < minimum }
                total += max(0, rank - ended)
            }
            return total
        }
        let alongX = comparisons(rects.map(\.minX), rects.map(\.maxX))
        let alongY = comparisons(rects.map(\.minY), rects.map(\.maxY))
        return alongY < alongX
    }

    /// The first index of `sorted` (ascending) at which `predicate` holds, where it holds
    /// from some index to the end.
    private static func partitionPoint(_ sorted: [Double], where predicate: (Double) -> Bool) -> Int {
        var low = 0
        var high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if predicate(sorted[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// The gap is the larger of the two axes' gaps, so swapping the axes of every rectangle
    /// keeps every pair's gap, bit for bit.
    private static func transposed(_ rect: Rect) -> Rect {
        Rect(x: rect.y, y: rect.x, width: rect.height, height: rect.width)
    }

    private static func inLoopOrder(_ pairs: [(later: Int, earlier: Int)]) -> [(later: Int, earlier: Int)] {
        pairs.sorted { $0.later < $1.later || ($0.later == $1.later && $0.earlier < $1.earlier) }
    }
}
