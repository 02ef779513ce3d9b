import HiglintCore
import HiglintLSP
import XCTest

/// The server's pure parts: framing, position conversion, document edits, the key outline.
final class ServerValueTests: XCTestCase {
    func testFramesSplitAtEveryByteStillParse() {
        let first = MessageReader.frame(["jsonrpc": "2.0", "id": 1, "method": "a"])
        let second = MessageReader.frame(["jsonrpc": "2.0", "method": "b", "params": ["text": "😀\r\n中"]])
        let stream = first + second
        var reader = MessageReader(maxBodyBytes: 1 << 20)
        var frames: [Frame] = []
        for byte in stream { frames += reader.feed([byte]) }
        XCTAssertEqual(frames.count, 2)
        guard case .message(let message) = frames.last else { return XCTFail("\(frames)") }
        XCTAssertEqual(message["params"]?["text"]?.string, "😀\r\n中")
    }

    func testAnOverlongBodyIsSkippedAndTheNextMessageRead() {
        var reader = MessageReader(maxBodyBytes: 10)
        var frames = reader.feed(Array("Content-Length: 20\r\n\r\n0123456789".utf8))
        frames += reader.feed(Array("0123456789".utf8) + MessageReader.frame(["id": 2]))
        XCTAssertEqual(frames, [.tooLarge(20), .message(["id": 2])])
    }

    func testPositionsConvertBetweenUTF16UTF8AndLibyamlCharacters() {
        let text = "\u{FEFF}a: 😀中\r\nb: x\rc: y\n"
        let lines = LineIndex(Array(text.utf8))
        XCTAssertEqual(lines.lineCount, 4)
        // After the emoji and the CJK character on the first line.
        let end = Array("\u{FEFF}a: 😀中".utf8).count
        XCTAssertEqual(lines.position(ofByte: end, encoding: .utf16), Position(line: 0, character: 1 + 3 + 2 + 1))
        XCTAssertEqual(lines.position(ofByte: end, encoding: .utf8), Position(line: 0, character: 3 + 3 + 4 + 3))
        XCTAssertEqual(lines.offset(of: Position(line: 0, character: 7), encoding: .utf16), end)
        // A column past the line's end is its end, before the CRLF.
        XCTAssertEqual(lines.offset(of: Position(line: 0, character: 99), encoding: .utf16), end)
        // libyaml: line 2 column 4 is `x`; the BOM is no column, CRLF is one break, a lone CR another.
        let x = Array(text.utf8).firstIndex(of: UInt8(ascii: "x")) ?? -1
        XCTAssertEqual(lines.offset(line: 2, column: 4), x)
        XCTAssertEqual(lines.position(ofByte: x, encoding: .utf16), Position(line: 1, character: 3))
        XCTAssertEqual(lines.offset(line: 1, column: 1), 3)
        // Character index: `a: 😀中\r\n` is 7 characters, so `b` is character 7.
        XCTAssertEqual(lines.offset(ofCharacter: 7), Array(text.utf8).firstIndex(of: UInt8(ascii: "b")))
        let y = Array(text.utf8).firstIndex(of: UInt8(ascii: "y")) ?? -1
        XCTAssertEqual(lines.position(ofByte: y, encoding: .utf16), Position(line: 2, character: 3))
    }

    func testIncrementalChangesApplyInOrder() {
        var document = TextDocument(uri: "file:///a.yaml", path: "/a.yaml", version: 1, text: "a: 😀\nb: 2\n")
        document.apply([
            .init(range: TextRange(start: Position(line: 0, character: 3), end: Position(line: 0, character: 5)), text: "中文"),
            .init(range: TextRange(start: Position(line: 1, character: 3), end: Position(line: 1, character: 4)), text: "3\nc: 4"),
        ], version: 2, encoding: .utf16)
        XCTAssertEqual(String(decoding: document.bytes, as: UTF8.self), "a: 中文\nb: 3\nc: 4\n")
        XCTAssertEqual(document.version, 2)
    }

    /// From a loaded text: the key under a character index, through flow maps and list items.
    func testTheKeyPathOfALoadedTextFollowsFlowMapsAndItems() throws {
        let text = "screen: Home\nelements:\n  - {id: b, font: {weight: bold}}\n"
        guard case .success(let documents) = YAMLLoader.load(Array(text.utf8)), let document = documents.first else {
            return XCTFail("the text does not load")
        }
        func index(_ word: String) throws -> Int {
            text.distance(from: text.startIndex, to: try XCTUnwrap(text.range(of: word)).lowerBound) + 1
        }
        XCTAssertEqual(KeyOutline.keyPath(at: try index("weight"), in: document), [.key("elements"), .item, .key("font"), .key("weight")])
        XCTAssertEqual(KeyOutline.keyPath(at: try index("screen"), in: document), [.key("screen")])
        // A value is no key.
        XCTAssertNil(KeyOutline.keyPath(at: try index("bold"), in: document))
        XCTAssertNil(KeyOutline.keyPath(at: text.count + 10, in: document))
    }

    func testTheKeyOutlineFollowsIndentationThroughListsWhileTheTextDoesNotParse() {
        let text = """
            screen: Home
            navigation_bar:
              items:
                - type: button
                  lab
            elements:
              - type: group
                children:
                  - type: text
                    font: {size: 3
            """
        let inItem = KeyOutline(text: text, line: 4, column: 9)
        XCTAssertEqual(inItem.container, [.key("navigation_bar"), .key("items"), .item])
        XCTAssertTrue(inItem.onKey)
        XCTAssertEqual(inItem.typed, "lab")
        let nested = KeyOutline(text: text, line: 9, column: 8)
        XCTAssertEqual(nested.keyPath, [.key("elements"), .item, .key("children"), .item, .key("font")])
        XCTAssertTrue(nested.onKey)
        let value = KeyOutline(text: text, line: 8, column: 18)
        XCTAssertFalse(value.onKey)
        XCTAssertEqual(value.keyPath, [.key("elements"), .item, .key("children"), .item, .key("type")])
    }

    func testFileURIsRoundTripEscapedPaths() {
        let path = "/tmp/a b/中#.yaml"
        XCTAssertEqual(FileURI.uri(of: path), "file:///tmp/a%20b/%E4%B8%AD%23.yaml")
        XCTAssertEqual(FileURI.path(of: FileURI.uri(of: path)), path)
        XCTAssertNil(FileURI.path(of: "untitled:Untitled-1"))
    }

    func testTheBundledSchemaDescribesKeysAndTheirValues() throws {
        let schema = try XCTUnwrap(SchemaCatalog.bundled)
        XCTAssertTrue(schema.keys(at: [.key("elements"), .item]).contains { $0.name == "hit_area" })
        XCTAssertEqual(schema.values(ofKeyAt: [.key("elements"), .item, .key("scroll")]), ["none", "vertical", "horizontal", "both"])
        XCTAssertTrue(schema.values(ofKeyAt: [.key("orientations")]).contains("landscape-left"))
        XCTAssertEqual(schema.values(ofKeyAt: [.key("elements"), .item, .key("border")]), ["true", "false"])
    }
}
