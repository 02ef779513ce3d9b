/// Whether a fix only moves the value a rule is about to the nearest value it accepts
/// (`safe`), or changes what a person would see as another design, or guesses (`unsafe`).
public enum FixSafety: String, Sendable, CaseIterable {
    case safe
    case unsafe
}

/// A rule's fix, as its description declares it next to its check.
public struct FixDeclaration: Sendable {
    public var safety: FixSafety
    /// One line: what the fix changes.
    public var summary: String
    /// Why it is safe, or why it is not.
    public var reason: String

    public init(_ safety: FixSafety, summary: String, reason: String) {
        self.safety = safety
        self.summary = summary
        self.reason = reason
    }
}

/// A value a fix writes.
public enum FixValue: Sendable, Hashable {
    /// A word of the spec format (`regular`, `auto`, `11`), written plain.
    case scalar(String)
    /// A flow list of such words.
    case list([String])
    /// Text from a screen (a title), plain when it reads back the same, else quoted.
    case text(String)
    /// A flow map of such values, for a key that is absent with all it needs
    /// (`status_bar: {hidden: true, reveal_on_tap: true}`).
    indirect case map([Entry])

    /// One key of a `map` value, in the order written.
    public struct Entry: Sendable, Hashable {
        public var key: String
        public var value: FixValue

        public init(_ key: String, _ value: FixValue) {
            self.key = key
            self.value = value
        }
    }

    var text: String {
        switch self {
        case .scalar(let word): return word
        case .list(let items): return "[" + items.joined(separator: ", ") + "]"
        case .text(let text): return YAMLText.scalar(text)
        case .map(let entries): return "{" + entries.map { "\($0.key): \($0.value.text)" }.joined(separator: ", ") + "}"
        }
    }
}

/// What a fix changes, in terms of the nodes a rule already knows the marks of.
/// The engine turns these into text edits against the file's own bytes. Several `set`s
/// and `append`s of one fix that add to the same map or list become one edit, so that
/// they do not collide with each other.
public enum FixAction: Sendable, Hashable {
    /// Gives `key` of the map written at `map` the value: a written scalar or flow value is
    /// replaced (a quoted scalar keeps its quotes), an absent key is added in the map's style.
    case set(key: String, to: FixValue, inMapAt: Mark)
    /// Replaces the scalar value written at `value`, keeping its quotes.
    case replace(valueAt: Mark, with: FixValue)
    /// Adds `item` at the end of the list written at `list`, in the list's style.
    case append(item: String, toListAt: Mark)
    /// Renames the map key written at `key`, unless its map already has the new name.
    case renameKey(at: Mark, to: String)
    /// Deletes the list item written at `item` (a scalar on a line of its own in a block
    /// list, or an entry of a flow list) with its separator; a comment on its line stays.
    /// The list's last item leaves `[]` behind rather than a key without a value. The edit
    /// covers the whole list, so two removals from one list never land in one pass.
    case removeItem(at: Mark)
    /// `removeItem` of the first item of the list written at `list` that reads `name`.
    case removeListItem(named: String, fromListAt: Mark)
    /// Deletes `key` and its value (a scalar or flow collection on the key's line) from the
    /// map written at `map`, with its separator or its line; a comment on that line stays.
    case removeKey(String, inMapAt: Mark)
    /// Replaces one component of a value written either as a list or as a map: item
    /// `index` of `[x, y, width, height]`, or key `key` of `{x: …, y: …}` (a frame's x).
    case setComponent(index: Int, key: String, to: FixValue, inValueAt: Mark)
}

extension FixAction {
    /// `removeKey` of a key of a map the decoder kept the marks of.
    public static func remove<Field: SpecField>(_ field: Field, in marks: Marks<Field>) -> FixAction {
        .removeKey(field.rawValue, inMapAt: marks.map)
    }

    /// `set` of a key of a map the decoder kept the marks of, the key spelt as its field.
    public static func set<Field: SpecField>(_ field: Field, to value: FixValue, in marks: Marks<Field>) -> FixAction {
        .set(key: field.rawValue, to: value, inMapAt: marks.map)
    }
}

/// One replacement of a byte range of a file. An empty range is an insertion.
public struct TextEdit: Sendable, Hashable {
    /// Byte offsets into the file as read, byte-order mark included.
    public var range: Range<Int>
    public var replacement: String
    /// Where the range starts and ends, as findings count lines and columns.
    public var start: Mark
    public var end: Mark

    public init(range: Range<Int>, replacement: String, start: Mark, end: Mark) {
        self.range = range
        self.replacement = replacement
        self.start = start
        self.end = end
    }

    /// Whether the two edits cannot both be applied: their ranges share a byte, two
    /// insertions land on one spot (their order would be a guess), or one inserts
    /// inside the other's range.
    public func conflicts(with other: TextEdit) -> Bool {
        if range.lowerBound < other.range.upperBound, other.range.lowerBound < range.upperBound { return true }
        if range.isEmpty, other.range.isEmpty { return range.lowerBound == other.range.lowerBound }
        if range.isEmpty { return other.range.lowerBound < range.lowerBound && range.lowerBound < other.range.upperBound }
        if other.range.isEmpty { return range.lowerBound < other.range.lowerBound && other.range.lowerBound < range.upperBound }
        return false
    }
}

/// A finding's fix: edits applied together or not at all.
public struct Fix: Sendable, Hashable {
    public var safety: FixSafety
    public var edits: [TextEdit]

    public init(safety: FixSafety, edits: [TextEdit]) {
        self.safety = safety
        self.edits = edits
    }
}
