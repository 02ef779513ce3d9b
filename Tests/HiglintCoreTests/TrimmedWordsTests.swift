import HiglintCore
import TestSupport
import XCTest

/// `TrimmedWords` compares ASCII texts byte by byte in place; every answer must be the plain lookup's.
final class TrimmedWordsTests: XCTestCase {
    func testAnswersAsThePlainLookup() {
        var texts = TextVariants.sequences
        for template in ["_quit_", "_close app_", "quit_", "_exit"] {
            texts += TextVariants.everyASCIIByteAround(template)
        }
        for words: Set<String> in [["quit", "exit", "close-app", "terminate"], ["", "Quit", " quit"]] {
            let fast = TrimmedWords(words)
            let wrong = texts.filter { fast.contains($0) != words.contains(TextVariants.trimmedLowercased($0)) }
            XCTAssertEqual(wrong.count, 0, "\(words): \(wrong.prefix(10).map(\.debugDescription))")
        }
    }

    /// Folding: a run of white space inside a text is one space, on both paths.
    func testFoldingAnswersAsThePlainLookup() {
        var texts = TextVariants.sequences
        for template in ["_quit app_", "quit_app", "_close_app_", "exit_"] {
            texts += TextVariants.everyASCIIByteAround(template)
        }
        for words: Set<String> in [["quit app", "exit", "close app"], ["", "a b", " quit"]] {
            let folding = TrimmedWords(words, foldingWhitespace: true)
            let plain = { (text: String) in
                words.contains(TextVariants.trimmedLowercased(text).split(whereSeparator: \.isWhitespace).joined(separator: " "))
            }
            let wrong = texts.filter { folding.contains($0) != plain($0) }
            XCTAssertEqual(wrong.count, 0, "\(words): \(wrong.prefix(10).map(\.debugDescription))")
        }
    }
}
