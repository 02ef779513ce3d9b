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
        // What the actions add to each collection, in the order asked: one edit each.
        var additions: [(collection: Node, texts: [String])] = []
        for action in actions {
            switch resolve(action) {
            case nil: return nil
            case .edit(let edit)?: edits.append(edit)
            case .addition(let collection, let text)?:
                if let position = additions.firstIndex(where: { $0.collection == collection }) {
                    additions[position].texts.append(text)
                } else {
                    additions.append((collection, [text]))
                }
            }
        }
        for addition in additions {
            guard let edit = insertion(of: addition.texts, into: addition.collection) else { return nil }
            edits.append(edit)
        }
        return edits.isEmpty ? nil : edits
    }

    /// An action is an edit of its own, or a line or flow entry for a collection that
    /// other actions of the same fix may add to as well.
    private enum Resolved {
        case edit(TextEdit)
        case addition(to: Node, text: String)
    }

    private func resolve(_ action: FixAction) -> Resolved? {
        switch action {
        case .set(let key, let value, let mark):
            guard let map = document.node(writtenAt: mark.offset, kind: .mapping) else { return nil }
            if let entry = document.entries(map).first(where: { document.scalar($0.key) == key }) {
                return replacement(of: entry.value, with: value).map(Resolved.edit)
            }
            return .addition(to: map, text: "\(key): \(value.text)")
        case .replace(let mark, let value):
            guard let node = document.node(writtenAt: mark.offset, kind: .scalar) else { return nil }
            return replacement(of: node, with: value).map(Resolved.edit)
        case .append(let item, let mark):
            guard let list = document.node(writtenAt: mark.offset, kind: .sequence) else { return nil }
            return .addition(to: list, text: item)
        case .renameKey(let mark, let name):
            guard let key = document.node(writtenAt: mark.offset, kind: .scalar),
                  let map = document.map(holdingKey: key),
                  !document.entries(map).contains(where: { document.scalar($0.key) == name })
            else { return nil }
            return replacement(of: key, with: .scalar(name)).map(Resolved.edit)
        case .removeItem(let mark):
            guard let item = document.node(writtenAt: mark.offset, kind: .scalar) else { return nil }
            return removal(of: item).map(Resolved.edit)
        case .removeListItem(let name, let mark):
            guard let list = document.node(writtenAt: mark.offset, kind: .sequence),
                  let item = document.items(list).first(where: { document.scalar($0) == name })
            else { return nil }
            return removal(of: item).map(Resolved.edit)
        case .removeKey(let key, let mark):
            guard let map = document.node(writtenAt: mark.offset, kind: .mapping) else { return nil }
            return removal(ofKey: key, from: map).map(Resolved.edit)
        case .setComponent(let index, let key, let value, let mark):
            if let list = document.node(writtenAt: mark.offset, kind: .sequence) {
                let items = Array(document.items(list))
                guard items.indices.contains(index) else { return nil }
                return replacement(of: items[index], with: value).map(Resolved.edit)
            }
            guard let map = document.node(writtenAt: mark.offset, kind: .mapping),
                  let entry = document.entries(map).first(where: { document.scalar($0.key) == key })
            else { return nil }
            return replacement(of: entry.value, with: value).map(Resolved.edit)
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
                case .list, .map: return edit(range, value.text)
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

    /// `texts` as the last entries of a map (`key: value`) or the last items of a list.
    private func insertion(of texts: [String], into collection: Node) -> TextEdit? {
        guard !document.isAlias(collection), !document.isTagged(collection) else { return nil }
        let isMapping = document.kind(collection) == .mapping
        let children = isMapping ? document.entries(collection).map(\.value) : Array(document.items(collection))
        let range = byteRange(of: collection)
        if document.isFlow(collection) {
            guard let last = children.last else {
                // `{}` or `[]`: straight after the opening bracket.
                return edit(range.lowerBound + 1..<range.lowerBound + 1, texts.joined(separator: ", "))
            }
            let end = byteRange(of: last).upperBound
            return edit(end..<end, texts.map { ", " + $0 }.joined())
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
        let lines = texts.map { prefix + $0 }
        // A text that ended without a line break still does: the break goes before each new line.
        if needsBreak { return edit(offset..<offset, lines.map { source.lineEnd + $0 }.joined()) }
        return edit(offset..<offset, lines.map { $0 + source.lineEnd }.joined())
    }

    /// The list holding `item`, rewritten without it. Only a plain or quoted scalar on one
    /// line, with nothing but white space and a comment after it on a block list's line,
    /// and no comment in a flow list's separator, is taken out.
    private func removal(of item: Node) -> TextEdit? {
        guard !document.isAlias(item), document.kind(item) == .scalar, document.style(item) != .block,
              !document.isTagged(item), let list = document.sequence(holdingItem: item),
              !document.isAlias(list), !document.isTagged(list)
        else { return nil }
        let items = Array(document.items(list))
        guard let position = items.firstIndex(where: { $0.site == item.site }) else { return nil }
        return cut(items.map(byteRange(of:)), at: position, from: list, leadsWithDash: true)
    }

    /// The map rewritten without `key` and its value, which must be a scalar or a flow
    /// collection on the key's line. A block map's only key is not removed: an empty block
    /// map has no spelling that keeps the lines around it.
    private func removal(ofKey key: String, from map: Node) -> TextEdit? {
        guard !document.isAlias(map), !document.isTagged(map) else { return nil }
        let entries = Array(document.entries(map))
        guard let position = entries.firstIndex(where: { document.scalar($0.key) == key }) else { return nil }
        let value = entries[position].value
        guard !document.isAlias(value), !document.isTagged(value),
              document.kind(value) == .scalar ? document.style(value) != .block : document.isFlow(value),
              !byteRange(of: value).isEmpty
        else { return nil }
        if !document.isFlow(map), entries.count == 1 { return nil }
        let pieces = entries.map { entry in
            let start = byteRange(of: entry.key).lowerBound
            return start..<max(start, byteRange(of: entry.value).upperBound)
        }
        return cut(pieces, at: position, from: map, leadsWithDash: false)
    }

    /// The collection's text without its piece at `position` (an item, or a key with its
    /// value) and that piece's separator. The edit covers the whole collection, so that two
    /// removals from one collection never land in one pass and empty it by accident.
    private func cut(_ pieces: [Range<Int>], at position: Int, from collection: Node, leadsWithDash: Bool) -> TextEdit? {
        let bytes = source.bytes
        let piece = pieces[position]
        let isSpace = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        let isBreak = { (byte: UInt8) in byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") }
        // Pieces out of order (an empty value placed oddly) give no clean separator to cut.
        guard !piece.isEmpty, bytes[piece.lowerBound] != UInt8(ascii: "&"), !bytes[piece].contains(where: isBreak),
              zip(pieces, pieces.dropFirst()).allSatisfy({ $0.upperBound <= $1.lowerBound })
        else { return nil }
        var cut: Range<Int>
        var filler = ""
        if document.isFlow(collection) {
            if pieces.count == 1 {
                cut = piece
            } else if position + 1 < pieces.count {
                cut = piece.lowerBound..<pieces[position + 1].lowerBound
            } else {
                cut = pieces[position - 1].upperBound..<piece.upperBound
            }
            let separator = bytes[cut].indices.filter { !piece.contains($0) }
            guard !separator.contains(where: { bytes[$0] == UInt8(ascii: "#") }) else { return nil }
        } else {
            let lineStart = source.startOfLine(at: piece.lowerBound)
            let lead = bytes[lineStart..<piece.lowerBound]
            // Where the piece's own text starts: a list item's dash, a map key's first byte.
            let own: Int
            if leadsWithDash {
                guard let dash = lead.firstIndex(of: UInt8(ascii: "-")),
                      lead.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "-") }),
                      lead.filter({ $0 == UInt8(ascii: "-") }).count == 1
                else { return nil }
                own = dash
            } else {
                // A key after a list item's dash shares the dash's line: taking its line would take the dash.
                guard lead.allSatisfy({ $0 == UInt8(ascii: " ") }) else { return nil }
                own = piece.lowerBound
            }
            var after = piece.upperBound
            while after < bytes.count, isSpace(bytes[after]) { after += 1 }
            let hasComment = after < bytes.count && bytes[after] == UInt8(ascii: "#")
            guard hasComment || after == bytes.count || isBreak(bytes[after]) else { return nil }
            if pieces.count == 1 {
                // A list's key keeps an empty list: its comments stay where they are, and
                // `ignore:` alone would be a null the schema rejects.
                var colon = lineStart
                while colon > source.markLength, isSpace(bytes[colon - 1]) || isBreak(bytes[colon - 1]) { colon -= 1 }
                guard colon > source.markLength, bytes[colon - 1] == UInt8(ascii: ":") else { return nil }
                cut = colon..<piece.upperBound
                filler = " []"
            } else if hasComment {
                // The comment stays on a line of its own, at the collection's indentation.
                cut = own..<after
            } else {
                cut = lineStart..<source.startOfNextLine(after: piece.upperBound).offset
            }
        }
        let range = byteRange(of: collection)
        let whole = min(cut.lowerBound, range.lowerBound)..<max(cut.upperBound, range.upperBound)
        let text = bytes[whole.lowerBound..<cut.lowerBound] + Array(filler.utf8) + bytes[cut.upperBound..<whole.upperBound]
        return edit(whole, String(decoding: text, as: UTF8.self))
    }
}
