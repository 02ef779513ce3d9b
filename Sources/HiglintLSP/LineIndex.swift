import HiglintCore

/// How a client counts a position's `character`: UTF-16 code units unless both sides
/// agreed on UTF-8 bytes at initialisation.
public enum PositionEncoding: String, Sendable {
    case utf16 = "utf-16"
    case utf8 = "utf-8"

    /// UTF-8 when the client offers it (it saves every conversion), else the protocol's default.
    public static func negotiate(offered: [String]) -> PositionEncoding {
        offered.contains(PositionEncoding.utf8.rawValue) ? .utf8 : .utf16
    }
}

/// A zero-based line and a column in the negotiated encoding.
public struct Position: Sendable, Hashable, Comparable {
    public var line: Int
    public var character: Int

    public init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    public static func < (lhs: Position, rhs: Position) -> Bool {
        (lhs.line, lhs.character) < (rhs.line, rhs.character)
    }

    var json: JSONValue { ["line": .int(line), "character": .int(character)] }

    init?(_ json: JSONValue?) {
        guard let line = json?["line"]?.integer, let character = json?["character"]?.integer, line >= 0, character >= 0
        else { return nil }
        self.init(line: line, character: character)
    }
}

public struct TextRange: Sendable, Hashable {
    public var start: Position
    public var end: Position

    public init(start: Position, end: Position) {
        self.start = start
        self.end = end
    }

    var json: JSONValue { ["start": start.json, "end": end.json] }

    init?(_ json: JSONValue?) {
        guard let start = Position(json?["start"]), let end = Position(json?["end"]) else { return nil }
        self.init(start: start, end: end)
    }

    /// Whether the two share a position; an empty range touching the other counts.
    func overlaps(_ other: TextRange) -> Bool {
        start <= other.end && other.start <= end
    }

    func contains(_ position: Position) -> Bool { start <= position && position <= end }
}

/// The lines of a text as bytes, and every conversion between the positions of its
/// three audiences: the client's (line and UTF-16 or UTF-8 column), libyaml's (character
/// index after any byte-order mark; 1-based line and character column), and the fix
/// edits' byte offsets. Line breaks are LF, CRLF and a lone CR, for all three alike.
public struct LineIndex: Sendable {
    public let bytes: [UInt8]
    /// Where each line starts, in bytes.
    private var lineStarts: [Int] = [0]
    /// libyaml's character index at each line start.
    private var lineStartCharacters: [Int] = [0]
    /// 3 when the text starts with a UTF-8 byte-order mark, which libyaml does not count.
    private let markLength: Int

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        markLength = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var characters = 0
        var position = markLength
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            if byte & 0xC0 != 0x80 { characters += 1 }
            if byte == UInt8(ascii: "\n") || (byte == UInt8(ascii: "\r") && (position == bytes.count || bytes[position] != UInt8(ascii: "\n"))) {
                lineStarts.append(position)
                lineStartCharacters.append(characters)
            }
        }
    }

    public var lineCount: Int { lineStarts.count }

    /// Where the line's text ends, before its break.
    private func contentEnd(ofLine line: Int) -> Int {
        var end = line + 1 < lineStarts.count ? lineStarts[line + 1] : bytes.count
        if end > lineStarts[line], bytes[end - 1] == UInt8(ascii: "\n") { end -= 1 }
        if end > lineStarts[line], bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return end
    }

    /// The line holding byte `offset`.
    private func line(ofByte offset: Int) -> Int {
        Self.lastLine(in: lineStarts, startingAtOrBefore: offset)
    }

    /// The last line whose start (in `starts`, ascending, the first 0) is at or before `value`.
    private static func lastLine(in starts: [Int], startingAtOrBefore value: Int) -> Int {
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= value { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The length of the scalar whose first byte is `byte`.
    private static func width(_ byte: UInt8) -> Int {
        switch byte {
        case 0xF0...: return 4
        case 0xE0...: return 3
        case 0xC0...: return 2
        default: return 1
        }
    }

    /// The byte offset of a client position; a column past the line's end is its end.
    public func offset(of position: Position, encoding: PositionEncoding) -> Int {
        guard position.line < lineStarts.count else { return bytes.count }
        let end = contentEnd(ofLine: position.line)
        var offset = lineStarts[position.line]
        var units = 0
        while offset < end, units < position.character {
            let width = Self.width(bytes[offset])
            units += encoding == .utf8 ? width : (width == 4 ? 2 : 1)
            offset = min(end, offset + width)
        }
        return offset
    }

    /// The client position of byte `offset`.
    public func position(ofByte offset: Int, encoding: PositionEncoding) -> Position {
        let offset = min(max(0, offset), bytes.count)
        let line = line(ofByte: offset)
        let end = min(offset, contentEnd(ofLine: line))
        var position = lineStarts[line]
        var units = 0
        while position < end {
            let width = Self.width(bytes[position])
            units += encoding == .utf8 ? width : (width == 4 ? 2 : 1)
            position += width
        }
        return Position(line: line, character: units)
    }

    /// The byte offset of a finding's 1-based line and character column.
    public func offset(line: Int, column: Int) -> Int {
        guard line >= 1 else { return markLength }
        guard line <= lineStarts.count else { return bytes.count }
        let end = contentEnd(ofLine: line - 1)
        var offset = line == 1 ? markLength : lineStarts[line - 1]
        var remaining = column - 1
        while offset < end, remaining > 0 {
            offset = min(end, offset + Self.width(bytes[offset]))
            remaining -= 1
        }
        return offset
    }

    /// The byte offset of libyaml's character index.
    public func offset(ofCharacter index: Int) -> Int {
        let low = Self.lastLine(in: lineStartCharacters, startingAtOrBefore: index)
        var offset = low == 0 ? markLength : lineStarts[low]
        var remaining = index - lineStartCharacters[low]
        while offset < bytes.count, remaining > 0 {
            offset = min(bytes.count, offset + Self.width(bytes[offset]))
            remaining -= 1
        }
        return offset
    }

    /// The byte offset where the text of the line holding `offset` ends.
    public func endOfLine(atByte offset: Int) -> Int {
        contentEnd(ofLine: line(ofByte: min(max(0, offset), bytes.count)))
    }

    /// Client range of a byte range.
    public func range(ofBytes range: Range<Int>, encoding: PositionEncoding) -> TextRange {
        TextRange(start: position(ofByte: range.lowerBound, encoding: encoding),
                  end: position(ofByte: range.upperBound, encoding: encoding))
    }
}
