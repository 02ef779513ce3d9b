extension String {
    /// The text without leading and trailing whitespace (newlines included), as a reader sees it.
    var trimmedForLogin: Substring {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return self[first...last]
    }
}

extension Substring {
    /// `count`, the number of characters as a reader counts them, without walking grapheme
    /// clusters when the text is ASCII (as nearly all are): there every byte is a character
    /// but `\r\n`, which is one.
    var characterCount: Int {
        if let count = utf8.withContiguousStorageIfAvailable(Self.asciiCharacterCount), let count { return count }
        return count
    }

    /// Nil when the text is not ASCII.
    private static func asciiCharacterCount(_ text: UnsafeBufferPointer<UInt8>) -> Int? {
        var count = text.count
        var previous: UInt8 = 0
        for byte in text {
            if byte >= 0x80 { return nil }
            if byte == UInt8(ascii: "\n"), previous == UInt8(ascii: "\r") { count -= 1 }
            previous = byte
        }
        return count
    }
}
