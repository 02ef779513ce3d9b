import Synchronization

/// The known word a misspelt or cut-short one most likely meant: the one "did
/// you mean" behind every suggestion (spec and config keys, rule ids, screen
/// names, commands, options and their values), so they all suggest alike.
///
/// A candidate within a few edits wins (more edits allowed for longer words);
/// failing that, the one sharing the longest beginning, when that beginning
/// is most of the word (`buttons.hit` means `buttons.hit-target`). Case is
/// ignored in `word`; the first of equally close candidates wins. Nil when
/// nothing is close enough to be worth offering.
///
/// Only a candidate that could be strictly nearer than the nearest so far changes the
/// answer, so one that cannot (by its letters, `LetterCounts`) is not measured, and a
/// measure stops once it cannot come under the nearest (`EditRows`): an unknown key is
/// set against every key its map knows, and measuring each in full was most of the cost
/// of a spec full of misspelt keys. The answer is the full search's.
public func closestMatch(to word: String, among candidates: [String]) -> String? {
    let lowered = Array(word.lowercased().unicodeScalars)
    var rows = EditRows()
    var letters = LetterCounts(lowered)
    var scalars: [Unicode.Scalar] = []
    var nearest: (candidate: String, distance: Int)?
    var longestShared: (candidate: String, length: Int)?
    for candidate in candidates {
        scalars.removeAll(keepingCapacity: true)
        for scalar in candidate.unicodeScalars { scalars.append(scalar) }
        if let best = nearest?.distance {
            if letters.fewestEdits(to: scalars) < best {
                let distance = rows.distance(lowered, scalars, below: best)
                if distance < best { nearest = (candidate, distance) }
            }
        } else {
            nearest = (candidate, rows.distance(lowered, scalars, below: Int.max))
        }
        var shared = 0
        while shared < lowered.count, shared < scalars.count, lowered[shared] == scalars[shared] { shared += 1 }
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

/// The word's letters counted in 64 bins (a scalar's low six bits), for a lower bound on
/// the edits between it and a candidate: an insertion, a deletion or a substitution changes
/// at most one count on each side and a transposition none, so at least
/// `max(word, candidate) - common` edits are needed, `common` being the letters the two
/// can pair within their bins. Sharing a bin only pairs more, so the bound stays a bound;
/// past 64 letters `EditRows` answers the longer length, which is no less than it either.
struct LetterCounts {
    private var counts = [Int32](repeating: 0, count: 64)
    private let length: Int

    init(_ word: [Unicode.Scalar]) {
        length = word.count
        for scalar in word { counts[Self.bin(scalar)] += 1 }
    }

    private static func bin(_ scalar: Unicode.Scalar) -> Int { Int(scalar.value & 63) }

    /// A lower bound on `EditRows.distance` from the word to `candidate`.
    mutating func fewestEdits(to candidate: [Unicode.Scalar]) -> Int {
        var common = 0
        counts.withUnsafeMutableBufferPointer { counts in
            for scalar in candidate {
                let bin = Self.bin(scalar)
                if counts[bin] > 0 { common += 1 }
                counts[bin] -= 1
            }
            for scalar in candidate { counts[Self.bin(scalar)] += 1 }
        }
        return max(length, candidate.count) - common
    }
}

/// The three rows of the distance table, kept from one candidate to the next: an unknown
/// key is measured against every key its map knows, and each measure allocated its own.
struct EditRows {
    private var previousPrevious: [Int] = []
    private var previous: [Int] = []
    private var current: [Int] = []

    /// Levenshtein distance, with a transposition counted as one edit; or, once every
    /// cell of a row is at `limit` or over, some value at `limit` or over. No later row
    /// can come under an earlier row's least cell (a transposition's cell included: it
    /// is never under the diagonal cell of the row before), so the distance cannot either.
    mutating func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], below limit: Int) -> Int {
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
            var least = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previousPrevious[j - 2] + 1)
                }
                least = min(least, current[j])
            }
            if least >= limit { return least }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }
}

/// `closestMatch` against one fixed list of candidates, its answers remembered. A tree of
/// specs copied from one another misspells the same few keys in file after file, and each
/// was measured against every key its map knows, again: on the finding-heavy corpus that
/// was 1.5 % of a check's instructions. The answer depends on the word alone, so a
/// remembered one is the one a new search would give; past `capacity` words, new answers
/// are found and not kept, so a tree of countless different misspellings cannot grow it.
final class ClosestMatchMemo: Sendable {
    let candidates: [String]
    private let answers = Mutex<[String: String?]>([:])
    static let capacity = 4_096

    init(candidates: [String]) {
        self.candidates = candidates
    }

    func closest(to word: String) -> String? {
        if let remembered = answers.withLock({ $0[word] }) { return remembered }
        let answer = closestMatch(to: word, among: candidates)
        answers.withLock { answers in
            if answers.count < Self.capacity { answers[word] = answer }
        }
        return answer
    }
}
