@testable import HiglintCore
import XCTest

final class LoaderTests: XCTestCase {
    private func load(_ text: String, limits: LoaderLimits = LoaderLimits()) -> Result<[LoadedDocument], LoadFailure> {
        YAMLLoader.load(Array(text.utf8), limits: limits)
    }

    private func documents(_ text: String) throws -> [LoadedDocument] {
        switch load(text) {
        case .success(let documents): return documents
        case .failure(let failure): throw failure
        }
    }

    private func failure(_ text: String, limits: LoaderLimits = LoaderLimits()) -> LoadFailure? {
        if case .failure(let failure) = load(text, limits: limits) { return failure }
        return nil
    }

    func testNodesKeepOneBasedLinesAndColumns() throws {
        let root = try XCTUnwrap(try documents("screen: Home\nelements:\n  - id: save\n    frame: [1, 2]\n").first?.root)
        guard case .mapping(let entries) = root.content else { return XCTFail("root is not a map") }
        XCTAssertEqual(root.start, Mark(line: 1, column: 1, offset: 0))
        XCTAssertEqual(entries[0].value.start.line, 1)
        XCTAssertEqual(entries[0].value.start.column, 9)
        guard case .sequence(let items) = entries[1].value.content,
              case .mapping(let element) = items[0].content
        else { return XCTFail("elements is not a list of maps") }
        XCTAssertEqual([items[0].start.line, items[0].start.column], [3, 5])
        XCTAssertEqual([element[1].value.start.line, element[1].value.start.column], [4, 12])
    }

    func testOffsetsAreKeptForFutureFixes() throws {
        let root = try XCTUnwrap(try documents("screen: Home\nkind: game\n").first?.root)
        guard case .mapping(let entries) = root.content else { return XCTFail() }
        XCTAssertEqual(entries[1].value.start.offset, 19)
        XCTAssertEqual(entries[1].value.end.offset, 23)
    }

    func testSyntaxErrorCarriesProblemContextAndPosition() throws {
        let failure = try XCTUnwrap(failure("screen: Home\nelements:\n  - {id: a, type: button\n"))
        XCTAssertEqual(failure.kind, .syntax)
        XCTAssertEqual(failure.mark.line, 4)
        XCTAssertTrue(failure.message.contains("flow mapping"), failure.message)
        XCTAssertTrue(failure.message.contains("3:5"), failure.message)
    }

    func testBadIndentationIsASyntaxError() throws {
        let failure = try XCTUnwrap(failure("screen: Home\n  kind: game\n"))
        XCTAssertEqual(failure.kind, .syntax)
        XCTAssertEqual([failure.mark.line, failure.mark.column], [2, 7])
    }

    func testDuplicateKeysAreReportedAndTheFirstValueKept() throws {
        let document = try XCTUnwrap(try documents("screen: Home\nkind: game\nkind: login\n").first)
        XCTAssertEqual(document.duplicateKeys, [DuplicateKey(key: "kind", mark: Mark(line: 3, column: 1, offset: 24), firstMark: Mark(line: 2, column: 1, offset: 13))])
        guard case .mapping(let entries) = document.root?.content else { return XCTFail() }
        XCTAssertEqual(entries.count, 2)
        XCTAssertEqual(entries[1].value.scalar, "game")
    }

    func testDuplicateKeysInLargeMapsAreFound() throws {
        var text = "screen: Big\n"
        for index in 0..<100 { text += "k\(index): v\n" }
        text += "k42: again\n"
        let document = try XCTUnwrap(try documents(text).first)
        XCTAssertEqual(document.duplicateKeys.map(\.key), ["k42"])
        XCTAssertEqual(document.duplicateKeys.first?.mark.line, 102)
    }

    func testAliasesResolveToTheirAnchor() throws {
        let root = try XCTUnwrap(try documents("base: &f [0, 0, 44, 44]\ncopy: *f\n").first?.root)
        guard case .mapping(let entries) = root.content, case .sequence(let items) = entries[1].value.content else {
            return XCTFail()
        }
        XCTAssertEqual(items.compactMap(\.scalar), ["0", "0", "44", "44"])
        // The alias is reported where it is written.
        XCTAssertEqual(entries[1].value.start.line, 2)
    }

    func testUndefinedAliasIsASyntaxError() throws {
        let failure = try XCTUnwrap(failure("a: *nowhere\n"))
        XCTAssertEqual(failure.kind, .syntax)
    }

    func testBillionLaughsStopsAtTheAliasLimit() throws {
        var text = "a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        for level in 1...9 {
            let refs = Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ")
            text += "a\(level): &a\(level) [\(refs)]\n"
        }
        text += "screen: *a9\n"
        let failure = try XCTUnwrap(failure(text))
        XCTAssertEqual(failure.kind, .limits)
        XCTAssertTrue(failure.message.contains("10000"), failure.message)
    }

    func testAliasLimitIsConfigurable() throws {
        let text = "a: &a [1, 2, 3]\nb: [*a, *a]\n"
        var limits = LoaderLimits()
        // Each alias of a three-item list builds four nodes.
        limits.maxAliasNodes = 8
        XCTAssertNil(failure(text, limits: limits))
        limits.maxAliasNodes = 7
        XCTAssertEqual(failure(text, limits: limits)?.kind, .limits)
    }

    func testDepthLimitCountsCollections() throws {
        // The root map is level 1; 63 nested lists below it make 64 levels.
        let ok = "screen: Deep\nx: " + String(repeating: "[", count: 63) + String(repeating: "]", count: 63) + "\n"
        XCTAssertNil(failure(ok))
        let deep = "screen: Deep\nx: " + String(repeating: "[", count: 64) + String(repeating: "]", count: 64) + "\n"
        let failure = try XCTUnwrap(failure(deep))
        XCTAssertEqual(failure.kind, .limits)
        XCTAssertEqual(failure.mark.line, 2)
        XCTAssertTrue(failure.message.contains("64"))
    }

    func testHugeNestingDoesNotOverflowTheStack() throws {
        let text = String(repeating: "[", count: 200_000)
        XCTAssertEqual(failure(text)?.kind, .limits)
    }

    func testAliasesCannotSmuggleDepth() throws {
        let inner = String(repeating: "[", count: 40) + String(repeating: "]", count: 40)
        let text = "a: &deep \(inner)\nb: " + String(repeating: "[", count: 30) + "*deep" + String(repeating: "]", count: 30) + "\n"
        XCTAssertEqual(failure(text)?.kind, .limits)
    }

    func testSizeLimit() throws {
        var limits = LoaderLimits()
        limits.maxFileBytes = 16
        XCTAssertNil(failure("screen: Home\n", limits: limits))
        XCTAssertEqual(failure("screen: Home Screen\n", limits: limits)?.kind, .limits)
    }

    func testMultipleDocuments() throws {
        let loaded = try documents("screen: A\n---\nscreen: B\n...\n---\nscreen: C\n")
        XCTAssertEqual(loaded.count, 3)
        XCTAssertEqual(loaded.map { $0.root?.start.line }, [1, 3, 6])
    }

    func testInvalidUTF8IsASyntaxErrorWithPosition() throws {
        var bytes = Array("screen: Home\nlabel: ".utf8)
        bytes += [0xC3, 0x28, 0x0A]
        guard case .failure(let failure) = YAMLLoader.load(bytes) else { return XCTFail("invalid UTF-8 loaded") }
        XCTAssertEqual(failure.kind, .syntax)
        XCTAssertEqual(failure.mark.line, 2)
        XCTAssertTrue(failure.message.contains("UTF-8"), failure.message)
    }

    func testUTF16IsRejectedPlainly() throws {
        let bytes: [UInt8] = [0xFF, 0xFE] + Array("screen: x".utf8).flatMap { [$0, 0] }
        guard case .failure(let failure) = YAMLLoader.load(bytes) else { return XCTFail() }
        XCTAssertTrue(failure.message.contains("UTF-16"), failure.message)
    }

    func testBinaryFileIsNamedAsSuch() throws {
        let bytes: [UInt8] = Array("screen: x\nicon: ".utf8) + [0x89, 0x50, 0x4E, 0x47, 0x00, 0x01]
        guard case .failure(let failure) = YAMLLoader.load(bytes) else { return XCTFail() }
        XCTAssertEqual(failure.kind, .syntax)
        XCTAssertTrue(failure.message.contains("binary"), failure.message)
        XCTAssertEqual(failure.mark.line, 2)
    }

    func testEmptyInputHasNoDocuments() throws {
        XCTAssertEqual(try documents("").count, 0)
        XCTAssertEqual(try documents("# only a comment\n").count, 0)
    }

    func testUTF8ByteOrderMarkIsAccepted() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("screen: Home\n".utf8)
        guard case .success(let loaded) = YAMLLoader.load(bytes) else { return XCTFail() }
        XCTAssertEqual(loaded.count, 1)
    }

    func testScalarStylesAreKept() throws {
        let root = try XCTUnwrap(try documents("a: NO\nb: 'NO'\nc: |\n  text\n").first?.root)
        guard case .mapping(let entries) = root.content else { return XCTFail() }
        guard case .scalar(_, let plain) = entries[0].value.content,
              case .scalar(_, let quoted) = entries[1].value.content,
              case .scalar(let block, let blockStyle) = entries[2].value.content
        else { return XCTFail() }
        XCTAssertEqual([plain, quoted, blockStyle], [.plain, .quoted, .block])
        XCTAssertEqual(block, "text\n")
    }
}
