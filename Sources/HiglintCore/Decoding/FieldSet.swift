import Glibc

/// The keys one kind of map may hold, as an enum whose raw values are the keys.
public protocol SpecField: RawRepresentable, CaseIterable, Hashable, Sendable where RawValue == String {}

/// A map's known keys, matched against a key's bytes without making a string of it.
struct FieldSet<Field: SpecField>: Sendable {
    let fields: [Field]
    /// The keys as written, for suggestions and for `SpecKeys`.
    let names: [String]
    private let keys: [[UInt8]]

    init(_ fields: [Field]) {
        self.fields = fields
        names = fields.map(\.rawValue)
        keys = names.map { Array($0.utf8) }
    }

    init() { self.init(Array(Field.allCases)) }

    func field(matching key: UnsafeBufferPointer<UInt8>) -> Field? {
        for index in keys.indices where keys[index].count == key.count {
            let equal = keys[index].withUnsafeBufferPointer { candidate in
                guard let lhs = candidate.baseAddress, let rhs = key.baseAddress else { return true }  // both empty
                return memcmp(lhs, rhs, key.count) == 0
            }
            if equal { return fields[index] }
        }
        return nil
    }
}
