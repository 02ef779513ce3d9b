import CYAML
import Glibc

/// The bounds a document must stay within to be reviewed at all, and the bound on what
/// the review of one of its screens reports (`limits:` in the config).
public struct LoaderLimits: Sendable, Equatable {
    public var maxFileBytes: Int = 1 << 20
    /// The most `maxFileBytes` can be: a document keeps its offsets in 32 bits.
    public static let largestFileBytes = 1 << 30
    public var maxDepth: Int = 64
    public var maxAliasNodes: Int = 10_000
    /// Beyond this many findings a screen reports the first ones in report order and one
    /// `spec.limits` finding that counts the rest. A screen a person drew has a few dozen;
    /// a generated one with thousands of overlapping controls has millions (one per pair),
    /// which no reader can use and which would cost gigabytes to report.
    public var maxFindingsPerScreen: Int = 1000

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

/// Turns YAML bytes into `YAMLDocument`s with libyaml's event API.
///
/// Building iteratively, with an explicit stack, is what lets a hostile file
/// nested thousands deep fail with a limit instead of overflowing our stack:
/// libyaml 0.2.5 bounds neither.
public enum YAMLLoader {
    public static func load(_ bytes: [UInt8], limits: LoaderLimits = LoaderLimits()) -> Result<[YAMLDocument], LoadFailure> {
        // Tokens first: a spec that the token reader takes whole costs a fifth less of libyaml's
        // time. Anything it does not take (tags, anchors, directives, any error or limit) is
        // parsed again from the start by libyaml's own parser, whose answer stands.
        load(bytes, limits: limits) { builder, buffer in
            if let documents = builder.runTokens(buffer) { return .success(documents) }
            var parsed = DocumentBuilder(limits: limits)
            return parsed.run(buffer)
        }
    }

    /// `load` with libyaml's event parser alone: what the token reader is held to. With
    /// `readingAhead` false, libyaml reads the input itself too: what the read-ahead is held to.
    static func loadWithParser(
        _ bytes: [UInt8], limits: LoaderLimits = LoaderLimits(), readingAhead: Bool = true
    ) -> Result<[YAMLDocument], LoadFailure> {
        load(bytes, limits: limits) { builder, buffer in builder.run(buffer, readingAhead: readingAhead) }
    }

    /// `load` with the token reader alone: nil where it gives the input up.
    static func loadWithTokens(_ bytes: [UInt8], limits: LoaderLimits = LoaderLimits()) -> [YAMLDocument]? {
        var taken: [YAMLDocument]?
        _ = load(bytes, limits: limits) { builder, buffer in
            taken = builder.runTokens(buffer)
            return .success([])
        }
        return taken
    }

    /// For the fuzzer: what differs between the loader's shortcuts and libyaml's own path (its
    /// reader and its event parser): where the token reader takes `bytes`, its documents against
    /// the parser's (or that the parser rejects them); where it gives them up, the parser's
    /// answer with the input read ahead against its answer without. Nil where they agree.
    public static func tokenReaderDisagreement(_ bytes: [UInt8], limits: LoaderLimits = LoaderLimits()) -> String? {
        let plain = loadWithParser(bytes, limits: limits, readingAhead: false)
        guard let taken = loadWithTokens(bytes, limits: limits) else {
            let readAhead = loadWithParser(bytes, limits: limits)
            switch (readAhead, plain) {
            case (.failure(let mine), .failure(let theirs)):
                return mine == theirs ? nil : "read ahead, the parser fails with \(mine), without \(theirs)"
            case (.success(let mine), .success(let theirs)):
                return difference(mine, theirs).map { "read ahead, \($0)" }
            default:
                return "read ahead, the parser's answer is \(readAhead), without \(plain)"
            }
        }
        switch plain {
        case .failure(let failure):
            return "the token reader took what the parser rejects: \(failure.message)"
        case .success(let parsed):
            return difference(taken, parsed)
        }
    }

    /// How `mine` differs from the parser's `theirs`, if it does.
    private static func difference(_ mine: [YAMLDocument], _ theirs: [YAMLDocument]) -> String? {
        guard mine.count == theirs.count else { return "\(mine.count) documents, the parser's \(theirs.count)" }
        for (index, (mine, theirs)) in zip(mine, theirs).enumerated() {
            if mine.records != theirs.records || mine.text != theirs.text || mine.root != theirs.root
                || mine.duplicateKeys != theirs.duplicateKeys || mine.start != theirs.start {
                return "document \(index) differs from the parser's"
            }
        }
        return nil
    }

    private static func load(
        _ bytes: [UInt8], limits: LoaderLimits,
        with build: (inout DocumentBuilder, UnsafeBufferPointer<UInt8>) -> Result<[YAMLDocument], LoadFailure>
    ) -> Result<[YAMLDocument], LoadFailure> {
        let limit = min(limits.maxFileBytes, LoaderLimits.largestFileBytes)
        if bytes.count > limit {
            return .failure(.tooLarge(bytes.count, limit: limit))
        }
        if let problem = encodingProblem(bytes) { return .failure(problem) }
        return bytes.withUnsafeBufferPointer { whole in
            // The parser is told the encoding, which turns its own byte-order-mark detection off; a
            // UTF-8 mark is allowed and is no column, so it is left out of what the parser sees.
            let buffer = hasUTF8ByteOrderMark(whole) ? UnsafeBufferPointer(rebasing: whole.dropFirst(3)) : whole
            // Positions then count from after the mark, as fixes expect (`SourceText.markLength`).
            var builder = DocumentBuilder(limits: limits)
            return build(&builder, buffer)
        }
    }

    /// Whether libyaml's reader takes the character `value` (its list of the characters YAML
    /// allows in a document); anything else it rejects, and the writer escapes.
    static func readerAccepts(_ value: UInt32) -> Bool {
        switch value {
        case 0x09, 0x0A, 0x0D, 0x20...0x7E, 0x85, 0xA0...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }

    static func hasUTF8ByteOrderMark(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
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
        // memchr: this looks at every byte of every file.
        let found = bytes.withUnsafeBytes { raw -> Int? in
            guard let base = raw.baseAddress, let hit = memchr(base, 0, raw.count) else { return nil }
            return base.distance(to: UnsafeRawPointer(hit))
        }
        guard let nul = found else { return nil }
        var line = 1
        var column = 1
        let start = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
        for byte in bytes[min(start, nul)..<nul] {
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

struct DocumentBuilder {
    /// An open collection; its record is `records[record]`.
    struct Frame {
        var record: Int32
        var isMapping: Bool
        /// Whether the collection has an anchor. Its name waits in `openAnchors` (collections
        /// close in the order opposite to their opening), so that frames stay plain values.
        var isAnchored = false
        var children: Int32 = 0
        var nodeCount = 1
        var height = 1
        /// A map's keys' signatures so far (`signature(of:)`), taken as each key arrives.
        var keySignatures: UInt64 = 0
        /// Whether two of a map's keys share a signature: only then can one repeat another
        /// (or when the map is large), so only then does `markRepeatedKeys` look at the keys.
        var mayRepeat = false
    }

    /// What an alias to the anchor adds: its node, and how many nodes and levels it stands for.
    struct Anchored {
        var record: Int32
        var nodeCount: Int
        var height: Int
    }

    let limits: LoaderLimits
    /// The open collections, innermost last; in a scratch buffer, so that counting a child
    /// in its parent is a write through a pointer, with no uniqueness check.
    let stack = ScratchBuffer<Frame>(capacity: 16)
    var anchors: [String: Anchored] = [:]
    /// Names of anchors on collections still open.
    var openAnchors: [String] = []
    var aliasNodes = 0
    var documents: [YAMLDocument] = []
    // The open document's parts, handed to a `YAMLDocument` when it ends.
    let records = ScratchBuffer<YAMLDocument.Record>(capacity: 512)
    let text = ScratchBuffer<UInt8>(capacity: 4096)
    var duplicates: [DuplicateKey] = []
    var root: Node?
    var documentStart = Mark.start

    init(limits: LoaderLimits) {
        self.limits = limits
    }

    /// A libyaml parser reading `buffer` as UTF-8, for `body`, deleted after it; nil when
    /// libyaml cannot allocate one. The event parser and the token reader both start here.
    /// `readingAhead`: text its reader would pass through unchanged (`charactersPassingReader`)
    /// is put in its buffer whole beforehand (`higlint_yaml_read_ahead`); false only to hold
    /// that to libyaml's own reading.
    static func withParser<Answer>(
        reading buffer: UnsafeBufferPointer<UInt8>, readingAhead: Bool = true, _ body: (UnsafeMutablePointer<yaml_parser_t>) -> Answer
    ) -> Answer? {
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        defer { parser.deallocate() }
        guard yaml_parser_initialize(parser) != 0 else { return nil }
        defer { yaml_parser_delete(parser) }
        // An empty buffer still needs a valid pointer.
        var empty: UInt8 = 0
        return withUnsafePointer(to: &empty) { emptyInput in
            let input = buffer.baseAddress ?? emptyInput
            yaml_parser_set_input_string(parser, input, buffer.count)
            yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
            // Where the buffer cannot grow, libyaml reads the input itself.
            if readingAhead, buffer.count <= Self.readAheadLimit, let characters = Self.charactersPassingReader(buffer) {
                _ = higlint_yaml_read_ahead(parser, input, buffer.count, characters)
            }
            return body(parser)
        }
    }

    /// The largest input read ahead: its copy is as large as the input, where libyaml's reader
    /// needs 64 KB for any; specs are a few kilobytes, a file raised to the largest limit is not.
    static let readAheadLimit = 4 << 20

    /// The characters libyaml's reader would count in `text` where it would copy `text` to its
    /// buffer byte for byte and reject nothing; nil where it would reject something (or where
    /// this cannot tell, which it then reads itself). That is UTF-8 in its shortest form of
    /// the characters YAML allows: tab, line feed, carriage return, printable ASCII, U+0085,
    /// U+00A0 to U+D7FF, U+E000 to U+FFFD and U+10000 to U+10FFFF, the reader's own list
    /// (its decoding of any of them writes back the same bytes). ASCII eight bytes a step.
    static func charactersPassingReader(_ text: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let start = text.baseAddress else { return 0 }
        let raw = UnsafeRawPointer(start)
        let count = text.count
        var index = 0
        var characters = 0
        while index < count {
            if index + 8 <= count, rejectedBytes(raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) == 0 {
                index += 8
                characters += 8
                continue
            }
            let lead = text[index]
            if lead < 0x80 {
                // Only the low byte's bit: the zeros above it would count as control characters.
                if rejectedBytes(UInt64(lead)) & 0x80 != 0 { return nil }
                index += 1
                characters += 1
                continue
            }
            let width: Int
            var value: UInt32
            switch lead {
            case 0xC0...0xDF: (width, value) = (2, UInt32(lead & 0x1F))
            case 0xE0...0xEF: (width, value) = (3, UInt32(lead & 0x0F))
            case 0xF0...0xF7: (width, value) = (4, UInt32(lead & 0x07))
            default: return nil
            }
            guard index + width <= count else { return nil }
            for offset in 1..<width {
                let trailing = text[index + offset]
                guard trailing & 0xC0 == 0x80 else { return nil }
                value = value << 6 | UInt32(trailing & 0x3F)
            }
            let shortest: UInt32 = width == 2 ? 0x80 : width == 3 ? 0x800 : 0x10000
            guard value >= shortest else { return nil }
            guard YAMLLoader.readerAccepts(value) else { return nil }
            index += width
            characters += 1
        }
        return characters
    }

    /// The high bit of each byte of `word` that is not printable ASCII, a tab, a line feed or
    /// a carriage return.
    @inline(__always)
    static func rejectedBytes(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs = ones &* 0x80
        let lows = ones &* 0x7F
        // Each byte's low seven bits plus a constant never carry into the next byte.
        func below(_ limit: UInt64) -> UInt64 { ~(((word & lows) &+ ones &* (0x80 - limit)) | word) & highs }
        func equal(_ value: UInt64) -> UInt64 {
            let difference = word ^ (ones &* value)
            return ~(((difference & lows) &+ lows) | difference) & highs
        }
        let control = below(0x20) & ~(equal(0x09) | equal(0x0A) | equal(0x0D))
        let deleteOrHigh = (((word & lows) &+ ones) | word) & highs
        return control | deleteOrHigh
    }

    mutating func run(_ buffer: UnsafeBufferPointer<UInt8>, readingAhead: Bool = true) -> Result<[YAMLDocument], LoadFailure> {
        source = buffer
        return Self.withParser(reading: buffer, readingAhead: readingAhead) { parser in events(from: parser) }
            ?? .failure(LoadFailure(kind: .syntax, message: "libyaml could not allocate a parser", mark: .start))
    }

    /// The documents of `yaml_parser_parse`'s events.
    private mutating func events(from parser: UnsafeMutablePointer<yaml_parser_t>) -> Result<[YAMLDocument], LoadFailure> {
        var event = yaml_event_t()
        while true {
            guard yaml_parser_parse(parser, &event) != 0 else {
                return .failure(syntaxFailure(parser.pointee))
            }
            defer { yaml_event_delete(&event) }
            let type = event.type
            // Most events are scalars, which cannot fail: they skip the general handler.
            if type == YAML_SCALAR_EVENT {
                appendScalar(event)
                continue
            }
            if type == YAML_STREAM_END_EVENT { break }
            if let failure = handle(&event) { return .failure(failure) }
        }
        return .success(documents)
    }

    mutating func handle(_ event: inout yaml_event_t) -> LoadFailure? {
        switch event.type {
        case YAML_SCALAR_EVENT:
            appendScalar(event)
        case YAML_SEQUENCE_START_EVENT:
            let start = event.data.sequence_start
            return openCollection(
                isMapping: false, start: event.start_mark, flow: start.style == YAML_FLOW_SEQUENCE_STYLE,
                tagged: start.tag != nil, anchor: optionalString(start.anchor))
        case YAML_MAPPING_START_EVENT:
            let start = event.data.mapping_start
            return openCollection(
                isMapping: true, start: event.start_mark, flow: start.style == YAML_FLOW_MAPPING_STYLE,
                tagged: start.tag != nil, anchor: optionalString(start.anchor))
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            closeCollection(end: event.end_mark)
        case YAML_ALIAS_EVENT:
            let start = mark(event.start_mark)
            let name = optionalString(event.data.alias.anchor) ?? ""
            guard let anchored = anchors[name] else {
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
            let position = Int32(records.count)
            // An alias key to a scalar is that scalar's text, compared as a key like any other.
            let target = records[Int(anchored.record)]
            if target.kind == YAMLDocument.Kind.scalar.rawValue {
                text.withUnsafeBufferPointer { text in
                    noteKey(UnsafeBufferPointer(rebasing: text[Int(target.payload)..<Int(target.payload + target.length)]))
                }
            }
            records.append(YAMLDocument.Record(
                start: start, end: Int32(truncatingIfNeeded: event.end_mark.index), payload: anchored.record, length: 0, next: position + 1,
                kind: YAMLDocument.Record.alias, style: 0, flags: 0))
            attach(position, nodeCount: anchored.nodeCount, height: anchored.height)
        case YAML_DOCUMENT_START_EVENT:
            startDocument(at: event.start_mark)
        case YAML_DOCUMENT_END_EVENT:
            endDocument()
        default:
            break
        }
        return nil
    }

    /// A sequence or map opens: its record, and a frame until it closes.
    mutating func openCollection(isMapping: Bool, start startMark: yaml_mark_t, flow: Bool, tagged: Bool, anchor: String?) -> LoadFailure? {
        let start = mark(startMark)
        if stack.count + 1 > limits.maxDepth { return depthFailure(at: start) }
        let position = Int32(records.count)
        records.append(YAMLDocument.Record(
            start: start, end: 0, payload: 0, length: 0, next: position + 1,
            kind: (isMapping ? YAMLDocument.Kind.mapping : YAMLDocument.Kind.sequence).rawValue,
            style: flow ? YAMLDocument.flowStyle : 0, flags: tagged ? YAMLDocument.Record.tagged : 0))
        var frame = Frame(record: position, isMapping: isMapping)
        if let anchor {
            frame.isAnchored = true
            openAnchors.append(anchor)
        }
        stack.append(frame)
        return nil
    }

    /// The innermost open collection closes at `end`.
    mutating func closeCollection(end: yaml_mark_t) {
        guard let frame = stack.removeLast() else { return }
        let position = Int(frame.record)
        records[position].payload = frame.children
        records[position].end = Int32(truncatingIfNeeded: end.index)
        records[position].next = Int32(records.count)
        // A map whose keys' signatures never clashed has no repeated key (`markRepeatedKeys`
        // compares only keys whose signature was already seen); a large one is indexed.
        if frame.isMapping, frame.mayRepeat || frame.children > 2 * Self.signedKeys { markRepeatedKeys(of: frame) }
        if frame.isAnchored, let anchor = openAnchors.popLast() {
            anchors[anchor] = Anchored(record: frame.record, nodeCount: frame.nodeCount, height: frame.height)
        }
        attach(frame.record, nodeCount: frame.nodeCount, height: frame.height)
    }

    mutating func startDocument(at start: yaml_mark_t) {
        documentStart = mark(start)
        records.removeAll()
        text.removeAll()
        duplicates = []
        root = nil
        anchors.removeAll(keepingCapacity: true)
        aliasNodes = 0
    }

    mutating func endDocument() {
        Self.padding.withUnsafeBufferPointer { text.append(contentsOf: $0) }
        documents.append(YAMLDocument(
            records: records.makeArray(), text: text.makeArray(), root: root, duplicateKeys: duplicates,
            start: documentStart))
    }

    /// A scalar's text into the document's buffer and its record after the others. Inlined
    /// into the event loop: scalars are most of a spec's events, and each one here was a
    /// call through the general handler and its optional failure.
    @inline(__always)
    mutating func appendScalar(_ event: yaml_event_t) {
        let scalar = event.data.scalar
        appendScalar(
            value: scalar.value, length: scalar.length, style: scalar.style, tagged: scalar.tag != nil,
            anchor: scalar.anchor, start: event.start_mark, end: event.end_mark)
    }

    /// `appendScalar(_:)` from the scalar's parts, as an event or a token holds them.
    @inline(__always)
    mutating func appendScalar(
        value: UnsafeMutablePointer<yaml_char_t>?, length: Int, style scalarStyle: yaml_scalar_style_t, tagged: Bool,
        anchor: UnsafeMutablePointer<yaml_char_t>?, start: yaml_mark_t, end: yaml_mark_t
    ) {
        let style: YAMLDocument.ScalarStyle
        switch scalarStyle {
        case YAML_PLAIN_SCALAR_STYLE: style = .plain
        case YAML_LITERAL_SCALAR_STYLE, YAML_FOLDED_SCALAR_STYLE: style = .block
        default: style = .quoted
        }
        // Counts stay under 2^30: a document is at most `LoaderLimits.largestFileBytes`.
        let position = Int32(truncatingIfNeeded: records.count)
        let textStart = Int32(truncatingIfNeeded: text.count)
        var textLength: Int32 = 0
        let top = stack.lastPointer
        if let value, length > 0 {
            let bytes = UnsafeBufferPointer(start: value, count: length)
            text.append(contentsOf: bytes)
            textLength = Int32(truncatingIfNeeded: length)
            Self.noteKey(bytes, in: top)
        } else {
            Self.noteKey(UnsafeBufferPointer(start: nil, count: 0), in: top)
        }
        records.append(YAMLDocument.Record(
            line: start.line, column: start.column, offset: start.index, end: end.index, payload: textStart,
            length: textLength, next: position &+ 1, kind: YAMLDocument.Kind.scalar.rawValue, style: style.rawValue,
            flags: tagged ? YAMLDocument.Record.tagged : 0))
        if let anchor = optionalString(anchor) {
            anchors[anchor] = Anchored(record: position, nodeCount: 1, height: 0)
        }
        attach(position, nodeCount: 1, height: 0, to: top)
    }

    /// When the scalar about to be counted is a key of the innermost open map, adds its
    /// signature to the map's, and notes a clash: what `markRepeatedKeys` would first look at.
    @inline(__always)
    func noteKey(_ bytes: UnsafeBufferPointer<UInt8>) {
        Self.noteKey(bytes, in: stack.lastPointer)
    }

    /// `noteKey` with the innermost open collection already found (nil: none is open).
    @inline(__always)
    static func noteKey(_ bytes: UnsafeBufferPointer<UInt8>, in top: UnsafeMutablePointer<Frame>?) {
        guard let top, top.pointee.isMapping, top.pointee.children & 1 == 0 else { return }
        let signature = Self.signature(of: bytes)
        if top.pointee.keySignatures & signature != 0 { top.pointee.mayRepeat = true }
        top.pointee.keySignatures |= signature
    }

    /// Counts a finished node in its parent, or makes it the document's root.
    @inline(__always)
    mutating func attach(_ position: Int32, nodeCount: Int, height: Int) {
        attach(position, nodeCount: nodeCount, height: height, to: stack.lastPointer)
    }

    /// `attach` with the innermost open collection already found (nil: none is open).
    @inline(__always)
    mutating func attach(_ position: Int32, nodeCount: Int, height: Int, to top: UnsafeMutablePointer<Frame>?) {
        guard let top else {
            root = YAMLDocument.node(records[Int(position)], at: position)
            return
        }
        // No overflow: children and nodes are at most the document's events, and aliases
        // stop at `maxAliasNodes`; heights at `maxDepth`.
        top.pointee.children &+= 1
        top.pointee.nodeCount &+= nodeCount
        if height &+ 1 > top.pointee.height { top.pointee.height = height &+ 1 }
    }

    /// Flags each key written again in the closing map and reports it; the first one is kept.
    /// Keys are compared as bytes. A small map (most of them) first compares cheap
    /// signatures, so keys that cannot be equal are never compared; a large one gets an
    /// index, so a hostile map of a hundred thousand keys stays linear.
    mutating func markRepeatedKeys(of frame: Frame) {
        let count = Int(frame.children) / 2
        guard count > 1 else { return }
        var repeated: [(key: Int32, first: Int32, name: String)] = []
        text.withUnsafeBufferPointer { text in
            let records = self.records
            func scalarRecord(at position: Int32) -> YAMLDocument.Record? {
                var record = records[Int(position)]
                if record.kind == YAMLDocument.Record.alias { record = records[Int(record.payload)] }
                return record.kind == YAMLDocument.Kind.scalar.rawValue ? record : nil
            }
            func bytes(_ record: YAMLDocument.Record) -> UnsafeBufferPointer<UInt8> {
                UnsafeBufferPointer(rebasing: text[Int(record.payload)..<Int(record.payload + record.length)])
            }
            func same(_ lhs: YAMLDocument.Record, _ rhs: YAMLDocument.Record) -> Bool {
                guard lhs.length == rhs.length else { return false }
                guard lhs.length > 0, let base = text.baseAddress else { return true }
                return memcmp(base + Int(lhs.payload), base + Int(rhs.payload), Int(lhs.length)) == 0
            }
            func nextKey(after position: Int32) -> Int32 {
                records[Int(records[Int(position)].next)].next
            }
            if count > Self.signedKeys {
                var index: [String: Int32] = Dictionary(minimumCapacity: count)
                var position = frame.record + 1
                for _ in 0..<count {
                    if let record = scalarRecord(at: position) {
                        let key = String(decoding: bytes(record), as: UTF8.self)
                        if let first = index[key] { repeated.append((position, first, key)) } else { index[key] = position }
                    }
                    position = nextKey(after: position)
                }
                return
            }
            var seen: UInt64 = 0
            var position = frame.record + 1
            for _ in 0..<count {
                defer { position = nextKey(after: position) }
                guard let record = scalarRecord(at: position) else { continue }
                let signature = Self.signature(of: bytes(record))
                if seen & signature == 0 {
                    seen |= signature
                    continue
                }
                // Earlier repeats are in this range too, but never before the key they
                // repeat, so the first match is always a kept key.
                var earlier = frame.record + 1
                while earlier != position {
                    if let other = scalarRecord(at: earlier), same(other, record) {
                        repeated.append((position, earlier, String(decoding: bytes(record), as: UTF8.self)))
                        break
                    }
                    earlier = nextKey(after: earlier)
                }
            }
        }
        for (key, first, name) in repeated {
            records[Int(key)].flags |= YAMLDocument.Record.repeatedKey
            duplicates.append(DuplicateKey(key: name, mark: records[Int(key)].start, firstMark: records[Int(first)].start))
        }
    }

    /// `YAMLDocument.textPadding` zero bytes, appended to every document's text.
    static let padding = [UInt8](repeating: 0, count: YAMLDocument.textPadding)

    /// Up to this many keys a map's repeats are found by signatures; more are indexed.
    static let signedKeys = 16

    /// One bit of 64 for a key, from its length and its first and last bytes: equal keys
    /// always share it, and different keys of one map seldom do.
    static func signature(of key: UnsafeBufferPointer<UInt8>) -> UInt64 {
        guard let first = key.first, let last = key.last else { return 1 }
        let mixed = UInt64(key.count) &* 0x9E37 &+ UInt64(first) &* 31 &+ UInt64(last)
        return 1 << (mixed & 63)
    }

    func depthFailure(at mark: Mark) -> LoadFailure {
        LoadFailure(kind: .limits, message: "nesting deeper than \(limits.maxDepth) levels (limits.max_depth)", mark: mark)
    }

    func syntaxFailure(_ parser: yaml_parser_t) -> LoadFailure {
        let problem = parser.problem.map { String(cString: $0) } ?? "the YAML could not be parsed"
        var message = problem
        if let context = parser.context.map({ String(cString: $0) }) {
            let contextMark = withinInput(mark(parser.context_mark))
            message += " (\(context) that starts at \(contextMark.line):\(contextMark.column))"
        }
        if parser.error == YAML_READER_ERROR {
            // Reader errors carry a byte offset, not a line.
            return LoadFailure(kind: .syntax, message: readerMessage(parser), mark: lineAndColumn(ofByte: Int(parser.problem_offset)))
        }
        return LoadFailure(kind: .syntax, message: message, mark: withinInput(mark(parser.problem_mark)))
    }

    /// `mark`, or the end of the input's last line when the mark lies beyond it. At the end of
    /// the input libyaml moves its mark to the start of a line after the last one (it ends the
    /// stream with a line break, written or not), which no editor can show; a finding there
    /// is placed just after the last character instead.
    func withinInput(_ mark: Mark) -> Mark {
        guard let source else { return mark }
        let end = Self.endOfLastLine(source)
        return (mark.line, mark.column) > (end.line, end.column) ? end : mark
    }

    /// Where the input's last line ends (before its final line break, if it has one), counted
    /// as libyaml counts: CR LF, CR, LF, NEL, LS and PS each end a line; columns and offsets count
    /// characters.
    static func endOfLastLine(_ source: UnsafeBufferPointer<UInt8>) -> Mark {
        var line = 1
        var column = 1
        var offset = 0
        var index = 0
        var lastEnd = Mark.start
        while index < source.count {
            let byte = source[index]
            // The length of a line break here, in bytes; 0 for anything else.
            var breakLength = 0
            if byte == 0x0A {
                breakLength = 1
            } else if byte == 0x0D {
                breakLength = index + 1 < source.count && source[index + 1] == 0x0A ? 2 : 1
            } else if byte == 0xC2, index + 1 < source.count, source[index + 1] == 0x85 {
                breakLength = 2
            } else if byte == 0xE2, index + 2 < source.count, source[index + 1] == 0x80,
                      source[index + 2] == 0xA8 || source[index + 2] == 0xA9 {
                breakLength = 3
            }
            if breakLength > 0 {
                lastEnd = Mark(line: line, column: column, offset: offset)
                // libyaml's index counts CR LF as two characters, every other break as one.
                offset += byte == 0x0D && breakLength == 2 ? 2 : 1
                index += breakLength
                line += 1
                column = 1
                if index == source.count { return lastEnd }
                continue
            }
            if byte & 0xC0 != 0x80 {
                column += 1
                offset += 1
            }
            index += 1
        }
        return Mark(line: line, column: column, offset: offset)
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

    func optionalString(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        guard let pointer else { return nil }
        return String(cString: pointer)
    }
}
