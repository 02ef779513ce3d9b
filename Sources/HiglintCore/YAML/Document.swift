/// A position in a source file. Lines and columns are 1-based; `offset` is the
/// 0-based character index libyaml reports, kept so that a future fixer can edit
/// the text in place.
public struct Mark: Sendable, Hashable, Comparable, BitwiseCopyable {
    public var line: Int
    public var column: Int
    public var offset: Int

    public init(line: Int, column: Int, offset: Int = 0) {
        self.line = line
        self.column = column
        self.offset = offset
    }

    public static let start = Mark(line: 1, column: 1, offset: 0)

    public static func < (lhs: Mark, rhs: Mark) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}

/// A node of a `YAMLDocument`: a handle, read through the document it came from.
///
/// An alias is its anchor's node seen from where the alias is written: the content
/// is the anchor's (`index`), the position is the alias's own (`site`), so findings
/// point at what the designer wrote there. Nothing is copied to expand an alias.
public struct Node: Sendable, Hashable {
    let index: Int32
    let site: Int32
}

/// One YAML document, its nodes in one flat array in document order.
///
/// A collection's children follow it, each subtree ending where `next` says; a
/// scalar's text is a range of one shared byte buffer. So a document costs a few
/// arrays however many nodes it has, rather than an array and a string per node,
/// and the decoder reads map keys as bytes without making strings of them.
public struct YAMLDocument: Sendable {
    public enum Kind: UInt8, Sendable {
        case scalar
        case mapping
        case sequence
    }

    /// A collection's `style`: written in brackets or braces rather than by indentation.
    static let flowStyle: UInt8 = 1

    public enum ScalarStyle: UInt8, Sendable {
        case plain
        case quoted
        case block
    }

    struct Record: Sendable, BitwiseCopyable, Equatable {
        /// The `kind` of an alias's record, beside `Kind`'s three. No `Node` ever has
        /// its index on one (`node(_:at:)` resolves it), so `Kind` need not name it.
        static let alias: UInt8 = 3
        /// Flags.
        static let tagged: UInt8 = 1
        /// A map key written again; the loader keeps the first, so readers skip this entry.
        static let repeatedKey: UInt8 = 2

        /// Where the node starts, kept as 32-bit parts (a document is under 2^30 bytes) so
        /// that the record, end included, fits in 32 bytes.
        var startLine: Int32
        var startColumn: Int32
        var startOffset: Int32
        /// The character index just past the node (libyaml's end mark). A block collection's
        /// lies wherever the next token starts, after any comments; `end(_:)` corrects for that.
        var end: Int32
        /// A scalar's first byte in `text`; a collection's number of children; an alias's anchor.
        var payload: Int32
        /// A scalar's length in bytes.
        var length: Int32
        /// The record after this node's subtree.
        var next: Int32
        var kind: UInt8
        var style: UInt8
        var flags: UInt8

        init(start: Mark, end: Int32, payload: Int32, length: Int32, next: Int32, kind: UInt8, style: UInt8, flags: UInt8) {
            self.init(line: start.line &- 1, column: start.column &- 1, offset: start.offset, end: Int(end), payload: payload,
                      length: length, next: next, kind: kind, style: style, flags: flags)
        }

        /// A record from libyaml's 0-based mark parts (`yaml_mark_t`), as `init(start:...)` keeps them.
        @inline(__always)
        init(line: Int, column: Int, offset: Int, end: Int, payload: Int32, length: Int32, next: Int32, kind: UInt8, style: UInt8, flags: UInt8) {
            startLine = Int32(truncatingIfNeeded: line &+ 1)
            startColumn = Int32(truncatingIfNeeded: column &+ 1)
            startOffset = Int32(truncatingIfNeeded: offset)
            self.end = Int32(truncatingIfNeeded: end)
            self.payload = payload
            self.length = length
            self.next = next
            self.kind = kind
            self.style = style
            self.flags = flags
        }

        var start: Mark { Mark(line: Int(startLine), column: Int(startColumn), offset: Int(startOffset)) }
    }

    /// The arrays behind one reference, so that a copy of the document (each reader
    /// and each walk over a map holds one) costs one retain, not one per array.
    final class Storage: Sendable {
        let records: [Record]
        let text: [UInt8]

        init(records: [Record], text: [UInt8]) {
            self.records = records
            self.text = text
        }
    }

    /// Zero bytes after the last scalar's text, so that a reader may load eight bytes from
    /// any scalar's start (`FieldSet.field(matchingPadded:)`) whatever its length.
    static let textPadding = 8

    let storage: Storage
    /// Nil for an empty document (`---` and nothing else).
    public let root: Node?
    public let duplicateKeys: [DuplicateKey]
    public let start: Mark

    init(records: [Record], text: [UInt8], root: Node?, duplicateKeys: [DuplicateKey], start: Mark) {
        storage = Storage(records: records, text: text)
        self.root = root
        self.duplicateKeys = duplicateKeys
        self.start = start
    }

    var records: [Record] { storage.records }
    var text: [UInt8] { storage.text }

    // MARK: - Reading a node

    // The small readers are inlined: the decoder asks each node its kind, start and null-ness,
    // and a call for each was about a tenth of its walk over a map.

    @inline(__always)
    public func kind(_ node: Node) -> Kind {
        Kind(rawValue: records[Int(node.index)].kind) ?? .scalar
    }

    /// Where the node is written (for an alias, the alias itself).
    @inline(__always)
    public func start(_ node: Node) -> Mark {
        records[Int(node.site)].start
    }

    @inline(__always)
    public func style(_ node: Node) -> ScalarStyle {
        ScalarStyle(rawValue: records[Int(node.index)].style) ?? .plain
    }

    /// Whether the document wrote an explicit tag such as `!!str` on the node.
    @inline(__always)
    public func isTagged(_ node: Node) -> Bool {
        records[Int(node.index)].flags & Record.tagged != 0
    }

    /// The scalar's text, or nil for collections.
    public func scalar(_ node: Node) -> String? {
        let record = records[Int(node.index)]
        guard record.kind == Kind.scalar.rawValue else { return nil }
        return text.withUnsafeBufferPointer { buffer in
            String(decoding: UnsafeBufferPointer(rebasing: buffer[Int(record.payload)..<Int(record.payload + record.length)]), as: UTF8.self)
        }
    }

    /// Calls `body` with a scalar's bytes (nil for a collection), without making a string of them.
    /// At least `textPadding` bytes can be read from the bytes' start, past their end included.
    @inline(__always)
    func withScalarBytes<Result>(_ node: Node, _ body: (UnsafeBufferPointer<UInt8>?) -> Result) -> Result {
        let record = records[Int(node.index)]
        guard record.kind == Kind.scalar.rawValue else { return body(nil) }
        return text.withUnsafeBufferPointer { buffer in
            body(UnsafeBufferPointer(rebasing: buffer[Int(record.payload)..<Int(record.payload + record.length)]))
        }
    }

    /// True for the YAML null spellings, written plainly (`~`, `null`, or nothing).
    @inline(__always)
    public func isNull(_ node: Node) -> Bool {
        let record = records[Int(node.index)]
        guard record.kind == Kind.scalar.rawValue, record.style == ScalarStyle.plain.rawValue,
              record.flags & Record.tagged == 0,
              // Only these lengths can spell null; most scalars are done with here, unread.
              record.length == 0 || record.length == 1 || record.length == 4
        else { return false }
        return withScalarBytes(node) { bytes in
            guard let bytes else { return false }
            switch bytes.count {
            case 0: return true
            case 1: return bytes[0] == UInt8(ascii: "~")
            case 4:
                let (n, u, l1, l2) = (bytes[0], bytes[1], bytes[2], bytes[3])
                if n == UInt8(ascii: "n") { return u == UInt8(ascii: "u") && l1 == UInt8(ascii: "l") && l2 == UInt8(ascii: "l") }
                guard n == UInt8(ascii: "N") else { return false }
                return (u == UInt8(ascii: "u") && l1 == UInt8(ascii: "l") && l2 == UInt8(ascii: "l"))
                    || (u == UInt8(ascii: "U") && l1 == UInt8(ascii: "L") && l2 == UInt8(ascii: "L"))
            default: return false
            }
        }
    }

    /// A short description of what the node is, for messages ("a list", "\"wide\"").
    public func kindDescription(_ node: Node) -> String {
        switch kind(node) {
        case .mapping: return "a map"
        case .sequence: return "a list"
        case .scalar:
            if isNull(node) { return "nothing" }
            return quoted(scalar(node) ?? "")
        }
    }

    // MARK: - Children

    /// The node written at `position` (whose record is `record`), seen through an alias when it is one.
    static func node(_ record: Record, at position: Int32) -> Node {
        record.kind == Record.alias ? Node(index: record.payload, site: position) : Node(index: position, site: position)
    }

    /// A sequence's items (none for a scalar or a map).
    public func items(_ node: Node) -> Items {
        let record = records[Int(node.index)]
        let count = record.kind == Kind.sequence.rawValue ? Int(record.payload) : 0
        return Items(storage: storage, first: node.index + 1, count: count)
    }

    /// A map's entries in document order, without the repeated keys the loader reported
    /// (none for a scalar or a sequence).
    public func entries(_ node: Node) -> Entries {
        let record = records[Int(node.index)]
        let count = record.kind == Kind.mapping.rawValue ? Int(record.payload) / 2 : 0
        return Entries(storage: storage, first: node.index + 1, count: count)
    }

    public struct Items: Sequence {
        /// Zero bytes after the last scalar's text, so that a reader may load eight bytes from
    /// any scalar's start (`FieldSet.field(matchingPadded:)`) whatever its length.
    static let textPadding = 8

    let storage: Storage
        let first: Int32
        public let count: Int

        public struct Iterator: IteratorProtocol {
            /// Zero bytes after the last scalar's text, so that a reader may load eight bytes from
    /// any scalar's start (`FieldSet.field(matchingPadded:)`) whatever its length.
    static let textPadding = 8

    let storage: Storage
            var position: Int32
            var remaining: Int

            public mutating func next() -> Node? {
                guard remaining > 0 else { return nil }
                remaining -= 1
                let node = YAMLDocument.node(storage.records[Int(position)], at: position)
                position = storage.records[Int(position)].next
                return node
            }
        }

        public func makeIterator() -> Iterator { Iterator(storage: storage, position: first, remaining: count) }
    }

    public struct Entry {
        public var key: Node
        public var value: Node
    }

    public struct Entries: Sequence {
        /// Zero bytes after the last scalar's text, so that a reader may load eight bytes from
    /// any scalar's start (`FieldSet.field(matchingPadded:)`) whatever its length.
    static let textPadding = 8

    let storage: Storage
        let first: Int32
        let count: Int

        public struct Iterator: IteratorProtocol {
            /// Zero bytes after the last scalar's text, so that a reader may load eight bytes from
    /// any scalar's start (`FieldSet.field(matchingPadded:)`) whatever its length.
    static let textPadding = 8

    let storage: Storage
            var position: Int32
            var remaining: Int

            public mutating func next() -> Entry? {
                while remaining > 0 {
                    remaining -= 1
                    let key = position
                    let records = storage.records
                    let value = records[Int(key)].next
                    position = records[Int(value)].next
                    if records[Int(key)].flags & Record.repeatedKey == 0 {
                        return Entry(
                            key: YAMLDocument.node(records[Int(key)], at: key), value: YAMLDocument.node(records[Int(value)], at: value))
                    }
                }
                return nil
            }
        }

        public func makeIterator() -> Iterator { Iterator(storage: storage, position: first, remaining: count) }
    }
}

// MARK: - Where nodes are written, for fixes

extension YAMLDocument {
    /// Whether a collection is written in brackets or braces.
    func isFlow(_ node: Node) -> Bool {
        records[Int(node.index)].style == Self.flowStyle && records[Int(node.index)].kind != Kind.scalar.rawValue
    }

    /// Whether the node is an alias, seen at its site rather than its anchor.
    func isAlias(_ node: Node) -> Bool { node.index != node.site }

    /// The character index just past what the node's text covers: a block collection ends
    /// with its last child, not at the next token libyaml found after it.
    func end(_ node: Node) -> Int {
        var node = node
        while true {
            let record = records[Int(node.site)]
            guard record.kind == Kind.mapping.rawValue || record.kind == Kind.sequence.rawValue,
                  record.style != Self.flowStyle, record.payload > 0
            else { return Int(record.end) }
            var child = node.site + 1
            for _ in 1..<record.payload { child = records[Int(child)].next }
            node = Self.node(records[Int(child)], at: child)
        }
    }

    /// The node of `kind` written at character index `offset`, not through an alias.
    /// Records are in document order, so their starts never decrease.
    func node(writtenAt offset: Int, kind: Kind) -> Node? {
        var low = 0
        var high = records.count
        while low < high {
            let middle = (low + high) / 2
            if Int(records[middle].startOffset) < offset { low = middle + 1 } else { high = middle }
        }
        var position = low
        while position < records.count, Int(records[position].startOffset) == offset {
            if records[position].kind == kind.rawValue { return Node(index: Int32(position), site: Int32(position)) }
            position += 1
        }
        return nil
    }

    /// The list that holds `item` as one of its items.
    func sequence(holdingItem item: Node) -> Node? {
        for position in records.indices where records[position].kind == Kind.sequence.rawValue {
            let list = Node(index: Int32(position), site: Int32(position))
            if items(list).contains(where: { $0.site == item.site }) { return list }
        }
        return nil
    }

    /// The map that holds `key` as one of its keys.
    func map(holdingKey key: Node) -> Node? {
        for position in records.indices where records[position].kind == Kind.mapping.rawValue {
            let map = Node(index: Int32(position), site: Int32(position))
            if entries(map).contains(where: { $0.key.site == key.site }) { return map }
        }
        return nil
    }
}
