/// Minimal JSON text building: deterministic, byte for byte, with no Foundation bridging.
public enum JSONText {
    public static func string(_ value: String) -> String {
        var out = ""
        out.reserveCapacity(value.utf8.count + 2)
        appendString(value, to: &out)
        return out
    }

    public static func optional(_ value: String?) -> String {
        value.map(string) ?? "null"
    }

    /// Appends `value` as a JSON string, quotes included, without building a separate string.
    public static func appendString(_ value: String, to out: inout String) {
        out.append("\"")
        var bytes = value
        let plain = bytes.withUTF8 { utf8 in !utf8.indices.contains { escape(at: $0, in: utf8) != nil } }
        if plain {
            // Most text needs no escape at all, and is appended as it is.
            out.append(value)
        } else {
            bytes.withUTF8 { utf8 in appendEscaped(utf8, to: &out) }
        }
        out.append("\"")
    }

    private static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout String) {
        var runStart = 0
        var index = 0
        while index < bytes.count {
            guard let (escape, width) = escape(at: index, in: bytes) else {
                index += 1
                continue
            }
            if runStart < index {
                out.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[runStart..<index]), as: UTF8.self))
            }
            out.append(escape)
            index += width
            runStart = index
        }
        if runStart < bytes.count {
            out.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[runStart...]), as: UTF8.self))
        }
    }

    /// False only when none of the eight bytes of `word` can start an escape: each is at
    /// least 0x20, under 0x7F, and neither a quote nor a backslash. True may be wrong (the
    /// bytes are then looked at one by one), false never is.
    @inline(__always)
    static func mayNeedEscape(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        func hasZeroByte(_ value: UInt64) -> Bool { (value &- ones) & ~value & highs != 0 }
        let control = (word &- 0x2020_2020_2020_2020) & ~word & highs
        let high = (word &+ ones) | word
        return control != 0 || high & highs != 0 || hasZeroByte(word ^ (ones &* 0x22)) || hasZeroByte(word ^ (ones &* 0x5C))
    }

    public static func appendOptional(_ value: String?, to out: inout String) {
        if let value { appendString(value, to: &out) } else { out.append("null") }
    }

    /// The escape for the character starting at `index`, and how many bytes it replaces; nil
    /// when it is written as is. Quotes, backslashes, control characters, DEL, and the line and
    /// paragraph separators (which JavaScript does not allow raw in strings) are escaped.
    private static func escape(at index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (String, Int)? {
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "\""): return ("\\\"", 1)
        case UInt8(ascii: "\\"): return ("\\\\", 1)
        case UInt8(ascii: "\n"): return ("\\n", 1)
        case UInt8(ascii: "\r"): return ("\\r", 1)
        case UInt8(ascii: "\t"): return ("\\t", 1)
        case 0x00..<0x20, 0x7F:
            let hex = String(byte, radix: 16)
            return ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex, 1)
        case 0xE2:
            // U+2028 and U+2029 are E2 80 A8 and E2 80 A9 in UTF-8.
            guard index + 2 < bytes.count, bytes[index + 1] == 0x80 else { return nil }
            switch bytes[index + 2] {
            case 0xA8: return ("\\u2028", 3)
            case 0xA9: return ("\\u2029", 3)
            default: return nil
            }
        default:
            return nil
        }
    }
}
