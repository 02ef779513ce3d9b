import CLibXML2
import Glibc
import HiglintCore

/// Reads a whole XML document with libxml2's SAX2 interface into `XMLElement`s.
///
/// SAX rather than a DOM: its callbacks see the parser's exact position, where the DOM's
/// line numbers stop at 65,535 and a text reader's are its read-ahead. Entities are never
/// substituted, no DTD is loaded and nothing is fetched from the network, so a hostile
/// file can neither expand (billion laughs) nor reach out; nesting is bounded by the limit
/// the caller gives.
enum SAXReader {
    /// What of the document the caller reads: most of an IB file (colors, autoresizing masks,
    /// layout guides, the many attributes of each view) is not, and leaving it as C bytes
    /// is most of what makes reading fast.
    struct Filter: Sendable {
        /// Elements skipped with everything inside them.
        let skippedElements: Set<String>
        /// The attributes kept; nil keeps every one.
        let keptAttributes: Set<String>?
        /// Elements whose character data is kept.
        let textElements: Set<String>
        /// What the filter says of each name it, `IBAttribute` or `IBElement` names, found by the name's
        /// bytes: every document looks up each of its names once, and with libxml2's C string
        /// in hand a hash of the bytes is a tenth of making a string and hashing that.
        let named: NameIndex
        /// The name tables this filter's reads share (`ReaderPool`): what a table learns
        /// depends on the filter, so each filter has its own.
        let pool: ReaderPool

        init(
            skippedElements: Set<String>, keptAttributes: Set<String>?, textElements: Set<String>,
            pool: ReaderPool = ReaderPool()
        ) {
            self.pool = pool
            self.skippedElements = skippedElements
            self.keptAttributes = keptAttributes
            self.textElements = textElements
            let all = skippedElements.union(keptAttributes ?? []).union(textElements)
                .union(IBAttribute.allCases.map(\.rawValue)).union(IBElement.allCases.map(\.rawValue))
            named = NameIndex(all.sorted().map { name in
                (name, NameInfo(
                    isSkipped: skippedElements.contains(name), isKept: keptAttributes?.contains(name) ?? true,
                    keepsText: textElements.contains(name), attribute: IBAttribute(rawValue: name),
                    element: IBElement(rawValue: name)))
            })
        }

        static let everything = Filter(skippedElements: [], keptAttributes: nil, textElements: ["string", "mutableString"])

        /// What the filter says of every name it does not know.
        var unknownInfo: NameInfo {
            NameInfo(isSkipped: false, isKept: keptAttributes == nil, keepsText: false, attribute: nil, element: nil)
        }
    }

    /// What the filter says of one name.
    struct NameInfo: Sendable {
        var isSkipped: Bool
        var isKept: Bool
        var keepsText: Bool
        var attribute: IBAttribute?
        var element: IBElement?
    }

    enum Outcome {
        case document(XMLElement)
        /// Not well-formed XML: libxml2's message and where it stopped.
        case malformed(String, Mark)
        /// Nested deeper than `maxDepth` elements.
        case tooDeep(Mark)
    }

    /// libxml2 sets up its global state once, before any thread parses.
    private static let initialized: Void = { xmlInitParser() }()

    static func read(_ bytes: [UInt8], maxDepth: Int, filter: Filter = .everything) -> Outcome {
        _ = initialized
        guard !bytes.isEmpty else { return .malformed("the file is empty", .start) }
        guard bytes.count < Int(Int32.max) else { return .malformed("the file is too large to parse", .start) }
        return filter.pool.withTable(index: filter.named, unknown: filter.unknownInfo) { names in
            parse(bytes, maxDepth: maxDepth, names: names)
        }
    }

    /// Parses with `names`, a table no other parse uses meanwhile.
    static func parse(_ bytes: [UInt8], maxDepth: Int, names: NameTable) -> Outcome {
        names.beginDocument()
        return bytes.withUnsafeBufferPointer { buffer -> Outcome in
            guard let base = buffer.baseAddress else { return .malformed("the file is empty", .start) }
            let state = SAXState(bytes: buffer, source: bytes, maxDepth: maxDepth, names: names)
            let parsed: Bool = base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { chars in
                guard let context = xmlCreateMemoryParserCtxt(chars, Int32(buffer.count)) else { return false }
                defer { xmlFreeParserCtxt(context) }
                let handler = UnsafeMutablePointer<xmlSAXHandler>.allocate(capacity: 1)
                defer { handler.deallocate() }
                handler.initialize(to: SAXState.makeHandler())
                let original = context.pointee.sax
                context.pointee.sax = handler
                context.pointee.userData = Unmanaged.passUnretained(state).toOpaque()
                state.context = context
                // NONET: no fetching; no NOENT (entities stay references), no DTDLOAD, no HUGE
                // (libxml2's own caps on names and text stay on).
                xmlCtxtUseOptions(context, Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOWARNING.rawValue))
                context.pointee.replaceEntities = 0
                xmlParseDocument(context)
                // An entity declaration makes libxml2 build a document even in SAX mode (its
                // expat compatibility); it frees that only when the parse gets to the end, so
                // a malformed file would leak it.
                if let document = context.pointee.myDoc {
                    xmlFreeDoc(document)
                    context.pointee.myDoc = nil
                }
                context.pointee.sax = original
                state.context = nil
                return true
            }
            guard parsed else { return .malformed("libxml2 could not start parsing", .start) }
            if let depthMark = state.depthExceeded { return .tooDeep(depthMark) }
            if let (message, mark) = state.failure { return .malformed(message, mark) }
            guard let root = state.document.root else { return .malformed("the document has no root element", .start) }
            return .document(root)
        }
    }
}

extension SAXReader {
    /// The UTF-8 characters of `base[start..<end]`, the bytes that are not continuation bytes
    /// (`10xxxxxx`), counted eight bytes at a time: a start tag's indentation is tens of bytes,
    /// and this runs for every element.
    static func characterCount(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int {
        guard start < end else { return 0 }
        var count = end - start
        var index = start
        while index + 8 <= end {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            // A byte's top bit set and the bit below it clear; `word << 1` moves each byte's
            // second bit to its top and no byte's bit into another's top.
            count -= (word & ~(word << 1) & 0x8080_8080_8080_8080).nonzeroBitCount
            index += 8
        }
        while index < end {
            if base[index] & 0xC0 == 0x80 { count -= 1 }
            index += 1
        }
        return count
    }
}

/// What the callbacks build, reached through the parser's user data. Lives only for one
/// `read`, on one thread (its name table may outlive it, in the pool).
private final class SAXState {
    let bytes: UnsafeBufferPointer<UInt8>
    let maxDepth: Int
    var context: xmlParserCtxtPtr?
    let document: XMLDocument
    var failure: (String, Mark)?
    var depthExceeded: Mark?
    /// Whether the innermost open element keeps its text.
    var keepsText = false
    /// Elements being skipped: the depth inside the outermost skipped one.
    var skippedDepth = 0
    let names: NameTable

    init(bytes: UnsafeBufferPointer<UInt8>, source: [UInt8], maxDepth: Int, names: NameTable) {
        self.bytes = bytes
        self.maxDepth = maxDepth
        self.names = names
        document = XMLDocument(source: source)
    }

    static func state(_ pointer: UnsafeMutableRawPointer?) -> SAXState? {
        guard let pointer else { return nil }
        return Unmanaged<SAXState>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// Built for each parse: a C struct of function pointers, cheaper to fill than to share.
    static func makeHandler() -> xmlSAXHandler {
        var handler = xmlSAXHandler()
        handler.initialized = UInt32(XML_SAX2_MAGIC)
        // The element and text callbacks reach the state without retaining it (`read` holds
        // it for the whole parse): a retain and a release for each of a document's thousands
        // of events cost more than some of the callbacks themselves.
        handler.startElementNs = { user, localName, _, _, _, _, attributeCount, _, attributes in
            guard let user, let localName else { return }
            Unmanaged<SAXState>.fromOpaque(user)._withUnsafeGuaranteedRef { state in
                state.start(localName, attributeCount: Int(attributeCount), attributes: attributes)
            }
        }
        handler.endElementNs = { user, _, _, _ in
            guard let user else { return }
            Unmanaged<SAXState>.fromOpaque(user)._withUnsafeGuaranteedRef { $0.end() }
        }
        handler.characters = { user, characters, length in
            guard let user, let characters, length > 0 else { return }
            Unmanaged<SAXState>.fromOpaque(user)._withUnsafeGuaranteedRef { state in
                guard state.keepsText else { return }
                let text = String(decoding: UnsafeBufferPointer(start: characters, count: Int(length)), as: UTF8.self)
                state.document.append(text: text)
            }
        }
        handler.serror = { user, error in
            guard let state = SAXState.state(user), let error, state.failure == nil else { return }
            let level = error.pointee.level
            guard level == XML_ERR_ERROR || level == XML_ERR_FATAL else { return }
            var message = error.pointee.message.map { String(cString: $0) } ?? "not well-formed XML"
            while message.last?.isWhitespace == true { message.removeLast() }
            let line = max(1, Int(error.pointee.line))
            let column = max(1, Int(error.pointee.int2))
            state.failure = (message, Mark(line: line, column: column))
        }
        return handler
    }

    func start(
        _ localName: UnsafePointer<xmlChar>, attributeCount: Int, attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
    ) {
        if document.openCount + skippedDepth >= maxDepth {
            depthExceeded = startTagMark()
            if let context { xmlStopParser(context) }
            return
        }
        let element = names.slot(localName)
        if skippedDepth > 0 || names.infos[element].isSkipped {
            skippedDepth += 1
            return
        }
        let firstAttribute = document.attributeCount
        if let attributes, attributeCount > 0 {
            // Five pointers an attribute: local name, prefix, URI, value start, value end.
            for index in 0..<attributeCount {
                let base = index * 5
                guard let attributeName = attributes[base], let start = attributes[base + 3],
                      let end = attributes[base + 4]
                else { continue }
                let attribute = names.slot(attributeName)
                guard names.infos[attribute].isKept else { continue }
                let value = UnsafeBufferPointer(start: start, count: end - start)
                let code = names.infos[attribute].attribute
                let name = names.documentName(attribute, in: document)
                if memchr(start, Int32(UInt8(ascii: "&")), value.count) == nil {
                    document.addAttribute(code: code, name: name, value: value)
                } else {
                    var decoded: [UInt8] = []
                    Self.appendValue(value, to: &decoded)
                    decoded.withUnsafeBufferPointer { document.addAttribute(code: code, name: name, value: $0) }
                }
            }
        }
        let (line, consumed) = position()
        document.start(
            names.documentName(element, in: document), code: names.infos[element].element, line: line,
            consumed: consumed, firstAttribute: firstAttribute)
        keepsText = names.infos[element].keepsText
    }

    /// libxml2 leaves references in attribute values escaped when it substitutes no entities
    /// (`&amp;` arrives as `&#38;`): character references and the five predefined entities are
    /// decoded here; any other entity stays as written, never expanded.
    static func appendValue(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        guard let base = bytes.baseAddress, memchr(base, Int32(UInt8(ascii: "&")), bytes.count) != nil else {
            out.append(contentsOf: bytes)
            return
        }
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "&"), let end = bytes[index...].prefix(12).firstIndex(of: UInt8(ascii: ";")),
                  let decoded = reference(String(decoding: bytes[(index + 1)..<end], as: UTF8.self))
            else {
                out.append(byte)
                index += 1
                continue
            }
            out.append(contentsOf: decoded.utf8)
            index = end + 1
        }
    }

    private static func reference(_ name: String) -> String? {
        switch name {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        default:
            guard name.hasPrefix("#") else { return nil }
            let digits = name.dropFirst()
            let value = digits.first == "x" || digits.first == "X"
                ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
            return value.flatMap(Unicode.Scalar.init).map { String(Character($0)) }
        }
    }

    func end() {
        if skippedDepth > 0 {
            skippedDepth -= 1
            return
        }
        document.end()
        keepsText = false
    }

    /// Where libxml2 is: its line, and how many bytes it has consumed (just past the start
    /// tag's attributes when it calls back for the tag). The tag's mark is worked out from these
    /// only when it is read (`XMLDocument.mark(of:)`).
    private func position() -> (line: Int32, consumed: Int32) {
        guard let context, let input = context.pointee.input else { return (1, 0) }
        let consumed: Int
        if input.pointee.buf?.pointee.encoder == nil, let cur = input.pointee.cur, let base = input.pointee.base {
            // What `xmlByteConsumed` works out when no encoder converts the input (UTF-8, as IB
            // files are): the bytes before the input's buffer and the offset in it. With an
            // encoder it maps the offset back through the conversion, so it is called then.
            consumed = Int(input.pointee.consumed) + (cur - base)
        } else {
            consumed = Int(xmlByteConsumed(context))
        }
        return (input.pointee.line, Int32(min(consumed, bytes.count)))
    }

    /// Where the start tag that was just read begins.
    private func startTagMark() -> Mark {
        guard context != nil, let base = bytes.baseAddress else { return .start }
        let (line, consumed) = position()
        return XMLDocument.startTagMark(base, consumed: Int(consumed), line: Int(line))
    }
}

/// A fixed set of names and their answers, found by the bytes of a name: FNV-1a and open
/// addressing over a table four times the set's size, so a probe rarely goes past its slot.
struct NameIndex: Sendable {
    private var slots: [Int32]
    private var hashes: [UInt64] = []
    private var bytes: [[UInt8]] = []
    private var entries: [(name: String, info: SAXReader.NameInfo)] = []

    init(_ names: [(String, SAXReader.NameInfo)]) {
        var size = 16
        while size < names.count * 4 { size *= 2 }
        slots = Array(repeating: -1, count: size)
        for (name, info) in names {
            let utf8 = Array(name.utf8)
            let hash = utf8.withUnsafeBufferPointer(Self.hash)
            var slot = Int(truncatingIfNeeded: hash) & (size - 1)
            while slots[slot] >= 0 { slot = (slot + 1) & (size - 1) }
            slots[slot] = Int32(entries.count)
            hashes.append(hash)
            bytes.append(utf8)
            entries.append((name, info))
        }
    }

    /// `known.elementsEqual(name)` by one `memcmp`.
    private static func equal(_ known: [UInt8], _ name: UnsafeBufferPointer<UInt8>) -> Bool {
        guard known.count == name.count else { return false }
        guard let base = name.baseAddress else { return known.isEmpty }
        return known.withUnsafeBufferPointer { $0.baseAddress.map { memcmp($0, base, name.count) == 0 } ?? false }
    }

    static func hash(_ name: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in name { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return hash
    }

    func entry(for name: UnsafeBufferPointer<UInt8>) -> (name: String, info: SAXReader.NameInfo)? {
        let hash = Self.hash(name)
        var slot = Int(truncatingIfNeeded: hash) & (slots.count - 1)
        while slots[slot] >= 0 {
            let index = Int(slots[slot])
            if hashes[index] == hash, Self.equal(bytes[index], name) { return entries[index] }
            slot = (slot + 1) & (slots.count - 1)
        }
        return nil
    }
}
