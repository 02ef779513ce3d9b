import HiglintCore
import SwiftSyntax

/// Positions in a Swift file as the reports give them: 1-based lines, columns that count
/// Unicode characters (not bytes), CRLF and CR as line ends, and a byte-order mark that is
/// no column. The parser sees the file without its mark; `offset` puts it back.
struct SourcePositions {
    private let bytes: [UInt8]
    private let lineStarts: [Int]
    let offset: Int

    init(_ bytes: [UInt8], offset: Int) {
        self.bytes = bytes
        self.offset = offset
        var starts = [0]
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\n"):
                starts.append(index + 1)
            case UInt8(ascii: "\r"):
                if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\n") { index += 1 }
                starts.append(index + 1)
            default: break
            }
            index += 1
        }
        lineStarts = starts
    }

    func mark(at utf8Offset: Int) -> Mark {
        let position = min(max(utf8Offset, 0), bytes.count)
        // The last line start at or before the position.
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= position { low = middle } else { high = middle - 1 }
        }
        var column = 1
        var index = lineStarts[low]
        while index < position {
            // A character starts at every byte that is not a UTF-8 continuation byte.
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return Mark(line: low + 1, column: column, offset: position + offset)
    }

    func mark(of node: some SyntaxProtocol) -> Mark {
        mark(at: node.positionAfterSkippingLeadingTrivia.utf8Offset)
    }

    func mark(_ position: AbsolutePosition) -> Mark {
        mark(at: position.utf8Offset)
    }
}
