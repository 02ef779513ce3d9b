import Glibc

/// The keys one kind of map may hold, as an enum whose raw values are the keys.
public protocol SpecField: RawRepresentable, CaseIterable, Hashable, Sendable where RawValue == String {}

/// A map's known keys, matched against a key's bytes without making a string of it.
struct FieldSet<Field: SpecField>: Sendable {
    /// A known key's length and its first eight bytes (zero-padded), compared as two
    /// integers before any byte beyond the eighth: every key of a map is matched here.
    struct Head: Sendable, Equatable {
        var length: Int
        var bytes: UInt64
    }

    /// A place of the open-addressed table: a known key's head and its index in `fields`
    /// (-1 for an empty place).
    struct Slot: Sendable {
        var head: Head
        var index: Int
    }

    let fields: [Field]
    /// The keys as written, for suggestions and for `SpecKeys`.
    let names: [String]
    private let keys: [[UInt8]]
    /// The heads by a hash of theirs, so that a key is found in about one compare, not one
    /// per known key (an element has seventeen); a power of two at least twice their number.
    private let slots: [Slot]
    private let suggestions: ClosestMatchMemo

    init(_ fields: [Field]) {
        self.fields = fields
        names = fields.map(\.rawValue)
        suggestions = ClosestMatchMemo(candidates: names)
        keys = names.map { Array($0.utf8) }
        var size = 16
        while size < 2 * fields.count { size *= 2 }
        var slots = [Slot](repeating: Slot(head: Head(length: 0, bytes: 0), index: -1), count: size)
        for (index, key) in keys.enumerated() {
            let head = key.withUnsafeBufferPointer { Self.head(of: $0) }
            var place = Self.place(of: head, size: size)
            // A key named twice keeps its first place, as the scan in order found it first.
            while slots[place].index >= 0, slots[place].head != head || keys[slots[place].index] != key {
                place = (place + 1) & (size - 1)
            }
            if slots[place].index < 0 { slots[place] = Slot(head: head, index: index) }
        }
        self.slots = slots
    }

    init() { self.init(Array(Field.allCases)) }

    static func head(of key: UnsafeBufferPointer<UInt8>) -> Head {
        guard let base = key.baseAddress else { return Head(length: 0, bytes: 0) }
        if key.count >= 8 {
            return Head(length: key.count, bytes: UInt64(littleEndian: UnsafeRawPointer(base).loadUnaligned(as: UInt64.self)))
        }
        var bytes: UInt64 = 0
        for index in 0..<key.count { bytes |= UInt64(base[index]) << (8 * UInt64(index)) }
        return Head(length: key.count, bytes: bytes)
    }

    /// `head(of:)` for a key followed by at least eight readable bytes (a document's scalars
    /// are, `YAMLDocument.textPadding`): one load and a mask instead of a loop over its bytes.
    @inline(__always)
    static func head(ofPadded key: UnsafeBufferPointer<UInt8>) -> Head {
        guard let base = key.baseAddress else { return Head(length: 0, bytes: 0) }
        let loaded = UInt64(littleEndian: UnsafeRawPointer(base).loadUnaligned(as: UInt64.self))
        let bytes = key.count >= 8 ? loaded : loaded & ((1 << (8 * UInt64(key.count))) &- 1)
        return Head(length: key.count, bytes: bytes)
    }

    @inline(__always)
    static func place(of head: Head, size: Int) -> Int {
        let mixed = (head.bytes ^ UInt64(truncatingIfNeeded: head.length) &* 0x9E37_79B9) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed >> 40) & (size - 1)
    }

    /// The known key an unknown one most likely meant (`closestMatch`), if any.
    func suggestion(for key: String) -> String? {
        suggestions.closest(to: key)
    }

    func field(matching key: UnsafeBufferPointer<UInt8>) -> Field? {
        field(key, head: Self.head(of: key))
    }

    /// `field(matching:)` for a key followed by at least eight readable bytes.
    func field(matchingPadded key: UnsafeBufferPointer<UInt8>) -> Field? {
        field(key, head: Self.head(ofPadded: key))
    }

    @inline(__always)
    private func field(_ key: UnsafeBufferPointer<UInt8>, head: Head) -> Field? {
        slots.withUnsafeBufferPointer { slots in
            let mask = slots.count - 1
            var place = Self.place(of: head, size: slots.count)
            while true {
                let slot = slots[place]
                if slot.index < 0 { return nil }
                if slot.head == head {
                    // Equal lengths and first eight bytes: only a longer key has more to compare.
                    guard head.length > 8 else { return fields[slot.index] }
                    let equal = keys[slot.index].withUnsafeBufferPointer { candidate in
                        guard let lhs = candidate.baseAddress, let rhs = key.baseAddress else { return false }
                        return memcmp(lhs + 8, rhs + 8, head.length - 8) == 0
                    }
                    if equal { return fields[slot.index] }
                }
                place = (place + 1) & mask
            }
        }
    }
}
