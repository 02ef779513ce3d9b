import CLibXML2

/// Reads an XML property list (`Info.plist`) with libxml2's SAX2 parser: no DOM, no
/// entity expansion, no DTD loading, no network. A binary plist is not read (it is
/// reported as such) and nesting deeper than `maximumDepth` stops the parse.
enum XMLPropertyListReader {
    static let maximumDepth = 64

    enum Failure: Error, Sendable, Equatable {
        case binary
        case malformed(PropertyListError)
    }

    static func parse(_ bytes: [UInt8]) -> Result<PropertyList, Failure> {
        if bytes.starts(with: Array("bplist".utf8)) { return .failure(.binary) }
        guard bytes.count < Int(Int32.max) else {
            return .failure(.malformed(PropertyListError(line: 1, column: 1, message: "file too large")))
        }
        libraryReady()
        let builder = PlistBuilder()
        var handler = xmlSAXHandler()
        handler.initialized = UInt32(XML_SAX2_MAGIC)
        handler.startElementNs = { context, name, _, _, _, _, _, _, _ in
            guard let context, let name else { return }
            PlistBuilder.from(context).start(String(cString: name))
        }
        handler.endElementNs = { context, name, _, _ in
            guard let context, let name else { return }
            PlistBuilder.from(context).end(String(cString: name))
        }
        handler.characters = { context, text, length in
            guard let context, let text, length > 0 else { return }
            PlistBuilder.from(context).characters(UnsafeBufferPointer(start: text, count: Int(length)))
        }
        handler.cdataBlock = handler.characters
        // Errors are read from the context afterwards; without this libxml2 prints them on stderr.
        handler.serror = { _, _ in }
        let unmanaged = Unmanaged.passRetained(builder)
        defer { unmanaged.release() }
        guard let context = xmlCreatePushParserCtxt(&handler, unmanaged.toOpaque(), nil, 0, nil) else {
            return .failure(.malformed(PropertyListError(line: 1, column: 1, message: "libxml2 could not start a parser")))
        }
        defer { xmlFreeParserCtxt(context) }
        builder.context = context
        xmlCtxtUseOptions(context, Int32(XML_PARSE_NONET.rawValue) | Int32(XML_PARSE_NOWARNING.rawValue))
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                _ = xmlParseChunk(context, chars.baseAddress, Int32(chars.count), 1)
            }
        }
        if let problem = builder.problem {
            return .failure(.malformed(PropertyListError(
                line: Int(xmlSAX2GetLineNumber(context)), column: Int(xmlSAX2GetColumnNumber(context)), message: problem)))
        }
        if context.pointee.wellFormed == 0 {
            var line = 1
            var column = 1
            var message = "not well-formed XML"
            if let last = xmlCtxtGetLastError(context) {
                line = Int(last.pointee.line)
                column = Int(last.pointee.int2)
                if let text = last.pointee.message {
                    var words = Substring(String(cString: text))
                    while let last = words.last, last.isNewline || last == " " { words.removeLast() }
                    message = String(words)
                }
            }
            return .failure(.malformed(PropertyListError(line: line, column: column, message: message)))
        }
        guard let root = builder.root else {
            return .failure(.malformed(PropertyListError(line: 1, column: 1, message: "no <plist> value")))
        }
        return .success(root)
    }

    /// libxml2 wants its global state set up once, before any thread parses.
    private static let ready: Bool = {
        xmlInitParser()
        return true
    }()

    private static func libraryReady() { _ = ready }
}

/// Builds the value from the SAX events, one open container per level.
private final class PlistBuilder {
    /// An open `<array>` or `<dict>`, changed in place on the stack: held in an enum, each
    /// value added copied the whole container (the payload is taken out while the slot still
    /// holds it).
    private struct Container {
        var isDictionary: Bool
        var items: [PropertyList] = []
        var entries: [String: PropertyList] = [:]
        var pendingKey: String?
    }

    var context: xmlParserCtxtPtr?
    private(set) var root: PropertyList?
    private(set) var problem: String?
    private var stack: [Container] = []
    private var text: [UInt8] = []
    private var collecting = false
    /// Elements below a value this reader does not read (and the `<plist>` element itself).
    private var depth = 0

    static func from(_ pointer: UnsafeMutableRawPointer) -> PlistBuilder {
        Unmanaged<PlistBuilder>.fromOpaque(pointer).takeUnretainedValue()
    }

    func start(_ name: String) {
        guard problem == nil else { return }
        depth += 1
        if depth > XMLPropertyListReader.maximumDepth {
            fail("nested deeper than \(XMLPropertyListReader.maximumDepth) levels")
            return
        }
        switch name {
        case "plist": return
        case "dict": stack.append(Container(isDictionary: true))
        case "array": stack.append(Container(isDictionary: false))
        case "key", "string", "integer", "real", "date", "data":
            text.removeAll(keepingCapacity: true)
            collecting = true
        case "true", "false": return
        default: fail("<\(name)> is not a property-list element")
        }
    }

    func end(_ name: String) {
        guard problem == nil else { return }
        depth -= 1
        switch name {
        case "plist": return
        case "dict", "array":
            guard let container = stack.popLast() else { return }
            add(container.isDictionary ? .dictionary(container.entries) : .array(container.items))
        case "key":
            collecting = false
            guard let last = stack.indices.last, stack[last].isDictionary else {
                fail("<key> outside a <dict>")
                return
            }
            stack[last].pendingKey = String(decoding: text, as: UTF8.self)
        case "string":
            collecting = false
            add(.string(String(decoding: text, as: UTF8.self)))
        case "integer", "real":
            collecting = false
            add(.number(String(decoding: text, as: UTF8.self)))
        case "date", "data":
            collecting = false
            add(.other)
        case "true": add(.bool(true))
        case "false": add(.bool(false))
        default: return
        }
    }

    func characters(_ bytes: UnsafeBufferPointer<UInt8>) {
        if collecting, problem == nil { text.append(contentsOf: bytes) }
    }

    private func add(_ value: PropertyList) {
        guard let last = stack.indices.last else {
            if root == nil { root = value }
            return
        }
        guard stack[last].isDictionary else {
            stack[last].items.append(value)
            return
        }
        guard let key = stack[last].pendingKey else {
            fail("a <dict> value without its <key>")
            return
        }
        // A repeated key keeps its last value, as in the project-file parser.
        stack[last].entries[key] = value
        stack[last].pendingKey = nil
    }

    private func fail(_ message: String) {
        problem = message
        if let context { xmlStopParser(context) }
    }
}
