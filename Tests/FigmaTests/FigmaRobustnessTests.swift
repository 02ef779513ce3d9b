@testable import FigmaImporter
import Foundation
import HiglintCore
import TestSupport
import XCTest

/// JSON that is not JSON, JSON that is not a file response, and bytes of every kind: one
/// clear finding with its position, never a crash or a hang.
final class FigmaRobustnessTests: XCTestCase {
    private func syntax(_ text: String) -> [String] {
        FigmaFile.review(text).findings.map { "\($0.line):\($0.column) \($0.rule) \($0.message)" }
    }

    func testMalformedJSONIsOneFindingWhereItGoesWrong() {
        XCTAssertEqual(syntax("{\n  \"document\": {\n    \"id\": \"0:0\",\n    \"type\": \"DOCUMENT\"\n    \"children\": []\n"),
                       ["5:5 figma.syntax not valid JSON: expected ',' or '}' after a member, found '\"'"])
        XCTAssertEqual(syntax("{\"document\": {\"children\": [\n"),
                       ["2:1 figma.syntax not valid JSON: the file ends where a value should be (a truncated download?)"])
        XCTAssertEqual(syntax(""), ["1:1 figma.syntax not valid JSON: the file is empty"])
        XCTAssertEqual(syntax("{\"a\": 01}"), ["1:7 figma.syntax not valid JSON: a number may not start with 0 (octal-looking numbers are not JSON)"])
        XCTAssertEqual(syntax("{\"é\": \"x\ty\"}"), ["1:9 figma.syntax not valid JSON: a control character (byte 0x09) inside a string; it must be escaped"],
                       "columns count characters, not bytes")
        XCTAssertEqual(syntax("\u{FEFF}{\"a\": tru}"), ["1:7 figma.syntax not valid JSON: expected a value, found 't'"], "a byte-order mark is no column")
        XCTAssertEqual(syntax("{}\r\n[]"), ["2:1 figma.syntax not valid JSON: text after the end of the JSON value: '['"])
    }

    /// Blanks are skipped eight spaces at a time where they can be: every run length around
    /// and past eight, with tabs and each kind of line end among them and at the end of the
    /// text, leaves each value at the line and column a byte-by-byte count gives.
    func testRunsOfBlanksOfEveryLengthKeepPositions() throws {
        var text = "["
        for length in 0..<40 {
            if length > 0 { text += "," }
            var blanks = String(repeating: " ", count: length)
            if length % 3 == 0 { blanks += "\n" + String(repeating: " ", count: length / 2) }
            if length % 4 == 0 { blanks += "\t" }
            if length % 5 == 0 { blanks += "\r\n  " }
            if length % 7 == 0 { blanks += "\r" + String(repeating: " ", count: 9) }
            text += blanks + "\(length)"
        }
        text += String(repeating: " ", count: 17) + "]" + String(repeating: " ", count: 11) + "\n" + String(repeating: " ", count: 8)
        let bytes = Array(text.utf8)
        guard case .tree(let tree) = JSONTreeParser.parse(bytes, maxDepth: 8) else { return XCTFail("not parsed") }
        let items = tree.items(of: tree.root)
        XCTAssertEqual(items.count, 40)
        // The reference: lines end at LF, CR LF or a lone CR; columns from 1 (all ASCII here).
        var expected: [String] = []
        var line = 1
        var lineStart = 0
        var offset = 0
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == 0x0A || byte == 0x0D {
                if byte == 0x0D, offset + 1 < bytes.count, bytes[offset + 1] == 0x0A { offset += 1 }
                line += 1
                lineStart = offset + 1
            } else if (0x30...0x39).contains(byte), offset > 0, !(0x30...0x39).contains(bytes[offset - 1]) {
                expected.append("\(line):\(offset - lineStart + 1)")
            }
            offset += 1
        }
        XCTAssertEqual(items.map { tree.mark($0) }.map { "\($0.line):\($0.column)" }, expected)
    }

    func testJSONThatIsNoFileResponseIsOneFinding() {
        XCTAssertEqual(syntax("{\"status\": 404, \"err\": \"Not found\"}"),
                       ["1:1 figma.syntax a Figma API error answer (status 404: \"Not found\"), not a file"])
        XCTAssertEqual(syntax("[1, 2]"),
                       ["1:1 figma.syntax not a Figma file response: the JSON is not an object (a file response is {\"document\": ...})"])
        XCTAssertEqual(syntax("{\"name\": \"x\",\n \"nodes\": {}}"),
                       ["2:11 figma.syntax a GET /v1/files/:key/nodes answer, which holds parts of a file; save the whole file (GET /v1/files/:key)"])
        XCTAssertEqual(syntax("{\"document\": {\"type\": \"FRAME\"}}"),
                       ["1:14 figma.syntax not a Figma file response: \"document\" is not a node of type DOCUMENT"])
        XCTAssertEqual(syntax("{\"document\": {\"type\": \"DOCUMENT\", \"children\": []}}"), [], "an empty file is a file")
    }

    func testDeepNestingIsBoundedByTheLimits() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let findings = FigmaFile.review(deep).findings
        XCTAssertEqual(findings.map(\.rule), ["spec.limits"])
        XCTAssertEqual(findings.first.map { "\($0.line):\($0.column)" }, "1:137", "64 levels of layers, two JSON levels each, and eight more")
        XCTAssertTrue(findings.first?.message.contains("limits.max_depth 64") ?? false)
        // Layers nested as deep as the limit allows are read, and no deeper.
        var node = FigmaFile.text(id: "9:9", box: (1016, 2100, 10, 10), size: 5)
        for level in 0..<200 { node = FigmaFile.node("GROUP", id: "8:\(level)", name: "g", box: (1016, 2100, 10, 10), children: [node]) }
        let layered = FigmaFile.review(FigmaFile.file([FigmaFile.screen([node])]))
        XCTAssertEqual(layered.findings.map(\.rule), ["spec.limits"])
    }

    func testStringsWithEscapesAreDecoded() throws {
        let text = FigmaFile.file([FigmaFile.screen([FigmaFile.text(
            id: "2:1", name: "Caf\\u00e9 \\ud83d\\ude00 \\\"q\\\"", characters: "a\\nb", box: (1016, 2100, 100, 20), size: 9)])])
        let finding = try XCTUnwrap(FigmaFile.review(text).findings.first)
        XCTAssertEqual(finding.element, "Café 😀 \"q\"")
        XCTAssertEqual(JSONStrings.decode(ArraySlice(Array("\\ud800x\\udc00".utf8))), "\u{FFFD}x\u{FFFD}", "lone surrogates")
    }

    func testNumbersReadAsStrtodReadsThem() {
        let cases = ["0", "-0", "43.9", "44", "10.9", "1e2", "1E-2", "0.7686274647712708", "123456789012345678901234", "1e400", "-2.5e-3", "5e-324"]
        for text in cases {
            let bytes = Array(text.utf8)
            XCTAssertEqual(JSONNumbers.value(bytes, from: 0, to: bytes.count), Double(text), text)
        }
    }

    func testRandomBytesTruncationsAndMutationsNeverCrash() throws {
        var generator = SeededGenerator(seed: 40)
        for _ in 0..<300 {
            let count = Int.random(in: 0..<400, using: &generator)
            let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
            _ = FigmaFile.review(bytes)
        }
        let fixture = try Data(contentsOf: FigmaFixtureTests.fixtures.appendingPathComponent("material.json"))
        let whole = Array(fixture)
        for _ in 0..<60 {
            let cut = Int.random(in: 0..<whole.count, using: &generator)
            let result = FigmaFile.review(Array(whole[..<cut]))
            XCTAssertEqual(result.findings.map(\.rule), ["figma.syntax"], "a truncated download is one finding (cut at \(cut))")
        }
        // Values of the wrong type where the mapping reads numbers and strings.
        let small = Array(FigmaFile.file([FigmaFile.screen([FigmaFile.text(id: "2:1", box: (1016, 2100, 100, 20))])]).utf8)
        let replacements: [[UInt8]] = ["null", "\"x\"", "[]", "{}", "-1e308", "true"].map { Array($0.utf8) }
        for _ in 0..<300 {
            var mutated = small
            let index = Int.random(in: 0..<mutated.count, using: &generator)
            // Replace the number or literal that starts at or after the index, when there is one.
            guard let start = mutated[index...].firstIndex(where: { (0x30...0x39).contains($0) }) else { continue }
            let end = mutated[start...].firstIndex { !(0x30...0x39).contains($0) && $0 != UInt8(ascii: ".") } ?? mutated.count
            mutated.replaceSubrange(start..<end, with: replacements[Int.random(in: 0..<replacements.count, using: &generator)])
            _ = FigmaFile.review(mutated)
        }
    }
}
