/// A set of lower-case words that texts are looked up in once trimmed of whitespace
/// and lower-cased, for rules that match what people wrote against a vocabulary.
///
/// Rules look up every label or action of every screen, so an ASCII text (nearly all of
/// them) is compared in place, byte by byte, instead of being trimmed and lower-cased
/// into a new string and hashed. Other texts take the Unicode-aware path.
public struct TrimmedWords: Sendable {
    private let words: Set<String>
    /// The ASCII words as bytes: an ASCII text lower-cases to ASCII, so it can only equal these.
    private let asciiWords: [[UInt8]]
    /// Bit `b` is set when some word starts with the ASCII byte `b`.
    private let asciiFirstBytes: UInt128
    /// Whether a run of white space inside a text stands for one space (`quit  app` is `quit app`).
    private let foldsWhitespace: Bool

    /// `foldingWhitespace`: runs of white space inside a text count as one space; the words
    /// then hold single spaces.
    public init(_ words: Set<String>, foldingWhitespace: Bool = false) {
        self.words = words
        foldsWhitespace = foldingWhitespace
        asciiWords = words.filter { $0.utf8.allSatisfy { $0 < 0x80 } }.map { Array($0.utf8) }
        var firstBytes: UInt128 = 0
        for word in words { if let first = word.utf8.first, first < 0x80 { firstBytes |= 1 << first } }
        asciiFirstBytes = firstBytes
    }

    /// Whether `text`, trimmed of whitespace at both ends and lower-cased, is one of the words.
    public func contains(_ text: String) -> Bool {
        if let answer = text.utf8.withContiguousStorageIfAvailable(asciiContains), let answer { return answer }
        let normalized = Self.normalized(text)
        if foldsWhitespace {
            return words.contains(normalized.split(whereSeparator: \.isWhitespace).joined(separator: " "))
        }
        return words.contains(normalized)
    }

    /// Trimmed of whitespace at both ends, lower-cased.
    private static func normalized(_ text: String) -> String {
        guard let first = text.firstIndex(where: { !$0.isWhitespace }),
              let last = text.lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return text[first...last].lowercased()
    }

    /// Whether the ASCII `text` is one of the words; nil when `text` is not ASCII and may be one.
    ///
    /// For ASCII, trimming whitespace characters is trimming the bytes tab to carriage
    /// return and space (`\r\n` is one character, and whitespace), and lower-casing
    /// touches only A-Z, so comparing those bytes gives the answer of `normalized`.
    ///
    /// Most texts are no word, and are turned down by their first non-blank byte alone: when
    /// it is ASCII, the trimmed, lower-cased text starts with its lower case (a blank and an
    /// ASCII byte after it are never one character, and lower-casing maps ASCII to ASCII),
    /// whatever non-ASCII bytes follow.
    private func asciiContains(_ text: UnsafeBufferPointer<UInt8>) -> Bool? {
        var lower = 0
        while lower < text.count, Self.isBlank(text[lower]) { lower += 1 }
        if lower < text.count, text[lower] < 0x80, asciiFirstBytes >> Self.lowered(text[lower]) & 1 == 0 { return false }
        for byte in text[lower...] where byte >= 0x80 { return nil }
        var upper = text.count
        while upper > lower, Self.isBlank(text[upper - 1]) { upper -= 1 }
        let length = upper - lower
        if foldsWhitespace { return asciiWords.contains { Self.matchesFolding($0, text, from: lower, to: upper) } }
        return asciiWords.contains { word in
            guard word.count == length else { return false }
            for offset in 0..<length where Self.lowered(text[lower + offset]) != word[offset] { return false }
            return true
        }
    }

    /// Whether the trimmed ASCII `text[lower..<upper]` is `word` once lower-cased, a run of
    /// blanks in it matching a space of the word.
    private static func matchesFolding(_ word: [UInt8], _ text: UnsafeBufferPointer<UInt8>, from lower: Int, to upper: Int) -> Bool {
        var position = lower
        for expected in word {
            guard position < upper else { return false }
            if expected == UInt8(ascii: " ") {
                guard isBlank(text[position]) else { return false }
                while position < upper, isBlank(text[position]) { position += 1 }
            } else {
                guard lowered(text[position]) == expected else { return false }
                position += 1
            }
        }
        return position == upper
    }

    /// ASCII whitespace as `Character.isWhitespace` sees it: 0x09 to 0x0D, and space.
    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || (byte >= 0x09 && byte <= 0x0D)
    }

    private static func lowered(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }
}
