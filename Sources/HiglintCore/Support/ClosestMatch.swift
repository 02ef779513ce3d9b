/// The known word a misspelt or cut-short one most likely meant: the one "did
/// you mean" behind every suggestion (spec and config keys, rule ids, screen
/// names, commands, options and their values), so they all suggest alike.
///
/// A candidate within a few edits wins (more edits allowed for longer words);
/// failing that, the one sharing the longest beginning, when that beginning
/// is most of the word (`buttons.hit` means `buttons.hit-target`). Case is
/// ignored in `word`; the first of equally close candidates wins. Nil when
/// nothing is close enough to be worth offering.
public func closestMatch(to word: String, among candidates: [String]) -> String? {
    let lowered = Array(word.lowercased().unicodeScalars)
    var rows = EditRows()
    var nearest: (candidate: String, distance: Int)?
    var longestShared: (candidate: String, length: Int)?
    for candidate in candidates {
        let scalars = Array(candidate.unicodeScalars)
        let distance = rows.distance(lowered, scalars)
        if distance < (nearest?.distance ?? Int.max) { nearest = (candidate, distance) }
        let shared = zip(lowered, scalars).prefix { $0 == $1 }.count
        if shared > (longestShared?.length ?? 0) { longestShared = (candidate, shared) }
    }
    if let nearest, nearest.distance <= max(2, min(word.count, nearest.candidate.count) / 3) {
        return nearest.candidate
    }
    if let longestShared, longestShared.length >= 4, longestShared.length * 3 >= lowered.count * 2 {
        return longestShared.candidate
    }
    return nil
}

/// Levenshtein distance, with a transposition counted as one edit.
func editDistance(_ lhs: String, _ rhs: String) -> Int {
    var rows = EditRows()
    return rows.distance(Array(lhs.unicodeScalars), Array(rhs.unicodeScalars))
}

/// The three rows of the distance table, kept from one candidate to the next: an unknown
/// key is measured against every key its map knows, and each measure allocated its own.
private struct EditRows {
    private var previousPrevious: [Int] = []
    private var previous: [Int] = []
    private var current: [Int] = []

    mutating func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        if a.count > 64 || b.count > 64 { return max(a.count, b.count) }
        if current.count < b.count + 1 {
            previousPrevious = [Int](repeating: 0, count: b.count + 1)
            previous = previousPrevious
            current = previousPrevious
        }
        // Only the row before the first is read before it is written.
        for j in 0...b.count { previous[j] = j }
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previousPrevious[j - 2] + 1)
                }
            }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }
}
