/// A file's bytes as fixes see them: libyaml counts positions in characters after any
/// byte-order mark, edits count bytes from the file's first byte. Built only for a file
/// some finding has a fix for, so reviewing without fixes pays nothing for it.
struct SourceText {
    let bytes: [UInt8]
    /// 3 when the file starts with a UTF-8 byte-order mark, which libyaml does not count.
    let markLength: Int
    /// The byte offset of each character index, when the text is not all ASCII.
    private let characterOffsets: [Int]?
    /// The file's own line end, so an added line matches its neighbours.
    let lineEnd: String

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        markLength = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        if bytes[markLength...].allSatisfy({ $0 < 0x80 }) {
            characterOffsets = nil
        } else {
            var offsets: [Int] = []
            offsets.reserveCapacity(bytes.count)
            var position = markLength
            while position < bytes.count {
                if bytes[position] & 0xC0 != 0x80 { offsets.append(position) }
                position += 1
            }
            offsets.append(bytes.count)
            characterOffsets = offsets
        }
        if let newline = bytes.firstIndex(of: UInt8(ascii: "\n")), newline > 0, bytes[newline - 1] == UInt8(ascii: "\r") {
            lineEnd = "\r\n"
        } else {
            lineEnd = "\n"
        }
    }

    /// The byte offset of a libyaml character index.
    func byteOffset(ofCharacter index: Int) -> Int {
        guard let characterOffsets else { return min(bytes.count, markLength + max(0, index)) }
        return characterOffsets[min(max(0, index), characterOffsets.count - 1)]
    }

    /// The 1-based line and column of a byte offset, columns counted in characters as
    /// findings count them (the byte-order mark is not a column).
    func mark(ofByte offset: Int) -> Mark {
        var line = 1
        var lineStart = markLength
        var position = markLength
        while position < offset {
            if bytes[position] == UInt8(ascii: "\n") {
                line += 1
                lineStart = position + 1
            }
            position += 1
        }
        var column = 1
        for byte in bytes[lineStart..<offset] where byte & 0xC0 != 0x80 { column += 1 }
        return Mark(line: line, column: column, offset: offset)
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
