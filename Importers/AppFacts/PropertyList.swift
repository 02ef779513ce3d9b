#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import HiglintCore

/// A property-list value, as either of the two plist syntaxes an Xcode project holds it:
/// the old ASCII form of `project.pbxproj` and the XML form of `Info.plist`.
enum PropertyList: Sendable, Equatable {
    case string(String)
    case bool(Bool)
    /// `<integer>` and `<real>`, kept as written: nothing here computes with them.
    case number(String)
    case array([PropertyList])
    case dictionary([String: PropertyList])
    /// `<date>` and `<data>`, whose contents no fact is read from.
    case other

    var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    var array: [PropertyList]? {
        if case .array(let value) = self { return value }
        return nil
    }

    var dictionary: [String: PropertyList]? {
        if case .dictionary(let value) = self { return value }
        return nil
    }

    subscript(_ key: String) -> PropertyList? { dictionary?[key] }

    /// A plist boolean, or the words Xcode and people write for one in a string (`YES`, `NO`).
    var bool: Bool? {
        switch self {
        case .bool(let value): return value
        case .string(let text), .number(let text):
            switch text.lowercased() {
            case "yes", "true", "1": return true
            case "no", "false", "0": return false
            default: return nil
            }
        default: return nil
        }
    }
}

/// Some entries of a project file's object, for the keys asked for: a handful of values in
/// an array, where a dictionary of them cost an allocation and a hash a key, for each of the
/// thousand objects a project's group tree is read from.
struct SelectedEntries: Sendable {
    let keys: [StaticString]
    /// The value of each key, in the order of `keys`; nil for a key the object does not have.
    var values: [PropertyList?]

    /// The value of `idListKey`, when it is a list of bare ASCII words (ids as Xcode writes
    /// them): where each word is in the file, and then that key's value is not built. nil when
    /// the key is absent or its value is anything else (then it is in `values`).
    var idRanges: [Range<Int>]?
    /// The position of `idListKey` in `keys`.
    let idListIndex: Int?
    /// The value of `settingsKey`, when it is a dictionary, as `BuildSettings.layer` makes it
    /// (then that key's value is not built). nil when the key is absent or is anything else.
    var settings: [String: String]?
    let settingsIndex: Int?

    init(keys: [StaticString], idListKey: StaticString? = nil, settingsKey: StaticString? = nil) {
        self.keys = keys
        func position(_ wanted: StaticString?) -> Int? {
            wanted.flatMap { wanted in keys.firstIndex { key in key.withUTF8Buffer { Self.equal(wanted, $0) } } }
        }
        idListIndex = position(idListKey)
        settingsIndex = position(settingsKey)
        values = Array(repeating: nil, count: keys.count)
    }

    subscript(_ key: StaticString) -> PropertyList? {
        key.withUTF8Buffer { wanted in
            for index in keys.indices where Self.equal(keys[index], wanted) { return values[index] }
            return nil
        }
    }

    /// Whether `key` is `bytes`: by length and `memcmp`, where comparing buffers as sequences
    /// went through a generic loop for each of an object's keys against each key wanted.
    static func equal(_ key: StaticString, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        key.withUTF8Buffer { own in
            own.count == bytes.count && (own.isEmpty || memcmp(own.baseAddress!, bytes.baseAddress!, own.count) == 0)
        }
    }

    /// The entries found, as a dictionary.
    var dictionary: [String: PropertyList] {
        var out: [String: PropertyList] = [:]
        for (key, value) in zip(keys, values) { if let value { out[key.description] = value } }
        return out
    }
}

/// A project file's root and where each of its objects is, by id (`parseIndexingObjects`).
struct IndexedPropertyList: Sendable {
    var root: PropertyList
    /// Nil when the root has no `objects` dictionary.
    var objects: ObjectIndex?
}

/// Why a property list could not be read, and where.
struct PropertyListError: Error, Sendable, Equatable, CustomStringConvertible {
    var line: Int
    var column: Int
    var message: String

    var description: String { "\(line):\(column): \(message)" }
}

/// The old-style (OpenStep) ASCII property list of `project.pbxproj`: dictionaries
/// `{ key = value; }`, arrays `( a, b, )`, quoted and bare strings, `<hex data>`, and
/// `//` and `/* */` comments. Bounded: nesting deeper than `maximumDepth` is an error,
/// never a deep recursion, and every loop advances through the bytes, so any input ends.
struct OldStylePropertyListParser {
    static let maximumDepth = 64

    /// Read through a pointer: a project file is hundreds of kilobytes, read byte by byte,
    /// and the array's checks were most of the cost. Every read is behind `index < bytes.count`.
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    /// Whether the root's `objects` dictionary is indexed rather than built.
    private var indexesObjects = false
    /// The last `objects` dictionary's entries, by key, when indexing.
    private var objectRanges: ObjectIndex?

    private init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    static func parse(_ bytes: [UInt8]) -> Result<PropertyList, PropertyListError> {
        bytes.withUnsafeBufferPointer { buffer in
            var parser = OldStylePropertyListParser(buffer)
            // A UTF-8 byte-order mark is allowed before the `// !$*UTF8*$!` line.
            return parser.parseWhole()
        }
    }

    /// A project file's root value with its `objects` table left as text: the table's
    /// entries are checked as `parse` checks them, with the same errors at the same places,
    /// but only their byte ranges are kept, for `object(in:of:)` to read the few that are
    /// asked for. A project file is mostly objects no fact is read from (the build files of
    /// the sources, the file references of code), and building all of them took longer
    /// than the rest of a review.
    static func parseIndexingObjects(_ bytes: [UInt8]) -> Result<IndexedPropertyList, PropertyListError> {
        bytes.withUnsafeBufferPointer { buffer in
            var parser = OldStylePropertyListParser(buffer)
            parser.indexesObjects = true
            return parser.parseWhole().map { IndexedPropertyList(root: $0, objects: parser.objectRanges) }
        }
    }

    /// The value at `range` of `bytes`, a range `parseIndexingObjects` gave for them.
    static func object(in range: Range<Int>, of bytes: [UInt8]) -> PropertyList? {
        bytes.withUnsafeBufferPointer { buffer in
            var parser = OldStylePropertyListParser(buffer)
            parser.index = range.lowerBound
            // Objects are values of the root's `objects` dictionary: two levels down.
            return try? parser.value(depth: 2)
        }
    }

    /// Only the entries named by `keys` of the object at `range` (from `parseIndexingObjects`),
    /// nil when it is not a dictionary: the others are passed over without being built.
    static func object(
        in range: Range<Int>, of bytes: [UInt8], keeping keys: [StaticString], idList: StaticString? = nil,
        settings: StaticString? = nil
    ) -> SelectedEntries? {
        bytes.withUnsafeBufferPointer { buffer in
            var parser = OldStylePropertyListParser(buffer)
            parser.index = range.lowerBound
            var entries = SelectedEntries(keys: keys, idListKey: idList, settingsKey: settings)
            return (try? parser.selectedEntries(&entries)) == true ? entries : nil
        }
    }

    /// Whether the object at `range` (from `parseIndexingObjects`) has `key` and its value is
    /// the string `expected`: what `object(in:of:keeping: [key])?[key]?.string == expected`
    /// answers, with nothing built. `expected` is ASCII letters, for which equal bytes and
    /// equal strings are the same thing. The group walk asks it of every file reference.
    static func object(in range: Range<Int>, of bytes: [UInt8], has key: StaticString, equalTo expected: StaticString) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            if let answer = leadingEntry(in: range, of: buffer, key: key, isString: expected) { return answer }
            var parser = OldStylePropertyListParser(buffer)
            parser.index = range.lowerBound
            return (try? parser.entry(key, isString: expected)) ?? false
        }
    }

    /// The answer of `entry(_:isString:)` read from the object's first bytes, for an object as
    /// Xcode writes one: `{KEY = BARE;` and no other `KEY` in its text (so no second entry that
    /// would win) and no `\` (so no escaped spelling of it). nil for anything else, which the
    /// exact reading answers. The group walk asks this of every file reference of the project.
    private static func leadingEntry(
        in range: Range<Int>, of buffer: UnsafeBufferPointer<UInt8>, key: StaticString, isString expected: StaticString
    ) -> Bool? {
        guard range.lowerBound >= 0, range.upperBound <= buffer.count, let base = buffer.baseAddress else { return nil }
        let keyLength = key.utf8CodeUnitCount
        var index = range.lowerBound
        let end = range.upperBound
        // `{`, the key, ` = `.
        guard end - index > keyLength + 4, base[index] == UInt8(ascii: "{"),
              memcmp(base + index + 1, key.utf8Start, keyLength) == 0,
              base[index + 1 + keyLength] == UInt8(ascii: " "), base[index + 2 + keyLength] == UInt8(ascii: "="),
              base[index + 3 + keyLength] == UInt8(ascii: " ")
        else { return nil }
        index += 4 + keyLength
        let valueStart = index
        while index < end, isBare(base[index]), base[index] != UInt8(ascii: "/") { index += 1 }
        guard index > valueStart, index < end, base[index] == UInt8(ascii: ";") else { return nil }
        let valueLength = index - valueStart
        // The rest holds no backslash and no other occurrence of the key's bytes.
        let rest = index + 1
        guard memchr(base + rest, Int32(UInt8(ascii: "\\")), end - rest) == nil else { return nil }
        let first = Int32(key.utf8Start.pointee)
        var position = rest
        while position + keyLength <= end, let found = memchr(base + position, first, end - position) {
            let offset = UnsafeRawPointer(found) - UnsafeRawPointer(base)
            guard offset + keyLength <= end else { break }
            if memcmp(base + offset, key.utf8Start, keyLength) == 0 { return nil }
            position = offset + 1
        }
        return valueLength == expected.utf8CodeUnitCount && memcmp(base + valueStart, expected.utf8Start, valueLength) == 0
    }

    private mutating func entry(_ wanted: StaticString, isString expected: StaticString) throws -> Bool {
        guard current == UInt8(ascii: "{") else { return false }
        let depth = 3
        index += 1
        // A repeated key keeps its last value, as in a dictionary.
        var matches = false
        while true {
            try skipTrivia()
            guard let byte = current else { throw error("dictionary is not closed with }") }
            if byte == UInt8(ascii: "}") {
                index += 1
                return matches
            }
            let isWanted: Bool
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                isWanted = try string() == wanted.description
            } else {
                let start = index
                try skipString()
                let key = UnsafeBufferPointer(rebasing: bytes[start..<index])
                isWanted = wanted.withUTF8Buffer { $0.count == key.count && $0.elementsEqual(key) }
            }
            try skipTrivia()
            guard current == UInt8(ascii: "=") else { throw error("expected =") }
            index += 1
            if isWanted {
                try skipTrivia()
                let start = index
                switch current {
                case UInt8(ascii: "\""), UInt8(ascii: "'"):
                    matches = try string() == expected.description
                case UInt8(ascii: "{"), UInt8(ascii: "("), UInt8(ascii: "<"):
                    try skipValue(depth: depth)
                    matches = false
                default:
                    try skipString()
                    let value = UnsafeBufferPointer(rebasing: bytes[start..<index])
                    matches = expected.withUTF8Buffer { $0.count == value.count && $0.elementsEqual(value) }
                }
            } else {
                try skipValue(depth: depth)
            }
            try skipTrivia()
            guard current == UInt8(ascii: ";") else { throw error("expected ;") }
            index += 1
        }
    }

    /// An object's wanted entries; the text was checked when it was indexed, so nothing here throws.
    /// Filled in place: a copy of an empty one copied its values on the first write, an
    /// allocation for each object read. False when the object is not a dictionary.
    private mutating func selectedEntries(_ entries: inout SelectedEntries) throws -> Bool {
        guard current == UInt8(ascii: "{") else { return false }
        // An object is a value of the `objects` dictionary, itself the root's: its own entries are three levels down.
        let depth = 3
        index += 1
        let keys = entries.keys
        while true {
            try skipTrivia()
            guard let byte = current else { throw error("dictionary is not closed with }") }
            if byte == UInt8(ascii: "}") {
                index += 1
                return true
            }
            let wanted: Int?
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                let key = try string()
                wanted = keys.firstIndex { $0.description == key }
            } else {
                let start = index
                try skipString()
                let key = UnsafeBufferPointer(rebasing: bytes[start..<index])
                wanted = keys.firstIndex { SelectedEntries.equal($0, key) }
            }
            try skipTrivia()
            guard current == UInt8(ascii: "=") else { throw error("expected =") }
            index += 1
            if let wanted {
                // A repeated key keeps its last value, as in a dictionary.
                if wanted == entries.idListIndex, let ranges = bareWordList() {
                    entries.idRanges = ranges
                    entries.values[wanted] = nil
                } else if wanted == entries.settingsIndex, let settings = settingsLayer(depth: depth) {
                    entries.settings = settings
                    entries.values[wanted] = nil
                } else {
                    entries.values[wanted] = try value(depth: depth)
                    if wanted == entries.idListIndex { entries.idRanges = nil }
                    if wanted == entries.settingsIndex { entries.settings = nil }
                }
            } else {
                // The quick scan where it can (a configuration's few hundred build settings, when
                // only its name is wanted); where it cannot, the exact one.
                try skipTrivia()
                if let end = QuickScan.valueEnd(in: bytes, from: index, depth: depth) {
                    index = end
                } else {
                    try skipValue(depth: depth)
                }
            }
            try skipTrivia()
            guard current == UInt8(ascii: ";") else { throw error("expected ;") }
            index += 1
        }
    }

    /// A list of bare ASCII words, as the ranges of the words; nil (and the position where it
    /// was) for any other value, which `value` then reads. The text was checked when it was
    /// indexed; whatever this does not take on (a quoted word, a comment not closed) is nil too.
    private mutating func bareWordList() -> [Range<Int>]? {
        let count = bytes.count
        var position = index
        guard QuickScan.blanks(bytes, &position), position < count, bytes[position] == UInt8(ascii: "(") else { return nil }
        position += 1
        var words: [Range<Int>] = []
        // A group holds a handful of children: one allocation, not one for each doubling.
        words.reserveCapacity(16)
        while true {
            guard QuickScan.blanks(bytes, &position), position < count else { return nil }
            let byte = bytes[position]
            if byte == UInt8(ascii: ")") {
                index = position + 1
                return words
            }
            let start = position
            // Four bytes a round (`bareEnd`), then whether all were ASCII a word at a time: a byte
            // at a time, with the ASCII check in the loop, this was most of reading a group.
            position = Self.bareEnd(bytes, from: start)
            guard position > start, Self.isASCII(UnsafeBufferPointer(rebasing: bytes[start..<position])) else { return nil }
            words.append(start..<position)
            guard QuickScan.blanks(bytes, &position), position < count else { return nil }
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
            } else if bytes[position] != UInt8(ascii: ")") {
                return nil
            }
        }
    }

    /// A dictionary of build settings as `BuildSettings.layer` makes it from the built value
    /// (each setting's text, a list's strings joined by spaces; conditional keys, dictionaries
    /// and data left out, a repeated key's last value winning), without building the value.
    /// nil, and the position where it was, for a value that is not a dictionary or anything
    /// unexpected; then `value` reads it, and `BuildSettings.layer` converts it.
    private mutating func settingsLayer(depth: Int) -> [String: String]? {
        let start = index
        do {
            try skipTrivia()
            guard current == UInt8(ascii: "{"), depth < Self.maximumDepth else {
                index = start
                return nil
            }
            // As `value(depth:)` opens it: the entries are one level down, a list's items two.
            let entryDepth = depth + 1
            index += 1
            // Sized for a configuration's few dozen settings at once: grown from empty, the table
            // was rehashed six times a configuration.
            var out = [String: String](minimumCapacity: 64)
            while true {
                try skipTrivia()
                guard let byte = current else { break }
                if byte == UInt8(ascii: "}") {
                    index += 1
                    return out
                }
                // `[` is not a bare byte: only a quoted key can be conditional, and the check of
                // every other key's text is not made.
                let mayBeConditional = byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
                let key = try string()
                try skipTrivia()
                guard current == UInt8(ascii: "=") else { break }
                index += 1
                try skipTrivia()
                var text: String?
                switch current {
                case UInt8(ascii: "{"), UInt8(ascii: "<"):
                    try skipValue(depth: entryDepth)
                case UInt8(ascii: "("):
                    guard entryDepth < Self.maximumDepth, let items = try settingsList(depth: entryDepth + 1) else {
                        index = start
                        return nil
                    }
                    text = items.joined(separator: " ")
                default:
                    text = try string()
                }
                if !mayBeConditional || !BuildSettings.isConditional(key) { out[key] = text }
                try skipTrivia()
                guard current == UInt8(ascii: ";") else { break }
                index += 1
            }
        } catch {}
        index = start
        return nil
    }

    /// A list's string items, the others passed over; nil for anything unexpected.
    private mutating func settingsList(depth: Int) throws -> [String]? {
        index += 1
        var items: [String] = []
        while true {
            try skipTrivia()
            guard let byte = current else { return nil }
            if byte == UInt8(ascii: ")") {
                index += 1
                return items
            }
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "("), UInt8(ascii: "<"): try skipValue(depth: depth)
            default: items.append(try string())
            }
            try skipTrivia()
            if current == UInt8(ascii: ",") {
                index += 1
            } else if current != UInt8(ascii: ")") {
                return nil
            }
        }
    }

    private mutating func parseWhole() -> Result<PropertyList, PropertyListError> {
        do {
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
            let value = try value(depth: 0)
            try skipTrivia()
            if index < bytes.count { throw error("unexpected text after the top-level value") }
            return .success(value)
        } catch let error as PropertyListError {
            return .failure(error)
        } catch {
            return .failure(PropertyListError(line: 1, column: 1, message: "\(error)"))
        }
    }

    private func error(_ message: String) -> PropertyListError {
        var line = 1
        var column = 1
        for byte in bytes[..<min(index, bytes.count)] {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return PropertyListError(line: line, column: column, message: message)
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// Past blanks and comments: the quick scan's loop, inline, where it passes them (the
    /// exact reader asks this between every two tokens, and as a call it cost about fifty
    /// instructions a time); the loop below only to report a comment that is not closed.
    @inline(__always)
    private mutating func skipTrivia() throws {
        var position = index
        if QuickScan.blanks(bytes, &position) {
            index = position
            return
        }
        try skipTriviaReportingErrors()
    }

    private mutating func skipTriviaReportingErrors() throws {
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            // Space, and tab through carriage return (tab, newline, vertical tab, form feed, return).
            if Self.isBlank(byte) {
                var position = index + 1
                while position < count, Self.isBlank(bytes[position]) { position += 1 }
                index = position
            } else if byte == UInt8(ascii: "/"), index + 1 < count, bytes[index + 1] == UInt8(ascii: "/") {
                while index < count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
            } else if byte == UInt8(ascii: "/"), index + 1 < count, bytes[index + 1] == UInt8(ascii: "*") {
                let start = index
                index += 2
                // Comments are a third of a project file (`/* AppDelegate.swift in Sources */`):
                // from star to star with `memchr`.
                while index + 1 < count, let base = bytes.baseAddress,
                      let star = memchr(base + index, Int32(UInt8(ascii: "*")), count - index - 1) {
                    index = UnsafeRawPointer(star) - UnsafeRawPointer(base)
                    if bytes[index + 1] == UInt8(ascii: "/") { break }
                    index += 1
                }
                if index + 1 < count, bytes[index] != UInt8(ascii: "*") { index = count }
                guard index + 1 < count else {
                    index = start
                    throw error("comment is not closed")
                }
                index += 2
            } else {
                return
            }
        }
    }

    private mutating func value(depth: Int) throws -> PropertyList {
        try skipTrivia()
        guard let byte = current else { throw error("expected a value, found the end of the file") }
        switch byte {
        case UInt8(ascii: "{"):
            guard depth < Self.maximumDepth else { throw error("nested deeper than \(Self.maximumDepth) levels") }
            return try dictionary(depth: depth + 1)
        case UInt8(ascii: "("):
            guard depth < Self.maximumDepth else { throw error("nested deeper than \(Self.maximumDepth) levels") }
            return try array(depth: depth + 1)
        case UInt8(ascii: "<"):
            return try data()
        default:
            return .string(try string())
        }
    }

    private mutating func dictionary(depth: Int) throws -> PropertyList {
        index += 1
        var entries: [String: PropertyList] = [:]
        while true {
            try skipTrivia()
            guard let byte = current else { throw error("dictionary is not closed with }") }
            if byte == UInt8(ascii: "}") {
                index += 1
                return .dictionary(entries)
            }
            let key = try string()
            try skipTrivia()
            guard current == UInt8(ascii: "=") else { throw error("expected = after the key \(HiglintCore.quoted(key, limit: 40))") }
            index += 1
            let value: PropertyList
            if indexesObjects, depth == 1, key == "objects", try startsDictionary(depth: depth) {
                // Stands in for the table, so that a later `objects` of another kind still wins.
                value = .dictionary([:])
                objectRanges = try indexedDictionary(depth: depth + 1)
            } else {
                value = try self.value(depth: depth)
            }
            try skipTrivia()
            guard current == UInt8(ascii: ";") else { throw error("expected ; after the value of \(HiglintCore.quoted(key, limit: 40))") }
            index += 1
            // A repeated key keeps its last value.
            entries[key] = value
        }
    }

    /// Whether the next value is a dictionary that may be opened at this depth (the checks
    /// `value` makes before it reads one).
    private mutating func startsDictionary(depth: Int) throws -> Bool {
        try skipTrivia()
        return current == UInt8(ascii: "{") && depth < Self.maximumDepth
    }

    /// A dictionary's entries as the ranges of their values, each value checked by `skipValue`.
    private mutating func indexedDictionary(depth: Int) throws -> ObjectIndex {
        index += 1
        // Sized once for the file (Xcode writes an object every 300 bytes or so), not grown and rehashed.
        var entries = ObjectIndex(expectedCount: bytes.count / 256)
        while true {
            try skipTrivia()
            guard let byte = current else { throw error("dictionary is not closed with }") }
            if byte == UInt8(ascii: "}") {
                index += 1
                return entries
            }
            // An entry as Xcode writes it, in one quick pass; for anything else (or an error)
            // the steps below read it again from its key.
            if let entry = QuickScan.objectEntry(in: bytes, from: index, depth: depth) {
                entries.set(UnsafeBufferPointer(rebasing: bytes[entry.key]), range: entry.value, isa: entry.isa)
                index = entry.end
                continue
            }
            let keyStart = index
            // A bare ASCII id is its own bytes; any other is decoded as the full parse decodes it.
            var decodedKey: String?
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                decodedKey = try string()
            } else {
                try skipString()
                if !bytes[keyStart..<index].allSatisfy({ $0 < 0x80 }) {
                    index = keyStart
                    decodedKey = try string()
                }
            }
            let keyEnd = index
            try skipTrivia()
            guard current == UInt8(ascii: "=") else {
                throw error("expected = after the key \(HiglintCore.quoted(key(at: keyStart), limit: 40))")
            }
            index += 1
            try skipTrivia()
            let start = index
            // The quick scan for text as Xcode writes it; anything it does not take, the exact
            // one reads again from the start of the value (and reports, if it is an error).
            var isa: Range<Int>?
            if let (end, found) = QuickScan.objectEnd(in: bytes, from: start, depth: depth) {
                index = end
                isa = found
            } else {
                try skipValue(depth: depth)
            }
            let end = index
            try skipTrivia()
            guard current == UInt8(ascii: ";") else {
                throw error("expected ; after the value of \(HiglintCore.quoted(key(at: keyStart), limit: 40))")
            }
            index += 1
            if var decodedKey {
                decodedKey.withUTF8 { entries.set($0, range: start..<end, isa: isa) }
            } else {
                entries.set(UnsafeBufferPointer(rebasing: bytes[keyStart..<keyEnd]), range: start..<end, isa: isa)
            }
        }
    }

    // MARK: - Checking a value without building it: the same grammar and errors as `value`.

    private mutating func skipValue(depth: Int) throws {
        try skipTrivia()
        guard let byte = current else { throw error("expected a value, found the end of the file") }
        switch byte {
        case UInt8(ascii: "{"):
            guard depth < Self.maximumDepth else { throw error("nested deeper than \(Self.maximumDepth) levels") }
            try skipDictionary(depth: depth + 1)
        case UInt8(ascii: "("):
            guard depth < Self.maximumDepth else { throw error("nested deeper than \(Self.maximumDepth) levels") }
            try skipArray(depth: depth + 1)
        case UInt8(ascii: "<"):
            _ = try data()
        default:
            try skipString()
        }
    }

    private mutating func skipDictionary(depth: Int) throws {
        index += 1
        while true {
            try skipTrivia()
            guard let byte = current else { throw error("dictionary is not closed with }") }
            if byte == UInt8(ascii: "}") {
                index += 1
                return
            }
            let keyStart = index
            try skipString()
            try skipTrivia()
            guard current == UInt8(ascii: "=") else {
                throw error("expected = after the key \(HiglintCore.quoted(key(at: keyStart), limit: 40))")
            }
            index += 1
            try skipValue(depth: depth)
            try skipTrivia()
            guard current == UInt8(ascii: ";") else {
                throw error("expected ; after the value of \(HiglintCore.quoted(key(at: keyStart), limit: 40))")
            }
            index += 1
        }
    }

    /// The key that starts at `start`, for an error's message.
    private func key(at start: Int) -> String {
        var reader = self
        reader.index = start
        return (try? reader.string()) ?? ""
    }

    private mutating func skipArray(depth: Int) throws {
        index += 1
        while true {
            try skipTrivia()
            guard let byte = current else { throw error("array is not closed with )") }
            if byte == UInt8(ascii: ")") {
                index += 1
                return
            }
            try skipValue(depth: depth)
            try skipTrivia()
            if current == UInt8(ascii: ",") {
                index += 1
            } else if current != UInt8(ascii: ")") {
                throw error("expected , or ) in an array")
            }
        }
    }

    /// Past a string: an escape takes the byte after its backslash (the digits some escapes
    /// go on with are never a quote or a backslash, so they need no care here).
    private mutating func skipString() throws {
        guard let byte = current else { throw error("expected a string, found the end of the file") }
        // Local copies of the position and the end: the loops below run for every byte of
        // the file's words and ids, and through `self` each step is a store and two loads.
        let count = bytes.count
        var position = index
        guard byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") else {
            position = Self.bareEnd(bytes, from: position)
            guard position > index else { throw error("expected a string, found \(Self.describe(byte))") }
            index = position
            return
        }
        position += 1
        while position < count {
            let next = bytes[position]
            position += 1
            if next == byte {
                index = position
                return
            }
            if next == UInt8(ascii: "\\") {
                guard position < count else { break }
                position += 1
            }
        }
        // `index` is still the opening quote, where the error points.
        throw error("string is not closed")
    }

    private mutating func array(depth: Int) throws -> PropertyList {
        index += 1
        var items: [PropertyList] = []
        while true {
            try skipTrivia()
            guard let byte = current else { throw error("array is not closed with )") }
            if byte == UInt8(ascii: ")") {
                index += 1
                return .array(items)
            }
            items.append(try value(depth: depth))
            try skipTrivia()
            if current == UInt8(ascii: ",") {
                index += 1
            } else if current != UInt8(ascii: ")") {
                throw error("expected , or ) in an array")
            }
        }
    }

    private mutating func data() throws -> PropertyList {
        let start = index
        index += 1
        while let byte = current, byte != UInt8(ascii: ">") {
            guard Self.isHexDigit(byte) || byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n")
                || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
            else { throw error("data holds a byte that is not a hex digit") }
            index += 1
        }
        guard current == UInt8(ascii: ">") else {
            index = start
            throw error("data is not closed with >")
        }
        index += 1
        return .other
    }

    private mutating func string() throws -> String {
        guard let byte = current else { throw error("expected a string, found the end of the file") }
        if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") { return try quoted(byte) }
        let start = index
        let position = Self.bareEnd(bytes, from: start)
        guard position > start else { throw error("expected a string, found \(Self.describe(byte))") }
        index = position
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    private mutating func quoted(_ quote: UInt8) throws -> String {
        let start = index
        // Most quoted strings have no escape (`"<group>"`, a path with a space): their bytes as they are.
        var position = index + 1
        while position < bytes.count, bytes[position] != quote, bytes[position] != UInt8(ascii: "\\") { position += 1 }
        if position < bytes.count, bytes[position] == quote {
            index = position + 1
            return String(decoding: bytes[(start + 1)..<position], as: UTF8.self)
        }
        index += 1
        var text: [UInt8] = []
        while true {
            guard let byte = current else {
                index = start
                throw error("string is not closed")
            }
            index += 1
            if byte == quote { return String(decoding: text, as: UTF8.self) }
            guard byte == UInt8(ascii: "\\") else {
                text.append(byte)
                continue
            }
            guard let escaped = current else {
                index = start
                throw error("string is not closed")
            }
            index += 1
            switch escaped {
            case UInt8(ascii: "n"): text.append(0x0A)
            case UInt8(ascii: "t"): text.append(0x09)
            case UInt8(ascii: "r"): text.append(0x0D)
            case UInt8(ascii: "a"): text.append(0x07)
            case UInt8(ascii: "b"): text.append(0x08)
            case UInt8(ascii: "f"): text.append(0x0C)
            case UInt8(ascii: "v"): text.append(0x0B)
            case UInt8(ascii: "U"), UInt8(ascii: "u"):
                var scalar: UInt32 = 0
                var digits = 0
                while digits < 4, let next = current, Self.isHexDigit(next) {
                    scalar = scalar * 16 + UInt32(Self.hexValue(next))
                    index += 1
                    digits += 1
                }
                text.append(contentsOf: Array(String(Unicode.Scalar(scalar).map(Character.init) ?? "\u{FFFD}").utf8))
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                var value = UInt32(escaped - UInt8(ascii: "0"))
                var digits = 1
                while digits < 3, let next = current, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(next) {
                    value = value * 8 + UInt32(next - UInt8(ascii: "0"))
                    index += 1
                    digits += 1
                }
                text.append(UInt8(truncatingIfNeeded: value))
            default:
                // `\\`, `\"`, `\'` and any other escaped byte stand for themselves.
                text.append(escaped)
            }
        }
    }

    /// One character a byte value, `1` for a bare one: a constant in the binary, read with one
    /// load (two masks and a shift were half the time of indexing a project file).
    private static let bareTable: StaticString = "0000000000000000000000000000000000001000000101111111111111100000111111111111111111111111111000010111111111111111111111111110001011111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111111"

    /// Letters, digits and `_$+/:.-@~`, and every byte of a UTF-8 sequence (hand-edited files
    /// carry bare non-ASCII names).
    @inline(__always)
    static func isBare(_ byte: UInt8) -> Bool {
        bareTable.utf8Start[Int(byte)] == UInt8(ascii: "1")
    }

    /// The end of the bare word at `start` of `bytes` (`start` itself when the byte there is
    /// not bare): every loop over a word's bytes. Four bytes a round with one bound check,
    /// each a load and a table compare; a byte at a time, the check and the step were as
    /// many instructions again, and a project file is half bare words.
    @inline(__always)
    static func bareEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard let base = bytes.baseAddress else { return start }
        let table = bareTable.utf8Start
        let count = bytes.count
        let bare = UInt8(ascii: "1")
        var position = start
        while position &+ 4 <= count {
            if table[Int(base[position])] != bare { return position }
            if table[Int(base[position &+ 1])] != bare { return position &+ 1 }
            if table[Int(base[position &+ 2])] != bare { return position &+ 2 }
            if table[Int(base[position &+ 3])] != bare { return position &+ 3 }
            position &+= 4
        }
        while position < count, table[Int(base[position])] == bare { position &+= 1 }
        return position
    }

    /// Whether every byte is below 0x80, eight at a time.
    @inline(__always)
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        var high: UInt64 = 0
        var position = 0
        while position &+ 8 <= bytes.count {
            high |= raw.loadUnaligned(fromByteOffset: position, as: UInt64.self)
            position &+= 8
        }
        while position < bytes.count {
            high |= UInt64(base[position])
            position &+= 1
        }
        return high & 0x8080_8080_8080_8080 == 0
    }

    /// Space, and tab through carriage return (tab, newline, vertical tab, form feed, return):
    /// one load from a table, as `isBare`, for the loops that pass blanks.
    @inline(__always)
    static func isBlank(_ byte: UInt8) -> Bool {
        let table: StaticString = "0000000001111100000000000000000010000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"
        return table.utf8Start[Int(byte)] == UInt8(ascii: "1")
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8 {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        default: return byte - UInt8(ascii: "A") + 10
        }
    }

    private static func describe(_ byte: UInt8) -> String {
        (0x21...0x7E).contains(byte) ? "\"\(Character(Unicode.Scalar(byte)))\"" : "byte \(byte)"
    }
}

/// Where a value ends, for text the old-style reader accepts: `skipValue`'s grammar with its
/// position in a local variable and every step inline, about three times as fast on a project
/// file. It never reports an error: nil means "read this with the exact reader", which it
/// says for every error and for what it does not take on (nesting past the limit, `<data>`).
/// So for any text, a non-nil end is where `skipValue` would stop.
enum QuickScan {
    /// The end of the value starting at `start` (no trivia before it), opened at `depth`.
    static func valueEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, depth: Int) -> Int? {
        var position = start
        return value(bytes, &position, depth: depth) ? position : nil
    }

    /// `valueEnd` for an entry of the `objects` table, and where the object's `isa` value is
    /// when the text says it plainly: the last `isa` entry's bare word, in a dictionary whose
    /// keys are all bare (a quoted key might spell `isa` with an escape). nil for the `isa`
    /// otherwise, and the caller reads it exactly.
    static func objectEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, depth: Int) -> (end: Int, isa: Range<Int>?)? {
        var position = start
        guard position < bytes.count, bytes[position] == UInt8(ascii: "{") else {
            return value(bytes, &position, depth: depth) ? (position, nil) : nil
        }
        guard depth < OldStylePropertyListParser.maximumDepth else { return nil }
        let depth = depth + 1
        position += 1
        var isa: Range<Int>?
        var plain = true
        while true {
            guard blanks(bytes, &position), position < bytes.count else { return nil }
            if bytes[position] == UInt8(ascii: "}") {
                return (position + 1, plain ? isa : nil)
            }
            let keyStart = position
            let first = bytes[position]
            guard string(bytes, &position) else { return nil }
            if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") { plain = false }
            let isIsa = position - keyStart == 3 && first == UInt8(ascii: "i") && bytes[keyStart + 1] == UInt8(ascii: "s")
                && bytes[keyStart + 2] == UInt8(ascii: "a")
            guard equalsSign(bytes, &position) else { return nil }
            let valueStart = position
            let valueFirst = bytes[position]
            guard value(bytes, &position, depth: depth) else { return nil }
            if isIsa {
                if OldStylePropertyListParser.isBare(valueFirst) {
                    isa = valueStart..<position
                } else {
                    plain = false
                }
            }
            guard blanks(bytes, &position), position < bytes.count, bytes[position] == UInt8(ascii: ";") else { return nil }
            position += 1
        }
    }

    /// An entry of the `objects` table from its key to its `;`, as `indexedDictionary` reads
    /// one whose id is a bare ASCII word: the id's bytes, the value's range, its `isa` as
    /// `objectEnd` finds it, and where the entry ends. nil for anything else (a quoted or
    /// non-ASCII id, an error), and the exact reader takes it from the key. Each step is the
    /// one the exact reader makes (`skipString`, trivia, `=`, trivia, `objectEnd`, trivia,
    /// `;`), so where this answers, the entry and the position after it are the same.
    static func objectEntry(
        in bytes: UnsafeBufferPointer<UInt8>, from start: Int, depth: Int
    ) -> (key: Range<Int>, value: Range<Int>, isa: Range<Int>?, end: Int)? {
        let count = bytes.count
        guard start < count, bytes[start] != UInt8(ascii: "\""), bytes[start] != UInt8(ascii: "'") else { return nil }
        let keyEnd = OldStylePropertyListParser.bareEnd(bytes, from: start)
        guard keyEnd > start else { return nil }
        guard OldStylePropertyListParser.isASCII(UnsafeBufferPointer(rebasing: bytes[start..<keyEnd])) else { return nil }
        var position = keyEnd
        guard equalsSign(bytes, &position) else { return nil }
        let valueStart = position
        guard let (end, isa) = objectEnd(in: bytes, from: valueStart, depth: depth) else { return nil }
        position = end
        guard blanks(bytes, &position), position < count, bytes[position] == UInt8(ascii: ";") else { return nil }
        return (start..<keyEnd, valueStart..<end, isa, position + 1)
    }

    /// Inline in its callers (the containers stay calls): as a call of its own, taken for each
    /// of the file's values, its entry and exit cost about as much as the scan of a short word.
    @inline(__always)
    private static func value(_ bytes: UnsafeBufferPointer<UInt8>, _ position: inout Int, depth: Int) -> Bool {
        guard position < bytes.count else { return false }
        switch bytes[position] {
        case UInt8(ascii: "{"):
            guard depth < OldStylePropertyListParser.maximumDepth else { return false }
            return dictionary(bytes, &position, depth: depth + 1)
        case UInt8(ascii: "("):
            guard depth < OldStylePropertyListParser.maximumDepth else { return false }
            return array(bytes, &position, depth: depth + 1)
        case UInt8(ascii: "<"):
            return false
        default:
            return string(bytes, &position)
        }
    }

    /// Blanks and comments, as `skipTrivia` passes them; false for a comment that is not
    /// closed (the exact reader reports it).
    @inline(__always)
    fileprivate static func blanks(_ bytes: UnsafeBufferPointer<UInt8>, _ position: inout Int) -> Bool {
        let count = bytes.count
        while position < count {
            let byte = bytes[position]
            if OldStylePropertyListParser.isBlank(byte) {
                position += 1
                continue
            }
            guard byte == UInt8(ascii: "/"), position + 1 < count else { return true }
            if bytes[position + 1] == UInt8(ascii: "*") {
                // From star to star: the comment ends at the first `*/` after its `/*`.
                var star = position + 2
                while true {
                    guard star + 1 < count, let base = bytes.baseAddress,
                          let found = memchr(base + star, Int32(UInt8(ascii: "*")), count - star - 1)
                    else { return false }
                    star = UnsafeRawPointer(found) - UnsafeRawPointer(base)
                    if bytes[star + 1] == UInt8(ascii: "/") { break }
                    star += 1
                }
                position = star + 2
            } else if bytes[position + 1] == UInt8(ascii: "/") {
                while position < count, bytes[position] != UInt8(ascii: "\n") { position += 1 }
            } else {
                return true
            }
        }
        return true
    }

    /// From after a key to the start of its value: trivia, `=`, trivia, and a byte there. The
    /// ` = ` Xcode writes between every key and value first, where the two passes over blanks
    /// cost twenty-odd instructions an entry; the same position, or false, either way.
    @inline(__always)
    private static func equalsSign(_ bytes: UnsafeBufferPointer<UInt8>, _ position: inout Int) -> Bool {
        let count = bytes.count
        if position &+ 3 < count, bytes[position] == UInt8(ascii: " "), bytes[position &+ 1] == UInt8(ascii: "="),
           bytes[position &+ 2] == UInt8(ascii: " ") {
            let next = bytes[position &+ 3]
            if !OldStylePropertyListParser.isBlank(next), next != UInt8(ascii: "/") {
                position &+= 3
                return true
            }
        }
        guard blanks(bytes, &position), position < count, bytes[position] == UInt8(ascii: "=") else { return false }
        position += 1
        return blanks(bytes, &position) && position < count
    }

    private static func dictionary(_ bytes: UnsafeBufferPointer<UInt8>, _ position: inout Int, depth: Int) -> Bool {
        position += 1
        while true {
            guard blanks(bytes, &position), position < bytes.count else { return false }
            if bytes[position] == UInt8(ascii: "}") {
                position += 1
                return true
            }
            guard string(bytes, &position), equalsSign(bytes, &position), value(bytes, &position, depth: depth),
                  blanks(bytes, &position),
                  position < bytes.count, bytes[position] == UInt8(ascii: ";")
            else { return false }
            position += 1
        }
    }

    private static func array(_ bytes: UnsafeBufferPointer<UInt8>, _ position: inout Int, depth: Int) -> Bool {
        position += 1
        while true {
            guard blanks(bytes, &position), position < bytes.count else { return false }
            if bytes[position] == UInt8(ascii: ")") {
                position += 1
                return true
            }
            guard value(bytes, &position, depth: depth), blanks(bytes, &position), position < bytes.count else {
                return false
            }
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
            } else if bytes[position] != UInt8(ascii: ")") {
                return false
            }
        }
    }

    /// A bare word (at least one byte) or a quoted string, as `skipString` takes them.
    @inline(__always)
    private static func string(_ bytes: UnsafeBufferPointer<UInt8>, _ position: inout Int) -> Bool {
        let count = bytes.count
        guard position < count else { return false }
        let quote = bytes[position]
        guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
            let start = position
            position = OldStylePropertyListParser.bareEnd(bytes, from: start)
            return position > start
        }
        position += 1
        while position < count {
            let byte = bytes[position]
            position += 1
            if byte == quote { return true }
            if byte == UInt8(ascii: "\\") {
                guard position < count else { return false }
                position += 1
            }
        }
        return false
    }
}
