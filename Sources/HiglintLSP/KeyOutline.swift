import HiglintCore

/// Where the cursor is in a spec's key structure, read from indentation alone, so that
/// hover and completion work while the text does not parse (it rarely does mid-word).
/// Block style only: a key inside `{...}` is not followed.
public struct KeyOutline: Sendable {
    /// The path of maps and list items that holds the cursor's line.
    public var container: [PathStep]
    /// The key written on the cursor's line, and whether the cursor is on it (not its value).
    public var key: String?
    public var onKey: Bool
    /// The text from the start of the word under the cursor up to it.
    public var typed: String

    /// One line's layout: where its key starts, its key, and whether it opens a list item.
    private struct Line {
        var indent: Int
        var keyColumn: Int
        var key: String?
        var startsItem: Bool
        /// `key:` with nothing after it but a comment: a map or list follows.
        var opensBlock: Bool

        init?(_ text: Substring) {
            let characters = Array(text)
            var column = 0
            while column < characters.count, characters[column] == " " { column += 1 }
            guard column < characters.count, characters[column] != "#" else { return nil }
            indent = column
            startsItem = false
            while column + 1 < characters.count, characters[column] == "-", characters[column + 1] == " " {
                startsItem = true
                column += 2
                while column < characters.count, characters[column] == " " { column += 1 }
            }
            if column < characters.count, characters[column] == "-", column + 1 == characters.count { startsItem = true; column += 1 }
            keyColumn = column
            let rest = String(characters[column...])
            if let colon = rest.firstIndex(of: ":"), rest.index(after: colon) == rest.endIndex || rest[rest.index(after: colon)] == " " {
                let name = String(rest[..<colon]).trimmed(of: "\"' ")
                key = name.isEmpty ? nil : name
                let after = rest[rest.index(after: colon)...].drop { $0 == " " }
                opensBlock = after.isEmpty || after.hasPrefix("#")
            } else {
                key = nil
                opensBlock = false
            }
        }
    }

    /// The outline at `line` (0-based) and `column` (in characters) of `text`.
    public init(text: String, line: Int, column: Int) {
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
        let current = line < lines.count ? lines[line] : ""
        let before = String(current.prefix(column))
        typed = String(before.reversed().prefix { !$0.isWhitespace && $0 != ":" && $0 != "-" && $0 != "[" && $0 != "," }.reversed())
        // A blank line is read as if a key were being typed at the cursor, so its indentation counts.
        let parsed = Line(current[...]) ?? Line((before + "x")[...])
        let keyColumn = parsed?.keyColumn ?? before.count
        key = parsed?.key
        if let parsed, let key = parsed.key {
            onKey = column <= parsed.keyColumn + key.count
        } else {
            onKey = true
        }
        var path: [PathStep] = []
        if parsed?.startsItem == true { path.append(.item) }
        var target = keyColumn
        var row = line - 1
        // Items between the cursor and its parent key whose dash is left of `target`.
        var sawItem = parsed?.startsItem == true
        while row >= 0, target > 0 {
            defer { row -= 1 }
            guard let above = Line(lines[row]) else { continue }
            if above.startsItem, above.indent < target, !sawItem, above.keyColumn == target {
                path.append(.item)
                sawItem = true
                continue
            }
            guard above.keyColumn < target, let name = above.key else { continue }
            if above.opensBlock {
                path.append(.key(name))
                if above.startsItem { path.append(.item) }
                target = above.indent
                // `- key:` opens a block inside a list item whose dash is at `indent`.
                sawItem = above.startsItem
            }
        }
        container = path.reversed()
    }

    /// The path to the key on the cursor's line.
    public var keyPath: [PathStep]? {
        key.map { container + [.key($0)] }
    }
}

extension String {
    fileprivate func trimmed(of set: String) -> String {
        String(drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
    }
}

extension KeyOutline {
    /// The path to the map key written over libyaml character `index`, from a loaded
    /// document: keys inside flow maps (`- {id: b, type: button}`) too, which the outline
    /// from indentation cannot follow. Nil when no key's text holds the index.
    public static func keyPath(at index: Int, in document: YAMLDocument) -> [PathStep]? {
        func holds(_ node: Node) -> Bool { document.characterSpan(of: node).contains(index) }
        func walk(_ node: Node, _ path: [PathStep], depth: Int) -> [PathStep]? {
            guard depth < 64 else { return nil }
            switch document.kind(node) {
            case .scalar: return nil
            case .sequence:
                for item in document.items(node) where holds(item) { return walk(item, path + [.item], depth: depth + 1) }
            case .mapping:
                for entry in document.entries(node) {
                    guard let name = document.scalar(entry.key) else { continue }
                    if holds(entry.key) { return path + [.key(name)] }
                    if holds(entry.value) { return walk(entry.value, path + [.key(name)], depth: depth + 1) }
                }
            }
            return nil
        }
        return document.root.flatMap { walk($0, [], depth: 0) }
    }
}
