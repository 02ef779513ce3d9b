import HiglintCore

/// Login walls: delay them, explain them, and never bind the account to one outside service (seed 000).
public enum LoginRules {
    public static let plugin = Plugin(
        name: "login", summary: "Login walls: delayed, briefly explained, and not tied to a third-party account alone.",
        screenRules: [ForcedAtLaunchRule(), MissingExplanationRule(), ExplanationLengthRule(), ThirdPartyOnlyRule()])
}

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

/// Methods compare trimmed and case-insensitively: ` Apple` means the same method as `apple`.
enum LoginMethods {
    static let firstParty = TrimmedWords(Login.firstPartyMethods)
    static let guest = TrimmedWords(["guest"])
}
