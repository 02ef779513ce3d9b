import HiglintCore

/// Reads a JSON text (RFC 8259) into a `JSONTree`, or says where and why it is not JSON.
/// One pass over the bytes, no recursion (nesting is a stack of open containers, bounded by
/// `maxDepth`), no string or number decoded.
enum JSONTreeParser {
    enum Outcome: Sendable {
        case tree(JSONTree)
        case malformed(message: String, mark: Mark)
        case tooDeep(mark: Mark)
    }

    static func parse(_ bytes: [UInt8], maxDepth: Int) -> Outcome {
        // Read through a buffer pointer: an array's subscript checks its bounds and its storage
        // at every byte, and the blanks of a pretty-printed file response are half its bytes.
        bytes.withUnsafeBufferPointer { buffer in
            var parser = Parser(array: bytes, bytes: buffer, maxDepth: maxDepth)
            return parser.run()
        }
    }

    private struct Failure: Error {
        var message: String
        var offset: Int
        var tooDeep = false
    }

    private struct Parser {
        /// What the tree keeps.
        let array: [UInt8]
        /// The same bytes, valid while `parse` runs; every index is checked against `count` before use.
        let bytes: UnsafeBufferPointer<UInt8>
        let maxDepth: Int
        var index = 0
        var entries: [JSONTree.Entry] = []
        var lineStarts: [UInt32] = [0]
        /// The open containers, innermost last.
        var open: [Int] = []

        init(array: [UInt8], bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
            self.array = array
            self.bytes = bytes
            self.maxDepth = maxDepth
            // About one node for every 14 bytes of a pretty-printed file response.
            entries.reserveCapacity(bytes.count / 12 + 8)
            lineStarts.reserveCapacity(bytes.count / 24 + 8)
        }

        mutating func run() -> Outcome {
            if bytes.count >= Int(UInt32.max) {
                return .malformed(message: "the file is too large to read as JSON", mark: .start)
            }
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
                index = 3
                lineStarts[0] = 3
            }
            do {
                try document()
            } catch {
                let mark = JSONPositions.mark(atByte: error.offset, in: array, lineStarts: lineStarts)
                return error.tooDeep ? .tooDeep(mark: mark) : .malformed(message: error.message, mark: mark)
            }
            return .tree(JSONTree(bytes: array, entries: entries, lineStarts: lineStarts))
        }

        private mutating func document() throws(Failure) {
            skipBlanks()
            guard index < bytes.count else { throw Failure(message: "the file is empty", offset: index) }
            try value()
            while !open.isEmpty {
                skipBlanks()
                let container = open[open.count - 1]
                let isObject = entries[container].kind == .object
                guard index < bytes.count else {
                    throw Failure(
                        message: "the file ends inside \(isObject ? "an object" : "an array") (a truncated download?)",
                        offset: index)
                }
                let byte = bytes[index]
                if byte == UInt8(ascii: ",") {
                    index += 1
                    if isObject { try key() }
                    try value()
                } else if byte == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    index += 1
                    entries[container].end = UInt32(entries.count)
                    open.removeLast()
                } else {
                    throw Failure(
                        message: "expected ',' or '\(isObject ? "}" : "]")' \(isObject ? "after a member" : "after an item"), found \(describe(byte))",
                        offset: index)
                }
            }
            skipBlanks()
            if index < bytes.count {
                throw Failure(message: "text after the end of the JSON value: \(describe(bytes[index]))", offset: index)
            }
        }

        /// A member's key and its colon, inside an object.
        private mutating func key() throws(Failure) {
            skipBlanks()
            guard index < bytes.count else { throw Failure(message: "the file ends inside an object (a truncated download?)", offset: index) }
            guard bytes[index] == UInt8(ascii: "\"") else {
                throw Failure(message: "expected a member's name in double quotes, found \(describe(bytes[index]))", offset: index)
            }
            try string()
            skipBlanks()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw Failure(
                    message: index < bytes.count ? "expected ':' after a member's name, found \(describe(bytes[index]))"
                        : "the file ends inside an object (a truncated download?)",
                    offset: index)
            }
            index += 1
        }

        /// One value; a container is opened and its first member or item read, the rest
        /// by `document`'s loop.
        private mutating func value() throws(Failure) {
            while true {
                skipBlanks()
                guard index < bytes.count else {
                    throw Failure(message: "the file ends where a value should be (a truncated download?)", offset: index)
                }
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    guard open.count < maxDepth else {
                        throw Failure(message: "", offset: index, tooDeep: true)
                    }
                    let isObject = byte == UInt8(ascii: "{")
                    let position = entries.count
                    entries.append(JSONTree.Entry(kind: isObject ? .object : .array, escaped: false, start: UInt32(index), end: 0))
                    index += 1
                    skipBlanks()
                    if index < bytes.count, bytes[index] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                        index += 1
                        entries[position].end = UInt32(entries.count)
                        return
                    }
                    open.append(position)
                    if isObject { try key() }
                    // The first member's or item's value, read here rather than by recursion.
                    continue
                case UInt8(ascii: "\""):
                    try string()
                case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    try number()
                case UInt8(ascii: "t"): try literal("true", .true)
                case UInt8(ascii: "f"): try literal("false", .false)
                case UInt8(ascii: "n"): try literal("null", .null)
                default:
                    throw Failure(message: "expected a value, found \(describe(byte))", offset: index)
                }
                return
            }
        }

        private mutating func string() throws(Failure) {
            let start = index
            index += 1
            var escaped = false
            while true {
                // The common run of plain bytes, without a check for each kind.
                var at = index
                let count = bytes.count
                while at < count {
                    let byte = bytes[at]
                    if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
                    at &+= 1
                }
                index = at
                guard index < bytes.count else {
                    throw Failure(message: "a string is not closed before the end of the file (a truncated download?)", offset: start)
                }
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") { break }
                if byte < 0x20 {
                    throw Failure(message: "a control character (\(describe(byte))) inside a string; it must be escaped", offset: index)
                }
                escaped = true
                guard index + 1 < bytes.count else {
                    throw Failure(message: "a string is not closed before the end of the file (a truncated download?)", offset: start)
                }
                switch bytes[index + 1] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                     UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    index += 2
                case UInt8(ascii: "u"):
                    guard index + 6 <= bytes.count, bytes[(index + 2)..<(index + 6)].allSatisfy(Self.isHexDigit) else {
                        throw Failure(message: "\\u in a string must be followed by four hexadecimal digits", offset: index)
                    }
                    index += 6
                default:
                    throw Failure(message: "\(describe(bytes[index + 1])) is not an escape JSON knows (after a backslash)", offset: index)
                }
            }
            entries.append(JSONTree.Entry(kind: .string, escaped: escaped, start: UInt32(start), end: UInt32(index)))
            index += 1
        }

        private static func isHexDigit(_ byte: UInt8) -> Bool {
            (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f"))
                || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "F"))
        }

        private mutating func number() throws(Failure) {
            let start = index
            if bytes[index] == UInt8(ascii: "-") { index += 1 }
            func digits() -> Int {
                let first = index
                while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
                return index - first
            }
            let integer = index
            let count = digits()
            guard count > 0 else { throw Failure(message: "a number needs a digit after its '-'", offset: start) }
            if count > 1, bytes[integer] == UInt8(ascii: "0") {
                throw Failure(message: "a number may not start with 0 (octal-looking numbers are not JSON)", offset: start)
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                guard digits() > 0 else { throw Failure(message: "a number needs a digit after its '.'", offset: start) }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
                guard digits() > 0 else { throw Failure(message: "a number's exponent needs a digit", offset: start) }
            }
            entries.append(JSONTree.Entry(kind: .number, escaped: false, start: UInt32(start), end: UInt32(index)))
        }

        private mutating func literal(_ word: StaticString, _ kind: JSONTree.Kind) throws(Failure) {
            let count = word.utf8CodeUnitCount
            guard index + count <= bytes.count,
                  (0..<count).allSatisfy({ bytes[index + $0] == word.utf8Start[$0] })
            else { throw Failure(message: "expected a value, found \(describe(bytes[index]))", offset: index) }
            entries.append(JSONTree.Entry(kind: kind, escaped: false, start: UInt32(index), end: UInt32(index + count)))
            index += count
        }

        /// Runs of spaces first, in a loop of their own: a pretty-printed file response is
        /// mostly its indentation, and one predictable test a byte is cheaper than the jump
        /// table a switch over the four blanks compiles to.
        private static let eightSpaces: UInt64 = 0x2020_2020_2020_2020

        private mutating func skipBlanks() {
            var at = index
            let count = bytes.count
            while at < count {
                var byte = bytes[at]
                if byte == 0x20, let base = bytes.baseAddress {
                    // Eight spaces at a time, then one at a time.
                    while at &+ 8 <= count, UnsafeRawPointer(base + at).loadUnaligned(as: UInt64.self) == Self.eightSpaces {
                        at &+= 8
                    }
                    while at < count, bytes[at] == 0x20 { at &+= 1 }
                    guard at < count else { break }
                    byte = bytes[at]
                }
                if byte == 0x0A {
                    at &+= 1
                    lineStarts.append(UInt32(at))
                } else if byte == 0x09 {
                    at &+= 1
                } else if byte == 0x0D {
                    at &+= 1
                    // CR LF is one line end; a CR alone is one too.
                    if at < count, bytes[at] == 0x0A { at &+= 1 }
                    lineStarts.append(UInt32(at))
                } else {
                    break
                }
            }
            index = at
        }

        private func describe(_ byte: UInt8) -> String {
            switch byte {
            case 0x20...0x7E: return "'\(Character(Unicode.Scalar(byte)))'"
            default: return "byte 0x" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
    }
}
