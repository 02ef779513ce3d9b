/// A position in a source file. Lines and columns are 1-based; `offset` is the
/// 0-based character index libyaml reports, kept so that a future fixer can edit
/// the text in place.
public struct Mark: Sendable, Hashable, Comparable {
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

/// One node of a YAML document, decoupled from libyaml so the rest of the
/// program never touches C memory. Aliases are resolved to copies of their
/// anchor (cheap: the arrays are shared copy-on-write).
public struct Node: Sendable {
    public enum ScalarStyle: Sendable, Hashable {
        case plain
        case quoted
        case block
    }

    public struct Entry: Sendable {
        public var key: Node
        public var value: Node
    }

    public enum Content: Sendable {
        case scalar(String, ScalarStyle)
        case mapping([Entry])
        case sequence([Node])
    }

    public var content: Content
    public var start: Mark
    public var end: Mark
    /// An explicit tag such as `!!str`, when the document wrote one.
    public var tag: String?

    public init(content: Content, start: Mark, end: Mark, tag: String? = nil) {
        self.content = content
        self.start = start
        self.end = end
        self.tag = tag
    }

    /// The scalar's text, or nil for collections.
    public var scalar: String? {
        if case .scalar(let text, _) = content { return text }
        return nil
    }

    /// True for the YAML null spellings, written plainly (`~`, `null`, or nothing).
    public var isNull: Bool {
        guard case .scalar(let text, .plain) = content, tag == nil else { return false }
        switch text {
        case "", "~", "null", "Null", "NULL": return true
        default: return false
        }
    }

    /// A short description of what the node is, for messages ("a list", "\"wide\"").
    public var kindDescription: String {
        switch content {
        case .mapping: return "a map"
        case .sequence: return "a list"
        case .scalar(let text, _):
            if isNull { return "nothing" }
            return "\"\(text.truncatedForMessage())\""
        }
    }
}

extension String {
    /// Keeps messages one line and readable whatever a spec contains.
    public func truncatedForMessage(limit: Int = 60) -> String {
        var out = ""
        var count = 0
        for character in self {
            if count == limit { out += "…"; break }
            switch character {
            case "\t": out += "\\t"
            default:
                if character.isNewline { out += "\\n" } else { out.append(character) }
            }
            count += 1
        }
        return out
    }
}
