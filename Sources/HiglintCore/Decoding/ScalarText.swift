/// The scalar spellings the reader takes, matched on a scalar's bytes.
extension NodeReader {
    static func bool(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        // The spellings people write, before the case-folding that covers the rest.
        if bytes.elementsEqual("true".utf8) { return true }
        if bytes.elementsEqual("false".utf8) { return false }
        switch String(decoding: bytes, as: UTF8.self).lowercased() {
        case "true", "yes", "on", "y": return true
        case "false", "no", "off", "n": return false
        default: return nil
        }
    }

    static func parseNumber(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        if let value = smallInteger(bytes) { return value }
        guard let first = bytes.first,
              first == UInt8(ascii: "-") || first == UInt8(ascii: "+") || first == UInt8(ascii: ".")
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first),
              let value = Double(String(decoding: bytes, as: UTF8.self)), value.isFinite
        else { return nil }
        return value
    }

    /// Plain decimal integers of up to 15 digits, which is most of what specs hold
    /// (points). Such a value is exact in a Double, so this agrees with `Double(text)`
    /// and skips the C library's general conversion.
    static func smallInteger(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
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
    }
}
