/// The most common value in a list. A tie goes to the value that appears first, which,
/// for values listed in path order, is the value of the first screen by path among the tied
/// ones. Shared by the rules that ask screens to agree (bars, layout).
public struct Vote<Value: Hashable> {
    public var winner: Value
    public var count: Int
    public var isTie: Bool

    /// Inlinable, so each rule's vote is specialised for its values: as a generic call from
    /// another module it compared and copied every value through witness tables (more than
    /// half of layout.inconsistent-icon's time).
    @inlinable
    public init?(_ values: [Value]) {
        // Each distinct value's place in `order`, where `tallies` counts it: one lookup for a
        // value seen before (a lookup to test and another to add hashed every run twice).
        var slots: [Value: Int] = [:]
        var order: [Value] = []
        var tallies: [Int] = []
        // Neighbours mostly agree (an app's screens look alike), so each run of equal
        // values is counted at once: hashing every value was most of the rule's time.
        var start = values.startIndex
        while start < values.endIndex {
            var end = start + 1
            while end < values.endIndex, values[end] == values[start] { end += 1 }
            if let slot = slots[values[start]] {
                tallies[slot] += end - start
            } else {
                slots[values[start]] = order.count
                order.append(values[start])
                tallies.append(end - start)
            }
            start = end
        }
        guard !order.isEmpty else { return nil }
        var winner = 0
        var tie = false
        for slot in order.indices.dropFirst() {
            if tallies[slot] > tallies[winner] {
                winner = slot
                tie = false
            } else if tallies[slot] == tallies[winner] {
                tie = true
            }
        }
        self.winner = order[winner]
        self.count = tallies[winner]
        self.isTie = tie
    }
}
