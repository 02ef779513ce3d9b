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

    let fields: [Field]
    /// The keys as written, for suggestions and for `SpecKeys`.
    let names: [String]
    private let keys: [[UInt8]]
    private let heads: [Head]

    init(_ fields: [Field]) {
        self.fields = fields
        names = fields.map(\.rawValue)
        keys = names.map { Array($0.utf8) }
        heads = keys.map { key in key.withUnsafeBufferPointer(Self.head) }
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

    func field(matching key: UnsafeBufferPointer<UInt8>) -> Field? {
        let head = Self.head(of: key)
        return heads.withUnsafeBufferPointer { heads in
            for index in heads.indices where heads[index] == head {
                // Equal lengths and first eight bytes: only a longer key has more to compare.
                guard head.length > 8 else { return fields[index] }
                let equal = keys[index].withUnsafeBufferPointer { candidate in
                    guard let lhs = candidate.baseAddress, let rhs = key.baseAddress else { return false }
                    return memcmp(lhs + 8, rhs + 8, head.length - 8) == 0
                }
                if equal { return fields[index] }
            }
            return nil
        }
    }
}
