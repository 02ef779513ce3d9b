/// Turns a rule's fix actions into text edits against the file's bytes, from the
/// positions the loader kept. Nothing is re-serialised: an edit touches the value it is
/// about, or adds one line or one flow entry shaped like its neighbours.
///
/// An action the text does not allow to be done cleanly (an alias, a tag or anchor, a
/// block scalar, a block collection to replace, a list item not on a line of its own)
/// resolves to nothing, and the finding then has no fix rather than a clumsy one.
struct FixResolver {
    let document: YAMLDocument
    let source: SourceText

    func edits(for actions: [FixAction]) -> [TextEdit]? {
        var edits: [TextEdit] = []
        for action in actions {
            guard let edit = edit(for: action) else { return nil }
            edits.append(edit)
        }
        return edits.isEmpty ? nil : edits
    }

    private func edit(for action: FixAction) -> TextEdit? {
        switch action {
        case .set(let key, let value, let mark):
            guard let map = document.node(writtenAt: mark.offset, kind: .mapping) else { return nil }
            if let entry = document.entries(map).first(where: { document.scalar($0.key) == key }) {
                return replacement(of: entry.value, with: value)
            }
            return insertion(of: "\(key): \(value.text)", into: map)
        case .replace(let mark, let value):
            guard let node = document.node(writtenAt: mark.offset, kind: .scalar) else { return nil }
            return replacement(of: node, with: value)
        case .append(let item, let mark):
            guard let list = document.node(writtenAt: mark.offset, kind: .sequence) else { return nil }
            return insertion(of: item, into: list)
        case .renameKey(let mark, let name):
            guard let key = document.node(writtenAt: mark.offset, kind: .scalar),
                  let map = document.map(holdingKey: key),
                  !document.entries(map).contains(where: { document.scalar($0.key) == name })
            else { return nil }
            return replacement(of: key, with: .scalar(name))
        }
    }

    private func edit(_ range: Range<Int>, _ text: String) -> TextEdit {
        let (start, end) = source.marks(of: range)
        return TextEdit(range: range, replacement: text, start: start, end: end)
    }

    private func byteRange(of node: Node) -> Range<Int> {
        let start = source.byteOffset(ofCharacter: document.start(node).offset)
        return start..<max(start, source.byteOffset(ofCharacter: document.end(node)))
    }

    /// A scalar keeps its quotes; a flow collection is replaced whole. Anything else is left alone.
    private func replacement(of node: Node, with value: FixValue) -> TextEdit? {
        guard !document.isAlias(node), !document.isTagged(node) else { return nil }
        let range = byteRange(of: node)
        guard let first = range.isEmpty ? nil : source.bytes[range.lowerBound] else {
            // An empty plain value (`key:`) has nothing to replace in place.
            return nil
        }
        // An anchor on the value would go with it.
        if first == UInt8(ascii: "&") { return nil }
        switch document.kind(node) {
        case .scalar:
            switch document.style(node) {
            case .block: return nil
            case .quoted:
                guard range.count >= 2 else { return nil }
                let inside = range.lowerBound + 1..<range.upperBound - 1
                switch value {
                case .scalar(let word): return edit(inside, word)
                case .list: return edit(range, value.text)
                case .text(let text):
                    if first == UInt8(ascii: "\"") { return edit(inside, String(YAMLText.doubleQuoted(text).dropFirst().dropLast())) }
                    // Single quotes escape only themselves; a line break would need folding, so it takes double quotes.
                    if text.contains(where: \.isNewline) { return edit(range, YAMLText.doubleQuoted(text)) }
                    return edit(inside, String(text.flatMap { $0 == "'" ? ["'", "'"] : [$0] }))
                }
            case .plain:
                return edit(range, value.text)
            }
        case .mapping, .sequence:
            guard document.isFlow(node) else { return nil }
            return edit(range, value.text)
        }
    }

    /// `text` as the last entry of a map (`key: value`) or the last item of a list.
    private func insertion(of text: String, into collection: Node) -> TextEdit? {
        guard !document.isAlias(collection), !document.isTagged(collection) else { return nil }
        let isMapping = document.kind(collection) == .mapping
        let children = isMapping ? document.entries(collection).map(\.value) : Array(document.items(collection))
        let range = byteRange(of: collection)
        if document.isFlow(collection) {
            guard let last = children.last else {
                // `{}` or `[]`: straight after the opening bracket.
                return edit(range.lowerBound + 1..<range.lowerBound + 1, text)
            }
            let end = byteRange(of: last).upperBound
            return edit(end..<end, ", " + text)
        }
        guard let last = children.last else { return nil }
        let (offset, needsBreak) = source.startOfNextLine(after: byteRange(of: last).upperBound)
        let prefix: String
        if isMapping {
            var entries = document.entries(collection).makeIterator()
            guard let firstKey = entries.next()?.key else { return nil }
            prefix = String(repeating: " ", count: max(0, document.start(firstKey).column - 1))
        } else {
            // The last item's own line up to the item: indentation, the dash and its spaces.
            let itemStart = byteRange(of: last).lowerBound
            let lead = source.bytes[source.startOfLine(at: itemStart)..<itemStart]
            guard lead.contains(UInt8(ascii: "-")),
                  lead.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "-") }),
                  lead.filter({ $0 == UInt8(ascii: "-") }).count == 1
            else { return nil }
            prefix = String(decoding: lead, as: UTF8.self)
        }
        let line = prefix + text + source.lineEnd
        return edit(offset..<offset, needsBreak ? source.lineEnd + line : line)
    }
}
