import HiglintCore
@testable import InterfaceBuilderImporter
import XCTest

/// The reader's positions are the start tag's own, and hostile or broken XML ends in a
/// finding, never a crash or a stall.
final class SAXReaderTests: XCTestCase {
    private func read(_ text: String, maxDepth: Int = 256) -> SAXReader.Outcome {
        SAXReader.read(Array(text.utf8), maxDepth: maxDepth)
    }

    private func document(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> XMLElement? {
        guard case .document(let root) = read(text) else {
            XCTFail("not read: \(read(text))", file: file, line: line)
            return nil
        }
        return root
    }

    func testMarksAreTheLineAndColumnOfEachStartTag() throws {
        let text = "<a>\n  <b x=\"1\"/>\n\t<c\n     y=\"2\"\n  >text</c><d/>\n</a>\n"
        let root = try XCTUnwrap(document(text))
        XCTAssertEqual(root.mark.line, 1)
        XCTAssertEqual(root.mark.column, 1)
        let marks = root.children.map { [$0.name, "\($0.mark.line)", "\($0.mark.column)"] }
        // A start tag over three lines is marked where it begins, not where the parser stood.
        XCTAssertEqual(marks, [["b", "2", "3"], ["c", "3", "2"], ["d", "5", "12"]])
    }

    func testColumnsCountCharactersNotBytes() throws {
        let root = try XCTUnwrap(document("<a t=\"é\"><b t=\"日本\"/><c/></a>"))
        // `<a t="é">` is 9 characters (10 bytes), `<b t="日本"/>` 11 (15 bytes).
        XCTAssertEqual(root.children.map(\.mark.column), [10, 21])
    }

    func testPositionsPastLine65535AreExact() throws {
        var text = "<a>\n"
        for _ in 0..<70_000 { text += "<b/>\n" }
        text += "  <last/>\n</a>\n"
        let root = try XCTUnwrap(document(text))
        XCTAssertEqual(Array(root.children).last?.name, "last")
        XCTAssertEqual(Array(root.children).last?.mark.line, 70_002)
        XCTAssertEqual(Array(root.children).last?.mark.column, 3)
    }

    func testEveryNameKeepsItsOwnAnswerWhenTheTableGrows() throws {
        // 3,000 element names and as many attribute names: the name table doubles several
        // times, and each name, old or new, must still be found as itself.
        var text = "<root>"
        for index in 0..<3_000 { text += "<e\(index) a\(index)=\"v\(index)\" id=\"i\(index)\"/>" }
        for index in stride(from: 2_999, through: 0, by: -7) { text += "<e\(index) a\(index)=\"again\(index)\"/>" }
        text += "</root>"
        let root = try XCTUnwrap(document(text))
        let children = Array(root.children)
        XCTAssertEqual(children.count, 3_000 + 429)
        for (index, child) in children.prefix(3_000).enumerated() {
            XCTAssertEqual(child.name, "e\(index)")
            XCTAssertEqual(child["a\(index)"], "v\(index)")
            XCTAssertEqual(child[.id], "i\(index)")
        }
        for (offset, child) in children.dropFirst(3_000).enumerated() {
            let index = 2_999 - offset * 7
            XCTAssertEqual(child.name, "e\(index)")
            XCTAssertEqual(child["a\(index)"], "again\(index)")
        }
    }

    func testAttributesAreDecodedAndTextKeptForStrings() throws {
        let root = try XCTUnwrap(document("<a title=\"Sign in &amp; up &#x41;\"><string key=\"text\">one\ntwo &lt;3</string></a>"))
        XCTAssertEqual(root["title"], "Sign in & up A")
        XCTAssertEqual(root.child("string", key: "text")?.text, "one\ntwo <3")
    }

    func testNotWellFormedXMLGivesLibxmlMessageAndPosition() {
        guard case .malformed(let message, let mark) = read("<a>\n  <b>\n</a>\n") else {
            return XCTFail("read as well-formed")
        }
        XCTAssertTrue(message.contains("mismatch"), message)
        XCTAssertEqual(mark.line, 3)
        XCTAssertGreaterThan(mark.column, 1)
    }

    func testMergeConflictMarkersAreMalformed() {
        guard case .malformed(_, let mark) = read("<a>\n<<<<<<< HEAD\n<b/>\n=======\n<c/>\n>>>>>>> x\n</a>\n") else {
            return XCTFail("read as well-formed")
        }
        XCTAssertEqual(mark.line, 2)
    }

    func testEmptyAndTruncatedFilesAreMalformed() {
        guard case .malformed = read("") else { return XCTFail("empty file read") }
        guard case .malformed = read("<a><b x=\"") else { return XCTFail("truncated file read") }
    }

    func testNestingPastTheLimitStopsAtTheFirstTooDeepElement() {
        let text = String(repeating: "<a>\n", count: 10) + String(repeating: "</a>", count: 10)
        guard case .tooDeep(let mark) = read(text, maxDepth: 8) else { return XCTFail("read past the limit") }
        XCTAssertEqual(mark.line, 9)
        guard case .document = read(text, maxDepth: 10) else { return XCTFail("ten levels are within a limit of ten") }
    }

    func testEntitiesAreNeverExpanded() {
        // Billion laughs: expanded, this is 10^9 `lol`s.
        var text = "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n<!ENTITY lol \"lol\">\n"
        text += "<!ENTITY lol1 \"&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;\">\n"
        for level in 2...9 {
            let previous = "&lol\(level - 1);"
            text += "<!ENTITY lol\(level) \"\(String(repeating: previous, count: 10))\">\n"
        }
        text += "]>\n<lolz a=\"&lol9;\"><string key=\"text\">&lol9;</string></lolz>\n"
        switch read(text) {
        case .document(let root):
            XCTAssertLessThan((root["a"] ?? "").utf8.count + (root.child("string")?.text ?? "").utf8.count, 1_000)
        case .malformed, .tooDeep:
            break  // refusing the file is as safe as not expanding it
        }
    }

    func testExternalEntitiesAndDTDsAreNotLoaded() throws {
        let secret = FileManager.default.temporaryDirectory.appendingPathComponent("higlint-ib-secret-\(getpid()).txt")
        try "SECRET".write(to: secret, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: secret) }
        let text = "<?xml version=\"1.0\"?>\n<!DOCTYPE a SYSTEM \"\(secret.path)\" [\n<!ENTITY x SYSTEM \"file://\(secret.path)\">\n]>\n<a><string key=\"text\">&x;</string></a>\n"
        if case .document(let root) = read(text) {
            XCTAssertFalse(root.child("string")?.text.contains("SECRET") ?? false)
        }
    }
}
