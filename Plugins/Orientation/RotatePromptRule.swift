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
            "screen: Game\nelements:\n  - {id: hint, type: text, label: Turn your phone sideways}\n",
            "screen: Game\nelements:\n  - {id: hint, type: text, label: \"Best played: rotate to landscape.\"}\n",
        ],
        nonTriggeringExamples: [
            "screen: Photo\nelements:\n  - {id: caption, type: text, label: Rotate the photo with two fingers}\n",
            "screen: Photo\nelements:\n  - {id: rotate, type: button, label: Rotate your device}\n",
            "screen: Photo\nelements:\n  - {id: caption, type: text, label: Return your device by Friday}\n",
            "screen: Photo\nelements:\n  - {id: caption, type: text, label: Turn your devices off}\n",
        ])

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

    /// The words of the two English patterns; every other word is `.other`.
    enum Word: Equatable {
        case rotate, turn, your, the, to, device, landscape, portrait, other

        init(_ letters: String) {
            switch letters {
            case "rotate": self = .rotate
            case "turn": self = .turn
            case "your": self = .your
            case "the": self = .the
            case "to": self = .to
            case "device", "phone", "iphone", "ipad", "screen": self = .device
            case "landscape": self = .landscape
            case "portrait": self = .portrait
            default: self = .other
            }
        }
    }

    /// A whole word of a label, where it is, and whether only white space parts it from the word before.
    struct Token {
        var word: Word
        var range: Range<String.Index>
        var followsWhiteSpace: Bool
    }

    /// The part of the label that asks people to turn the device, or nil: `rotate` or `turn`,
    /// `your` or `the`, then a device word; or `rotate to landscape` or `rotate to portrait`; the
    /// words whole and case-folded, parted by white space only. Or `旋转` or `旋轉` anywhere.
    static func prompt(in label: String) -> String? {
        // An ASCII label holds neither (nor anything canonically equivalent to them), and
        // nearly every label is ASCII: the character search costs some 16,000 instructions a label.
        if !label.utf8.allSatisfy({ $0 < 0x80 }) {
            if label.contains("旋转") { return "旋转" }
            if label.contains("旋轉") { return "旋轉" }
        }
        // Nearly every label has neither `rotate` nor `turn` in it: turned down on its bytes alone.
        guard mayAsk(label.utf8) else { return nil }
        let tokens = tokens(of: label)
        guard tokens.count >= 3 else { return nil }
        for start in 0...(tokens.count - 3) {
            let (first, second, third) = (tokens[start], tokens[start + 1], tokens[start + 2])
            guard second.followsWhiteSpace, third.followsWhiteSpace else { continue }
            let asks = ((first.word == .rotate || first.word == .turn) && (second.word == .your || second.word == .the)
                && third.word == .device)
                || (first.word == .rotate && second.word == .to && (third.word == .landscape || third.word == .portrait))
            if asks {
                let words = [first, second, third].map { String(label[$0.range]).lowercased() }
                return words.joined(separator: " ")
            }
        }
        return nil
    }

    /// Whether the bytes hold `rotate` or `turn`, in any case: a quick test before any word is cut out.
    static func mayAsk(_ bytes: String.UTF8View) -> Bool {
        var window: UInt64 = 0
        let rotate = Self.packed("rotate")
        let turn = Self.packed("turn")
        for byte in bytes {
            let lowered = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
            window = (window << 8 | UInt64(lowered)) & 0xFFFF_FFFF_FFFF
            if window == rotate || window & 0xFFFF_FFFF == turn { return true }
        }
        return false
    }

    private static func packed(_ word: StaticString) -> UInt64 {
        var value: UInt64 = 0
        word.withUTF8Buffer { for byte in $0 { value = value << 8 | UInt64(byte) } }
        return value
    }

    /// The label's words (runs of letters and digits), each with whether the characters
    /// between it and the word before are all white space.
    static func tokens(of label: String) -> [Token] {
        var tokens: [Token] = []
        var start: String.Index?
        var gapIsWhiteSpace = false
        var gapIsEmpty = true
        var index = label.startIndex
        while index < label.endIndex {
            let character = label[index]
            if character.isLetter || character.isNumber {
                if start == nil { start = index }
            } else {
                if let wordStart = start {
                    tokens.append(token(label, wordStart..<index, gapIsWhiteSpace && !gapIsEmpty, first: tokens.isEmpty))
                    start = nil
                    gapIsWhiteSpace = true
                    gapIsEmpty = true
                }
                gapIsEmpty = false
                if !character.isWhitespace { gapIsWhiteSpace = false }
            }
            index = label.index(after: index)
        }
        if let wordStart = start {
            tokens.append(token(label, wordStart..<label.endIndex, gapIsWhiteSpace && !gapIsEmpty, first: tokens.isEmpty))
        }
        return tokens
    }

    private static func token(_ label: String, _ range: Range<String.Index>, _ followsWhiteSpace: Bool, first: Bool) -> Token {
        let letters = label[range]
        // Only short words can be one of the pattern's; longer ones are not lower-cased at all.
        let word = letters.utf8.count <= 9 ? Word(letters.lowercased()) : .other
        return Token(word: word, range: range, followsWhiteSpace: followsWhiteSpace && !first)
    }
}
