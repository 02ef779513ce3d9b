@testable import HiglintCore
import XCTest

/// A syntax error at the end of the input is placed on the last line, just after its last
/// character: libyaml's own mark there is the start of a line after the last, which no file has.
final class EndOfInputMarkTests: XCTestCase {
    private func failure(_ bytes: [UInt8]) -> LoadFailure? {
        if case .failure(let failure) = YAMLLoader.load(bytes) { return failure }
        return nil
    }

    private func failure(_ text: String) -> LoadFailure? { failure(Array(text.utf8)) }

    func testAnUnclosedListAtTheEndIsPlacedAfterTheLastCharacter() throws {
        // Without a final line break and with one: the same place, line 1 just after the `[`.
        for text in ["screen: [", "screen: [\n", "screen: [\r\n", "screen: [\r"] {
            let found = try XCTUnwrap(failure(text), text.debugDescription)
            XCTAssertEqual(found.kind, .syntax)
            XCTAssertEqual(found.mark, Mark(line: 1, column: 10, offset: 9), text.debugDescription)
            // The context libyaml names (the flow node) is placed the same way.
            XCTAssertTrue(found.message.hasSuffix("that starts at 1:10)"), found.message)
        }
    }

    func testTheLastLineIsTheOneTheFinalLineBreakEnds() throws {
        let text = "screen: x\nelements:\n  - {type: button, frame: [0, 0\n\n\n"
        // Lines 4 and 5 are empty lines of the file; there is no line 6.
        let blank = try XCTUnwrap(failure(text))
        XCTAssertEqual([blank.mark.line, blank.mark.column], [5, 1])
        let unterminated = try XCTUnwrap(self.failure("screen: x\nelements:\n  - {type: button, frame: [0, 0"))
        XCTAssertEqual([unterminated.mark.line, unterminated.mark.column], [3, 32])
    }

    func testColumnsAndOffsetsCountCharactersAfterAByteOrderMark() throws {
        let marked = try XCTUnwrap(failure([0xEF, 0xBB, 0xBF] + Array("title: [é\n".utf8)))
        // "title: [é" is nine characters (é is two bytes); the byte order mark is not a column.
        XCTAssertEqual(marked.mark, Mark(line: 1, column: 10, offset: 9))
        let crlf = try XCTUnwrap(self.failure("a: 1\r\nb: [\r\n"))
        // libyaml counts CR LF as two characters in its offsets.
        XCTAssertEqual(crlf.mark, Mark(line: 2, column: 5, offset: 10))
    }

    func testAMarkInsideTheInputIsKept() throws {
        let inside = try XCTUnwrap(failure("screen: Home\n  kind: game\n"))
        XCTAssertEqual([inside.mark.line, inside.mark.column], [2, 7])
        let quoted = try XCTUnwrap(self.failure("screen: 'open"))
        XCTAssertEqual([quoted.mark.line, quoted.mark.column], [1, 14])
    }

    /// Every syntax error of every cut of the examples points at a place the cut file has:
    /// a line it has, a column at most one past that line's last character.
    func testEveryCutOfTheExamplesPointsInsideTheFile() throws {
        let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../examples").standardized
        let names = try FileManager.default.contentsOfDirectory(atPath: examples.path).filter { $0.hasSuffix(".yaml") }.sorted()
        XCTAssertFalse(names.isEmpty)
        var failures = 0
        for name in names {
            let whole = Array(try Data(contentsOf: examples.appendingPathComponent(name)))
            for cut in stride(from: 0, through: whole.count, by: 3) {
                for bytes in [Array(whole[..<cut]), Array(whole[..<cut]) + [UInt8(ascii: "[")], Array(whole[..<cut]) + Array(" [\n".utf8)] {
                    guard let failure = self.failure(bytes), failure.kind == .syntax else { continue }
                    failures += 1
                    // The examples are UTF-8 with LF line breaks only.
                    var lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
                    if lines.count > 1, lines.last == "" { lines.removeLast() }
                    let place = "\(name) cut at \(cut): \(failure.mark) \(failure.message)"
                    XCTAssertGreaterThanOrEqual(failure.mark.line, 1, place)
                    XCTAssertLessThanOrEqual(failure.mark.line, lines.count, place)
                    guard failure.mark.line <= lines.count else { continue }
                    XCTAssertLessThanOrEqual(failure.mark.column, lines[failure.mark.line - 1].unicodeScalars.count + 1, place)
                }
            }
        }
        XCTAssertGreaterThan(failures, 100, "the cuts make syntax errors to check")
    }
}
