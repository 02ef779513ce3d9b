import HiglintCore

/// An open document as the client last sent it: its text, unsaved edits included.
public struct TextDocument: Sendable {
    public let uri: String
    public let path: String
    public var version: Int
    public private(set) var lines: LineIndex

    public var bytes: [UInt8] { lines.bytes }

    public init(uri: String, path: String, version: Int, text: String) {
        self.uri = uri
        self.path = path
        self.version = version
        lines = LineIndex(Array(text.utf8))
    }

    /// One `contentChanges` entry: the whole text, or a range of it replaced.
    public struct Change: Sendable {
        public var range: TextRange?
        public var text: String

        public init(range: TextRange?, text: String) {
            self.range = range
            self.text = text
        }

        init?(_ json: JSONValue) {
            guard let text = json["text"]?.string else { return nil }
            if let range = json["range"] {
                guard let parsed = TextRange(range) else { return nil }
                self.init(range: parsed, text: text)
            } else {
                self.init(range: nil, text: text)
            }
        }
    }

    /// Applies the changes in order, each against the text the one before left.
    public mutating func apply(_ changes: [Change], version: Int, encoding: PositionEncoding) {
        for change in changes {
            guard let range = change.range else {
                lines = LineIndex(Array(change.text.utf8))
                continue
            }
            let start = lines.offset(of: range.start, encoding: encoding)
            let end = max(start, lines.offset(of: range.end, encoding: encoding))
            var bytes = lines.bytes
            bytes.replaceSubrange(start..<end, with: change.text.utf8)
            lines = LineIndex(bytes)
        }
        self.version = version
    }
}
