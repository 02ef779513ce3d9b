/// A file's bytes as fixes see them: libyaml counts positions in characters after any
/// byte-order mark, edits count bytes from the file's first byte. Built only for a file
/// some finding has a fix for, so reviewing without fixes pays nothing for it.
struct SourceText {
    let bytes: [UInt8]
    /// 3 when the file starts with a UTF-8 byte-order mark, which libyaml does not count.
    let markLength: Int
    /// Whether every byte is ASCII, so that a character index is a byte offset.
    private let isASCII: Bool
    /// The file's own line end, so an added line matches its neighbours.
    let lineEnd: String

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        let markLength = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        self.markLength = markLength
        isASCII = bytes.withUnsafeBufferPointer { buffer in
            var any: UInt8 = 0
            for position in markLength..<buffer.count { any |= buffer[position] }
            return any < 0x80
        }
        if let newline = bytes.firstIndex(of: UInt8(ascii: "\n")), newline > 0, bytes[newline - 1] == UInt8(ascii: "\r") {
            lineEnd = "\r\n"
        } else {
            lineEnd = "\n"
        }
    }

    /// The byte offset of a libyaml character index. A file gets a few of these asked
    /// (two per edit), so counting from the start each time is cheaper than a table.
    func byteOffset(ofCharacter index: Int) -> Int {
        let index = max(0, index)
        if isASCII { return min(bytes.count, markLength + index) }
        return bytes.withUnsafeBufferPointer { buffer in
            var characters = -1
            for position in markLength..<buffer.count where buffer[position] & 0xC0 != 0x80 {
                characters += 1
                if characters == index { return position }
            }
            return buffer.count
        }
    }

    /// The 1-based line and column of a byte offset, columns counted in characters as
    /// findings count them (the byte-order mark is not a column).
    func mark(ofByte offset: Int) -> Mark {
        bytes.withUnsafeBufferPointer { buffer in
            var line = 1
            var lineStart = markLength
            for position in markLength..<min(offset, buffer.count) where buffer[position] == UInt8(ascii: "\n") {
                line += 1
                lineStart = position + 1
            }
            var column = 1
            for position in lineStart..<min(offset, buffer.count) where buffer[position] & 0xC0 != 0x80 { column += 1 }
            return Mark(line: line, column: column, offset: offset)
        }
    }

    /// The offset just past the line break that ends the line holding `offset`, or the
    /// end of the text; and whether the text ended without a break there.
    func startOfNextLine(after offset: Int) -> (offset: Int, needsBreak: Bool) {
        if offset > markLength, bytes[offset - 1] == UInt8(ascii: "\n") { return (offset, false) }
        var position = offset
        while position < bytes.count {
            if bytes[position] == UInt8(ascii: "\n") { return (position + 1, false) }
            position += 1
        }
        return (bytes.count, true)
    }

    /// The offset where the line holding `offset` starts.
    func startOfLine(at offset: Int) -> Int {
        var position = offset
        while position > markLength, bytes[position - 1] != UInt8(ascii: "\n") { position -= 1 }
        return position
    }

    func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }
}
