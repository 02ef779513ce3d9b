/// A unified diff of two texts, line by line with three lines of context, as `diff -u`
/// and `git apply` read it. Lines keep their own line ends, so a CRLF file's diff says CRLF.
public enum UnifiedDiff {
    public static let context = 3

    /// The diff of `old` into `new`, both named `path`; empty when they are equal.
    public static func render(_ old: [UInt8], _ new: [UInt8], path: String) -> String {
        guard old != new else { return "" }
        let before = lines(of: old)
        let after = lines(of: new)
        let script = editScript(before, after)
        var output = "--- a/\(path)\n+++ b/\(path)\n"
        for hunk in hunks(of: script) {
            let oldStart = hunk.first { $0.old != nil }?.old ?? 0
            let newStart = hunk.first { $0.new != nil }?.new ?? 0
            let oldCount = hunk.filter { $0.old != nil }.count
            let newCount = hunk.filter { $0.new != nil }.count
            output += "@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@\n"
            for step in hunk {
                let (sign, line): (String, [UInt8]) = switch (step.old, step.new) {
                case (.some(let index), .some): (" ", before[index])
                case (.some(let index), .none): ("-", before[index])
                case (.none, .some(let index)): ("+", after[index])
                case (.none, .none): (" ", [])
                }
                output += sign + String(decoding: line, as: UTF8.self)
                if line.last != UInt8(ascii: "\n") { output += "\n\\ No newline at end of file\n" }
            }
        }
        return output
    }

    /// `diff -u`'s range: the first line (1-based; the line before, for an empty range) and the count.
    private static func range(_ start: Int, _ count: Int) -> String {
        count == 0 ? "\(start),0" : "\(start + 1),\(count)"
    }

    /// One line of the script: a kept line has both indices, a removed one only `old`, an added one only `new`.
    struct Step {
        var old: Int?
        var new: Int?
    }

    static func lines(of text: [UInt8]) -> [[UInt8]] {
        var lines: [[UInt8]] = []
        var start = 0
        for index in text.indices where text[index] == UInt8(ascii: "\n") {
            lines.append(Array(text[start...index]))
            start = index + 1
        }
        if start < text.count { lines.append(Array(text[start...])) }
        return lines
    }

    /// The most edits the shortest-script search looks for; the rounds it keeps grow with
    /// their square, so past this the changed middle is shown as one replacement instead.
    static let searchLimit = 1_000

    /// The lines both texts share at the start and the end are kept as they are; the rest
    /// is Myers's shortest edit script, or all of it replaced when that is very long.
    static func editScript(_ a: [[UInt8]], _ b: [[UInt8]]) -> [Step] {
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        let oldMiddle = Array(a[prefix..<(a.count - suffix)])
        let newMiddle = Array(b[prefix..<(b.count - suffix)])
        let middle = shortestScript(oldMiddle, newMiddle)
            ?? oldMiddle.indices.map { Step(old: $0, new: nil) } + newMiddle.indices.map { Step(old: nil, new: $0) }
        return (0..<prefix).map { Step(old: $0, new: $0) }
            + middle.map { Step(old: $0.old.map { $0 + prefix }, new: $0.new.map { $0 + prefix }) }
            + (0..<suffix).map { Step(old: a.count - suffix + $0, new: b.count - suffix + $0) }
    }

    /// Myers's shortest edit script, or nil when it takes more than `searchLimit` edits.
    static func shortestScript(_ a: [[UInt8]], _ b: [[UInt8]]) -> [Step]? {
        let (n, m) = (a.count, b.count)
        let offset = n + m + 1
        var frontier = [Int](repeating: 0, count: 2 * offset + 1)
        var trace: [[Int]] = []
        search: for depth in 0...(n + m) {
            if depth > searchLimit { return nil }
            trace.append(frontier)
            for diagonal in stride(from: -depth, through: depth, by: 2) {
                var x: Int
                if diagonal == -depth || (diagonal != depth && frontier[offset + diagonal - 1] < frontier[offset + diagonal + 1]) {
                    x = frontier[offset + diagonal + 1]
                } else {
                    x = frontier[offset + diagonal - 1] + 1
                }
                var y = x - diagonal
                while x < n, y < m, a[x] == b[y] {
                    x += 1
                    y += 1
                }
                frontier[offset + diagonal] = x
                if x >= n, y >= m { break search }
            }
        }
        // Walk the rounds back from the end: each round is one edit after a run of kept lines.
        var steps: [Step] = []
        var (x, y) = (n, m)
        for depth in stride(from: trace.count - 1, through: 0, by: -1) {
            let saved = trace[depth]
            let diagonal = x - y
            let previous = diagonal == -depth || (diagonal != depth && saved[offset + diagonal - 1] < saved[offset + diagonal + 1])
                ? diagonal + 1 : diagonal - 1
            let previousX = saved[offset + previous]
            let previousY = previousX - previous
            while x > previousX, y > previousY {
                x -= 1
                y -= 1
                steps.append(Step(old: x, new: y))
            }
            guard depth > 0 else { break }
            if x == previousX {
                y -= 1
                steps.append(Step(old: nil, new: y))
            } else {
                x -= 1
                steps.append(Step(old: x, new: nil))
            }
        }
        return steps.reversed()
    }

    /// The changed steps with their context; changes with at most twice the context of
    /// unchanged lines between them share a hunk, as `diff -u` joins them.
    static func hunks(of script: [Step]) -> [[Step]] {
        let changed = script.indices.filter { script[$0].old == nil || script[$0].new == nil }
        var hunks: [[Step]] = []
        var position = 0
        while position < changed.count {
            let start = max(0, changed[position] - context)
            var end = changed[position]
            while position + 1 < changed.count, changed[position + 1] - end - 1 <= 2 * context {
                position += 1
                end = changed[position]
            }
            hunks.append(Array(script[start...min(script.count - 1, end + context)]))
            position += 1
        }
        return hunks
    }
}
