import HiglintCore

/// A JSON text as one flat array of nodes in document order, each with the byte offset it
/// starts at, so that any node's line and column can be given. An object's members follow
/// it as key and value, an array's items follow it, and a container knows where its subtree
/// ends; strings and numbers stay bytes of the one buffer until they are asked for. A Figma
/// file response is megabytes of which the review reads a small part: nothing is decoded
/// that no one reads.
struct JSONTree: Sendable {
    enum Kind: UInt8, Sendable {
        case object, array, string, number, `true`, `false`, null
    }

    struct Entry: Sendable {
        var kind: Kind
        /// A string with a backslash in it, decoded only when read.
        var escaped: Bool
        /// The byte offset of the value's first byte (its `{`, `[` or `"`).
        var start: UInt32
        /// Containers: the index just past the subtree. Strings and numbers: the byte offset
        /// just past the value's text (inside the closing quote for a string).
        var end: UInt32
    }

    let bytes: [UInt8]
    let entries: [Entry]
    /// The byte offset each line starts at, in order; the first line's is after a byte-order mark.
    let lineStarts: [UInt32]

    typealias Index = Int

    var root: Index { 0 }

    func kind(_ node: Index) -> Kind { entries[node].kind }

    /// The node after `node` and its subtree.
    @inline(__always) func next(_ node: Index) -> Index {
        let entry = entries[node]
        return entry.kind == .object || entry.kind == .array ? Int(entry.end) : node + 1
    }

    /// Calls `body` with each member's key and value of an object, in document order;
    /// `body` returns false to stop.
    func forEachMember(of object: Index, _ body: (_ key: Index, _ value: Index) -> Bool) {
        guard entries[object].kind == .object else { return }
        let end = Int(entries[object].end)
        var key = object + 1
        while key < end {
            let value = key + 1
            guard body(key, value) else { return }
            key = next(value)
        }
    }

    /// The value of `name` in an object; nil for anything else or a missing key. A repeated
    /// key gives its last value, as JavaScript's `JSON.parse` does.
    func member(_ name: StaticString, of object: Index) -> Index? {
        guard entries[object].kind == .object else { return nil }
        var found: Index?
        forEachMember(of: object) { key, value in
            if keyEquals(key, name) { found = value }
            return true
        }
        return found
    }

    /// The items of an array, in order.
    func items(of array: Index) -> [Index] {
        guard entries[array].kind == .array else { return [] }
        var out: [Index] = []
        let end = Int(entries[array].end)
        var item = array + 1
        while item < end {
            out.append(item)
            item = next(item)
        }
        return out
    }

    func forEachItem(of array: Index, _ body: (Index) -> Void) {
        guard entries[array].kind == .array else { return }
        let end = Int(entries[array].end)
        var item = array + 1
        while item < end {
            body(item)
            item = next(item)
        }
    }

    func isEmptyContainer(_ node: Index) -> Bool { Int(entries[node].end) == node + 1 }

    private func keyEquals(_ key: Index, _ name: StaticString) -> Bool {
        let entry = entries[key]
        guard !entry.escaped else { return string(key) == name.description }
        let start = Int(entry.start) + 1
        let count = Int(entry.end) - start
        guard count == name.utf8CodeUnitCount else { return false }
        let wanted = name.utf8Start
        for offset in 0..<count where bytes[start + offset] != wanted[offset] { return false }
        return true
    }

    /// Whether the string node's text is `word`.
    func stringEquals(_ node: Index, _ word: StaticString) -> Bool {
        entries[node].kind == .string && keyEquals(node, word)
    }

    /// A string node's text, its escapes decoded; nil for any other kind.
    func string(_ node: Index) -> String? {
        let entry = entries[node]
        guard entry.kind == .string else { return nil }
        let start = Int(entry.start) + 1
        let end = Int(entry.end)
        guard entry.escaped else { return String(decoding: bytes[start..<end], as: UTF8.self) }
        return JSONStrings.decode(bytes[start..<end])
    }

    func number(_ node: Index) -> Double? {
        let entry = entries[node]
        guard entry.kind == .number else { return nil }
        return JSONNumbers.value(bytes, from: Int(entry.start), to: Int(entry.end))
    }

    func bool(_ node: Index) -> Bool? {
        switch entries[node].kind {
        case .true: true
        case .false: false
        default: nil
        }
    }

    /// `member`'s value as a string, number or bool, when it is one.
    func string(_ name: StaticString, of object: Index) -> String? { member(name, of: object).flatMap(string) }
    func number(_ name: StaticString, of object: Index) -> Double? { member(name, of: object).flatMap(number) }
    func bool(_ name: StaticString, of object: Index) -> Bool? { member(name, of: object).flatMap(bool) }

    /// Where a node starts, as the spec format counts: 1-based lines, columns in Unicode
    /// characters, a byte-order mark no column.
    func mark(_ node: Index) -> Mark { mark(atByte: Int(entries[node].start)) }

    func mark(atByte offset: Int) -> Mark {
        JSONPositions.mark(atByte: offset, in: bytes, lineStarts: lineStarts)
    }
}

enum JSONPositions {
    static func mark(atByte offset: Int, in bytes: [UInt8], lineStarts: [UInt32]) -> Mark {
        // The last line that starts at or before the offset.
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if Int(lineStarts[middle]) <= offset { low = middle } else { high = middle - 1 }
        }
        let lineStart = lineStarts.isEmpty ? 0 : Int(lineStarts[low])
        var column = 1
        var index = lineStart
        let stop = min(offset, bytes.count)
        while index < stop {
            // A UTF-8 continuation byte is no character of its own.
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return Mark(line: low + 1, column: column, offset: offset)
    }
}

enum JSONStrings {
    /// The text of a string's bytes between its quotes, escapes decoded; the parser has
    /// checked the escapes already. A lone surrogate becomes U+FFFD.
    static func decode(_ raw: ArraySlice<UInt8>) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var index = raw.startIndex
        var pendingHigh: UInt32?
        func flushHigh() {
            if pendingHigh != nil {
                appendScalar(0xFFFD, to: &out)
                pendingHigh = nil
            }
        }
        while index < raw.endIndex {
            let byte = raw[index]
            guard byte == UInt8(ascii: "\\"), index + 1 < raw.endIndex else {
                flushHigh()
                out.append(byte)
                index += 1
                continue
            }
            let escape = raw[index + 1]
            index += 2
            if escape == UInt8(ascii: "u"), index + 4 <= raw.endIndex {
                var code: UInt32 = 0
                for digit in raw[index..<(index + 4)] { code = code * 16 + UInt32(hexValue(digit)) }
                index += 4
                if (0xD800...0xDBFF).contains(code) {
                    flushHigh()
                    pendingHigh = code
                } else if (0xDC00...0xDFFF).contains(code), let high = pendingHigh {
                    pendingHigh = nil
                    appendScalar(0x10000 + ((high - 0xD800) << 10) + (code - 0xDC00), to: &out)
                } else {
                    flushHigh()
                    appendScalar((0xDC00...0xDFFF).contains(code) ? 0xFFFD : code, to: &out)
                }
                continue
            }
            flushHigh()
            switch escape {
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            default: out.append(escape)
            }
        }
        flushHigh()
        return String(decoding: out, as: UTF8.self)
    }

    static func hexValue(_ byte: UInt8) -> UInt8 {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: 0
        }
    }

    private static func appendScalar(_ value: UInt32, to out: inout [UInt8]) {
        let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
        out.append(contentsOf: String(Character(scalar)).utf8)
    }
}

enum JSONNumbers {
    private static let powers: [Double] = [
        1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19,
        1e20, 1e21, 1e22,
    ]

    /// The value of a number's text, which the parser has checked against JSON's grammar.
    /// Up to 15 significant digits and a power of ten up to 22 it is one exact integer and
    /// one correctly rounded multiplication or division (Clinger's fast path), which is what
    /// `strtod` gives; anything longer goes to the standard library's conversion.
    static func value(_ bytes: [UInt8], from start: Int, to end: Int) -> Double? {
        var index = start
        var negative = false
        if index < end, bytes[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        var mantissa: UInt64 = 0
        var digits = 0
        var scale = 0
        var sawDot = false
        while index < end {
            let byte = bytes[index]
            if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                if mantissa != 0 || byte != UInt8(ascii: "0") { digits += 1 }
                if digits > 15 { return slow(bytes, start, end) }
                mantissa = mantissa * 10 + UInt64(byte - UInt8(ascii: "0"))
                if sawDot { scale -= 1 }
            } else if byte == UInt8(ascii: ".") {
                sawDot = true
            } else {
                break
            }
            index += 1
        }
        if index < end {
            // An exponent.
            index += 1
            var exponentNegative = false
            if index < end, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                exponentNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            var exponent = 0
            while index < end {
                exponent = exponent * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                if exponent > 400 { return slow(bytes, start, end) }
                index += 1
            }
            scale += exponentNegative ? -exponent : exponent
        }
        var value = Double(mantissa)
        if mantissa != 0 {
            guard abs(scale) <= 22 else { return slow(bytes, start, end) }
            value = scale < 0 ? value / powers[-scale] : value * powers[scale]
        }
        return negative ? -value : value
    }

    private static func slow(_ bytes: [UInt8], _ start: Int, _ end: Int) -> Double? {
        Double(String(decoding: bytes[start..<end], as: UTF8.self))
    }
}
