@testable import HiglintCore
import Foundation
import HiglintPlugins
import TestSupport
import XCTest

/// The loader reads a spec from libyaml's tokens and falls back to libyaml's event parser for
/// what the token reader gives up. Wherever the token reader answers, its documents must be
/// the parser's, record for record and mark for mark; wherever the parser fails, the token
/// reader must have given up (its answer is never an error of its own).
final class TokenReaderTests: XCTestCase {
    /// Every record, the text, the root, the repeated keys and the start, as one string.
    private func describe(_ documents: [YAMLDocument]) -> String {
        documents.map { document in
            let records = document.records.map { record in
                "\(record.startLine):\(record.startColumn):\(record.startOffset)-\(record.end) k\(record.kind) s\(record.style) "
                    + "f\(record.flags) p\(record.payload) l\(record.length) n\(record.next)"
            }
            let duplicates = document.duplicateKeys.map { "\($0.key)@\($0.mark)<\($0.firstMark)" }
            return "start \(document.start) root \(String(describing: document.root))\n" + records.joined(separator: "\n")
                + "\ntext \(document.text)\nrepeats \(duplicates)"
        }.joined(separator: "\n---\n")
    }

    /// Whether the token reader took `text`; fails the test where it answered differently.
    @discardableResult
    private func assertSameDocuments(_ text: String, limits: LoaderLimits = LoaderLimits(), file: StaticString = #filePath,
                                     line: UInt = #line) -> Bool {
        let bytes = Array(text.utf8)
        let parsed = YAMLLoader.loadWithParser(bytes, limits: limits)
        assertSameReading(bytes, limits: limits, file: file, line: line)
        guard let taken = YAMLLoader.loadWithTokens(bytes, limits: limits) else { return false }
        switch parsed {
        case .success(let documents):
            XCTAssertEqual(describe(taken), describe(documents), "for:\n\(text)", file: file, line: line)
        case .failure(let failure):
            XCTFail("the token reader took what the parser rejects (\(failure.message)):\n\(text)", file: file, line: line)
        }
        // And the loader's own answer is the parser's.
        XCTAssertEqual(describe((try? YAMLLoader.load(bytes, limits: limits).get()) ?? []), describe(taken), file: file, line: line)
        return true
    }

    /// The parser's answer with the input put in libyaml's buffer beforehand is its answer
    /// with libyaml reading the input itself: documents, or the failure's message and mark.
    private func assertSameReading(_ bytes: [UInt8], limits: LoaderLimits, file: StaticString, line: UInt) {
        let readAhead = YAMLLoader.loadWithParser(bytes, limits: limits)
        let plain = YAMLLoader.loadWithParser(bytes, limits: limits, readingAhead: false)
        switch (readAhead, plain) {
        case (.success(let mine), .success(let theirs)):
            XCTAssertEqual(describe(mine), describe(theirs), "read ahead:\n\(String(decoding: bytes, as: UTF8.self))", file: file, line: line)
        case (.failure(let mine), .failure(let theirs)):
            XCTAssertEqual(mine, theirs, "read ahead:\n\(String(decoding: bytes, as: UTF8.self))", file: file, line: line)
        default:
            XCTFail("read ahead \(readAhead), without \(plain):\n\(String(decoding: bytes, as: UTF8.self))", file: file, line: line)
        }
    }

    private func charactersPassingReader(_ bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { DocumentBuilder.charactersPassingReader($0) }
    }

    /// Only text libyaml's reader would copy unchanged is read ahead: each byte value alone, at
    /// each place of a word and of the bytes after the last whole word.
    func testOnlyTextTheReaderPassesUnchangedIsReadAhead() {
        let passed = Set(Array(0x20...0x7E).map(UInt8.init) + [0x09, 0x0A, 0x0D])
        for value in 0...255 {
            for length in [1, 7, 8, 13, 16, 17] {
                for place in 0..<length {
                    var text = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    text[place] = UInt8(value)
                    // A byte over 0x7F alone is no UTF-8 character: the reader rejects it.
                    XCTAssertEqual(charactersPassingReader(text), passed.contains(UInt8(value)) ? length : nil,
                                   "byte \(value) at \(place) of \(length)")
                }
            }
        }
        XCTAssertEqual(charactersPassingReader([]), 0)
    }

    /// UTF-8 beyond ASCII: the characters YAML allows, in their shortest form, are read ahead
    /// and counted as characters; everything the reader rejects is left to it. Each sequence is
    /// tried alone and amid ASCII, at the end of the text and before more.
    func testUTF8IsReadAheadExactlyWhereTheReaderTakesIt() {
        let taken: [[UInt8]] = [
            [0xC2, 0x85], [0xC2, 0xA0], [0xC3, 0xA9], [0xDF, 0xBF], [0xE0, 0xA0, 0x80], [0xE2, 0x80, 0xA8],
            [0xED, 0x9F, 0xBF], [0xEE, 0x80, 0x80], [0xEF, 0xBB, 0xBF], [0xEF, 0xBF, 0xBD], [0xF0, 0x90, 0x80, 0x80],
            [0xF0, 0x9F, 0x98, 0x80], [0xF4, 0x8F, 0xBF, 0xBF],
        ]
        let refused: [[UInt8]] = [
            [0x80], [0xBF], [0xC2, 0x80], [0xC2, 0x84], [0xC2, 0x9F], [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x80, 0x80],
            [0xE0, 0x9F, 0xBF], [0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF], [0xEF, 0xBF, 0xBE], [0xEF, 0xBF, 0xBF],
            [0xF0, 0x80, 0x80, 0x80], [0xF0, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80],
            [0xF8, 0x88, 0x80, 0x80, 0x80], [0xFF], [0xC3], [0xE2, 0x80], [0xF0, 0x9F, 0x98], [0xC3, 0x41],
            [0xE2, 0x41, 0xA8], [0xF0, 0x9F, 0x41, 0x80],
        ]
        for sequence in taken {
            XCTAssertEqual(charactersPassingReader(sequence), 1, "\(sequence)")
            XCTAssertEqual(charactersPassingReader(Array("key: ".utf8) + sequence), 6, "\(sequence)")
            XCTAssertEqual(charactersPassingReader(Array("a: bcdefghij".utf8) + sequence + Array(" and more\n".utf8)), 23, "\(sequence)")
        }
        for sequence in refused {
            XCTAssertNil(charactersPassingReader(sequence), "\(sequence)")
            XCTAssertNil(charactersPassingReader(Array("a: bcdefghij".utf8) + sequence + Array(" and more\n".utf8)), "\(sequence)")
        }
        // And the parser's answers are libyaml's own, read ahead or not, for each of them in a spec.
        for sequence in taken + refused {
            for text in [Array("a: ".utf8) + sequence + [0x0A], Array("- ".utf8) + sequence + Array(": x\n".utf8), sequence] {
                assertSameReading(text, limits: LoaderLimits(), file: #filePath, line: #line)
            }
        }
    }

    /// Errors of every kind the scanner and the parser give, and input near and past the end of
    /// what the buffer held at first: read ahead, the same failures at the same marks.
    func testReadAheadFailsAndSucceedsAsLibyamlsOwnReading() {
        let texts = [
            "a: [1, 2\n", "a: {b: 1\n", "a: 'open\n", "a: \"open\n", "a:\n  b: 1\n c: 2\n", "- a\nb: 1\n", "a: b: c\n",
            "\t- a\n", "a: @x\n", "a: `x\n", "a: *missing\n", "%YAML 1.1\n%YAML 1.1\n---\n", "a: |\n  x\n y\n", "]\n", "}\n",
            "a: 1\n---", "-", "- ", "a:", "a: 'x'", "a: \"x\\", "? ", "[", "{", "a: b\r", "a: b\rc: d\r",
            String(repeating: "k: v\n", count: 20_000), String(repeating: "- [1, 2, 3]\n", count: 8_000) + "- [\n",
            "a: " + String(repeating: "x", count: 60_000) + "\n", "a: é\n", "a: \u{7F}\n", "a: \u{1}\n",
        ]
        for text in texts { assertSameReading(Array(text.utf8), limits: LoaderLimits(), file: #filePath, line: #line) }
    }

    /// Specs of every shape the format has: the rules' own examples and the shipped examples.
    private var specs: [String] {
        let rules = CoreRules.descriptions(with: BuiltinPlugins.all)
        var texts = rules.flatMap { $0.triggeringExamples + $0.nonTriggeringExamples }
        let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("examples")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: examples.path)) ?? []
        for name in names.sorted() where name.hasSuffix(".yaml") {
            if let text = try? String(contentsOf: examples.appendingPathComponent(name), encoding: .utf8) { texts.append(text) }
        }
        return texts
    }

    func testEverySpecOfTheCatalogAndTheExamplesIsReadFromTokens() {
        let specs = specs
        XCTAssertGreaterThan(specs.count, 200)
        var taken = 0
        for spec in specs where assertSameDocuments(spec) { taken += 1 }
        // The shipped examples and nearly all rule examples use no anchor or tag.
        XCTAssertGreaterThan(taken, specs.count * 9 / 10, "the token reader gave up \(specs.count - taken) of \(specs.count)")
    }

    func testTheShapesOfYAMLGiveTheParsersDocuments() {
        let taken = [
            "", "\n", "# only a comment\n", "a", "a: 1", "a: 1\n", "a:\n", "a:\nb:\n", "a:\n  b:\n", ": x\n", "? a\n", "? a\n: b\n",
            "? [a, b]\n: c\n", "a: b\n? c\n", "- a\n- b\n", "-\n- b\n-\n", "- - a\n  - b\n- c\n", "- a: 1\n  b: 2\n- c: 3\n",
            "a:\n- x\n- y\nb: 2\n", "a:\n-\n- y\n", "a:\n  - x\n  - y\n", "a: [x, y]\n", "a: []\n", "a: {}\n", "a: [x, y,]\n",
            "a: {x: 1, y: 2,}\n", "a: {x, y: 2}\n", "a: {x: , y: }\n", "a: {? x : 1}\n", "a: {x: [1, {y: 2}]}\n",
            "a: [[1, 2], [3]]\n", "[1, 2]\n", "{a: 1}\n", "a: 'q'\nb: \"d\\n\"\nc: |\n  lit\n  eral\nd: >\n  fol\n  ded\n",
            "a: multi\n  line plain\n", "a: 1\r\nb: 2\r\n", "a: é\nü: 😀\n", "\u{FEFF}a: 1\n", "a: 1\na: 2\n", "a: 1\nb: 2\na: 3\n",
            "--- \na: 1\n", "---\na: 1\n---\nb: 2\n", "a: 1\n...\n", "a: 1\n...\n---\nb: 2\n...\n", "---\n", "---\n---\n",
            "--- a\n", "--- [a]\n", "--- |\n  x\n", "...\n", "--- \n...\n...\n", "a: 1 # comment\n# trailing\n",
            "a:\n  b:\n    c:\n      d: [1, {e: f}]\n", "key with spaces: value with: colon\n", "a: -1\nb: - x\n",
            "? |\n  block key\n: v\n", "a:\n  ? b\n  : c\n", "a: {b: {c: {d: {}}}}\n", "a: [{}, [], '']\n",
            "- [a, b]: c\n",
        ]
        for text in taken {
            assertSameDocuments(text)
        }
        // Each of these is left to the parser: anchors, aliases, tags, directives, single-pair maps in a flow
        // sequence, and every error (the parser's message and mark stand).
        let givenUp = [
            "a: &x 1\nb: *x\n", "a: !!str 1\n", "%YAML 1.2\n---\na: 1\n", "%TAG !e! tag:e,2000:\n---\na: !e!x 1\n",
            "a: [b: c]\n", "a: [? b]\n", "a: 1\nb\n", "a: [1, 2\n", "a: {b: 1\n", "a:\n\t- b\n", "- a\nb: 1\n", "a: 1\n- b\n",
            "a: b: c\n", "[a]]\n", "a: 1\n---\nb: 2\n...\nc\n", "a: 1\nb: 2\n  c: 3\n", "--- a\nb: c\n", "...\na: 1\n", "a: '\n",
            "a: @b\n", "a: 1\n--- !x\nb: 2\n", "a: *nothing\n",
        ]
        for text in givenUp {
            let bytes = Array(text.utf8)
            XCTAssertNil(YAMLLoader.loadWithTokens(bytes), "taken:\n\(text)")
            XCTAssertEqual(
                describe((try? YAMLLoader.load(bytes).get()) ?? []), describe((try? YAMLLoader.loadWithParser(bytes).get()) ?? []),
                text)
            if case .failure(let expected) = YAMLLoader.loadWithParser(bytes) {
                guard case .failure(let failure) = YAMLLoader.load(bytes) else { return XCTFail("loaded:\n\(text)") }
                XCTAssertEqual(failure, expected, text)
            }
        }
    }

    /// Nesting past `maxDepth` is the parser's finding, at its mark.
    func testTheLimitsAreLeftToTheParser() {
        var limits = LoaderLimits()
        limits.maxDepth = 3
        let deep = "a:\n  b:\n    c:\n      d: 1\n"
        XCTAssertNil(YAMLLoader.loadWithTokens(Array(deep.utf8), limits: limits))
        guard case .failure(let failure) = YAMLLoader.load(Array(deep.utf8), limits: limits),
              case .failure(let expected) = YAMLLoader.loadWithParser(Array(deep.utf8), limits: limits)
        else { return XCTFail("the nesting loaded") }
        XCTAssertEqual(failure, expected)
        XCTAssertEqual(failure.kind, .limits)
        XCTAssertTrue(assertSameDocuments("a:\n  b:\n    c: 1\n", limits: limits))
    }

    /// Specs with bytes taken out, doubled or put in where YAML's indicators matter: wherever the
    /// token reader answers, it answers as the parser does.
    func testMutatedSpecsGiveTheParsersDocumentsOrAreLeftToIt() {
        var generator = SeededGenerator(seed: 0x70CE_2EAD)
        let inserts = Array(":-[]{},?*&!#|>'\"\n \t%@`".utf8)
        var taken = 0
        var tried = 0
        for spec in specs.prefix(120) {
            let bytes = Array(spec.utf8)
            guard !bytes.isEmpty else { continue }
            for _ in 0..<12 {
                var mutated = bytes
                for _ in 0..<Int.random(in: 1...3, using: &generator) {
                    let at = Int.random(in: 0..<mutated.count, using: &generator)
                    switch Int.random(in: 0..<3, using: &generator) {
                    case 0: mutated.remove(at: at)
                    case 1: mutated.insert(inserts[Int.random(in: 0..<inserts.count, using: &generator)], at: at)
                    default: mutated.insert(mutated[at], at: at)
                    }
                    if mutated.isEmpty { mutated = [UInt8(ascii: "a")] }
                }
                tried += 1
                // Mutations can split a UTF-8 sequence; the loader's answer is still the parser's.
                let text = String(decoding: mutated, as: UTF8.self)
                if Array(text.utf8) != mutated { continue }
                if assertSameDocuments(text) { taken += 1 }
            }
        }
        // Enough of them stay valid YAML that the comparison is not empty.
        XCTAssertGreaterThan(taken, tried / 4, "taken \(taken) of \(tried)")
    }
}
