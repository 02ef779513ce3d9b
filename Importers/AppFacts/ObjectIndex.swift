#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A project file's `objects` table: each object's number, where its text is and, when the
/// text says it plainly, where its `isa` value is. Found by the bytes of an id (a multiply
/// hash a word at a time, open addressing): a project's ids are 24-character strings, too
/// long for Swift's small strings, so a `[String: ...]` table allocated one for each of the
/// file's objects and hashed it with SipHash at every look-up, which was most of the group
/// walk's cost.
struct ObjectIndex: Sendable {
    /// Each object's value in the file, by object number.
    private(set) var ranges: [Range<Int>] = []
    /// Each object's `isa` value, by object number, when the scan saw it plainly: a bare word
    /// that is the last `isa` entry of an object whose keys are all bare. nil: read it exactly.
    private(set) var isaRanges: [Range<Int>?] = []
    /// The ids' bytes, one after another; `keyRanges` says where each object's is.
    private var keyBytes: [UInt8] = []
    private var keyRanges: [Range<Int>] = []
    /// Object number + 1 in each slot (0: empty); a power of two long, at most half full.
    private var slots: [Int32]
    /// Every id as a string, once an id that is not ASCII was met. Swift strings are equal when
    /// they are canonically equivalent (`K` and the Kelvin sign), bytes only when they are the
    /// same; from then on ids are found as the dictionary of the full parse finds them.
    private var byString: [String: Int]?

    init(expectedCount: Int) {
        var size = 16
        while size < expectedCount * 2 { size <<= 1 }
        slots = Array(repeating: 0, count: size)
        ranges.reserveCapacity(expectedCount)
        isaRanges.reserveCapacity(expectedCount)
        keyRanges.reserveCapacity(expectedCount)
        keyBytes.reserveCapacity(expectedCount * 24)
    }

    var count: Int { ranges.count }

    /// Sets the object of id `key` (its UTF-8): a repeated id keeps its number and takes the
    /// later value, as a dictionary keeps the last.
    mutating func set(_ key: UnsafeBufferPointer<UInt8>, range: Range<Int>, isa: Range<Int>?) {
        let (hash, isASCII) = Self.hashAndASCII(key)
        if byString == nil, !isASCII {
            var table = [String: Int](minimumCapacity: ranges.count * 2)
            for number in ranges.indices { table[id(of: number)] = number }
            byString = table
        }
        if byString != nil {
            if let number = number(ofKey: key) {
                ranges[number] = range
                isaRanges[number] = isa
                return
            }
            // The slots are not read from now on.
            let number = append(key, range: range, isa: isa)
            byString?[String(decoding: key, as: UTF8.self)] = number
            return
        }
        if (ranges.count + 1) * 2 > slots.count { grow() }
        // One probe finds the id or the empty slot it goes in.
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let entry = Int(slots[slot])
            if entry == 0 {
                slots[slot] = Int32(append(key, range: range, isa: isa) + 1)
                return
            }
            if matches(entry - 1, key) {
                ranges[entry - 1] = range
                isaRanges[entry - 1] = isa
                return
            }
            slot = (slot + 1) & mask
        }
    }

    private mutating func append(_ key: UnsafeBufferPointer<UInt8>, range: Range<Int>, isa: Range<Int>?) -> Int {
        let start = keyBytes.count
        keyBytes.append(contentsOf: key)
        keyRanges.append(start..<keyBytes.count)
        ranges.append(range)
        isaRanges.append(isa)
        return ranges.count - 1
    }

    private func matches(_ number: Int, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        let range = keyRanges[number]
        guard range.count == key.count else { return false }
        if key.isEmpty { return true }
        return keyBytes.withUnsafeBufferPointer { memcmp($0.baseAddress! + range.lowerBound, key.baseAddress!, key.count) == 0 }
    }

    /// The number of the object whose id is `id`: the object a `[String: ...]` table would give.
    func number(of id: String) -> Int? {
        if let byString { return byString[id] }
        var id = id
        return id.withUTF8 { key in
            if key.allSatisfy({ $0 < 0x80 }) { return number(ofKey: key) }
            // Every id is ASCII; one that is not may still be canonically equivalent to one.
            let wanted = String(decoding: key, as: UTF8.self)
            return ranges.indices.first { self.id(of: $0) == wanted }
        }
    }

    /// The number of the object whose id has the bytes `key` (valid UTF-8).
    func number(ofKey key: UnsafeBufferPointer<UInt8>) -> Int? {
        if let byString { return byString[String(decoding: key, as: UTF8.self)] }
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: Self.hash(key)) & mask
        while true {
            let entry = Int(slots[slot])
            if entry == 0 { return nil }
            if matches(entry - 1, key) { return entry - 1 }
            slot = (slot + 1) & mask
        }
    }

    /// The id of object `number`.
    func id(of number: Int) -> String {
        String(decoding: keyBytes[keyRanges[number]], as: UTF8.self)
    }

    /// Every object's value by id: what a `[String: Range<Int>]` table would hold.
    var rangesByID: [String: Range<Int>] {
        var out: [String: Range<Int>] = [:]
        for number in ranges.indices { out[id(of: number)] = ranges[number] }
        return out
    }

    private mutating func insertSlot(_ number: Int, hash: UInt64) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(number + 1)
    }

    private mutating func grow() {
        slots = Array(repeating: 0, count: slots.count * 2)
        for number in keyRanges.indices {
            let hash = keyBytes.withUnsafeBufferPointer { Self.hash(UnsafeBufferPointer(rebasing: $0[keyRanges[number]])) }
            insertSlot(number, hash: hash)
        }
    }

    /// Eight bytes at a time: each word mixed in by a multiply, the last few bytes one by one,
    /// then the high bits (which every byte reaches) folded into the low ones the slot is
    /// taken from. A project's ids are 24 bytes: a byte at a time, hashing was a third of
    /// inserting an id.
    private static func hash(_ key: UnsafeBufferPointer<UInt8>) -> UInt64 {
        hashAndASCII(key).hash
    }

    /// The hash, and whether every byte is ASCII, in one pass.
    @inline(__always)
    private static func hashAndASCII(_ key: UnsafeBufferPointer<UInt8>) -> (hash: UInt64, isASCII: Bool) {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        var high: UInt64 = 0
        let count = key.count
        var position = 0
        if let base = key.baseAddress {
            let raw = UnsafeRawPointer(base)
            while position + 8 <= count {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: position, as: UInt64.self))
                hash = (hash ^ word) &* 0x9E37_79B9_7F4A_7C15
                high |= word
                position += 8
            }
            while position < count {
                let byte = UInt64(base[position])
                hash = (hash ^ byte) &* 0x0000_0100_0000_01B3
                high |= byte
                position += 1
            }
        }
        hash = (hash ^ (hash &>> 32)) &* 0xD6E8_FEB8_6659_FD93
        return (hash ^ (hash &>> 29), high & 0x8080_8080_8080_8080 == 0)
    }
}
