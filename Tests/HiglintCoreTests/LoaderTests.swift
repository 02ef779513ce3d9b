@testable import HiglintCore
import XCTest

final class LoaderTests: XCTestCase {
    private func load(_ text: String, limits: LoaderLimits = LoaderLimits()) -> Result<[YAMLDocument], LoadFailure> {
        YAMLLoader.load(Array(text.utf8), limits: limits)
    }

    private func documents(_ text: String) throws -> [YAMLDocument] {
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
        let document = try XCTUnwrap(try documents("screen: Home\nelements:\n  - id: save\n    frame: [1, 2]\n").first)
        let root = try XCTUnwrap(document.root)
        XCTAssertEqual(document.kind(root), .mapping)
        let entries = Array(document.entries(root))
        XCTAssertEqual(document.start(root), Mark(line: 1, column: 1, offset: 0))
        XCTAssertEqual(document.start(entries[0].value).line, 1)
        XCTAssertEqual(document.start(entries[0].value).column, 9)
        XCTAssertEqual(document.kind(entries[1].value), .sequence)
        let items = Array(document.items(entries[1].value))
        XCTAssertEqual(document.kind(items[0]), .mapping)
        let element = Array(document.entries(items[0]))
        XCTAssertEqual([document.start(items[0]).line, document.start(items[0]).column], [3, 5])
        XCTAssertEqual([document.start(element[1].value).line, document.start(element[1].value).column], [4, 12])
        XCTAssertEqual(document.items(element[1].value).compactMap(document.scalar), ["1", "2"])
    }

    func testOffsetsAreKeptForFutureFixes() throws {
        let document = try XCTUnwrap(try documents("screen: Home\nkind: game\n").first)
        let entries = Array(document.entries(try XCTUnwrap(document.root)))
        XCTAssertEqual(document.start(entries[1].value).offset, 19)
    }

    func testCollectionsSkipOverTheirChildrenSubtrees() throws {
        let document = try XCTUnwrap(try documents("""
            a: {b: [1, [2, 3], {c: 4}], d: 5}
            e: [x, {y: z}]
            f: last
            """).first)
        let entries = Array(document.entries(try XCTUnwrap(document.root)))
        XCTAssertEqual(entries.compactMap { document.scalar($0.key) }, ["a", "e", "f"])
        XCTAssertEqual(document.scalar(entries[2].value), "last")
        let inner = Array(document.entries(entries[0].value))
        XCTAssertEqual(inner.compactMap { document.scalar($0.key) }, ["b", "d"])
        XCTAssertEqual(document.scalar(inner[1].value), "5")
        let list = Array(document.items(inner[0].value))
        XCTAssertEqual(list.map(document.kind), [.scalar, .sequence, .mapping])
        XCTAssertEqual(document.items(list[1]).compactMap(document.scalar), ["2", "3"])
        // A scalar has no items or entries; a map has no items.
        XCTAssertEqual(document.items(entries[2].value).count, 0)
        XCTAssertEqual(Array(document.entries(entries[2].value)).count, 0)
        XCTAssertEqual(document.items(entries[0].value).count, 0)
    }

    func testNullSpellings() throws {
        let document = try XCTUnwrap(try documents("""
            a:
            b: ~
            c: null
            d: Null
            e: NULL
            f: nULL
            g: 'null'
            h: !!null null
            i: NUll
            j: nil
            """).first)
        let values = document.entries(try XCTUnwrap(document.root)).map { document.isNull($0.value) }
        XCTAssertEqual(values, [true, true, true, true, true, false, false, false, false, false])
    }

    func testSyntaxErrorCarriesProblemContextAndPosition() throws {
        let failure = try XCTUnwrap(failure("screen: Home\nelements:\n  - {id: a, type: button\n"))
        XCTAssertEqual(failure.kind, .syntax)
        // At the end of the input: the end of the last line, not libyaml's line after it.
        XCTAssertEqual([failure.mark.line, failure.mark.column], [3, 25])
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
        let entries = Array(document.entries(try XCTUnwrap(document.root)))
        XCTAssertEqual(entries.count, 2)
        XCTAssertEqual(document.scalar(entries[1].value), "game")
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
        let document = try XCTUnwrap(try documents("base: &f [0, 0, 44, 44]\ncopy: *f\nname: &n Home\nagain: *n\n").first)
        let entries = Array(document.entries(try XCTUnwrap(document.root)))
        XCTAssertEqual(document.kind(entries[1].value), .sequence)
        XCTAssertEqual(document.items(entries[1].value).compactMap(document.scalar), ["0", "0", "44", "44"])
        // The alias is reported where it is written; what it stands for keeps its own marks.
        XCTAssertEqual(document.start(entries[1].value).line, 2)
        XCTAssertEqual(document.items(entries[1].value).map { document.start($0).line }, [1, 1, 1, 1])
        XCTAssertEqual(document.scalar(entries[3].value), "Home")
        XCTAssertEqual(document.start(entries[3].value), Mark(line: 4, column: 8, offset: 54))
    }

    func testAliasedKeysCountAsRepeats() throws {
        let document = try XCTUnwrap(try documents("a: &k title\n*k : again\ntitle: third\n").first)
        // The alias key at line 2 is "title"; the plain one at line 3 repeats it.
        XCTAssertEqual(document.duplicateKeys.map(\.key), ["title"])
        XCTAssertEqual(document.duplicateKeys.map(\.mark.line), [3])
        XCTAssertEqual(document.duplicateKeys.map(\.firstMark.line), [2])
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
        XCTAssertEqual(loaded.map { document in document.root.map { document.start($0).line } }, [1, 3, 6])
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

    func testScalarStylesAndTagsAreKept() throws {
        let document = try XCTUnwrap(try documents("a: NO\nb: 'NO'\nc: |\n  text\nd: !!str 5\n").first)
        let values = document.entries(try XCTUnwrap(document.root)).map(\.value)
        XCTAssertEqual(values.map(document.style), [.plain, .quoted, .block, .plain])
        XCTAssertEqual(values.map(document.isTagged), [false, false, false, true])
        XCTAssertEqual(document.scalar(values[2]), "text\n")
        XCTAssertEqual(values.map(document.kindDescription), ["\"NO\"", "\"NO\"", "\"text\\n\"", "\"5\""])
    }
}
