/// Texts for the tests that hold an in-place ASCII fast path to the plain Unicode
/// answer (lower-case, collapse or trim whitespace, then compare). The pieces cover
/// case, every kind of blank, `\r\n`, Unicode whitespace, combining marks and
/// letters whose lower case is ASCII, beside the words the rules look for.
public enum TextVariants {
    public static let pieces = [
        "rotate", "ROTATE", "rOtAtE", "your", "YOUR", "the", "device", "Device", "turn", "TURN", "quit", "QUIT", "exit",
        "app", "App", "close", "-", "terminate", "close-app", "please", "devic", "x", "",
        " ", "  ", "\t", "\n", "\r\n", "\r", "\u{0B}", "\u{0C}", "\u{1C}", "\u{85}", "\u{A0}", "\u{3000}",
        "旋转", "旋轉", "退出", "应用", "e\u{301}", "\u{301}", "İ", "\u{212A}", "Σ",
    ]

    /// Every sequence of up to three pieces.
    public static let sequences: [String] = {
        var texts = [""]
        var previous = [""]
        for _ in 0..<3 {
            previous = previous.flatMap { prefix in pieces.map { prefix + $0 } }
            texts += previous
        }
        return texts
    }()

    /// The template with each pair of ASCII bytes in place of its first and last `_`.
    public static func everyASCIIByteAround(_ template: String) -> [String] {
        var texts: [String] = []
        for before in UInt8(0)..<0x80 {
            for after in UInt8(0)..<0x80 {
                var bytes = Array(template.utf8)
                if let first = bytes.firstIndex(of: UInt8(ascii: "_")) { bytes[first] = before }
                if let last = bytes.lastIndex(of: UInt8(ascii: "_")) { bytes[last] = after }
                texts.append(String(decoding: bytes, as: UTF8.self))
            }
        }
        return texts
    }

    /// Trimmed of whitespace at both ends and lower-cased, the plain way.
    public static func trimmedLowercased(_ text: String) -> String {
        guard let first = text.firstIndex(where: { !$0.isWhitespace }),
              let last = text.lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return text[first...last].lowercased()
    }
}
