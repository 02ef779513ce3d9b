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

    /// Appends `value` as a JSON string, quotes included. Most text needs no escape and is
    /// appended as it is; the rest is escaped by `JSONBytes`, the one place the escapes are written.
    public static func appendString(_ value: String, to out: inout String) {
        var text = value
        if text.withUTF8({ !mayNeedEscape($0) }) {
            out.append("\"")
            out.append(value)
            out.append("\"")
            return
        }
        var bytes = JSONBytes(capacity: value.utf8.count + 16)
        bytes.string(value)
        out.append(bytes.text())
    }

    /// False only when no byte of `utf8` can start an escape (`JSONBytes.mayEscape`).
    static func mayNeedEscape(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let start = utf8.baseAddress else { return false }
        var index = 0
        while index + 8 <= utf8.count {
            if mayNeedEscape(UnsafeRawPointer(start + index).loadUnaligned(as: UInt64.self)) { break }
            index += 8
        }
        while index < utf8.count {
            if JSONBytes.mayEscape(utf8[index]) { return true }
            index += 1
        }
        return false
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
}
