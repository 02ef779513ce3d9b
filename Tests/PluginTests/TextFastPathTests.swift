@testable import GesturesPlugin
import HiglintCore
@testable import LifecyclePlugin
@testable import LoginPlugin
@testable import OrientationPlugin
import XCTest

/// The rotate-prompt rule and `TrimmedWords` (quit controls, gesture meanings) compare
/// ASCII texts byte by byte in place.
/// Every answer must be the one the plain Unicode code gives: lower-case, collapse (or
/// trim) whitespace, then compare. Pieces cover case, every kind of blank, `\r\n`,
/// Unicode whitespace, combining marks and letters whose lower case is ASCII.
final class TextFastPathTests: XCTestCase {
    private static let pieces = [
        "rotate", "ROTATE", "rOtAtE", "your", "YOUR", "the", "device", "Device", "turn", "TURN", "quit", "QUIT", "exit",
        "app", "App", "close", "-", "terminate", "close-app", "please", "devic", "x", "",
        " ", "  ", "\t", "\n", "\r\n", "\r", "\u{0B}", "\u{0C}", "\u{1C}", "\u{85}", "\u{A0}", "\u{3000}",
        "旋转", "旋轉", "退出", "应用", "e\u{301}", "\u{301}", "İ", "\u{212A}", "Σ",
    ]

    /// Every sequence of up to three pieces.
    private static let texts: [String] = {
        var texts = [""]
        var previous = [""]
        for _ in 0..<3 {
            previous = previous.flatMap { prefix in pieces.map { prefix + $0 } }
            texts += previous
        }
        return texts
    }()

    /// The rotate-prompt patterns on a plainly built string: each word lower-cased, each gap
    /// between words `_` when it is all white space and `#` otherwise, so a pattern is found
    /// as whole words parted by white space only.
    private func plainPrompt(_ label: String) -> String? {
        if label.contains("旋转") { return "旋转" }
        if label.contains("旋轉") { return "旋轉" }
        var words: [String] = []
        var gaps: [Bool] = []
        var word = ""
        var gapIsBlank = true
        for character in label {
            if character.isLetter || character.isNumber {
                if word.isEmpty, !words.isEmpty { gaps.append(gapIsBlank) }
                word.append(character)
            } else {
                if !word.isEmpty {
                    words.append(word.lowercased())
                    word = ""
                    gapIsBlank = true
                }
                if !character.isWhitespace { gapIsBlank = false }
            }
        }
        if !word.isEmpty {
            if !words.isEmpty, gaps.count < words.count { gaps.append(gapIsBlank) }
            words.append(word.lowercased())
        }
        guard words.count >= 3 else { return nil }
        let devices: Set<String> = ["device", "phone", "iphone", "ipad", "screen"]
        for start in 0...(words.count - 3) where gaps[start] && gaps[start + 1] {
            let (a, b, c) = (words[start], words[start + 1], words[start + 2])
            if (a == "rotate" || a == "turn") && (b == "your" || b == "the") && devices.contains(c)
                || a == "rotate" && b == "to" && (c == "landscape" || c == "portrait") {
                return "\(a) \(b) \(c)"
            }
        }
        return nil
    }

    private func plainNormalized(_ text: String) -> String {
        guard let first = text.firstIndex(where: { !$0.isWhitespace }),
              let last = text.lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return text[first...last].lowercased()
    }

    /// Each ASCII byte before and after a phrase, in the place of its blanks and around it.
    private func everyByteAround(_ template: String) -> [String] {
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

    func testRotatePromptAnswersAsThePlainSearch() {
        var texts = Self.texts
        for template in ["_rotate your device_", "rotate_your device_", "turn your_device", "_rotate the_device",
                         "_turn the iphone_", "rotate_to landscape_", "_rotate to_portrait"] {
            texts += everyByteAround(template)
        }
        let wrong = texts.filter { RotatePromptRule.prompt(in: $0) != plainPrompt($0) }
        XCTAssertEqual(wrong.count, 0, "\(wrong.prefix(10).map(\.debugDescription))")
        XCTAssertEqual(RotatePromptRule.prompt(in: "ROTATE \t\r\n THE\u{0B}device, please"), "rotate the device")
        XCTAssertEqual(RotatePromptRule.prompt(in: "Rotate the devicé"), nil, "é is one character, not e")
        XCTAssertEqual(RotatePromptRule.prompt(in: "Rotate\u{A0}your device"), "rotate your device", "Unicode blank")
        XCTAssertEqual(RotatePromptRule.prompt(in: "Turn your phone sideways"), "turn your phone")
        XCTAssertEqual(RotatePromptRule.prompt(in: "Please turn the iPad."), "turn the ipad")
        XCTAssertEqual(RotatePromptRule.prompt(in: "Rotate to Portrait"), "rotate to portrait")
        XCTAssertEqual(RotatePromptRule.prompt(in: "Rotate your screenshot"), nil, "whole words")
        XCTAssertEqual(RotatePromptRule.prompt(in: "Return your device"), nil, "whole words")
        XCTAssertEqual(RotatePromptRule.prompt(in: "rotate-your-device"), nil, "parted by white space only")
        XCTAssertEqual(RotatePromptRule.prompt(in: "Rotate to landscapes"), nil)
        XCTAssertEqual(RotatePromptRule.prompt(in: "Rotate towards landscape"), nil)
    }

    func testTrimmedWordsAnswerAsThePlainLookup() {
        let meanings = Gesture.Kind.allCases.compactMap { NonstandardMeaningRule.meaning(of: $0)?.words }
        let sets: [Set<String>] = [QuitControlRule.quitLabels, ["quit", "exit", "close-app", "terminate"], ["", "Quit", " quit"]]
            + meanings.map { Set($0) }
        var texts = Self.texts + ["zoom", " Zoom\t", "ZOOM", "zoomx", "back", "BACK ", "navigate", "magnify", "redo"]
        for template in ["_quit_", "_close app_", "quit_", "_exit", "_zoom_", "_undo_"] {
            texts += everyByteAround(template)
        }
        for words in sets {
            let fast = TrimmedWords(words)
            let wrong = texts.filter { fast.contains($0) != words.contains(plainNormalized($0)) }
            XCTAssertEqual(wrong.count, 0, "\(words): \(wrong.prefix(10).map(\.debugDescription))")
        }
        let labels = TrimmedWords(QuitControlRule.quitLabels)
        XCTAssertTrue(labels.contains(" \r\n Close App\u{0C}"))
        XCTAssertFalse(labels.contains("Close\tApp"), "only the ends are trimmed")
        XCTAssertTrue(labels.contains("\u{3000}退出\u{85}"))
        XCTAssertFalse(labels.contains("Quit!"))
    }

    /// With folding, a run of white space inside the text is one space, on both paths.
    func testTrimmedWordsFoldingAnswerAsThePlainLookup() {
        let words = QuitControlRule.quitLabels
        let folding = TrimmedWords(words, foldingWhitespace: true)
        var texts = Self.texts
        for template in ["_quit app_", "quit_app", "_close_application_", "exit_"] {
            texts += everyByteAround(template)
        }
        let plain = { (text: String) in
            words.contains(self.plainNormalized(text).split(whereSeparator: \.isWhitespace).joined(separator: " "))
        }
        let wrong = texts.filter { folding.contains($0) != plain($0) }
        XCTAssertEqual(wrong.count, 0, "\(wrong.prefix(10).map(\.debugDescription))")
        XCTAssertTrue(folding.contains("Quit  app"))
        XCTAssertTrue(folding.contains(" Close\t\r\nApp "))
        XCTAssertTrue(folding.contains("退出\u{3000}\u{3000}"))
        XCTAssertFalse(folding.contains("Quitapp"))
        XCTAssertFalse(folding.contains("Quit app now"))
    }
}

/// `login.explanation-length` counts an ASCII text's characters from its bytes.
final class CharacterCountTests: XCTestCase {
    func testCountsAsTheCharacterWalk() {
        let pieces = ["a", "Z", " ", "\r", "\n", "\r\n", "\n\r", "\t", "\u{0B}", "\u{1C}", "\u{7F}", "\u{0}", "é", "e\u{301}", "\u{301}", "退", "🇫🇷", ""]
        var texts = [""]
        var previous = [""]
        for _ in 0..<4 {
            previous = previous.flatMap { prefix in pieces.map { prefix + $0 } }
            texts += previous
        }
        for byte in UInt8(0)..<0x80 {
            let scalar = String(decoding: [byte], as: UTF8.self)
            texts += ["\r" + scalar, scalar + "\n", "x\r" + scalar + "\n"]
        }
        for text in texts {
            // Substrings in the middle of a text, as trimming gives them, too.
            let whole = "\n" + text + "\r"
            let middle = whole.dropFirst().dropLast()
            XCTAssertEqual(Substring(text).characterCount, text.count, text.debugDescription)
            XCTAssertEqual(middle.characterCount, middle.count, whole.debugDescription)
        }
    }
}
