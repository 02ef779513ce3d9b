/// JSON text appended as bytes to raw memory that grows by doubling, for the writers of
/// big outputs (a report's findings, the screens sent to plugins). Raw memory rather than an
/// array: an array checks its uniqueness and capacity at every byte appended, which made
/// rendering two thirds of what a plugin adds to a review, and about 7,500 instructions of a
/// report's finding. Owned by one caller, who takes the bytes out at the end.
struct JSONBytes: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int = 8192) {
        self.capacity = max(16, capacity)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    /// Appends what was written to `bytes`, with room for `extra` more that the caller
    /// appends next; the buffer is then empty.
    mutating func move(to bytes: inout [UInt8], leaving extra: Int = 0) {
        bytes.reserveCapacity(bytes.count + count + extra)
        bytes.append(contentsOf: UnsafeBufferPointer(start: base, count: count))
        count = 0
    }

    /// What was written, as text (it is UTF-8: every string came in as one).
    consuming func text() -> String {
        String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self)
    }

    /// Room for `extra` more bytes.
    @inline(__always)
    mutating func reserve(_ extra: Int) {
        if count + extra > capacity { grow(count + extra) }
    }

    private mutating func grow(_ needed: Int) {
        var larger = capacity * 2
        while larger < needed { larger *= 2 }
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        moved.update(from: base, count: count)
        base.deallocate()
        base = moved
        capacity = larger
    }

    @inline(__always)
    mutating func byte(_ value: UInt8) {
        reserve(1)
        base[count] = value
        count += 1
    }

    @inline(__always)
    mutating func bytes(_ source: UnsafeBufferPointer<UInt8>) {
        guard let start = source.baseAddress, !source.isEmpty else { return }
        reserve(source.count)
        (base + count).update(from: start, count: source.count)
        count += source.count
    }

    @inline(__always)
    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes($0) }
    }

    mutating func integer(_ value: Int) {
        // At most 20 bytes: a sign and the 19 digits of Int.max.
        reserve(20)
        if value < 0 {
            base[count] = UInt8(ascii: "-")
            count += 1
        }
        var magnitude = value.magnitude
        var digits = 1
        var scale: UInt = 10
        while digits < 20, magnitude >= scale {
            digits += 1
            if scale > UInt.max / 10 { break }
            scale *= 10
        }
        var position = count + digits - 1
        repeat {
            base[position] = UInt8(ascii: "0") + UInt8(magnitude % 10)
            magnitude /= 10
            position -= 1
        } while magnitude > 0
        count += digits
    }

    /// A JSON string: the escapes of every JSON writer (`JSONText` hands its text here when it
    /// needs one); most text needs no escape and is copied as it is.
    mutating func string(_ value: String) {
        // Native text lends its bytes in place; other text (bridged, or small and inline) is made contiguous first.
        if value.utf8.withContiguousStorageIfAvailable({ escaped($0) }) != nil { return }
        var text = value
        text.withUTF8 { escaped($0) }
    }

    /// `string(_:)` of a string's UTF-8 bytes.
    mutating func string(utf8: UnsafeBufferPointer<UInt8>) {
        escaped(utf8)
    }

    /// `string(value)`, or `null` for none.
    mutating func string(_ value: String?) {
        if let value { string(value) } else { raw("null") }
    }

    /// Quotes, backslashes, control characters, DEL, and E2 (the lead byte of U+2028 and
    /// U+2029): one shift and mask for the bytes below 0x40, where most of them are.
    @inline(__always)
    static func mayEscape(_ unit: UInt8) -> Bool {
        // Bits 0x00 to 0x1F and 0x22 (the quote).
        if unit < 0x40 { return (0x0000_0004_FFFF_FFFF as UInt64) >> UInt64(unit) & 1 != 0 }
        if unit < 0x80 { return unit == UInt8(ascii: "\\") || unit == 0x7F }
        return unit == 0xE2
    }

    private mutating func escaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        reserve(utf8.count + 2)
        base[count] = UInt8(ascii: "\"")
        count += 1
        var runStart = 0
        var index = JSONText.plainPrefixCount(utf8)
        while index < utf8.count {
            // Eight plain bytes at a time: most text has nothing to escape.
            if index + 8 <= utf8.count, let start = utf8.baseAddress,
               !JSONText.mayNeedEscape(UnsafeRawPointer(start + index).loadUnaligned(as: UInt64.self)) {
                index += 8
                continue
            }
            let unit = utf8[index]
            guard Self.mayEscape(unit) else {
                index += 1
                continue
            }
            if unit == 0xE2 && !(index + 2 < utf8.count && utf8[index + 1] == 0x80 && (utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9)) {
                index += 1
                continue
            }
            bytes(UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
            switch unit {
            case UInt8(ascii: "\""): raw("\\\"")
            case UInt8(ascii: "\\"): raw("\\\\")
            case UInt8(ascii: "\n"): raw("\\n")
            case UInt8(ascii: "\r"): raw("\\r")
            case UInt8(ascii: "\t"): raw("\\t")
            case 0xE2:
                if utf8[index + 2] == 0xA8 { raw("\\u2028") } else { raw("\\u2029") }
                index += 2
            default:
                raw("\\u00")
                byte(Self.hexDigit(unit >> 4))
                byte(Self.hexDigit(unit & 0x0F))
            }
            index += 1
            runStart = index
        }
        bytes(UnsafeBufferPointer(rebasing: utf8[runStart...]))
        byte(UInt8(ascii: "\""))
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }
}
