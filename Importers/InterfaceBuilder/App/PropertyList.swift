/// A property-list value, as either of the two plist syntaxes an Xcode project holds it:
/// the old ASCII form of `project.pbxproj` and the XML form of `Info.plist`.
enum PropertyList: Sendable, Equatable {
    case string(String)
    case bool(Bool)
    /// `<integer>` and `<real>`, kept as written: nothing here computes with them.
    case number(String)
    case array([PropertyList])
    case dictionary([String: PropertyList])
    /// `<date>` and `<data>`, whose contents no fact is read from.
    case other

    var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    var array: [PropertyList]? {
        if case .array(let value) = self { return value }
        return nil
    }

    var dictionary: [String: PropertyList]? {
        if case .dictionary(let value) = self { return value }
        return nil
    }

    subscript(_ key: String) -> PropertyList? { dictionary?[key] }

    /// A plist boolean, or the words Xcode and people write for one in a string (`YES`, `NO`).
    var bool: Bool? {
        switch self {
        case .bool(let value): return value
        case .string(let text), .number(let text):
            switch text.lowercased() {
            case "yes", "true", "1": return true
            case "no", "false", "0": return false
            default: return nil
            }
        default: return nil
        }
    }
}

/// Why a property list could not be read, and where.
struct PropertyListError: Error, Sendable, Equatable, CustomStringConvertible {
    var line: Int
    var column: Int
    var message: String

    var description: String { "\(line):\(column): \(message)" }
}

/// The old-style (OpenStep) ASCII property list of `project.pbxproj`: dictionaries
/// `{ key = value; }`, arrays `( a, b, )`, quoted and bare strings, `<hex data>`, and
/// `//` and `/* */` comments. Bounded: nesting deeper than `maximumDepth` is an error,
/// never a deep recursion, and every loop advances through the bytes, so any input ends.
struct OldStylePropertyListParser {
    static let maximumDepth = 64

    private let bytes: [UInt8]
    private var index = 0

    private init(_ bytes: [UInt8]) { self.bytes = bytes }

    static func parse(_ bytes: [UInt8]) -> Result<PropertyList, PropertyListError> {
        var parser = OldStylePropertyListParser(bytes)
        do {
            // A UTF-8 byte-order mark is allowed before the `// !$*UTF8*$!` line.
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
            let value = try parser.value(depth: 0)
            try parser.skipTrivia()
            if parser.index < bytes.count { throw parser.error("unexpected text after the top-level value") }
            return .success(value)
        } catch let error as PropertyListError {
            return .failure(error)
        } catch {
            return .failure(PropertyListError(line: 1, column: 1, message: "\(error)"))
        }
    }

    private func error(_ message: String) -> PropertyListError {
        var line = 1
        var column = 1
        for byte in bytes[..<min(index, bytes.count)] {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return PropertyListError(line: line, column: column, message: message)
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func skipTrivia() throws {
        while let byte = current {
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
                || byte == UInt8(ascii: "\r") || byte == 0x0B || byte == 0x0C {
                index += 1
            } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
                while let next = current, next != UInt8(ascii: "\n") { index += 1 }
            } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                let start = index
                index += 2
                while index + 1 < bytes.count, !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) {
                    index += 1
                }
                guard index + 1 < bytes.count else {
                    index = start
                    throw error("comment is not closed")
                }
                index += 2
            } else {
                return
            }
        }
    }

    private mutating func value(depth: Int) throws -> PropertyList {
        try skipTrivia()
        guard let byte = current else { throw error("expected a value, found the end of the file") }
        switch byte {
        case UInt8(ascii: "{"):
            guard depth < Self.maximumDepth else { throw error("nested deeper than \(Self.maximumDepth) levels") }
            return try dictionary(depth: depth + 1)
        case UInt8(ascii: "("):
            guard depth < Self.maximumDepth else { throw error("nested deeper than \(Self.maximumDepth) levels") }
            return try array(depth: depth + 1)
        case UInt8(ascii: "<"):
            return try data()
        default:
            return .string(try string())
        }
    }

    private mutating func dictionary(depth: Int) throws -> PropertyList {
        index += 1
        var entries: [String: PropertyList] = [:]
        while true {
            try skipTrivia()
            guard let byte = current else { throw error("dictionary is not closed with }") }
            if byte == UInt8(ascii: "}") {
                index += 1
                return .dictionary(entries)
            }
            let key = try string()
            try skipTrivia()
            guard current == UInt8(ascii: "=") else { throw error("expected = after the key \"\(key.prefix(40))\"") }
            index += 1
            let value = try value(depth: depth)
            try skipTrivia()
            guard current == UInt8(ascii: ";") else { throw error("expected ; after the value of \"\(key.prefix(40))\"") }
            index += 1
            // A repeated key keeps its last value.
            entries[key] = value
        }
    }

    private mutating func array(depth: Int) throws -> PropertyList {
        index += 1
        var items: [PropertyList] = []
        while true {
            try skipTrivia()
            guard let byte = current else { throw error("array is not closed with )") }
            if byte == UInt8(ascii: ")") {
                index += 1
                return .array(items)
            }
            items.append(try value(depth: depth))
            try skipTrivia()
            if current == UInt8(ascii: ",") {
                index += 1
            } else if current != UInt8(ascii: ")") {
                throw error("expected , or ) in an array")
            }
        }
    }

    private mutating func data() throws -> PropertyList {
        let start = index
        index += 1
        while let byte = current, byte != UInt8(ascii: ">") {
            guard Self.isHexDigit(byte) || byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n")
                || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
            else { throw error("data holds a byte that is not a hex digit") }
            index += 1
        }
        guard current == UInt8(ascii: ">") else {
            index = start
            throw error("data is not closed with >")
        }
        index += 1
        return .other
    }

    private mutating func string() throws -> String {
        guard let byte = current else { throw error("expected a string, found the end of the file") }
        if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") { return try quoted(byte) }
        let start = index
        while let next = current, Self.isBare(next) { index += 1 }
        guard index > start else { throw error("expected a string, found \(Self.describe(byte))") }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func quoted(_ quote: UInt8) throws -> String {
        let start = index
        index += 1
        var text: [UInt8] = []
        while true {
            guard let byte = current else {
                index = start
                throw error("string is not closed")
            }
            index += 1
            if byte == quote { return String(decoding: text, as: UTF8.self) }
            guard byte == UInt8(ascii: "\\") else {
                text.append(byte)
                continue
            }
            guard let escaped = current else {
                index = start
                throw error("string is not closed")
            }
            index += 1
            switch escaped {
            case UInt8(ascii: "n"): text.append(0x0A)
            case UInt8(ascii: "t"): text.append(0x09)
            case UInt8(ascii: "r"): text.append(0x0D)
            case UInt8(ascii: "a"): text.append(0x07)
            case UInt8(ascii: "b"): text.append(0x08)
            case UInt8(ascii: "f"): text.append(0x0C)
            case UInt8(ascii: "v"): text.append(0x0B)
            case UInt8(ascii: "U"), UInt8(ascii: "u"):
                var scalar: UInt32 = 0
                var digits = 0
                while digits < 4, let next = current, Self.isHexDigit(next) {
                    scalar = scalar * 16 + UInt32(Self.hexValue(next))
                    index += 1
                    digits += 1
                }
                text.append(contentsOf: Array(String(Unicode.Scalar(scalar).map(Character.init) ?? "\u{FFFD}").utf8))
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                var value = UInt32(escaped - UInt8(ascii: "0"))
                var digits = 1
                while digits < 3, let next = current, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(next) {
                    value = value * 8 + UInt32(next - UInt8(ascii: "0"))
                    index += 1
                    digits += 1
                }
                text.append(UInt8(truncatingIfNeeded: value))
            default:
                // `\\`, `\"`, `\'` and any other escaped byte stand for themselves.
                text.append(escaped)
            }
        }
    }

    private static func isBare(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        case UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: ":"),
             UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "@"), UInt8(ascii: "~"):
            return true
        default:
            // Bytes of UTF-8 sequences: hand-edited files carry bare non-ASCII names.
            return byte >= 0x80
        }
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8 {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        default: return byte - UInt8(ascii: "A") + 10
        }
    }

    private static func describe(_ byte: UInt8) -> String {
        (0x21...0x7E).contains(byte) ? "\"\(Character(Unicode.Scalar(byte)))\"" : "byte \(byte)"
    }
}
