import CYAML

/// The bounds a document must stay within to be reviewed at all.
public struct LoaderLimits: Sendable, Equatable {
    public var maxFileBytes: Int = 1 << 20
    public var maxDepth: Int = 64
    public var maxAliasNodes: Int = 10_000

    public init() {}
}

/// Why a file could not be turned into documents.
public struct LoadFailure: Sendable, Error, Equatable {
    /// The file is larger than `limits.max_file_bytes`.
    public static func tooLarge(_ size: Int, limit: Int) -> LoadFailure {
        LoadFailure(
            kind: .limits, message: "file is \(size) bytes, over the limit of \(limit) bytes (limits.max_file_bytes)",
            mark: .start)
    }

    public enum Kind: Sendable, Equatable {
        /// Not YAML: libyaml's problem, or an encoding the format does not allow.
        case syntax
        /// Over one of `LoaderLimits`.
        case limits
    }

    public var kind: Kind
    public var message: String
    public var mark: Mark
}

/// A key written twice in one map; the first value is the one kept.
public struct DuplicateKey: Sendable, Equatable {
    public var key: String
    public var mark: Mark
    public var firstMark: Mark
}

public struct LoadedDocument: Sendable {
    /// Nil for an empty document (`---` and nothing else).
    public var root: Node?
    public var duplicateKeys: [DuplicateKey]
    public var start: Mark
}

/// Turns YAML bytes into `Node` trees with libyaml's event API.
///
/// Building the tree iteratively, with an explicit stack, is what lets a
/// hostile file nested thousands deep fail with a limit instead of
/// overflowing our stack: libyaml 0.2.5 bounds neither.
public enum YAMLLoader {
    public static func load(_ bytes: [UInt8], limits: LoaderLimits = LoaderLimits()) -> Result<[LoadedDocument], LoadFailure> {
        if bytes.count > limits.maxFileBytes {
            return .failure(.tooLarge(bytes.count, limit: limits.maxFileBytes))
        }
        if let problem = encodingProblem(bytes) { return .failure(problem) }
        return bytes.withUnsafeBufferPointer { buffer in
            var builder = TreeBuilder(limits: limits)
            return builder.run(buffer)
        }
    }

    /// Specs are UTF-8 text; say so plainly rather than let libyaml guess.
    static func encodingProblem(_ bytes: [UInt8]) -> LoadFailure? {
        if bytes.count >= 2 {
            let (first, second) = (bytes[0], bytes[1])
            if (first == 0xFF && second == 0xFE) || (first == 0xFE && second == 0xFF) {
                return LoadFailure(
                    kind: .syntax, message: "file is UTF-16 (it starts with a UTF-16 byte order mark); save it as UTF-8",
                    mark: .start)
            }
        }
        guard let nul = bytes.firstIndex(of: 0) else { return nil }
        var line = 1
        var column = 1
        for byte in bytes[..<nul] {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return LoadFailure(
            kind: .syntax, message: "file is binary (a NUL byte at offset \(nul)), not a UTF-8 YAML spec",
            mark: Mark(line: line, column: column, offset: nul))
    }
}

private struct TreeBuilder {
    /// An open collection. Its children wait in the builder's shared `pending`
    /// buffer from `firstChild` on (a map's as key, value, key, value), so a
    /// collection costs one exactly sized array when it closes instead of a
    /// growing array per open collection.
    struct Frame {
        var isMapping: Bool
        var start: Mark
        var tag: String?
        var anchor: String?
        var firstChild: Int
        var nodeCount = 1
        var height = 1
    }

    struct Anchored {
        var node: Node
        var nodeCount: Int
        var height: Int
    }

    let limits: LoaderLimits
    var stack: [Frame] = []
    var pending: [Node] = []
    var anchors: [String: Anchored] = [:]
    var aliasNodes = 0
    var documents: [LoadedDocument] = []
    var root: Node?
    var rootCount = 0
    var duplicates: [DuplicateKey] = []
    var documentStart = Mark.start

    init(limits: LoaderLimits) {
        self.limits = limits
    }

    mutating func run(_ buffer: UnsafeBufferPointer<UInt8>) -> Result<[LoadedDocument], LoadFailure> {
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        defer { parser.deallocate() }
        guard yaml_parser_initialize(parser) != 0 else {
            return .failure(LoadFailure(kind: .syntax, message: "libyaml could not allocate a parser", mark: .start))
        }
        defer { yaml_parser_delete(parser) }
        source = buffer
        // An empty buffer still needs a valid pointer.
        var empty: UInt8 = 0
        let base = buffer.baseAddress ?? withUnsafePointer(to: &empty) { $0 }
        yaml_parser_set_input_string(parser, base, buffer.count)
        yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
        stack.reserveCapacity(16)
        pending.reserveCapacity(64)

        var event = yaml_event_t()
        while true {
            guard yaml_parser_parse(parser, &event) != 0 else {
                return .failure(syntaxFailure(parser.pointee))
            }
            defer { yaml_event_delete(&event) }
            let type = event.type
            if type == YAML_STREAM_END_EVENT { break }
            if let failure = handle(&event) { return .failure(failure) }
        }
        return .success(documents)
    }

    mutating func handle(_ event: inout yaml_event_t) -> LoadFailure? {
        switch event.type {
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let text = string(scalar.value, scalar.length)
            let style: Node.ScalarStyle
            switch scalar.style {
            case YAML_PLAIN_SCALAR_STYLE: style = .plain
            case YAML_LITERAL_SCALAR_STYLE, YAML_FOLDED_SCALAR_STYLE: style = .block
            default: style = .quoted
            }
            let start = mark(event.start_mark)
            let end = mark(event.end_mark)
            let tag = optionalString(scalar.tag)
            if let anchor = optionalString(scalar.anchor) {
                let node = Node(content: .scalar(text, style), start: start, end: end, tag: tag)
                anchors[anchor] = Anchored(node: node, nodeCount: 1, height: 0)
                attach(node, nodeCount: 1, height: 0)
            } else {
                attach(Node(content: .scalar(text, style), start: start, end: end, tag: tag), nodeCount: 1, height: 0)
            }
        case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
            let start = mark(event.start_mark)
            if stack.count + 1 > limits.maxDepth { return depthFailure(at: start) }
            let isMapping = event.type == YAML_MAPPING_START_EVENT
            let tag = isMapping ? optionalString(event.data.mapping_start.tag) : optionalString(event.data.sequence_start.tag)
            let anchor = isMapping ? optionalString(event.data.mapping_start.anchor) : optionalString(event.data.sequence_start.anchor)
            stack.append(Frame(isMapping: isMapping, start: start, tag: tag, anchor: anchor, firstChild: pending.count))
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            guard let frame = stack.popLast() else { return nil }
            let content: Node.Content = frame.isMapping ? .mapping(closeMapping(frame)) : .sequence(closeSequence(frame))
            let end = mark(event.end_mark)
            if let anchor = frame.anchor {
                let node = Node(content: content, start: frame.start, end: end, tag: frame.tag)
                anchors[anchor] = Anchored(node: node, nodeCount: frame.nodeCount, height: frame.height)
                attach(node, nodeCount: frame.nodeCount, height: frame.height)
            } else {
                attach(
                    Node(content: content, start: frame.start, end: end, tag: frame.tag),
                    nodeCount: frame.nodeCount, height: frame.height)
            }
        case YAML_ALIAS_EVENT:
            let start = mark(event.start_mark)
            let name = optionalString(event.data.alias.anchor) ?? ""
            guard var anchored = anchors[name] else {
                return LoadFailure(kind: .syntax, message: "alias *\(name) names no anchor defined before it", mark: start)
            }
            aliasNodes += anchored.nodeCount
            if aliasNodes > limits.maxAliasNodes {
                return LoadFailure(
                    kind: .limits,
                    message: "alias expansion builds over \(limits.maxAliasNodes) nodes in one document (limits.max_alias_nodes)",
                    mark: start)
            }
            if stack.count + anchored.height > limits.maxDepth {
                return depthFailure(at: start)
            }
            // The alias stands where it is written, so findings point there.
            anchored.node.start = start
            anchored.node.end = mark(event.end_mark)
            attach(anchored.node, nodeCount: anchored.nodeCount, height: anchored.height)
        case YAML_DOCUMENT_START_EVENT:
            root = nil
            rootCount = 0
            anchors.removeAll(keepingCapacity: true)
            aliasNodes = 0
            duplicates = []
            documentStart = mark(event.start_mark)
        case YAML_DOCUMENT_END_EVENT:
            documents.append(LoadedDocument(root: root, duplicateKeys: duplicates, start: documentStart))
        default:
            break
        }
        return nil
    }

    /// Puts a finished node in its parent, or makes it the document's root.
    mutating func attach(_ node: consuming Node, nodeCount: Int, height: Int) {
        let top = stack.count - 1
        guard top >= 0 else {
            root = consume node
            rootCount = nodeCount
            return
        }
        stack[top].nodeCount += nodeCount
        if height + 1 > stack[top].height { stack[top].height = height + 1 }
        pending.append(consume node)
    }

    /// The items of a closing sequence, moved off the end of the pending buffer
    /// into place (popping moves a node; slicing would copy it and then destroy the original).
    mutating func closeSequence(_ frame: Frame) -> [Node] {
        let count = pending.count - frame.firstChild
        guard count > 0 else { return [] }
        return [Node](unsafeUninitializedCapacity: count) { buffer, initialized in
            guard let base = buffer.baseAddress else { return }
            for slot in (0..<count).reversed() { (base + slot).initialize(to: pending.removeLast()) }
            initialized = count
        }
    }

    /// The entries of a closing map, moved off the pending buffer. A key written
    /// again is dropped with its value and reported; the first one is kept.
    mutating func closeMapping(_ frame: Frame) -> [Node.Entry] {
        // A key without a value cannot come from libyaml; it would be dropped.
        if (pending.count - frame.firstChild) % 2 == 1 { _ = pending.removeLast() }
        let count = (pending.count - frame.firstChild) / 2
        guard count > 0 else { return [] }
        let entries = [Node.Entry](unsafeUninitializedCapacity: count) { buffer, initialized in
            guard let base = buffer.baseAddress else { return }
            for slot in (0..<count).reversed() {
                let value = pending.removeLast()
                (base + slot).initialize(to: Node.Entry(key: pending.removeLast(), value: value))
            }
            initialized = count
        }
        // Scalar keys seen so far, built only once a map is big enough that a linear scan would hurt.
        var keyIndex: [String: Mark]?
        var dropped: [Int] = []
        for position in entries.indices {
            guard case .scalar(let text, _) = entries[position].key.content else { continue }
            let keyMark = entries[position].key.start
            if let firstMark = Self.firstMark(ofKey: text, at: keyMark, in: entries, before: position, index: &keyIndex) {
                duplicates.append(DuplicateKey(key: text, mark: keyMark, firstMark: firstMark))
                dropped.append(position)
            }
        }
        guard !dropped.isEmpty else { return entries }
        // One pass, not a removal each: a hostile map can repeat a key a hundred thousand times.
        var kept: [Node.Entry] = []
        kept.reserveCapacity(entries.count - dropped.count)
        var next = 0
        for position in entries.indices {
            if next < dropped.count, dropped[next] == position {
                next += 1
            } else {
                kept.append(entries[position])
            }
        }
        return kept
    }

    /// The mark of the first earlier key (of `entries[..<position]`) with this text, if any;
    /// records the key in the index otherwise. Earlier duplicates can be in that range
    /// too, but never before the key they repeat, so the first match is always a kept key.
    static func firstMark(
        ofKey text: String, at keyMark: Mark, in entries: [Node.Entry], before position: Int, index: inout [String: Mark]?
    ) -> Mark? {
        if index != nil {
            if let mark = index?[text] { return mark }
            index?[text] = keyMark
            return nil
        }
        for earlier in 0..<position {
            if case .scalar(let other, _) = entries[earlier].key.content, other == text { return entries[earlier].key.start }
        }
        if position >= 16 {
            var built: [String: Mark] = [text: keyMark]
            for earlier in 0..<position {
                if case .scalar(let other, _) = entries[earlier].key.content, built[other] == nil {
                    built[other] = entries[earlier].key.start
                }
            }
            index = built
        }
        return nil
    }

    func depthFailure(at mark: Mark) -> LoadFailure {
        LoadFailure(kind: .limits, message: "nesting deeper than \(limits.maxDepth) levels (limits.max_depth)", mark: mark)
    }

    func syntaxFailure(_ parser: yaml_parser_t) -> LoadFailure {
        let problem = parser.problem.map { String(cString: $0) } ?? "the YAML could not be parsed"
        var message = problem
        if let context = parser.context.map({ String(cString: $0) }) {
            let contextMark = mark(parser.context_mark)
            message += " (\(context) that starts at \(contextMark.line):\(contextMark.column))"
        }
        if parser.error == YAML_READER_ERROR {
            // Reader errors carry a byte offset, not a line.
            return LoadFailure(kind: .syntax, message: readerMessage(parser), mark: lineAndColumn(ofByte: Int(parser.problem_offset)))
        }
        return LoadFailure(kind: .syntax, message: message, mark: mark(parser.problem_mark))
    }

    func readerMessage(_ parser: yaml_parser_t) -> String {
        let problem = parser.problem.map { String(cString: $0) } ?? "unreadable input"
        return "\(problem) at byte \(parser.problem_offset): a spec must be UTF-8 text"
    }

    /// Filled in by `run` through `source`, so reader errors can be placed.
    var source: UnsafeBufferPointer<UInt8>?

    func lineAndColumn(ofByte offset: Int) -> Mark {
        guard let source else { return Mark(line: 1, column: 1, offset: offset) }
        var line = 1
        var column = 1
        for byte in source[..<min(offset, source.count)] {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return Mark(line: line, column: column, offset: offset)
    }

    func mark(_ mark: yaml_mark_t) -> Mark {
        Mark(line: Int(mark.line) + 1, column: Int(mark.column) + 1, offset: Int(mark.index))
    }

    func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?, _ length: Int) -> String {
        guard let pointer, length > 0 else { return "" }
        return String(decoding: UnsafeBufferPointer(start: pointer, count: length), as: UTF8.self)
    }

    func optionalString(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        guard let pointer else { return nil }
        return String(cString: pointer)
    }
}
