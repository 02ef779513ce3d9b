/// A problem found while turning a document into a `Screen`.
public struct SpecIssue: Sendable {
    public var rule: String
    public var message: String
    public var mark: Mark
    public var element: String?

    public init(rule: String, message: String, mark: Mark, element: String? = nil) {
        self.rule = rule
        self.message = message
        self.mark = mark
        self.element = element
    }
}

/// Reads typed values out of nodes, directed by the schema rather than by
/// YAML 1.1's guessing, and collects every problem instead of stopping at the first.
///
/// Key paths (`elements[3].frame[2]`) are taken as autoclosures: they only
/// appear in messages, and building one string per value read was a large
/// share of decoding time for specs that have no problem at all.
struct NodeReader {
    private(set) var issues: [SpecIssue] = []
    /// Mark tables of the maps read so far, by key set (see `marks(for:known:)`).
    private var markTemplates: [MarkTemplate] = []

    mutating func schema(_ path: String, _ message: String, at mark: Mark) {
        issues.append(SpecIssue(rule: CoreRules.schema, message: path.isEmpty ? message : "\(path): \(message)", mark: mark))
    }

    /// Walks a map's entries, reporting keys outside `known`; calls `body` for the known ones.
    mutating func fields(
        of node: Node, path: @autoclosure () -> String, known: [String], body: (inout NodeReader, String, Node, Mark) -> Void
    ) {
        guard case .mapping(let entries) = node.content else {
            if !node.isNull { schema(path(), "expected a map, found \(node.kindDescription)", at: node.start) }
            return
        }
        // Through the buffer, so each entry is lent to `body` rather than copied.
        entries.withUnsafeBufferPointer { entries in
            for entry in entries.indices {
                guard case .scalar(let key, _) = entries[entry].key.content else {
                    schema(path(), "keys must be plain text, found \(entries[entry].key.kindDescription)", at: entries[entry].key.start)
                    continue
                }
                if known.contains(key) {
                    body(&self, key, entries[entry].value, entries[entry].key.start)
                } else {
                    unknownKey(key, path: path(), known: known, at: entries[entry].key.start)
                }
            }
        }
    }

    mutating func unknownKey(_ key: String, path: String, known: [String], at mark: Mark) {
        let place = path.isEmpty ? "" : " in \(path)"
        var message = "unknown key \"\(key.truncatedForMessage())\"\(place)"
        if let suggestion = closestKey(to: key, among: known) {
            message += "; did you mean \"\(suggestion)\"?"
        }
        issues.append(SpecIssue(rule: CoreRules.unknownKey, message: message, mark: mark))
    }

    /// Any scalar as text: `screen: NO` is the string "NO". Null means absent.
    mutating func string(_ node: Node, _ path: @autoclosure () -> String) -> String? {
        switch node.content {
        case .scalar(let text, _):
            return node.isNull ? nil : text
        default:
            schema(path(), "expected text, found \(node.kindDescription)", at: node.start)
            return nil
        }
    }

    /// true/false, and YAML 1.1's yes/no/on/off, written plainly.
    mutating func bool(_ node: Node, _ path: @autoclosure () -> String) -> Bool? {
        if node.isNull { return nil }
        if case .scalar(let text, .plain) = node.content {
            // The spellings people write, before the case-folding that covers the rest.
            if text == "true" { return true }
            if text == "false" { return false }
            switch text.lowercased() {
            case "true", "yes", "on", "y": return true
            case "false", "no", "off", "n": return false
            default: break
            }
        }
        schema(path(), "expected true or false, found \(node.kindDescription)", at: node.start)
        return nil
    }

    mutating func number(_ node: Node, _ path: @autoclosure () -> String, minimum: Double? = nil) -> Double? {
        if node.isNull { return nil }
        if case .scalar(let text, .plain) = node.content, let value = parseNumber(text) {
            if let minimum, value < minimum {
                schema(path(), "expected a number of at least \(formatPoints(minimum)), found \(formatPoints(value))", at: node.start)
                return nil
            }
            return value
        }
        schema(path(), "expected a number, found \(node.kindDescription)", at: node.start)
        return nil
    }

    mutating func integer(_ node: Node, _ path: @autoclosure () -> String, minimum: Int? = nil) -> Int? {
        if node.isNull { return nil }
        if case .scalar(let text, .plain) = node.content, let value = Int(text) {
            if let minimum, value < minimum {
                schema(path(), "expected a whole number of at least \(minimum), found \(value)", at: node.start)
                return nil
            }
            return value
        }
        schema(path(), "expected a whole number, found \(node.kindDescription)", at: node.start)
        return nil
    }

    mutating func choice<Value: RawRepresentable & CaseIterable>(
        _ node: Node, _ path: @autoclosure () -> String, _: Value.Type
    ) -> Value? where Value.RawValue == String {
        if node.isNull { return nil }
        if case .scalar(let text, _) = node.content, let value = Value(rawValue: text) { return value }
        let allowed = Value.allCases.map(\.rawValue).joined(separator: ", ")
        schema(path(), "expected one of \(allowed), found \(node.kindDescription)", at: node.start)
        return nil
    }

    /// A list; a lone null is an empty list.
    mutating func list(_ node: Node, _ path: @autoclosure () -> String) -> [Node] {
        switch node.content {
        case .sequence(let items): return items
        default:
            if !node.isNull { schema(path(), "expected a list, found \(node.kindDescription)", at: node.start) }
            return []
        }
    }

    mutating func strings(_ node: Node, _ path: @autoclosure () -> String) -> (values: [String], marks: [Mark]) {
        var values: [String] = []
        var marks: [Mark] = []
        for (index, item) in list(node, path()).enumerated() {
            if let text = string(item, "\(path())[\(index)]") {
                values.append(text)
                marks.append(item.start)
            }
        }
        return (values, marks)
    }

    /// A fixed number of numbers, as a list: `[375, 667]`.
    mutating func numbers(
        _ node: Node, _ path: @autoclosure () -> String, names: [String], minimums: [Double?]
    ) -> [Double]? {
        guard case .sequence(let items) = node.content else {
            if !node.isNull {
                schema(path(), "expected [\(names.joined(separator: ", "))], found \(node.kindDescription)", at: node.start)
            }
            return nil
        }
        guard items.count == names.count else {
            schema(path(), "expected \(names.count) numbers [\(names.joined(separator: ", "))], found \(items.count)", at: node.start)
            return nil
        }
        var values: [Double] = []
        values.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            guard let value = number(item, "\(path())[\(index)]", minimum: minimums[index]) else { return nil }
            values.append(value)
        }
        return values
    }

    /// The marks of a map and of each known key and its value. The maps of one document
    /// mostly repeat a few key sets (every row `id, type, label, action, frame`), so the
    /// key-to-entry table is hashed once per key set and then only mapped to each map's
    /// marks (`mapValues` keeps a table's layout; it does not hash again).
    mutating func marks(for node: Node, known: [String]) -> Marks {
        var marks = Marks(node.start)
        guard case .mapping(let entries) = node.content, !entries.isEmpty else { return marks }
        let positions: [String: Int]
        if let template = markTemplates.first(where: { $0.matches(entries, known: known) }) {
            positions = template.positions
        } else {
            var keys: [String] = []
            keys.reserveCapacity(entries.count)
            var table: [String: Int] = Dictionary(minimumCapacity: entries.count)
            var cacheable = true
            for (index, entry) in entries.enumerated() {
                guard case .scalar(let key, _) = entry.key.content else {
                    cacheable = false
                    continue
                }
                keys.append(key)
                if known.contains(key) { table[key] = index }
            }
            if cacheable, markTemplates.count < 32 {
                markTemplates.append(MarkTemplate(known: known, keys: keys, positions: table))
            }
            positions = table
        }
        marks.values = positions.mapValues { entries[$0].value.start }
        marks.keys = positions.mapValues { entries[$0].key.start }
        return marks
    }

    private func parseNumber(_ text: String) -> Double? {
        if let value = Self.smallInteger(text) { return value }
        guard let first = text.utf8.first,
              first == UInt8(ascii: "-") || first == UInt8(ascii: "+") || first == UInt8(ascii: ".")
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first),
              let value = Double(text), value.isFinite
        else { return nil }
        return value
    }

    /// Plain decimal integers of up to 15 digits, which is most of what specs hold
    /// (points). Such a value is exact in a Double, so this agrees with `Double(text)`
    /// and skips the C library's general conversion.
    static func smallInteger(_ text: String) -> Double? {
        text.utf8.withContiguousStorageIfAvailable { bytes -> Double? in
            var index = 0
            var negative = false
            if bytes.count > 0, bytes[0] == UInt8(ascii: "-") {
                negative = true
                index = 1
            }
            let digits = bytes.count - index
            guard digits > 0, digits <= 15 else { return nil }
            var value = 0
            while index < bytes.count {
                let digit = bytes[index] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                value = value * 10 + Int(digit)
                index += 1
            }
            return negative ? -Double(value) : Double(value)
        } ?? nil
    }
}

/// Which entry of a map holds each known key, for maps whose scalar keys are `keys`, in order.
private struct MarkTemplate {
    var known: [String]
    var keys: [String]
    var positions: [String: Int]

    func matches(_ entries: [Node.Entry], known: [String]) -> Bool {
        guard entries.count == keys.count, known == self.known else { return false }
        for index in keys.indices {
            guard case .scalar(let key, _) = entries[index].key.content, key == keys[index] else { return false }
        }
        return true
    }
}

/// The known key closest to a misspelt one, when it is close enough to be a typo.
func closestKey(to key: String, among known: [String]) -> String? {
    let lowered = key.lowercased()
    var best: (key: String, distance: Int)?
    for candidate in known {
        let distance = editDistance(lowered, candidate)
        if distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
    }
    guard let best else { return nil }
    let allowed = max(2, min(key.count, best.key.count) / 3)
    return best.distance <= allowed ? best.key : nil
}

/// Levenshtein distance, with a transposition counted as one edit.
func editDistance(_ lhs: String, _ rhs: String) -> Int {
    let a = Array(lhs.unicodeScalars)
    let b = Array(rhs.unicodeScalars)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    if a.count > 64 || b.count > 64 { return max(a.count, b.count) }
    var previousPrevious = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
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
