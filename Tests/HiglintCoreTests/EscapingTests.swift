import HiglintCore
import XCTest

/// `quoted` for spec text in messages and `LineText` for line-based output:
/// whatever a name holds, the result is one line that shows what is there.
final class EscapingTests: XCTestCase {
    func testLineBreaksTabsAndControlsShowAsEscapes() {
        XCTAssertEqual(LineText.escape("a\nb\tc\rd"), #"a\nb\tc\rd"#)
        XCTAssertEqual(LineText.escape("\u{0}\u{7}\u{1B}[31m\u{7F}"), #"\u{0}\u{7}\u{1B}[31m\u{7F}"#)
        // C1 controls (NEL among them) and the Unicode line and paragraph separators also break lines somewhere.
        XCTAssertEqual(LineText.escape("a\u{85}b\u{9B}c\u{2028}d\u{2029}e"), #"a\u{85}b\u{9B}c\u{2028}d\u{2029}e"#)
    }

    func testEveryBidirectionalControlIsEscapedAndNothingElse() {
        let bidi: [UInt32] = [0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069]
        for value in bidi {
            let scalar = Unicode.Scalar(value)!
            XCTAssertEqual(LineText.escape("x\(scalar)y"), "x\\u{\(String(value, radix: 16, uppercase: true))}y")
        }
        // Their neighbours are ordinary text, as are accents, other scripts, emoji and backslashes.
        for plain in ["\u{2027}", "\u{202F}", "\u{2065}", "\u{206A}", "é ü 日本語 ✓ 🙂", #"C:\path"#, "\u{A0}", "·"] {
            XCTAssertEqual(LineText.escape(plain), plain)
        }
    }

    func testQuotedEscapesAndCutsToTheLimitInCharacters() {
        XCTAssertEqual(quoted("Quit\n"), #""Quit\n""#)
        XCTAssertEqual(quoted("Home\u{202E}gnp.exe"), #""Home\u{202E}gnp.exe""#)
        XCTAssertEqual(quoted("Save"), "\"Save\"")
        XCTAssertEqual(quoted(""), "\"\"")
        XCTAssertEqual(quoted(String(repeating: "a", count: 60)), "\"" + String(repeating: "a", count: 60) + "\"")
        XCTAssertEqual(quoted(String(repeating: "a", count: 61)), "\"" + String(repeating: "a", count: 60) + "…\"")
        // The limit counts what a reader sees (characters), not bytes, and an escape counts as its one character.
        XCTAssertEqual(quoted(String(repeating: "é", count: 60)), "\"" + String(repeating: "é", count: 60) + "\"")
        XCTAssertEqual(quoted("a\nb\nc", limit: 2), #""a\n…""#)
        XCTAssertEqual(quoted(String(repeating: "x", count: 100), limit: .max), "\"" + String(repeating: "x", count: 100) + "\"")
    }

    func testEscapedTextHasNothingLeftToEscape() {
        let nasty = "a\n\u{1B}\u{202E}\t\u{2066}b"
        XCTAssertEqual(LineText.escape(LineText.escape(nasty)), LineText.escape(nasty))
        XCTAssertFalse(LineText.escape(nasty).unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x202E || $0.value == 0x2066 })
    }
}
