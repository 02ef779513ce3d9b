import HiglintCore

/// Writes a YAML document from fuzz bytes, each byte a choice: keys mostly
/// from the spec format (sometimes misspelt or unknown), values of every
/// type (numbers near the rules' thresholds, huge and negative ones, strings
/// with control characters and bidi overrides, lists, maps), anchors and
/// aliases, nesting up to a depth and sizes up to a count the bytes choose.
/// Deterministic: the same bytes write the same text.
public struct StructuredSpec {
    private var bytes: [UInt8]
    private var position = 0
    private var out = ""
    private var anchors: [String] = []
    private var anchorCount = 0

    public static func generate(from bytes: [UInt8]) -> String {
        var spec = StructuredSpec(bytes: bytes)
        spec.document()
        return spec.out
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The next choice; zero once the bytes run out, so every input ends.
    private mutating func next() -> Int {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return Int(bytes[position])
    }

    private mutating func pick<T>(_ options: [T]) -> T {
        options[next() % options.count]
    }

    private var exhausted: Bool { position >= bytes.count }

    static let keyGroups: [[String]] = [
        SpecKeys.screen, SpecKeys.element, SpecKeys.frame, SpecKeys.font, SpecKeys.statusBar, SpecKeys.navigationBar,
        SpecKeys.backButton, SpecKeys.toolbar, SpecKeys.tabBar, SpecKeys.login, SpecKeys.data, SpecKeys.gesture,
        SpecKeys.layoutVariant, SpecKeys.review, SpecKeys.toolbarItem, SpecKeys.tab,
        ["screne", "Screen", "x-custom", "\"\"", "<<", "\"elements \"", "ü"],
    ]

    static let words: [String] = ElementType.allCases.map(\.rawValue) + Device.allCases.map(\.rawValue)
        + ScreenKind.allCases.map(\.rawValue) + Orientation.allCases.map(\.rawValue) + Scroll.allCases.map(\.rawValue)
        + Font.Weight.allCases.map(\.rawValue) + Array(Vocabulary.standardActions) + Array(Vocabulary.quitActions)
        + ["Home", "Login", "Sign in", "OK", "", "back", "true", "null", "~", "yes", "0x1F", "1e400", "-.inf", ".nan"]

    static let numbers = ["0", "1", "-1", "43.9", "44", "44.0", "8", "11", "12", "17", "1e9", "-1e9", "1.5",
                          "9223372036854775807", "9223372036854775808", "-0", "0.0001", "320", "414", "1024"]

    static let texts = ["\"a\\nb\"", "\"\\u202Eevil\"", "'single'", "\"\\t\\u0000\"",
                        "\"" + String(repeating: "w", count: 300) + "\"", "\"é→😀\"", "!!str 12",
                        "!!int x", "!custom tag", "\"\"", "\"@\""]

    private mutating func document() {
        if next() % 4 == 0 { out += "%YAML 1.1\n---\n" }
        var documents = 1 + next() % 3
        while documents > 0 {
            documents -= 1
            // Anchors belong to their document.
            anchors = []
            let depth = 2 + next() % 6
            // Mostly the shape of a screen, so the rules have something to look at.
            if next() % 8 != 0 { out += "screen: \(pick(["Home", "Login", "Detail", "S\(next())", "\"\""]))\n" }
            if next() % 3 == 0 { out += "parent: \(pick(["Home", "Login", "Nowhere"]))\n" }
            if next() % 8 != 0 {
                out += "elements:\n"
                list(indent: 1, depth: depth, count: 1 + next() % 10)
            }
            map(indent: 0, depth: depth, keys: SpecKeys.screen, entries: next() % 8)
            if documents > 0 { out += "---\n" }
        }
        if next() % 8 == 0 { out += "...\n" }
    }

    private mutating func indentation(_ level: Int) -> String { String(repeating: "  ", count: level) }

    private mutating func key(preferring keys: [String]) -> String {
        switch next() % 8 {
        case 0: return pick(pick(Self.keyGroups))
        case 1:
            let word = pick(Self.words)
            return word.isEmpty ? "\"\"" : word
        default: return pick(keys)
        }
    }

    private mutating func map(indent: Int, depth: Int, keys: [String], entries: Int) {
        for _ in 0..<entries {
            if exhausted && out.count > 16 { return }
            let name = key(preferring: keys)
            out += indentation(indent) + name + ":"
            if next() % 4 != 0, sensibleValue(for: name, indent: indent, depth: depth) { continue }
            value(indent: indent, depth: depth)
        }
    }

    /// A value after `key:`; block values start on the next line.
    private mutating func value(indent: Int, depth: Int) {
        let choice = depth <= 0 ? next() % 4 : next() % 10
        switch choice {
        case 0: out += " " + pick(Self.numbers) + "\n"
        case 1: out += " " + pick(Self.words) + "\n"
        case 2 where next() % 4 == 0:
            // A block scalar, indented below its key.
            out += " " + pick(["|", ">", "|-", ">+"]) + "\n" + indentation(indent + 1) + pick(Self.words) + "\n"
        case 2: out += " " + pick(Self.texts) + "\n"
        case 3:
            if let alias = anchors.isEmpty ? nil : pick(anchors) { out += " *\(alias)\n" } else { out += " null\n" }
        case 4: frameList()
        case 5:
            out += " {" + (0..<(next() % 4)).map { _ in "\(pick(SpecKeys.font + SpecKeys.frame)): \(pick(Self.numbers + Self.words))" }
                .joined(separator: ", ") + "}\n"
        case 6, 7:
            let anchor = anchorIfChosen()
            out += "\n"
            list(indent: indent + 1, depth: depth - 1, count: next() % 8)
            // Usable once its node is complete: an alias inside it would be a cycle.
            if let anchor { anchors.append(anchor) }
        default:
            let anchor = anchorIfChosen()
            out += "\n"
            map(indent: indent + 1, depth: depth - 1, keys: pick(Self.keyGroups), entries: next() % 6)
            if let anchor { anchors.append(anchor) }
        }
    }

    /// A value of the kind the format expects for `key`, when it is one this knows.
    private mutating func sensibleValue(for key: String, indent: Int, depth: Int) -> Bool {
        switch key {
        case "label", "title", "icon", "action", "role", "explanation", "back", "badge":
            out += " " + pick(Self.words + Self.texts) + "\n"
        case "font", "title_font":
            out += " {size: \(pick(Self.numbers)), weight: \(pick(Font.Weight.allCases.map(\.rawValue)))}\n"
        case "frame", "hit_area":
            frameList()
        case "type":
            out += " " + pick(ElementType.allCases.map(\.rawValue)) + "\n"
        case "device", "kind", "orientations", "scroll":
            out += " " + pick(Device.allCases.map(\.rawValue) + ScreenKind.allCases.map(\.rawValue)
                + Scroll.allCases.map(\.rawValue) + ["[portrait, landscape]", "[portrait]"]) + "\n"
        case "children", "items", "tabs", "gestures":
            out += "\n"
            list(indent: indent + 1, depth: depth - 1, count: next() % 5)
        case "hidden", "translucent", "required", "dynamic", "reveal_on_tap", "save":
            out += " " + pick(["true", "false", "yes", "1", "null"]) + "\n"
        default:
            return false
        }
        return true
    }

    private mutating func frameList() {
        let count = next() % 8 == 0 ? next() % 6 : 4
        out += " [" + (0..<count).map { _ in pick(Self.numbers) }.joined(separator: ", ") + "]\n"
    }

    private mutating func anchorIfChosen() -> String? {
        guard next() % 5 == 0 else { return nil }
        anchorCount += 1
        let name = "a\(anchorCount)"
        out += " &\(name)"
        return name
    }

    /// Mostly elements: maps with an id, a type and a frame, some with children.
    private mutating func list(indent: Int, depth: Int, count: Int) {
        for index in 0..<count {
            if exhausted && index > 0 { return }
            let pad = indentation(indent)
            switch next() % 6 {
            case 0:
                out += pad + "- " + pick(Self.words + Self.numbers) + "\n"
            case 1:
                out += pad + "- { id: e\(index), type: \(pick(ElementType.allCases.map(\.rawValue))), frame: ["
                    + (0..<4).map { _ in pick(Self.numbers) }.joined(separator: ", ") + "] }\n"
            default:
                out += pad + "- id: e\(next())\n"
                out += pad + "  type: \(pick(ElementType.allCases.map(\.rawValue)))\n"
                out += pad + "  frame:"
                frameList()
                map(indent: indent + 1, depth: depth, keys: SpecKeys.element, entries: next() % 4)
            }
        }
    }
}
