/// What an editor integration needs of the fix machinery beyond a rule's own fixes: where
/// a node's text ends, and edits for actions it composes itself (an `ignore` entry added
/// to an element or a screen), resolved exactly as rules' fixes are.
public enum EditorEdits {
    /// The edits for `actions` against `bytes`, whose loaded `document` they name by marks;
    /// nil when the text does not allow one of them cleanly (see `FixResolver`).
    public static func edits(for actions: [FixAction], in document: YAMLDocument, of bytes: [UInt8]) -> [TextEdit]? {
        FixResolver(document: document, source: SourceText(bytes)).edits(for: actions)
    }
}

extension YAMLDocument {
    /// The character indexes (libyaml's, after any byte-order mark) the node's text covers:
    /// a block collection ends with its last child, not at the next token.
    public func characterSpan(of node: Node) -> Range<Int> {
        let start = start(node).offset
        return start..<max(start, end(node))
    }
}
