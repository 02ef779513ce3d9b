/// The most common value in a list. A tie goes to the value that appears first, which,
/// for values listed in path order, is the value of the first screen by path among the tied
/// ones. Shared by the rules that ask screens to agree (bars, layout).
public struct Vote<Value: Hashable> {
    public var winner: Value
    public var count: Int
    public var isTie: Bool

    public init?(_ values: [Value]) {
        var counts: [Value: Int] = [:]
        var order: [Value] = []
        // Neighbours mostly agree (an app's screens look alike), so each run of equal
        // values is counted at once: hashing every value was most of the rule's time.
        var start = values.startIndex
        while start < values.endIndex {
            let value = values[start]
            var end = start + 1
            while end < values.endIndex, values[end] == value { end += 1 }
            if counts[value] == nil { order.append(value) }
            counts[value, default: 0] += end - start
            start = end
        }
        guard let first = order.first else { return nil }
        var winner = first
        var best = counts[first, default: 0]
        var tie = false
        for value in order.dropFirst() {
            let count = counts[value, default: 0]
            if count > best {
                winner = value
                best = count
                tie = false
            } else if count == best {
                tie = true
            }
        }
        self.winner = winner
        self.count = best
        self.isTie = tie
    }
}
