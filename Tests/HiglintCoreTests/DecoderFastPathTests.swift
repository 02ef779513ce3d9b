@testable import HiglintCore
import TestSupport
import XCTest

/// The decoder's shortcuts (keys matched by their first eight bytes, frames read as plain
/// integers, icons read from ASCII bytes) held to the plain code they stand in for.
final class DecoderFastPathTests: XCTestCase {
    /// A seeded generator, so that every run tries the same texts.
    private struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state
        }
    }

    private func load(_ text: String) throws -> YAMLDocument {
        guard case .success(let documents) = YAMLLoader.load(Array(text.utf8)), let document = documents.first else {
            XCTFail("did not load: \(text)")
            throw SetupFailure("did not load: \(text)")
        }
        return document
    }

    /// The value of the document's only key.
    private func value(in document: YAMLDocument) throws -> Node {
        let root = try XCTUnwrap(document.root)
        return try XCTUnwrap(document.entries(root).first { _ in true }).value
    }

    /// `text` as a YAML double-quoted scalar, every character outside printable ASCII escaped.
    private func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x22: result += "\\\""
            case 0x5C: result += "\\\\"
            case 0x20..<0x7F: result.unicodeScalars.append(scalar)
            case ..<0x10000: result += String(format: "\\u%04X", scalar.value)
            default: result += String(format: "\\U%08X", scalar.value)
            }
        }
        return result + "\""
    }

    // MARK: - Keys

    private func checkHeads<Field: SpecField>(_ set: FieldSet<Field>, against texts: [[UInt8]], file: StaticString = #filePath, line: UInt = #line) {
        for bytes in texts {
            let plain = zip(set.names, set.fields).first { Array($0.0.utf8) == bytes }?.1
            let matched = bytes.withUnsafeBufferPointer(set.field(matching:))
            XCTAssertEqual(matched, plain, "\(Field.self): \(bytes)", file: file, line: line)
            // Followed by eight bytes of anything, as a document's padding or the next scalar's text.
            for padding in [[UInt8](repeating: 0, count: 8), [UInt8](repeating: 0xFF, count: 8), Array("_abcdefg".utf8), bytes + bytes + Array("12345678".utf8)] {
                let padded = (bytes + padding).withUnsafeBufferPointer { whole in
                    set.field(matchingPadded: UnsafeBufferPointer(rebasing: whole[..<bytes.count]))
                }
                XCTAssertEqual(padded, plain, "\(Field.self), padded with \(padding): \(bytes)", file: file, line: line)
            }
        }
    }

    func testEveryScalarOfADocumentIsFollowedByItsPadding() throws {
        let document = try load("a: b\nlonger_key: [x, '', \"q\"]\nempty:\n'': z\n")
        for record in document.records where record.kind == YAMLDocument.Kind.scalar.rawValue {
            XCTAssertLessThanOrEqual(Int(record.payload) + YAMLDocument.textPadding, document.text.count)
        }
        XCTAssertEqual(Array(document.text.suffix(YAMLDocument.textPadding)), [UInt8](repeating: 0, count: YAMLDocument.textPadding))
    }

    // MARK: - Repeated keys

    /// The repeated keys of a document by the plain definition: in every map, a scalar key
    /// (an alias standing for its anchor's scalar) whose bytes an earlier key of the map has.
    private func plainRepeats(in document: YAMLDocument) -> [DuplicateKey] {
        var repeats: [DuplicateKey] = []
        let records = document.records
        func bytes(at position: Int) -> [UInt8]? {
            var record = records[position]
            if record.kind == YAMLDocument.Record.alias { record = records[Int(record.payload)] }
            guard record.kind == YAMLDocument.Kind.scalar.rawValue else { return nil }
            return Array(document.text[Int(record.payload)..<Int(record.payload + record.length)])
        }
        for position in records.indices where records[position].kind == YAMLDocument.Kind.mapping.rawValue {
            var keys: [(position: Int, bytes: [UInt8]?)] = []
            var child = position + 1
            for _ in 0..<(Int(records[position].payload) / 2) {
                keys.append((child, bytes(at: child)))
                child = Int(records[Int(records[child].next)].next)
            }
            for (index, key) in keys.enumerated() {
                guard let text = key.bytes, let first = keys[..<index].first(where: { $0.bytes == text }) else { continue }
                repeats.append(DuplicateKey(key: String(decoding: text, as: UTF8.self), mark: records[key.position].start, firstMark: records[first.position].start))
            }
        }
        return repeats
    }

    func testRepeatedKeysFoundThroughSignaturesAreThoseOfThePlainComparison() throws {
        var generator = Generator(state: 1818)
        // Few letters, so that keys repeat and signatures clash; maps on both sides of 16 keys.
        let words = ["a", "b", "ab", "ba", "aa", "", "abc", "cba", "a b", "x\u{E9}", "e\u{301}", "key", "kez", "yek"]
        var repeated = 0
        for _ in 0..<600 {
            var lines: [String] = []
            let anchors = ["a", "key", "e\u{301}"]
            for (index, word) in anchors.enumerated() { lines.append("anchor\(index): &k\(index) \(quoted(word))") }
            for _ in 0..<Int.random(in: 0...40, using: &generator) {
                let key: String
                switch Int.random(in: 0..<10, using: &generator) {
                case 0: key = "*k\(Int.random(in: 0..<anchors.count, using: &generator)) "
                case 1: key = "? [\(words.randomElement(using: &generator) ?? "")]\n"
                case 2: key = "'\(words.randomElement(using: &generator) ?? "")'"
                default: key = words.randomElement(using: &generator).map(quoted) ?? ""
                }
                let value = Int.random(in: 0..<4, using: &generator) == 0 ? "{\(words.prefix(3).map { "\(quoted($0)): 1" }.joined(separator: ", "))}" : "v"
                lines.append(key.hasPrefix("?") ? key + ": " + value : key + ": " + value)
            }
            let text = lines.joined(separator: "\n") + "\n"
            guard case .success(let documents) = YAMLLoader.load(Array(text.utf8)), let document = documents.first else {
                XCTFail("did not load: \(text)")
                continue
            }
            let plain = plainRepeats(in: document)
            repeated += plain.count
            let sortedFound = document.duplicateKeys.sorted { ($0.mark.offset, $0.firstMark.offset) < ($1.mark.offset, $1.firstMark.offset) }
            let sortedPlain = plain.sorted { ($0.mark.offset, $0.firstMark.offset) < ($1.mark.offset, $1.firstMark.offset) }
            XCTAssertEqual(sortedFound, sortedPlain, text)
        }
        XCTAssertGreaterThan(repeated, 1000, "the maps repeat keys")
    }

    func testKeysMatchedByTheirHeadsAreTheKeysOfAPlainByteComparison() {
        let names = SpecKeys.screen + SpecKeys.toolbarItem + SpecKeys.tab + SpecKeys.frame + SpecKeys.font + SpecKeys.statusBar
            + SpecKeys.navigationBar + SpecKeys.backButton + SpecKeys.toolbar + SpecKeys.tabBar + SpecKeys.login + SpecKeys.data
            + SpecKeys.gesture + SpecKeys.layoutVariant + SpecKeys.review + SpecFields.layouts.names
            + Device.allCases.map(\.rawValue) + ElementType.allCases.map(\.rawValue) + Orientation.allCases.map(\.rawValue)
            + Font.Style.allCases.map(\.rawValue) + Font.Weight.allCases.map(\.rawValue) + Gesture.Kind.allCases.map(\.rawValue)
            + ["", "a", "navigation", "navigation_ba", "navigation_bar_", "status_bay", "switches_mod", "é", "ﬁ", "\u{212A}"]
        var texts: [[UInt8]] = []
        for name in names {
            let bytes = Array(name.utf8)
            texts.append(bytes)
            texts.append(bytes + [0])
            texts.append(bytes + Array("x".utf8))
            texts.append([0] + bytes)
            if !bytes.isEmpty { texts.append(Array(bytes.dropLast())) }
            // One byte changed at every place: inside the head, at its edge, beyond it.
            for index in bytes.indices {
                for delta: UInt8 in [1, 0x20, 0x80] {
                    var changed = bytes
                    changed[index] ^= delta
                    texts.append(changed)
                }
            }
        }
        var generator = Generator(state: 18)
        for _ in 0..<3000 {
            let length = Int.random(in: 0...20, using: &generator)
            let alphabet = Array("_abcdefghilmnorstuvwxy".utf8)
            texts.append((0..<length).map { _ in alphabet.randomElement(using: &generator) ?? 0 })
        }
        checkHeads(SpecFields.screen, against: texts)
        checkHeads(SpecFields.element, against: texts)
        checkHeads(SpecFields.toolbarItem, against: texts)
        checkHeads(SpecFields.tab, against: texts)
        checkHeads(SpecFields.frame, against: texts)
        checkHeads(SpecFields.font, against: texts)
        checkHeads(SpecFields.statusBar, against: texts)
        checkHeads(SpecFields.navigationBar, against: texts)
        checkHeads(SpecFields.backButton, against: texts)
        checkHeads(SpecFields.toolbar, against: texts)
        checkHeads(SpecFields.tabBar, against: texts)
        checkHeads(SpecFields.login, against: texts)
        checkHeads(SpecFields.data, against: texts)
        checkHeads(SpecFields.gesture, against: texts)
        checkHeads(SpecFields.layoutVariant, against: texts)
        checkHeads(SpecFields.review, against: texts)
        checkHeads(SpecFields.layouts, against: texts)
        checkHeads(Device.choices, against: texts)
        checkHeads(ScreenKind.choices, against: texts)
        checkHeads(Orientation.choices, against: texts)
        checkHeads(ElementType.choices, against: texts)
        checkHeads(Scroll.choices, against: texts)
        checkHeads(Font.Weight.choices, against: texts)
        checkHeads(Font.Style.choices, against: texts)
        checkHeads(StatusBar.Style.choices, against: texts)
        checkHeads(BackButton.Style.choices, against: texts)
        checkHeads(Login.Requirement.choices, against: texts)
        checkHeads(DataPolicy.Save.choices, against: texts)
        checkHeads(Gesture.Kind.choices, against: texts)
    }

    // MARK: - Frames

    func testListsOfPlainIntegersReadAsTheItemByItemPathReadsThem() throws {
        let spellings = [
            "0", "-0", "16", "343", "-12", "007", "+5", "1e3", "12.5", ".5", "-.5", "0x10", "1_000", "~", "null", "", "\"12\"",
            "'7'", "!!str 5", "!!int 5", ".inf", ".nan", "999999999999999", "1234567890123456", "-999999999999999", "abc",
            "[1]", "{a: 1}", "-", "1-", "44", "43.9", "&n 9", "１",
        ]
        var generator = Generator(state: 1818)
        var fast = 0
        for round in 0..<1500 {
            let count = round % 3 == 0 ? 2 : 4
            let minimums = count == 2 ? SpecDecoder.hitAreaMinimums : SpecDecoder.frameMinimums
            let names = count == 2 ? SpecDecoder.sizeNames : SpecKeys.frame
            // Mostly plain integers, as frames are written, with an odd spelling now and then.
            let items = (0..<count).map { _ in
                Int.random(in: 0..<4, using: &generator) == 0
                    ? (spellings.randomElement(using: &generator) ?? "0")
                    : String(Int.random(in: -40...400, using: &generator))
            }
            let text = "frame: [\(items.joined(separator: ", "))]\n"
            guard case .success(let documents) = YAMLLoader.load(Array(text.utf8)), let document = documents.first else { continue }
            let list = try value(in: document)
            guard document.kind(list) == .sequence, document.items(list).count == count else { continue }
            guard let values = NodeReader.plainIntegers(document.items(list), in: document, minimums: minimums) else { continue }
            fast += 1
            var reader = NodeReader(document)
            for (index, item) in document.items(list).enumerated() {
                let plain = reader.requiredNumber(item, "frame[\(index)]", name: names[index], minimum: minimums[index])
                XCTAssertEqual(plain, values[index], text)
                XCTAssertEqual(plain?.sign, values[index].sign, text)
            }
            XCTAssertEqual(reader.issues.map(\.message), [], text)
        }
        // The shortcut is taken for most of these lists, or this test would hold nothing.
        XCTAssertGreaterThan(fast, 500)
        let document = try load("frame: [16, 64, 343, 180]\n")
        let frame = try value(in: document)
        XCTAssertEqual(
            NodeReader.plainIntegers(document.items(frame), in: document, minimums: SpecDecoder.frameMinimums), SIMD4(16, 64, 343, 180))
    }

    func testFramesDecodeTheSameWrittenAsAListOrAsAMap() throws {
        for (list, map) in [
            ("[16, 64, 343, 180]", "{x: 16, y: 64, width: 343, height: 180}"),
            ("[-0, 007, 0, 1e3]", "{x: -0, y: 007, width: 0, height: 1e3}"),
            ("[1, 2, -3, 4]", "{x: 1, y: 2, width: -3, height: 4}"),
            ("[1, 2, 3, ~]", "{x: 1, y: 2, width: 3, height: ~}"),
        ] {
            func decode(_ frame: String) throws -> (Rect?, [String]) {
                let document = try load("screen: A\nelements:\n  - {type: button, frame: \(frame)}\n")
                let decoded = SpecDecoder().decode(document)
                let messages = decoded.issues.map { $0.message.replacingOccurrences(of: "[2]", with: ".width")
                    .replacingOccurrences(of: "[3]", with: ".height") }
                return (decoded.screen.elements.first?.frame, messages)
            }
            let (fromList, listMessages) = try decode(list)
            let (fromMap, _) = try decode(map)
            XCTAssertEqual(fromList, fromMap, list)
            XCTAssertEqual(fromList == nil, !listMessages.isEmpty, list)
        }
    }

    // MARK: - Icons

    /// `SpecDecoder.icon`'s reading of a text, as it was before the byte shortcut.
    private func plainIcon(_ text: String) -> Icon? {
        if text.hasPrefix("system:"), text.count > 7 { return .system(String(text.dropFirst(7))) }
        if text.hasPrefix("custom:"), text.count > 7 { return .custom(String(text.dropFirst(7))) }
        return nil
    }

    func testIconsReadFromBytesAreTheIconsOfTheirText() throws {
        var texts = [
            "system:gear", "custom:x", "system:", "custom:", "system:a b", "systemx:gear", "System:gear", "SYSTEM:gear", "system;gear",
            "system:\r\n", "system:\r", "custom:\n", "system:é", "custom:😀", "system:e\u{301}", "system:\u{301}", "sys", "", ":", "system",
            "custom:custom:x", "system:tab.0", " system:gear", "system: gear", "system:\u{0}x", "ｓystem:gear",
        ]
        var generator = Generator(state: 7)
        let pieces = ["system:", "custom:", "a", "\r", "\n", "\u{301}", "é", ":", " ", "x"]
        for _ in 0..<600 {
            texts.append((0..<Int.random(in: 1...4, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined())
        }
        for text in texts {
            let document = try load("icon: \(quoted(text))\n")
            let node = try value(in: document)
            XCTAssertEqual(document.scalar(node), text, "the test's own quoting")
            var reader = NodeReader(document)
            let icon = SpecDecoder.icon(node, "icon", &reader)
            XCTAssertEqual(icon, plainIcon(text), text.debugDescription)
            XCTAssertEqual(reader.issues.isEmpty, plainIcon(text) != nil, text.debugDescription)
            if text.utf8.contains(where: { $0 >= 0x80 }) {
                XCTAssertNil(SpecDecoder.asciiIcon(node, in: document), "non-ASCII takes the text path: \(text.debugDescription)")
            }
        }
        // Plain, not quoted, and through an alias: the same.
        let document = try load("a: &i system:gear\nicon: *i\n")
        let root = try XCTUnwrap(document.root)
        for entry in document.entries(root) {
            var reader = NodeReader(document)
            XCTAssertEqual(SpecDecoder.icon(entry.value, "icon", &reader), .system("gear"))
        }
    }
}

extension DecoderFastPathTests {
    func testItemPathsAreTheInterpolatedPaths() {
        for list in ["", "elements", "elements[3].children", "navigation_bar.items", "tab_bar.tabs", "gestures", "é[1].ü", "a very long path of many segments[12].children[0].children"] {
            for index in [-1, 0, 1, 9, 10, 99, 100, 12_345, Int.max, Int.min] {
                XCTAssertEqual(NodeReader.itemPath(list, index), "\(list)[\(index)]")
            }
        }
    }

    func testScratchBuffersCopyOutWhatWasWritten() {
        let buffer = ScratchBuffer<Int32>(capacity: 1)
        XCTAssertEqual(buffer.makeArray(), [])
        for value in 0..<1000 { buffer.append(Int32(value)) }
        XCTAssertEqual(buffer.makeArray(), (0..<1000).map(Int32.init))
        XCTAssertEqual(buffer.removeLast(), 999)
        XCTAssertEqual(buffer.lastPointer?.pointee, 998)
        buffer.removeAll()
        XCTAssertNil(buffer.lastPointer)
        XCTAssertNil(buffer.removeLast())
        XCTAssertEqual(buffer.makeArray(), [])
    }
}

extension DecoderFastPathTests {
    /// `isNull` looks at a scalar's bytes only for the lengths a null spelling has.
    func testNullIsExactlyThePlainNullSpellings() throws {
        let spellings: Set<String> = ["", "~", "null", "Null", "NULL"]
        var texts = ["", "~", "null", "Null", "NULL", "nULL", "NuLL", "nul", "nulls", "~~", "None", "Nil", "NUll"]
        let letters = ["n", "N", "u", "U", "l", "L", "~", "x"]
        for first in letters {
            for second in letters {
                texts.append(first + second)
                for third in letters { texts.append(first + second + third + "l"); texts.append(first + second + third + "L") }
            }
        }
        for text in texts {
            for (written, plain) in [(text.isEmpty ? "" : text, true), (quoted(text), false), ("!!str \(quoted(text))", false)] {
                let document = try load("value: \(written)\n")
                let node = try value(in: document)
                XCTAssertEqual(document.isNull(node), plain && spellings.contains(text), written)
            }
        }
    }
}
