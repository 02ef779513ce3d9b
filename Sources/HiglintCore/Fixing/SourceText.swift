#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

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
    /// Where each line starts, for an ASCII text with no CR (nearly every spec), where a
    /// line and column are a search and a subtraction; empty for any other text, whose
    /// marks are counted from the start. A finding-heavy file asks for dozens of marks.
    private let lineStarts: [Int]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        let markLength = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        self.markLength = markLength
        isASCII = bytes.withUnsafeBufferPointer { buffer in
            var any: UInt8 = 0
            for position in markLength..<buffer.count { any |= buffer[position] }
            return any < 0x80
        }
        // The first break decides: CRLF, LF, or a lone CR, which YAML also takes for a break.
        switch bytes.firstIndex(where: { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }) {
        case .some(let first) where bytes[first] == UInt8(ascii: "\r"):
            lineEnd = first + 1 < bytes.count && bytes[first + 1] == UInt8(ascii: "\n") ? "\r\n" : "\r"
        default:
            lineEnd = "\n"
        }
        lineStarts = Self.lineStarts(of: bytes, from: markLength, isASCII: isASCII)
    }

    private static func lineStarts(of bytes: [UInt8], from markLength: Int, isASCII: Bool) -> [Int] {
        guard isASCII else { return [] }
        return bytes.withUnsafeBufferPointer { buffer in
            // memchr: a spec is some 2 KB of 80 lines, and this runs for every file with a fix.
            guard let base = buffer.baseAddress, buffer.count > markLength else { return [markLength] }
            if memchr(base + markLength, Int32(UInt8(ascii: "\r")), buffer.count - markLength) != nil { return [] }
            var starts = [markLength]
            var position = markLength
            while position < buffer.count,
                  let found = memchr(base + position, Int32(UInt8(ascii: "\n")), buffer.count - position) {
                position = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
                starts.append(position)
            }
            return starts
        }
    }

    /// The line and column `marksByScanning` reaches at `position` (the start of the text
    /// to the end), from the line table.
    private func lineAndColumn(at position: Int) -> (line: Int, column: Int) {
        guard position > markLength else { return (1, 1) }
        // The number of line starts at or before `position` is its line.
        var low = 0
        var high = lineStarts.count
        while low < high {
            let middle = (low + high) / 2
            if lineStarts[middle] <= position { low = middle + 1 } else { high = middle }
        }
        return (low, position - lineStarts[low - 1] + 1)
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

    /// Whether a line break ends just before `offset`: an LF, or a CR not followed by one.
    private func isLineStart(_ offset: Int) -> Bool {
        guard offset > markLength, offset <= bytes.count else { return offset == markLength }
        switch bytes[offset - 1] {
        case UInt8(ascii: "\n"): return true
        case UInt8(ascii: "\r"): return offset == bytes.count || bytes[offset] != UInt8(ascii: "\n")
        default: return false
        }
    }

    /// The 1-based lines and columns of a range's ends, counted as libyaml counts them for
    /// findings: columns in characters, the byte-order mark no column, CRLF one break, a
    /// lone CR a break. One pass from the start of the text to the range's end.
    func marks(of range: Range<Int>) -> (start: Mark, end: Mark) {
        guard !lineStarts.isEmpty else { return marksByScanning(of: range) }
        let end = min(range.upperBound, bytes.count)
        let last = lineAndColumn(at: end)
        let endMark = Mark(line: last.line, column: last.column, offset: range.upperBound)
        if range.lowerBound >= end { return (Mark(line: last.line, column: last.column, offset: range.lowerBound), endMark) }
        let first = range.lowerBound < markLength ? (line: 1, column: 1) : lineAndColumn(at: range.lowerBound)
        return (Mark(line: first.line, column: first.column, offset: range.lowerBound), endMark)
    }

    /// `marks(of:)` counted from the start of the text, for any text; what the line table must agree with.
    func marksByScanning(of range: Range<Int>) -> (start: Mark, end: Mark) {
        bytes.withUnsafeBufferPointer { buffer in
            let lf = UInt8(ascii: "\n")
            let cr = UInt8(ascii: "\r")
            var line = 1
            var column = 1
            var start = Mark(line: 1, column: 1, offset: range.lowerBound)
            var position = markLength
            let end = min(range.upperBound, buffer.count)
            while position < end {
                if position == range.lowerBound { start = Mark(line: line, column: column, offset: position) }
                let byte = buffer[position]
                position += 1
                if byte == lf || (byte == cr && (position == buffer.count || buffer[position] != lf)) {
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80 {
                    column += 1
                }
            }
            let last = Mark(line: line, column: column, offset: range.upperBound)
            return (range.lowerBound >= end ? Mark(line: line, column: column, offset: range.lowerBound) : start, last)
        }
    }

    /// The offset just past the line break that ends the line holding `offset`, or the
    /// end of the text; and whether the text ended without a break there.
    func startOfNextLine(after offset: Int) -> (offset: Int, needsBreak: Bool) {
        if offset > markLength, isLineStart(offset) { return (offset, false) }
        var position = offset + 1
        while position <= bytes.count {
            if isLineStart(position) { return (position, false) }
            position += 1
        }
        return (bytes.count, true)
    }

    /// The offset where the line holding `offset` starts.
    func startOfLine(at offset: Int) -> Int {
        var position = offset
        while position > markLength, !isLineStart(position) { position -= 1 }
        return position
    }
}
