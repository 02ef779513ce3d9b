/// Reads typed values out of a document's nodes, directed by the schema rather
/// than by YAML 1.1's guessing, and collects every problem instead of stopping at the first.
///
/// Key paths (`elements[3].frame[2]`) are taken as autoclosures: they only
/// appear in messages, and building one string per value read was a large
/// share of decoding time for specs that have no problem at all.
struct NodeReader {
    let document: YAMLDocument
    private(set) var issues: [SpecIssue] = []
    /// The unknown keys of the top-level map that have a suggestion: the index of each one's
    /// issue, and the key it most likely meant.
    private(set) var topLevelMisspellings: [(issue: Int, meant: String)] = []

    init(_ document: YAMLDocument) {
        self.document = document
    }

    /// Hands the problems met since `first` to `element`: they name it, and its `ignore` suppresses them.
    mutating func attribute(issuesFrom first: Int, to element: Element) {
        for index in issues.indices[first...] where issues[index].element == nil {
            issues[index].element = element.name
            issues[index].suppressed = element.suppressed
            issues[index].suppressionMarks = element.suppressionMarks
        }
    }

    mutating func schema(_ path: String, _ message: String, at mark: Mark) {
        issues.append(SpecIssue(rule: CoreRules.schema, message: path.isEmpty ? message : "\(path): \(message)", mark: mark))
    }

    func isNull(_ node: Node) -> Bool { document.isNull(node) }
    func start(_ node: Node) -> Mark { document.start(node) }
    func kind(_ node: Node) -> YAMLDocument.Kind { document.kind(node) }
    func describe(_ node: Node) -> String { document.kindDescription(node) }

    /// Walks a map's entries, reporting keys outside `known` and recording each known
    /// key's marks in `marks`; calls `body` for the known ones. A key for which
    /// `keepsNull` says no counts as not written when its value is null.
    mutating func fields<Field>(
        of node: Node, path: @autoclosure () -> String, known: FieldSet<Field>, marks: inout Marks<Field>,
        keepsNull: (Field) -> Bool = { _ in true }, body: (inout NodeReader, Field, Node) -> Void
    ) {
        walk(node, path: path(), known: known, marks: &marks, recording: true, keepsNull: keepsNull, body: body)
    }

    /// `fields` for a map whose marks nobody reads (a frame, a font): nothing is recorded.
    mutating func fields<Field>(
        of node: Node, path: @autoclosure () -> String, known: FieldSet<Field>,
        body: (inout NodeReader, Field, Node) -> Void
    ) {
        var unused = Marks<Field>(.start)
        walk(node, path: path(), known: known, marks: &unused, recording: false, keepsNull: { _ in true }, body: body)
    }

    /// Reads a map into a model value that keeps the map's marks: `make` builds the value
    /// (before any field is read), `body` fills in each known field, and the marks
    /// recorded on the way are the value's.
    mutating func map<Field, Value: MarkedValue>(
        _ node: Node, path: @autoclosure () -> String, known: FieldSet<Field>, into make: (Marks<Field>) -> Value,
        body: (inout NodeReader, inout Value, Field, Node) -> Void
    ) -> Value where Value.Field == Field {
        var marks = Marks<Field>(document.start(node))
        var value = make(marks)
        fields(of: node, path: path(), known: known, marks: &marks) { reader, field, fieldValue in
            body(&reader, &value, field, fieldValue)
        }
        value.marks = marks
        return value
    }

    private mutating func walk<Field>(
        _ node: Node, path: @autoclosure () -> String, known: FieldSet<Field>, marks: inout Marks<Field>, recording: Bool,
        keepsNull: (Field) -> Bool, body: (inout NodeReader, Field, Node) -> Void
    ) {
        guard document.kind(node) == .mapping else {
            if !document.isNull(node) { schema(path(), "expected a map, found \(document.kindDescription(node))", at: document.start(node)) }
            return
        }
        let entries = document.entries(node)
        if recording { marks.reserve(entries.count) }
        for entry in entries {
            switch document.withScalarBytes(entry.key, { $0.map(known.field(matchingPadded:)) }) {
            case .some(.some(let field)):
                if !keepsNull(field), document.isNull(entry.value) { continue }
                if recording { marks.record(field, key: document.start(entry.key), value: document.start(entry.value)) }
                body(&self, field, entry.value)
            case .some(.none):
                let key = document.scalar(entry.key) ?? ""
                unknownKey(key, path: path(), suggesting: known.suggestion(for: key), at: document.start(entry.key))
            case .none:
                schema(path(), "keys must be plain text, found \(document.kindDescription(entry.key))", at: document.start(entry.key))
            }
        }
    }

    mutating func unknownKey(_ key: String, path: String, known: [String], at mark: Mark) {
        unknownKey(key, path: path, suggesting: closestMatch(to: key, among: known), at: mark)
    }

    /// `unknownKey(_:path:known:at:)` with the closest known key already found.
    mutating func unknownKey(_ key: String, path: String, suggesting suggestion: String?, at mark: Mark) {
        let place = path.isEmpty ? "" : " in \(path)"
        var message = "unknown key \(quoted(key))\(place)"
        var fix: [FixAction] = []
        if let suggestion {
            message += "; did you mean \(quoted(suggestion))?"
            fix = [.renameKey(at: mark, to: suggestion)]
        }
        if path.isEmpty, let suggestion { topLevelMisspellings.append((issues.count, suggestion)) }
        issues.append(SpecIssue(rule: CoreRules.unknownKey, message: message, mark: mark, fix: fix))
    }

    /// Makes a misspelt top-level key an error: `meant` is written nowhere else in the map,
    /// so the part of the screen it holds is not reviewed at all, and a warning alone would
    /// let the check pass a screen it never read.
    mutating func hidesSection(issue index: Int, meant: String) {
        guard issues.indices.contains(index) else { return }
        issues[index].severity = .error
        issues[index].message += " The screen has no \(quoted(meant)), so nothing under this key is reviewed."
    }

    /// `list[index]`, as `"\(list)[\(index)]"` writes it, but with its bytes written once into
    /// a string of their exact size: the interpolation appended three times and converted the
    /// index through its generic path, and every element's and gesture's path is built here,
    /// whether or not a message ever shows it.
    static func itemPath(_ list: String, _ index: Int) -> String {
        guard index >= 0 else { return list + "[" + String(index) + "]" }
        var digits = 1
        var rest = index / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        var list = list
        return list.withUTF8 { head in
            String(unsafeUninitializedCapacity: head.count + digits + 2) { path in
                var end = 0
                for byte in head {
                    path[end] = byte
                    end += 1
                }
                path[end] = UInt8(ascii: "[")
                var value = index
                for place in stride(from: end + digits, to: end, by: -1) {
                    path[place] = UInt8(ascii: "0") + UInt8(value % 10)
                    value /= 10
                }
                path[end + digits + 1] = UInt8(ascii: "]")
                return end + digits + 2
            }
        }
    }

    /// Any scalar as text: `screen: NO` is the string "NO". Null means absent.
    mutating func string(_ node: Node, _ path: @autoclosure () -> String) -> String? {
        guard document.kind(node) == .scalar else {
            schema(path(), "expected text, found \(document.kindDescription(node))", at: document.start(node))
            return nil
        }
        return document.isNull(node) ? nil : document.scalar(node)
    }

    /// A plain scalar's bytes, for the readers that take no other style.
    private func plainScalar<Result>(_ node: Node, _ body: (UnsafeBufferPointer<UInt8>) -> Result?) -> Result? {
        guard document.style(node) == .plain else { return nil }
        return document.withScalarBytes(node) { bytes in bytes.flatMap(body) }
    }

    /// true/false, and YAML 1.1's yes/no/on/off, written plainly.
    mutating func bool(_ node: Node, _ path: @autoclosure () -> String) -> Bool? {
        if document.isNull(node) { return nil }
        if let value = plainScalar(node, Self.bool) { return value }
        schema(path(), "expected true or false, found \(document.kindDescription(node))", at: document.start(node))
        return nil
    }

    mutating func number(_ node: Node, _ path: @autoclosure () -> String, minimum: Double? = nil) -> Double? {
        if document.isNull(node) { return nil }
        if let value = plainScalar(node, Self.parseNumber) {
            if let minimum, value < minimum {
                schema(path(), "expected a number of at least \(formatPoints(minimum)), found \(formatPoints(value))", at: document.start(node))
                return nil
            }
            return value
        }
        schema(path(), "expected a number, found \(document.kindDescription(node))", at: document.start(node))
        return nil
    }

    mutating func integer(
        _ node: Node, _ path: @autoclosure () -> String, minimum: Int? = nil, maximum: Int? = nil
    ) -> Int? {
        if document.isNull(node) { return nil }
        if let value = plainScalar(node, { Int(String(decoding: $0, as: UTF8.self)) }) {
            if let minimum, value < minimum {
                schema(path(), "expected a whole number of at least \(minimum), found \(value)", at: document.start(node))
                return nil
            }
            if let maximum, value > maximum {
                schema(path(), "expected a whole number of at most \(maximum), found \(value)", at: document.start(node))
                return nil
            }
            return value
        }
        schema(path(), "expected a whole number, found \(document.kindDescription(node))", at: document.start(node))
        return nil
    }

    /// One of an enum's values, matched as bytes (the values are ASCII, so this is
    /// exactly `Value(rawValue:)` without making a string first).
    mutating func choice<Value: SpecChoice>(_ node: Node, _ path: @autoclosure () -> String, _: Value.Type) -> Value? {
        if document.isNull(node) { return nil }
        if let value = document.withScalarBytes(node, { $0.flatMap(Value.choices.field(matchingPadded:)) }) { return value }
        let allowed = Value.allCases.map(\.rawValue).joined(separator: ", ")
        var message = "expected one of \(allowed), found \(document.kindDescription(node))"
        if let written = document.scalar(node), let close = Value.choices.suggestion(for: written) {
            message += "; did you mean \(quoted(close))?"
        }
        schema(path(), message, at: document.start(node))
        return nil
    }

    /// A list; a lone null is an empty list.
    mutating func list(_ node: Node, _ path: @autoclosure () -> String) -> YAMLDocument.Items {
        if document.kind(node) != .sequence, !document.isNull(node) {
            schema(path(), "expected a list, found \(document.kindDescription(node))", at: document.start(node))
        }
        return document.items(node)
    }

    mutating func strings(_ node: Node, _ path: @autoclosure () -> String) -> (values: [String], marks: [Mark]) {
        var values: [String] = []
        var marks: [Mark] = []
        for (index, item) in list(node, path()).enumerated() {
            if let text = string(item, "\(path())[\(index)]") {
                values.append(text)
                marks.append(document.start(item))
            }
        }
        return (values, marks)
    }

    /// A fixed number of numbers (up to four), as a list: `[375, 667]`. In a vector
    /// rather than an array: every frame is read here, and a vector needs no allocation.
    /// Every number is required: a null one, or a null list, is reported rather than read
    /// as absent, so a blank never switches a size check off unseen.
    mutating func numbers(
        _ node: Node, _ path: @autoclosure () -> String, names: [String], minimums: [Double?]
    ) -> SIMD4<Double>? {
        guard document.kind(node) == .sequence else {
            let expected = "[\(names.joined(separator: ", "))]"
            if document.isNull(node) {
                schema(path(), "is empty: expected \(expected), or leave the key out", at: document.start(node))
            } else {
                schema(path(), "expected \(expected), found \(document.kindDescription(node))", at: document.start(node))
            }
            return nil
        }
        let items = document.items(node)
        guard items.count == names.count, names.count <= 4 else {
            schema(path(), "expected \(names.count) numbers [\(names.joined(separator: ", "))], found \(items.count)", at: document.start(node))
            return nil
        }
        if let values = Self.plainIntegers(items, in: document, minimums: minimums) { return values }
        var values = SIMD4<Double>()
        var complete = true
        for (index, item) in items.enumerated() {
            if let value = requiredNumber(item, "\(path())[\(index)]", name: names[index], minimum: minimums[index]) {
                values[index] = value
            } else {
                complete = false
            }
        }
        return complete ? values : nil
    }

    /// The list's values when every item is a plain whole number (`smallInteger`) at or over
    /// its minimum, which is how nearly every frame is written; nil sends the list down the
    /// item-by-item path, which reads such items to the same values and reports the rest.
    static func plainIntegers(_ items: YAMLDocument.Items, in document: YAMLDocument, minimums: [Double?]) -> SIMD4<Double>? {
        var values = SIMD4<Double>()
        var index = 0
        for item in items {
            let value: Double? = document.withScalarBytes(item) { bytes in
                guard let bytes, document.style(item) == .plain else { return nil }
                return smallInteger(bytes)
            }
            guard let value, index < minimums.count, index < 4 else { return nil }
            if let minimum = minimums[index], value < minimum { return nil }
            values[index] = value
            index += 1
        }
        return values
    }

    /// A number a list or map cannot do without (a frame's `x`): null is reported, not skipped.
    /// `name` says which number of a list it is; a map's key already does, in the path.
    mutating func requiredNumber(
        _ node: Node, _ path: @autoclosure () -> String, name: String, minimum: Double? = nil
    ) -> Double? {
        if document.isNull(node) {
            let what = name.isEmpty ? "is null" : "\(name) is null"
            schema(path(), "\(what): every number is required", at: document.start(node))
            return nil
        }
        return number(node, path(), minimum: minimum)
    }
}
