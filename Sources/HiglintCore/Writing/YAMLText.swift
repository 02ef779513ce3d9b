/// The small part of YAML the spec writer emits: block maps and lists, flow lists and
/// small flow maps of scalars, comments, and scalars quoted whenever a plain one could
/// be read as something else.
enum YAMLText {
    indirect enum Node {
        /// Written as is: the writer's own words (enum values, `true`, numbers).
        case plain(String)
        /// Text from the screen, plain or double-quoted as it needs.
        case string(String)
        case number(Double)
        case bool(Bool)
        case numbers([Double])
        case flowList([Node])
        case map([(String, Node)])
        /// Items with the comment written above each.
        case list([(String?, Node)])

        var isScalar: Bool {
            switch self {
            case .plain, .string, .number, .bool, .numbers, .flowList: return true
            case .map, .list: return false
            }
        }

        /// The scalar (or flow list) on one line.
        var inline: String {
            switch self {
            case .plain(let text): return text
            case .string(let text): return YAMLText.scalar(text)
            case .number(let value): return YAMLText.number(value)
            case .bool(let value): return value ? "true" : "false"
            case .numbers(let values): return "[" + values.map(YAMLText.number).joined(separator: ", ") + "]"
            case .flowList(let items): return "[" + items.map(\.inline).joined(separator: ", ") + "]"
            case .map(let entries): return "{" + entries.map { "\($0.0): \($0.1.inline)" }.joined(separator: ", ") + "}"
            case .list: return "[]"
            }
        }
    }

    /// A map of up to this many scalars, fitting this width, is written on one line.
    static let flowMapEntries = 4
    static let flowMapWidth = 60

    static func render(_ node: Node, indent: Int, into out: inout String) {
        let pad = String(repeating: " ", count: indent)
        switch node {
        case .map(let entries):
            for (key, value) in entries {
                switch value {
                case .map(let inner) where inner.isEmpty || isFlowMap(inner):
                    out += pad + key + ": " + value.inline + "\n"
                case .list(let items) where items.isEmpty:
                    out += pad + key + ": []\n"
                case .map, .list:
                    out += pad + key + ":\n"
                    render(value, indent: indent + 2, into: &out)
                default:
                    out += pad + key + ": " + value.inline + "\n"
                }
            }
        case .list(let items):
            for (note, item) in items {
                if let note { out += comment(note, indent: indent) }
                switch item {
                case .map(let entries) where !entries.isEmpty && !isFlowMap(entries):
                    // The first key on the dash's line, the others under it.
                    var inner = ""
                    render(item, indent: indent + 2, into: &inner)
                    out += pad + "- " + inner.dropFirst(indent + 2)
                default:
                    out += pad + "- " + item.inline + "\n"
                }
            }
        default:
            out += pad + node.inline + "\n"
        }
    }

    private static func isFlowMap(_ entries: [(String, Node)]) -> Bool {
        guard entries.count <= flowMapEntries, entries.allSatisfy({ $0.1.isScalar }) else { return false }
        return Node.map(entries).inline.count <= flowMapWidth
    }

    // MARK: - Comments

    /// `text` as comment lines; line breaks of any kind start a new line, and characters
    /// YAML does not allow in a comment become spaces.
    static func comment(_ text: String, indent: Int) -> String {
        let pad = String(repeating: " ", count: indent)
        var out = ""
        var line = ""
        func flush() {
            var trimmed = Substring(line)
            while trimmed.last == " " { trimmed.removeLast() }
            out += pad + (trimmed.isEmpty ? "#" : "# " + trimmed) + "\n"
            line = ""
        }
        var previousWasReturn = false
        for scalar in text.unicodeScalars {
            defer { previousWasReturn = scalar == "\r" }
            if scalar == "\n", previousWasReturn { continue }
            if isBreak(scalar) {
                flush()
            } else {
                line.unicodeScalars.append(isPrintable(scalar) && scalar != "\t" ? scalar : " ")
            }
        }
        flush()
        return out
    }

    // MARK: - Scalars

    /// Points as a designer writes them (`44`, `43.9`), and any other value in the shortest
    /// text that reads back to exactly the same number.
    static func number(_ value: Double) -> String {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    static func scalar(_ text: String) -> String {
        needsQuotes(text) ? doubleQuoted(text) : text
    }

    /// YAML 1.1's null and boolean words: a plain `no` is false to most YAML readers.
    private static let specialWords: Set<String> = [
        "null", "~", "true", "false", "yes", "no", "on", "off", "y", "n", "<<", "=",
    ]

    static func needsQuotes(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else { return true }
        if specialWords.contains(text.lowercased()) { return true }
        // Indicators, and what could start a number, date or `.inf` / `.nan`.
        if "-?:,[]{}#&*!|>'\"%@`+. \t".unicodeScalars.contains(first) { return true }
        if ("0"..."9").contains(first) { return true }
        if last == " " || last == ":" { return true }
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            if !isPrintable(scalar) || isBreak(scalar) || scalar == "\t" { return true }
            // Flow indicators, so the same text is safe inside `[...]` and `{...}`; `?` too,
            // which older libyaml versions took as the end of a plain scalar in a flow.
            if ",[]{}?".unicodeScalars.contains(scalar) { return true }
            if scalar == "#", previous == " " { return true }
            if scalar == " ", previous == ":" { return true }
            previous = scalar
        }
        return false
    }

    static func doubleQuoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case "\0": out += "\\0"
            default:
                if isPrintable(scalar), !isBreak(scalar) {
                    out.unicodeScalars.append(scalar)
                } else if scalar.value <= 0xFF {
                    out += "\\x" + hex(scalar.value, digits: 2)
                } else if scalar.value <= 0xFFFF {
                    out += "\\u" + hex(scalar.value, digits: 4)
                } else {
                    out += "\\U" + hex(scalar.value, digits: 8)
                }
            }
        }
        return out + "\""
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }

    /// The characters YAML allows in a document as they are (libyaml's set), tab and breaks
    /// aside, but for the byte order mark, which is written escaped.
    static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value != 0xFEFF && YAMLLoader.readerAccepts(scalar.value)
    }

    /// Line breaks as YAML 1.1 counts them.
    static func isBreak(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x0D, 0x85, 0x2028, 0x2029: return true
        default: return false
        }
    }
}
