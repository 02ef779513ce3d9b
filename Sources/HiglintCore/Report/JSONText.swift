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
        var index = plainPrefixCount(utf8)
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
        escapeSuspects(word) != 0
    }

    /// Nonzero when `mayNeedEscape(word)`; no branch, so that two words' suspects can be
    /// joined and tested once.
    @inline(__always)
    static func escapeSuspects(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        // A byte of zero in `value` sets its high bit here (bits above the first such byte
        // may be set wrongly, which only makes a word suspect).
        func zeroBytes(_ value: UInt64) -> UInt64 { (value &- ones) & ~value }
        let control = (word &- 0x2020_2020_2020_2020) & ~word
        let high = (word &+ ones) | word
        return (control | high | zeroBytes(word ^ (ones &* 0x22)) | zeroBytes(word ^ (ones &* 0x5C))) & highs
    }

    /// How many of the first bytes of `utf8` surely need no escape, read a word at a time:
    /// all of them for most text; otherwise fewer, and the first byte that does, if any,
    /// is at that count or after it. The last bytes are read as one word that overlaps the
    /// bytes before them, rather than one by one.
    @inline(__always)
    static func plainPrefixCount(_ utf8: UnsafeBufferPointer<UInt8>) -> Int {
        guard let start = utf8.baseAddress, utf8.count >= 8 else { return 0 }
        let text = UnsafeRawPointer(start)
        let count = utf8.count
        var index = 0
        while index + 16 <= count {
            let first = escapeSuspects(text.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            let second = escapeSuspects(text.loadUnaligned(fromByteOffset: index + 8, as: UInt64.self))
            if first | second != 0 { return first != 0 ? index : index + 8 }
            index += 16
        }
        if index + 8 <= count {
            if mayNeedEscape(text.loadUnaligned(fromByteOffset: index, as: UInt64.self)) { return index }
            index += 8
        }
        if index < count, !mayNeedEscape(text.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)) { return count }
        return index
    }

    public static func appendOptional(_ value: String?, to out: inout String) {
        if let value { appendString(value, to: &out) } else { out.append("null") }
    }
}
