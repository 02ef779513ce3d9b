import HiglintCore

struct RotatePromptRule: ScreenRule {
    let description = RuleDescription(
        id: "orientation.rotate-prompt", severity: .warning,
        summary: "An element tells people to rotate the device.",
        rationale: "An app that must run in one orientation should simply launch in it; people turn the device on their own once they see the layout. A message asking them to rotate is clutter.",
        seed: "003", hint: "Remove the prompt and launch directly in the supported orientation.",
        triggeringExamples: [
            "screen: Game\nelements:\n  - {id: hint, type: text, label: Please rotate your device}\n",
            "screen: Game\nelements:\n  - {id: hint, type: image, role: rotate-prompt}\n",
            "screen: Game\nelements:\n  - {id: hint, type: text, label: 请旋转手机}\n",
        ],
        nonTriggeringExamples: [
            "screen: Photo\nelements:\n  - {id: caption, type: text, label: Rotate the photo with two fingers}\n",
            "screen: Photo\nelements:\n  - {id: rotate, type: button, label: Rotate your device}\n",
        ])

    /// Phrases that ask people to turn the device, matched in lowercased, single-spaced labels.
    static let phrases = ["rotate your device", "rotate the device", "turn your device", "旋转", "旋轉"]

    func check(_ screen: Screen, in context: RuleContext) -> [Violation] {
        var violations: [Violation] = []
        for element in screen.allElements {
            if element.role == "rotate-prompt" {
                violations.append(Violation(
                    message: "element \(quoted(element.name)) is a rotate prompt (role: rotate-prompt)", on: element))
            } else if element.type == .text, let label = element.label, let phrase = Self.prompt(in: label) {
                violations.append(Violation(
                    message: "text \(quoted(element.name)) asks people to rotate the device (\(quoted(phrase)) in \(quoted(label)))",
                    on: element))
            }
        }
        return violations
    }

    /// The prompt phrase the label contains, ignoring case and runs of blanks.
    static func prompt(in label: String) -> String? {
        // Nearly every label is ASCII; searching its bytes in place is what keeps this rule
        // from dominating the review. Anything else takes the Unicode-aware path below.
        if case .searched(let phrase)? = label.utf8.withContiguousStorageIfAvailable(asciiPrompt(in:)) {
            return phrase
        }
        let normalized = label.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return phrases.first { normalized.contains($0) }
    }

    /// The phrases as bytes, for the ASCII search; the non-ASCII ones cannot occur in an ASCII label.
    private static let asciiPhrases: [(phrase: String, bytes: [UInt8])] =
        phrases.filter { $0.utf8.allSatisfy { $0 < 0x80 } }.map { ($0, Array($0.utf8)) }

    /// The first letters of the ASCII phrases, with bit 5 set: a byte with bit 5 set is in
    /// here whenever its lower case is a first letter (lower-casing sets that bit, or leaves
    /// the byte as it is), so the search tries the phrases only where one may begin.
    private static let asciiFirstLetters = ASCIISet(asciiPhrases.compactMap { $0.bytes.first.map { $0 | 0x20 } })

    /// A set of ASCII bytes as two words of bits, looked up with one masked shift per byte.
    private struct ASCIISet {
        private var low: UInt64 = 0
        private var high: UInt64 = 0

        init(_ bytes: [UInt8]) {
            for byte in bytes where byte < 0x80 {
                if byte < 64 { low |= 1 &<< byte } else { high |= 1 &<< (byte & 63) }
            }
        }

        func contains(_ byte: UInt8) -> Bool {
            byte < 0x80 && (byte < 64 ? low : high) &>> (byte & 63) & 1 != 0
        }
    }

    private enum ASCIISearch {
        case notASCII
        case searched(String?)
    }

    /// For an ASCII label, the same answer as lower-casing, collapsing each run of whitespace
    /// to one space and searching: a phrase's letters match either case, its space matches
    /// one or more whitespace bytes. In ASCII, lower-casing only touches A-Z, every character
    /// is one byte (once the collapse has removed `\r\n`), and whitespace is tab to carriage
    /// return, and space.
    private static func asciiPrompt(in label: UnsafeBufferPointer<UInt8>) -> ASCIISearch {
        // One pass over the label, trying each phrase where its first letter occurs, rather
        // than one pass per phrase; the first phrase in list order that matches anywhere wins.
        for byte in label where byte >= 0x80 { return .notASCII }
        let phrases = asciiPhrases
        let firstLetters = asciiFirstLetters
        var found = phrases.endIndex
        for start in label.indices where firstLetters.contains(label[start] | 0x20) {
            let letter = lowered(label[start])
            for index in phrases.indices[..<found]
            where phrases[index].bytes.first == letter && matches(phrases[index].bytes, in: label, at: start) {
                found = index
                break
            }
        }
        return .searched(found < phrases.endIndex ? phrases[found].phrase : nil)
    }

    private static func matches(_ phrase: [UInt8], in label: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
        var position = start
        for expected in phrase {
            if expected == UInt8(ascii: " ") {
                guard position < label.count, isBlank(label[position]) else { return false }
                while position < label.count, isBlank(label[position]) { position += 1 }
            } else {
                guard position < label.count, lowered(label[position]) == expected else { return false }
                position += 1
            }
        }
        return true
    }

    private static func lowered(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }

    /// ASCII whitespace as `Character.isWhitespace` sees it: 0x09 to 0x0D, and space.
    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || (byte >= 0x09 && byte <= 0x0D)
    }
}
