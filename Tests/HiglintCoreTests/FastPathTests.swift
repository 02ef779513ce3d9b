@testable import HiglintCore
import Foundation
import TestSupport
import XCTest

/// The shortcuts taken for speed must give exactly what the plain code gave:
/// each test compares a fast path with the general answer at its edges.
final class FastPathTests: XCTestCase {
    private func load(_ text: String) throws -> YAMLDocument {
        guard case .success(let documents) = YAMLLoader.load(Array(text.utf8)), let document = documents.first else {
            throw SetupFailure("did not load: \(text)")
        }
        return document
    }

    func testPathOrderIsUTF8ByteOrder() {
        let paths = ["", "a", "a/b", "a-b", "a.yaml", "A", "b", "é", "e\u{301}", "z/😀", "z/\u{FFFD}", "ab", "a/", "a\u{0}"]
        for lhs in paths {
            for rhs in paths {
                XCTAssertEqual(
                    FileSystem.precedes(lhs, rhs), lhs.utf8.lexicographicallyPrecedes(rhs.utf8), "\(lhs) < \(rhs)")
            }
        }
    }

    func testSmallIntegersParseLikeDouble() {
        let texts = ["0", "-0", "7", "007", "-12", "44", "999999999999999", "-999999999999999"]
        func smallInteger(_ text: String) -> Double? {
            Array(text.utf8).withUnsafeBufferPointer(NodeReader.smallInteger)
        }
        for text in texts {
            XCTAssertEqual(smallInteger(text), Double(text), text)
            XCTAssertEqual(smallInteger(text)?.sign, Double(text)?.sign, text)
        }
        // Anything else goes to the general parser.
        for text in ["", "-", "+5", "1.5", "1e3", "1_000", "0x10", "1234567890123456", " 5", "5 ", "--5", "٣"] {
            XCTAssertNil(smallInteger(text), text)
        }
    }

    func testNumbersBeyondTheFastPathStillParse() throws {
        let decoded = SpecDecoder().decode(try load("screen: A\ncanvas: [1234567890123456, +5.5]\n"))
        XCTAssertEqual(decoded.screen.canvas, Size(width: 1_234_567_890_123_456, height: 5.5))
        XCTAssertTrue(decoded.issues.isEmpty, "\(decoded.issues)")
    }

    func testJSONEscapesInsideRunsOfPlainText() {
        XCTAssertEqual(JSONText.string("plain text"), "\"plain text\"")
        XCTAssertEqual(JSONText.string("a\"b\\c\nd\re\tf"), "\"a\\\"b\\\\c\\nd\\re\\tf\"")
        XCTAssertEqual(JSONText.string("\u{0}x\u{1F}\u{7F}"), "\"\\u0000x\\u001f\\u007f\"")
        XCTAssertEqual(JSONText.string("line\u{2028}para\u{2029}end"), "\"line\\u2028para\\u2029end\"")
        // Neighbours of the separators (E2 80 A7, E2 80 AA) and other E2 characters stay as they are.
        XCTAssertEqual(JSONText.string("\u{2027}\u{202A}\u{2013}€"), "\"\u{2027}\u{202A}\u{2013}€\"")
        XCTAssertEqual(JSONText.string("😀\u{2028}"), "\"😀\\u2028\"")
        var out = "["
        JSONText.appendOptional(nil, to: &out)
        JSONText.appendString("é", to: &out)
        XCTAssertEqual(out, "[null\"é\"")
    }

    func testDuplicateKeysBeforeAndAfterTheIndexThreshold() throws {
        // The map switches from a linear scan to an index at 16 keys; repeats on both sides.
        var text = "screen: Big\nk0: first\nk0: second\n"
        for index in 1..<30 { text += "k\(index): v\n" }
        text += "k1: again\nk29: again\nscreen: twice\n"
        let document = try load(text)
        XCTAssertEqual(document.duplicateKeys.map(\.key), ["k0", "k1", "k29", "screen"])
        XCTAssertEqual(document.duplicateKeys.map(\.firstMark.line), [2, 4, 32, 1])
        let entries = Array(document.entries(try XCTUnwrap(document.root)))
        XCTAssertEqual(entries.count, 31)
        XCTAssertEqual(document.scalar(entries[1].value), "first")
    }

    func testRepeatedKeysAreFoundExactlyAsAPlainScanFindsThem() throws {
        // Keys from a tiny alphabet, so signatures collide often ("ab" and "bb" share a
        // length and a last byte) and maps on both sides of the index threshold repeat keys.
        var generator = SeededGenerator(seed: 6)
        let words = ["a", "b", "ab", "ba", "bb", "aab", "abb", "bab", "''", "~", "'a'", "\"b\""]
        for _ in 0..<300 {
            let count = Int.random(in: 2...40, using: &generator)
            let keys = (0..<count).map { _ in words.randomElement(using: &generator) ?? "a" }
            let text = keys.enumerated().map { "\($0.element): \($0.offset)" }.joined(separator: "\n") + "\n"
            guard case .success(let documents) = YAMLLoader.load(Array(text.utf8)), let document = documents.first else {
                return XCTFail("did not load: \(text)")
            }
            // The plain answer: each key whose text appeared before, against its first appearance.
            let texts = keys.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "'\"")) }
            var first: [String: Int] = [:]
            var expected: [(key: String, line: Int, firstLine: Int)] = []
            for (line, key) in texts.enumerated() {
                if let earlier = first[key] { expected.append((key, line + 1, earlier + 1)) } else { first[key] = line }
            }
            XCTAssertEqual(document.duplicateKeys.map(\.key), expected.map(\.key), text)
            XCTAssertEqual(document.duplicateKeys.map(\.mark.line), expected.map(\.line), text)
            XCTAssertEqual(document.duplicateKeys.map(\.firstMark.line), expected.map(\.firstLine), text)
            XCTAssertEqual(Array(document.entries(try XCTUnwrap(document.root))).count, first.count, text)
        }
    }

    func testNestedDuplicatesAreReportedBeforeTheirMapsOwn() throws {
        let document = try load("screen: A\nnav: {t: 1, t: 2}\nnav: {u: 1, u: 2}\n")
        XCTAssertEqual(document.duplicateKeys.map(\.key), ["t", "u", "nav"])
    }

    func testMapsWithTheSameKeysKeepTheirOwnMarks() throws {
        let document = try load("""
            screen: A
            elements:
              - {id: a, type: button, frame: [0, 0, 44, 44]}
              - {id: b, type: button, frame: [0, 60, 44, 44]}
              - {type: text, id: c}
            """)
        let elements = SpecDecoder().decode(document).screen.elements
        XCTAssertEqual(elements.map { $0.marks[.frame].line }, [3, 4, 5])
        XCTAssertEqual(elements.map { $0.marks.value(of: .frame)?.column }, [34, 34, nil])
        XCTAssertEqual(elements.map { $0.marks.key(.id)?.column }, [6, 6, 18])
        XCTAssertEqual(elements[2].marks.written.map(\.field), [.type, .id])
    }

    func testKeysAreMatchedByTheirBytes() {
        let set = FieldSet<ElementField>([.id, .type, .frame, .hitArea])
        func field(_ key: String) -> ElementField? { Array(key.utf8).withUnsafeBufferPointer(set.field(matching:)) }
        XCTAssertEqual(["id", "type", "frame", "hit_area"].map(field), [.id, .type, .frame, .hitArea])
        // Only the set's own keys, exactly: other fields of the enum, prefixes, case and look-alikes do not match.
        for key in ["label", "", "i", "ids", "ID", "Type", "hit-area", "hit_are", "frame ", "ｉｄ", "\u{212A}"] {
            XCTAssertNil(field(key), key)
        }
    }

    func testChoicesMatchedAsBytesAnswerAsRawValues() {
        func check<Value: SpecChoice & Equatable>(_: Value.Type) {
            var texts = Value.allCases.map(\.rawValue)
            for raw in Value.allCases.map(\.rawValue) {
                texts += [raw.uppercased(), raw.capitalized, raw + " ", " " + raw, String(raw.dropLast()), raw + "s"]
                // Look-alikes: a Kelvin sign for K, full-width letters, a decomposed form.
                texts.append(raw.replacingOccurrences(of: "k", with: "\u{212A}"))
                texts.append(String(raw.unicodeScalars.map { Character(Unicode.Scalar($0.value + 0xFEE0) ?? $0) }))
                texts.append(raw.decomposedStringWithCanonicalMapping)
            }
            texts += ["", "~", "é", "e\u{301}"]
            for text in texts {
                let matched = Array(text.utf8).withUnsafeBufferPointer(Value.choices.field(matching:))
                XCTAssertEqual(matched, Value(rawValue: text), "\(Value.self): \(text)")
            }
        }
        check(Device.self)
        check(ScreenKind.self)
        check(Orientation.self)
        check(ElementType.self)
        check(Scroll.self)
        check(Font.Weight.self)
        check(Font.Style.self)
        check(StatusBar.Style.self)
        check(BackButton.Style.self)
        check(Login.Requirement.self)
        check(DataPolicy.Save.self)
        check(Gesture.Kind.self)
    }

    func testBooleansReadFromBytesAsTheCaseFoldedText() {
        for text in ["true", "false", "True", "FALSE", "yes", "No", "ON", "off", "y", "N", "tru", "", "1", "yes ", "ｙｅｓ"] {
            let expected: Bool?
            switch text.lowercased() {
            case "true", "yes", "on", "y": expected = true
            case "false", "no", "off", "n": expected = false
            default: expected = nil
            }
            XCTAssertEqual(Array(text.utf8).withUnsafeBufferPointer(NodeReader.bool), expected, text)
        }
    }

    // MARK: - The cost of a finding

    func testLineTableMarksAreTheMarksOfAScanFromTheStart() {
        var generator = SeededGenerator(seed: 18)
        let pieces = ["a", "key: value", "\n", "\n", "  ", "\r\n", "\r", "é", "旋转", "\t", "#"]
        for round in 0..<400 {
            var text = round % 3 == 0 ? "\u{FEFF}" : ""
            // Most rounds stay ASCII without CR (the line table); the rest take the scan.
            let allowed = round % 4 == 0 ? pieces : ["a", "key: value", "\n", "\n", "  ", "\t", "#"]
            for _ in 0..<Int.random(in: 0...30, using: &generator) { text += allowed.randomElement(using: &generator) ?? "" }
            let source = SourceText(Array(text.utf8))
            let count = source.bytes.count
            for lower in -1...(count + 1) {
                for upper in Swift.max(lower, 0)...(count + 2) where (lower + upper) % 3 == 0 || upper == count {
                    let fast = source.marks(of: lower..<upper)
                    let plain = source.marksByScanning(of: lower..<upper)
                    XCTAssertEqual(fast.start, plain.start, "\(round) \(lower)..<\(upper) in \(text.debugDescription)")
                    XCTAssertEqual(fast.end, plain.end, "\(round) \(lower)..<\(upper) in \(text.debugDescription)")
                }
            }
        }
    }

    /// The escapes written out scalar by scalar, as the JSON writers' docs list them: what
    /// `JSONBytes` (the one escaper) and `JSONText`'s unescaped shortcut are held to.
    private static func referenceJSONString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    func testJSONBytesAndJSONTextEscapeAsTheReference() {
        var generator = SeededGenerator(seed: 18)
        let pieces = ["plain", " ", "\"", "\\", "\n", "\r", "\t", "\u{0}", "\u{1F}", "\u{7F}", "\u{2028}", "\u{2029}",
                      "\u{2027}", "\u{202A}", "€", "é", "😀", "旋转"]
        for _ in 0..<2_000 {
            var text = ""
            for _ in 0..<Int.random(in: 0...12, using: &generator) { text += pieces.randomElement(using: &generator) ?? "" }
            XCTAssertEqual(Self.written { $0.string(text) }, Self.referenceJSONString(text), text.debugDescription)
            XCTAssertEqual(JSONText.string(text), Self.referenceJSONString(text), text.debugDescription)
        }
        // Long runs, so the word-at-a-time steps (two words a step, then the last word read
        // overlapping the one before) meet every escape at every place.
        for length in 0..<48 {
            for special in ["\"", "\\", "\n", "\u{1F}", "\u{7F}", "é", "\u{2028}", " ", "~", "!", "#", "[", "]"] {
                for place in 0...length {
                    let text = String(repeating: "a", count: place) + special + String(repeating: "b", count: length - place)
                    XCTAssertEqual(Self.written { $0.string(text) }, Self.referenceJSONString(text), text.debugDescription)
                    XCTAssertEqual(JSONText.string(text), Self.referenceJSONString(text), text.debugDescription)
                }
            }
        }
        for value in [0, 1, 9, 10, 11, 99, 100, 101, 12_345, -1, -10, -987, Int.max, Int.min] {
            XCTAssertEqual(Self.written { $0.integer(value) }, String(value))
        }
        XCTAssertEqual(Self.written { $0.string(nil as String?) }, "null")
        // Past its first capacity the buffer grows, keeping what it held.
        let long = String(repeating: "x\"", count: 5_000)
        XCTAssertEqual(Self.written { $0.raw("["); $0.string(long); $0.raw("]") }, "[" + JSONText.string(long) + "]")
    }

    private static func written(_ write: (inout JSONBytes) -> Void) -> String {
        var json = JSONBytes(capacity: 16)
        write(&json)
        return json.text()
    }

    func testSortingByPositionGivesTheStableSortOfTheFindings() {
        var generator = SeededGenerator(seed: 18)
        let files = ["a.yaml", "a-b.yaml", "a/b.yaml", "é.yaml"]
        for round in 0..<500 {
            let findings = (0..<Int.random(in: 0...40, using: &generator)).map { _ in
                Finding(file: files.randomElement(using: &generator) ?? "", line: Int.random(in: 1...4, using: &generator),
                        column: Int.random(in: 1...3, using: &generator), rule: ["x.one", "x.two"].randomElement(using: &generator) ?? "",
                        severity: .info, message: ["m", "n"].randomElement(using: &generator) ?? "",
                        // Equal in the report order, told apart by the hint: only a stable sort keeps their order.
                        hint: String(Int.random(in: 0...9, using: &generator)),
                        // No element orders as an empty one, as `reportOrder` says.
                        element: [nil, "", "e", "f"].randomElement(using: &generator) ?? nil)
            }
            let stable = findings.enumerated().sorted { left, right in
                if Finding.reportOrder(left.element, right.element) { return true }
                if Finding.reportOrder(right.element, left.element) { return false }
                return left.offset < right.offset
            }.map(\.element)
            var sorted = findings
            Finding.sortInReportOrder(&sorted)
            XCTAssertEqual(sorted, stable, "\(round)")
        }
    }

    func testMergingIntoReportOrderGivesTheStableSortOfBoth() {
        var generator = SeededGenerator(seed: 1818)
        let files = ["a.yaml", "a-b.yaml", "a/b.yaml", "é.yaml"]
        func findings(upTo count: Int, tag: String) -> [Finding] {
            (0..<Int.random(in: 0...count, using: &generator)).map { _ in
                Finding(file: files.randomElement(using: &generator) ?? "", line: Int.random(in: 1...4, using: &generator),
                        column: Int.random(in: 1...3, using: &generator), rule: ["x.one", "x.two"].randomElement(using: &generator) ?? "",
                        severity: .info, message: "m",
                        // Equal in the report order, told apart by the hint: only a stable merge keeps their order.
                        hint: tag + String(Int.random(in: 0...9, using: &generator)))
            }
        }
        for round in 0..<500 {
            let own = findings(upTo: 40, tag: "own").sorted(by: Finding.reportOrder)
            let extra = findings(upTo: 8, tag: "extra").sorted(by: Finding.reportOrder)
            var merged = own
            var added = extra
            Finding.merge(&added, intoReportOrdered: &merged)
            XCTAssertEqual(merged, (own + extra).sorted(by: Finding.reportOrder), "\(round)")
            XCTAssertTrue(added.isEmpty, "\(round)")
            XCTAssertTrue(Finding.isInReportOrder(merged), "\(round)")
            XCTAssertEqual(Finding.count(of: .info, in: merged), own.count + extra.count, "\(round)")
        }
    }

    /// The walk down two report-ordered lists gives what counting every finding gave (the
    /// watcher's log before): the same findings appeared and went, each list in the order
    /// of its side, runs of findings alike in the order but for their hints included.
    func testTheDifferenceOfTwoOrderedListsIsTheCountedOne() {
        var generator = SeededGenerator(seed: 4141)
        let files = ["a.yaml", "a-b.yaml", "a/b.yaml"]
        func findings(upTo count: Int) -> [Finding] {
            var list = (0..<Int.random(in: 0...count, using: &generator)).map { _ in
                Finding(file: files.randomElement(using: &generator) ?? "", line: Int.random(in: 1...3, using: &generator),
                        column: 1, rule: ["x.one", "x.two"].randomElement(using: &generator) ?? "",
                        severity: .info, message: ["used by 3 of 9", "used by 4 of 9"].randomElement(using: &generator) ?? "",
                        hint: String(Int.random(in: 0...2, using: &generator)),
                        element: [nil, "e"].randomElement(using: &generator) ?? nil)
            }
            Finding.sortInReportOrder(&list)
            return list
        }
        func counted(_ before: [Finding], _ after: [Finding]) -> (appeared: [Finding], disappeared: [Finding]) {
            var counts: [Finding: Int] = [:]
            var appeared: [Finding] = []
            var disappeared: [Finding] = []
            for finding in before { counts[finding, default: 0] += 1 }
            for finding in after {
                if let count = counts[finding], count > 0 { counts[finding] = count - 1 } else { appeared.append(finding) }
            }
            for finding in before where (counts[finding] ?? 0) > 0 {
                counts[finding, default: 0] -= 1
                disappeared.append(finding)
            }
            return (appeared, disappeared)
        }
        for round in 0..<2_000 {
            let before = findings(upTo: 14)
            // Often the same list with a few changed, as a save leaves a file's findings.
            var after = round % 3 == 0 ? findings(upTo: 14) : before
            if round % 3 != 0 {
                for _ in 0..<Int.random(in: 0...3, using: &generator) where !after.isEmpty {
                    let place = Int.random(in: 0..<after.count, using: &generator)
                    switch Int.random(in: 0...2, using: &generator) {
                    case 0: after.remove(at: place)
                    case 1: after[place].hint += "'"
                    default: after.append(contentsOf: findings(upTo: 2))
                    }
                }
                Finding.sortInReportOrder(&after)
            }
            let walked = Finding.difference(from: before, to: after)
            let expected = counted(before, after)
            XCTAssertEqual(walked.appeared, expected.appeared, "round \(round)")
            XCTAssertEqual(walked.disappeared, expected.disappeared, "round \(round)")
        }
    }
}

/// `FileSystem.absolute` and `directory(of:)` read ASCII paths by bytes; held here to the
/// character-by-character code they had before.
final class PathBytesTests: XCTestCase {
    private func plainAbsolute(_ path: String, relativeTo base: String) -> String {
        let joined = path.hasPrefix("/") ? path : FileSystem.join(base, path)
        var parts: [Substring] = []
        for part in joined.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." {
                if !parts.isEmpty { parts.removeLast() }
                continue
            }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }

    private func plainDirectory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        if slash == path.startIndex { return "/" }
        return String(path[..<slash])
    }

    func testPathsJoinAndCutAsTheCharacterCodeDoes() {
        let bases = ["/", "/a", "/a/b", "/a/b/", "/a/./b", "/a/../b", "/a//b", "/é/b", "/a b/c", "/a/\u{301}b", ".", ""]
        let paths = ["x", "x/y", "x/../y", "./x", "../x", "..", ".", "x/", "x//y", "/abs", "/abs/../z", "é", "x y",
                     ".hidden", "...", "a..b", "/\u{301}x", "x/\u{301}", ""]
        for base in bases {
            for path in paths {
                XCTAssertEqual(FileSystem.absolute(path, relativeTo: base), plainAbsolute(path, relativeTo: base), "\(base) \(path)")
            }
        }
        for path in bases + paths + ["/a/b/c.xib", "a/b", "a", "/a/é/c", "a/", "", ".", "/\u{301}", "a/\u{301}b/c"] {
            XCTAssertEqual(FileSystem.directory(of: path), plainDirectory(of: path), path)
        }
    }
}
