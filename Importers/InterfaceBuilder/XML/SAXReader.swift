import CLibXML2
import HiglintCore

/// Reads a whole XML document with libxml2's SAX2 interface into `XMLElement`s.
///
/// SAX rather than a DOM: its callbacks see the parser's exact position, where the DOM's
/// line numbers stop at 65,535 and a text reader's are its read-ahead. Entities are never
/// substituted, no DTD is loaded and nothing is fetched from the network, so a hostile
/// file can neither expand (billion laughs) nor reach out; nesting is bounded by the limit
/// the caller gives.
enum SAXReader {
    enum Outcome {
        case document(XMLElement)
        /// Not well-formed XML: libxml2's message and where it stopped.
        case malformed(String, Mark)
        /// Nested deeper than `maxDepth` elements.
        case tooDeep(Mark)
    }

    /// libxml2 sets up its global state once, before any thread parses.
    private static let initialized: Void = { xmlInitParser() }()

    static func read(_ bytes: [UInt8], maxDepth: Int) -> Outcome {
        _ = initialized
        guard !bytes.isEmpty else { return .malformed("the file is empty", .start) }
        guard bytes.count < Int(Int32.max) else { return .malformed("the file is too large to parse", .start) }
        return bytes.withUnsafeBufferPointer { buffer -> Outcome in
            guard let base = buffer.baseAddress else { return .malformed("the file is empty", .start) }
            let state = SAXState(bytes: buffer, maxDepth: maxDepth)
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
                context.pointee.sax = original
                state.context = nil
                return true
            }
            guard parsed else { return .malformed("libxml2 could not start parsing", .start) }
            if let depthMark = state.depthExceeded { return .tooDeep(depthMark) }
            if let (message, mark) = state.failure { return .malformed(message, mark) }
            guard let root = state.root else { return .malformed("the document has no root element", .start) }
            return .document(root)
        }
    }
}

/// What the callbacks build, reached through the parser's user data. Lives only for one
/// `read`, on one thread.
private final class SAXState {
    let bytes: UnsafeBufferPointer<UInt8>
    let maxDepth: Int
    var context: xmlParserCtxtPtr?
    var stack: [XMLElement] = []
    var root: XMLElement?
    var failure: (String, Mark)?
    var depthExceeded: Mark?
    /// Whether the innermost open element keeps its text.
    var keepsText = false

    init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    static func state(_ pointer: UnsafeMutableRawPointer?) -> SAXState? {
        guard let pointer else { return nil }
        return Unmanaged<SAXState>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// Elements whose character data is a value the importer reads.
    static let textElements: Set<String> = ["string", "mutableString"]

    /// Built for each parse: a C struct of function pointers, cheaper to fill than to share.
    static func makeHandler() -> xmlSAXHandler {
        var handler = xmlSAXHandler()
        handler.initialized = UInt32(XML_SAX2_MAGIC)
        handler.startElementNs = { user, localName, _, _, _, _, attributeCount, _, attributes in
            guard let state = SAXState.state(user), let localName else { return }
            state.start(localName, attributeCount: Int(attributeCount), attributes: attributes)
        }
        handler.endElementNs = { user, _, _, _ in
            SAXState.state(user)?.end()
        }
        handler.characters = { user, characters, length in
            guard let state = SAXState.state(user), state.keepsText, let characters, length > 0 else { return }
            let text = String(decoding: UnsafeBufferPointer(start: characters, count: Int(length)), as: UTF8.self)
            state.stack[state.stack.count - 1].text += text
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

    func start(_ localName: UnsafePointer<xmlChar>, attributeCount: Int, attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?) {
        let mark = startTagMark()
        if stack.count >= maxDepth {
            depthExceeded = mark
            if let context { xmlStopParser(context) }
            return
        }
        let name = String(cString: localName)
        var pairs: [(name: String, value: String)] = []
        if let attributes, attributeCount > 0 {
            pairs.reserveCapacity(attributeCount)
            // Five pointers an attribute: local name, prefix, URI, value start, value end.
            for index in 0..<attributeCount {
                let base = index * 5
                guard let attributeName = attributes[base], let start = attributes[base + 3],
                      let end = attributes[base + 4]
                else { continue }
                let value = Self.attributeValue(UnsafeBufferPointer(start: start, count: end - start))
                pairs.append((name: String(cString: attributeName), value: value))
            }
        }
        stack.append(XMLElement(name: name, attributes: pairs, mark: mark))
        keepsText = Self.textElements.contains(name)
    }

    /// libxml2 leaves references in attribute values escaped when it substitutes no entities
    /// (`&amp;` arrives as `&#38;`): character references and the five predefined entities are
    /// decoded here; any other entity stays as written, never expanded.
    static func attributeValue(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard bytes.contains(UInt8(ascii: "&")) else { return String(decoding: bytes, as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
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
        return String(decoding: out, as: UTF8.self)
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
        guard let element = stack.popLast() else { return }
        keepsText = false
        if stack.isEmpty {
            root = element
        } else {
            stack[stack.count - 1].children.append(element)
        }
    }

    /// Where the start tag that was just read begins. libxml2 calls back with its input just
    /// past the tag's attributes, and a start tag cannot hold a raw `<` (attribute values
    /// escape it), so the nearest `<` before that offset is the tag's. The parser's line is
    /// that of its input; lines inside the tag are taken off it.
    private func startTagMark() -> Mark {
        guard let context, let input = context.pointee.input else { return .start }
        let consumed = Int(xmlByteConsumed(context))
        guard consumed > 0, bytes.count > 0 else { return Mark(line: Int(input.pointee.line), column: 1) }
        var position = min(consumed, bytes.count) - 1
        var newlinesInside = 0
        while position > 0, bytes[position] != UInt8(ascii: "<") {
            if bytes[position] == UInt8(ascii: "\n") { newlinesInside += 1 }
            position -= 1
        }
        var lineStart = position
        while lineStart > 0, bytes[lineStart - 1] != UInt8(ascii: "\n") { lineStart -= 1 }
        // Columns count characters, as the YAML loader's do: UTF-8 continuation bytes are not characters.
        var column = 1
        for index in lineStart..<position where bytes[index] & 0xC0 != 0x80 { column += 1 }
        let line = max(1, Int(input.pointee.line) - newlinesInside)
        return Mark(line: line, column: column, offset: position)
    }
}
