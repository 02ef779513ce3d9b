import HiglintCore

/// The edits that suppress a rule on an element (its `ignore` list) or a whole screen
/// (`review.ignore`, with a `reason`), as the fix machinery writes them: one entry added
/// to a list, or one key added to a map in its own style.
enum IgnoreEdits {
    /// The keys whose lists hold elements (the content, a container's children, bar items, tabs).
    static let elementLists: Set<String> = ["elements", "children", "items", "tabs"]

    /// The innermost element whose text holds character `index`.
    static func element(holding index: Int, in document: YAMLDocument) -> Node? {
        guard let root = document.root else { return nil }
        var found: Node?
        func walk(_ map: Node, depth: Int) {
            guard depth < 64, document.kind(map) == .mapping else { return }
            for entry in document.entries(map) {
                let value = entry.value
                guard document.characterSpan(of: value).contains(index) || document.start(value).offset == index else { continue }
                switch document.kind(value) {
                case .mapping: walk(value, depth: depth + 1)
                case .sequence where elementLists.contains(document.scalar(entry.key) ?? ""):
                    for item in document.items(value) where document.kind(item) == .mapping {
                        let span = document.characterSpan(of: item)
                        if span.contains(index) || span.lowerBound == index {
                            found = item
                            walk(item, depth: depth + 1)
                        }
                    }
                default: break
                }
            }
        }
        walk(root, depth: 0)
        return found
    }

    private static func entry(_ key: String, in map: Node, of document: YAMLDocument) -> YAMLDocument.Entry? {
        document.entries(map).first { document.scalar($0.key) == key }
    }

    /// Adds `rule` to the `ignore` list of `map`, or gives the map one; nil when it is there already.
    private static func addition(of rule: String, toIgnoreOf map: Node, in document: YAMLDocument) -> FixAction? {
        guard let ignore = entry("ignore", in: map, of: document) else {
            return .set(key: "ignore", to: .list([rule]), inMapAt: document.start(map))
        }
        guard document.kind(ignore.value) == .sequence else { return nil }
        if document.items(ignore.value).contains(where: { document.scalar($0) == rule }) { return nil }
        return .append(item: rule, toListAt: document.start(ignore.value))
    }

    static func element(_ rule: String, at index: Int, in document: YAMLDocument, of bytes: [UInt8]) -> [HiglintCore.TextEdit]? {
        guard let element = element(holding: index, in: document),
              let action = addition(of: rule, toIgnoreOf: element, in: document)
        else { return nil }
        return EditorEdits.edits(for: [action], in: document, of: bytes)
    }

    static func screen(_ rule: String, reason: String, in document: YAMLDocument, of bytes: [UInt8]) -> [HiglintCore.TextEdit]? {
        guard let root = document.root, document.kind(root) == .mapping else { return nil }
        guard let review = entry("review", in: root, of: document) else {
            let value = "{ignore: [\(rule)], reason: \(reason)}"
            return EditorEdits.edits(for: [.set(key: "review", to: .scalar(value), inMapAt: document.start(root))], in: document, of: bytes)
        }
        guard document.kind(review.value) == .mapping, let addition = addition(of: rule, toIgnoreOf: review.value, in: document)
        else { return nil }
        var actions = [addition]
        if entry("reason", in: review.value, of: document) == nil {
            actions.append(.set(key: "reason", to: .text(reason), inMapAt: document.start(review.value)))
        }
        return EditorEdits.edits(for: actions, in: document, of: bytes)
    }
}
