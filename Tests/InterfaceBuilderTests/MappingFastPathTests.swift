import Dispatch
import Foundation
import HiglintCore
@testable import InterfaceBuilderImporter
import XCTest

/// The mapping's fast paths give what the plain code gives: element paths as interpolation
/// writes them, and notes written on demand as they were written up front, for every element.
final class MappingFastPathTests: XCTestCase {
    func testAPathIsWrittenAsInterpolationWritesIt() {
        let bases = ["elements", "elements[3].children[12]", "", "navigation_bar.items", "é日本.children[0]"]
        let indices = [0, 1, 9, 10, 11, 99, 100, 999, 1_000, 123_456, Int.max / 10, Int.max]
        for base in bases {
            for index in indices {
                XCTAssertEqual(ViewMapper.path(base, nested: false, index: index), "\(base)[\(index)]")
                XCTAssertEqual(ViewMapper.path(base, nested: true, index: index), "\(base).children[\(index)]")
            }
        }
    }

    /// A screen of `count` buttons (every fifth sharing the id `dup`), with titles, user
    /// labels, custom classes and ids that need escaping, so each part of a note is written.
    private func storyboard(buttons count: Int) -> String {
        var subviews = ""
        for index in 0..<count {
            let id = index % 5 == 4 ? "dup" : (index % 7 == 3 ? "b\(index)&#9;é" : "b\(index)")
            var attributes = ""
            if index % 3 == 0 { attributes += " userLabel=\"Label \(index)\"" }
            if index % 4 == 1 { attributes += " customClass=\"Custom\(index)\"" }
            let inner = index % 2 == 0 ? "<state key=\"normal\" title=\"Save \(index) “now”\"/>" : ""
            subviews += IB.button(id, Double(index), 10, 44, 44, attributes: attributes, inner: inner) + "\n"
        }
        return IB.storyboard(IB.scene(IB.controller(subviews: subviews)))
    }

    /// The notes as the mapper wrote them before they were written on demand: one per button,
    /// in document order, a later one for an id replacing an earlier one.
    private func eagerNotes(_ text: String) throws -> [String: String] {
        guard case .document(let root) = SAXReader.read(Array(text.utf8), maxDepth: 256, filter: IBVocabulary.readerFilter)
        else { throw NotRead() }
        var notes: [String: String] = [:]
        func walk(_ element: XMLElement) {
            if element.name == "button", let id = element[.id] {
                notes[id] = ViewMapper.note(for: element, label: ViewMapper.label(of: element), scene: "Main")
            }
            for child in element.children { walk(child) }
        }
        walk(root)
        return notes
    }

    func testNotesWrittenOnDemandAreTheNotesWrittenUpFront() throws {
        // Both sides of the count up to which the records are searched rather than indexed.
        for count in [3, NoteRecords.searchedCount, NoteRecords.searchedCount + 1, 120] {
            let text = storyboard(buttons: count)
            let expected = try eagerNotes(text)
            // One note an id: the buttons but the every-fifth ones, which share one.
            XCTAssertEqual(expected.count, count - count / 5 + (count >= 5 ? 1 : 0), "\(count)")
            let screens = IB.screens(text)
            XCTAssertEqual(screens.count, 1)
            let notes = try XCTUnwrap(screens.first?.elementNotes)
            for (id, note) in expected {
                XCTAssertEqual(notes[id], note, "\(count) buttons, \(id)")
            }
            XCTAssertNil(notes["nowhere"])
            XCTAssertNil(notes["elements[0]"])
            // The element names findings use are the notes' keys.
            for element in try XCTUnwrap(screens.first?.screen.allElements) {
                XCTAssertEqual(notes[element.name], expected[element.name])
            }
        }
    }

    func testNotesAreTheSameAskedFromManyThreadsAtOnce() throws {
        let text = storyboard(buttons: 120)
        let expected = try eagerNotes(text)
        let notes = try XCTUnwrap(IB.screens(text).first?.elementNotes)
        let ids = expected.keys.sorted()
        let mismatches = Mismatches()
        DispatchQueue.concurrentPerform(iterations: 8) { round in
            for id in ids.shuffled() where notes[id] != expected[id] { mismatches.add("\(round): \(id)") }
        }
        XCTAssertEqual(mismatches.all, [])
    }

    /// A file's base name read by bytes for ASCII paths, as the character-by-character split gives it.
    func testBaseNameByBytesIsTheSplitByCharacters() {
        func plain(_ path: String) -> String {
            var name = Substring(path.split(separator: "/").last ?? Substring(path))
            if let dot = name.lastIndex(of: "."), dot != name.startIndex { name = name[..<dot] }
            return String(name)
        }
        let paths = ["", "/", "a", "a.xib", ".xib", "a.b.storyboard", "dir/Main.storyboard", "/abs/x/.hidden", "dir/",
                     "dir//a.xib", "a/b/", "x.", "x/.", "./a.xib", "../b", "é/Main.storyboard", "dir/Écran.xib", "a.b/c"]
        for path in paths {
            XCTAssertEqual(InterfaceBuilderImporter.baseName(of: path), plain(path), path)
        }
    }
}

private struct NotRead: Error {}

private final class Mismatches: @unchecked Sendable {
    private let lock = NSLock()
    private var found: [String] = []

    func add(_ mismatch: String) {
        lock.lock()
        found.append(mismatch)
        lock.unlock()
    }

    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return found
    }
}

/// The reader's fast paths give what the plain loops give.
final class ReaderFastPathTests: XCTestCase {
    func testCharactersAreCountedAsTheByteLoopCountsThem() {
        var generator = SystemRandomNumberGenerator()
        let samples: [[UInt8]] = [
            [], Array("    <button".utf8), Array("\t\t<é日本 x=\"🎉\">".utf8), Array(repeating: 0x80, count: 17),
            Array(repeating: 0xBF, count: 9), Array(repeating: 0xC0, count: 23), Array(0...255),
        ] + (0..<200).map { _ in (0..<Int.random(in: 0...40, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) } }
        for bytes in samples {
            bytes.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                for start in 0...min(buffer.count, 9) {
                    for end in start...buffer.count {
                        let plain = buffer[start..<end].filter { $0 & 0xC0 != 0x80 }.count
                        XCTAssertEqual(SAXReader.characterCount(base, from: start, to: end), plain, "\(bytes) \(start)..<\(end)")
                    }
                }
            }
        }
    }

    func testValueBytesKeepEveryRunAcrossGrowth() {
        let store = ValueBytes(capacity: 1)
        var expected: [UInt8] = []
        for index in 0..<2_000 {
            let run = Array("v\(index)-\(String(repeating: "x", count: index % 70))".utf8)
            run.withUnsafeBufferPointer { store.append($0) }
            expected += run
            if index % 97 == 0 { [UInt8]().withUnsafeBufferPointer { store.append($0) } }
        }
        XCTAssertEqual(store.count, expected.count)
        XCTAssertEqual(store.withUnsafeBufferPointer { Array($0) }, expected)
    }

    func testElementCodesAreTheirNames() throws {
        var text = "<document>"
        for name in IBElement.allCases { text += "<\(name.rawValue) id=\"\(name.rawValue)\"/>" }
        text += "<views/><subview/><Subviews/><rectangle/></document>"
        for filter in [SAXReader.Filter.everything, IBVocabulary.readerFilter] {
            guard case .document(let root) = SAXReader.read(Array(text.utf8), maxDepth: 16, filter: filter) else {
                return XCTFail("not read")
            }
            XCTAssertEqual(root.code, .document)
            for child in root.children {
                XCTAssertEqual(child.code, IBElement(rawValue: child.name), child.name)
                for name in IBElement.allCases { XCTAssertEqual(child.isNamed(name), child.name == name.rawValue) }
            }
            XCTAssertEqual(Array(root.children).count, IBElement.allCases.count + 4)
        }
    }
}

/// `sameValue` answers as comparing the two values as strings does.
final class SameValueTests: XCTestCase {
    func testSameValueIsStringEquality() throws {
        let values: [String?] = [nil, "", "a", "abc-12-xyz", "abc-12-xy", "\u{e9}", "e\u{301}", "日本", "&amp;", "a&amp;b"]
        func attribute(_ name: String, _ value: String?) -> String { value.map { " \(name)=\"\($0)\"" } ?? "" }
        for first in values {
            for id in values {
                let text = "<view\(attribute("id", id))><constraints><constraint\(attribute("firstItem", first))/></constraints></view>"
                guard case .document(let view) = SAXReader.read(Array(text.utf8), maxDepth: 8, filter: IBVocabulary.readerFilter)
                else { return XCTFail("not read: \(text)") }
                let constraint = try XCTUnwrap(view.child(.constraints)?.children.first { _ in true })
                XCTAssertEqual(
                    constraint.sameValue(.firstItem, as: .id, of: view), constraint[.firstItem] == view[.id], text)
            }
        }
    }
}

/// Start tags' marks, worked out when they are read from where libxml2 was, are where the
/// tags' `<` are: found here by reading the text itself, for tags on lines of their own, many
/// to a line, tags spanning lines, values holding newlines, and non-ASCII before a tag.
final class StartTagMarkTests: XCTestCase {
    /// The line, column (characters) and offset of every start tag's `<`, in document order.
    private func startTags(_ bytes: [UInt8]) -> [Mark] {
        var marks: [Mark] = []
        var line = 1
        var lineStart = 0
        var inTag = false
        for (offset, byte) in bytes.enumerated() {
            if byte == UInt8(ascii: "\n") {
                line += 1
                lineStart = offset + 1
            } else if byte == UInt8(ascii: "<"), offset + 1 < bytes.count, !inTag {
                let next = bytes[offset + 1]
                if next != UInt8(ascii: "/"), next != UInt8(ascii: "?"), next != UInt8(ascii: "!") {
                    let characters = bytes[lineStart..<offset].filter { $0 & 0xC0 != 0x80 }.count
                    marks.append(Mark(line: line, column: 1 + characters, offset: offset))
                }
                inTag = true
            }
            if byte == UInt8(ascii: ">") { inTag = false }
        }
        return marks
    }

    private func assertMarks(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
        let bytes = Array(text.utf8)
        guard case .document(let root) = SAXReader.read(bytes, maxDepth: 64) else {
            return XCTFail("not read: \(text)", file: file, line: line)
        }
        let marks = (0..<root.document.nodes.count).map { root.document.mark(of: $0) }
        XCTAssertEqual(marks, startTags(bytes), text, file: file, line: line)
    }

    func testMarksAreWhereTheTagsBegin() {
        assertMarks("<a/>")
        assertMarks("<a><b/><c/></a>")
        assertMarks("<?xml version=\"1.0\"?>\n<a>\n    <b x=\"1\"/>\n    <c y=\"2\"><d/></c>\n</a>\n")
        assertMarks("<a>\n  <b\n     x=\"1\"\n     y=\"2\"/>\n  <c/><d\nz=\"3\"/>\n</a>")
        assertMarks("<a>\n<b v=\"line one\nline two\" w=\"é\"/>\n</a>")
        assertMarks("<a>\n  <!-- é日本 <comment> -->\n  <b/>\n\u{e9}\u{e9}<c t=\"日本語のテキスト\"/>é<d/>\n</a>")
        assertMarks("<a>\n" + String(repeating: " ", count: 37) + "<b" + String(repeating: " k=\"v\"", count: 1)
            + String(repeating: " attribute\(0)=\"a long value with spaces\"", count: 1) + "/></a>")
        assertMarks("<a>\n" + "<b x=\"&amp;&#38;&lt;\"/>" + "\n\n\n" + "\t\t<c/>\n</a>")
    }

    /// Random layouts: tags of many lengths, indentation of spaces,
    /// tabs and non-ASCII text, and newlines inside tags and values.
    func testMarksOfRandomLayouts() {
        var generator = SystemRandomNumberGenerator()
        let pieces = [" ", "  ", "\t", "\n", "é", "日", "x", "\n    "]
        func filler(_ maximum: Int) -> String {
            (0..<Int.random(in: 0...maximum, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? " " }
                .joined()
        }
        for _ in 0..<200 {
            var text = "<root>"
            for index in 0..<Int.random(in: 1...12, using: &generator) {
                let gap = filler(6).replacingOccurrences(of: "x", with: "")
                var attributes = ""
                for attribute in 0..<Int.random(in: 0...4, using: &generator) {
                    let value = filler(20).replacingOccurrences(of: "\t", with: "&#9;")
                    attributes += (Bool.random(using: &generator) ? "\n" : " ") + "a\(attribute)=\"\(value)\""
                }
                text += "\(gap)<e\(index)\(attributes)" + (Bool.random(using: &generator) ? "/>" : "><f/></e\(index)>")
            }
            text += filler(3).replacingOccurrences(of: "x", with: "") + "</root>\n"
            assertMarks(text)
        }
    }
}

/// A view's kind found by its element code is the kind its name has in `viewKinds`.
final class ViewKindByCodeTests: XCTestCase {
    func testEveryCodeIsItsPlaceAmongTheCases() {
        XCTAssertEqual(MemoryLayout<IBElement>.size, 1)
        for (index, code) in IBElement.allCases.enumerated() { XCTAssertEqual(code.ordinal, index, code.rawValue) }
    }

    func testAViewsKindByCodeIsItsKindByName() throws {
        for (name, kind) in IBVocabulary.viewKinds {
            let code = try XCTUnwrap(IBElement(rawValue: name), "\(name) has no code")
            let byCode = try XCTUnwrap(IBVocabulary.viewKind(of: code), name)
            XCTAssertEqual(byCode.type, kind.type, name)
            XCTAssertEqual(byCode.isBar, kind.isBar, name)
            XCTAssertEqual(byCode.isSystemSized, kind.isSystemSized, name)
        }
        for code in IBElement.allCases where IBVocabulary.viewKinds[code.rawValue] == nil {
            XCTAssertNil(IBVocabulary.viewKind(of: code), code.rawValue)
        }
        XCTAssertNil(IBVocabulary.viewKind(of: nil))
    }

    /// Through the reader: a view read from a file gets the kind its name has.
    func testAViewReadFromAFileGetsItsKind() throws {
        let names = IBVocabulary.viewKinds.keys.sorted() + ["customThing", "rect", "constraint"]
        let text = "<document>" + names.map { "<\($0)/>" }.joined() + "</document>"
        guard case .document(let root) = SAXReader.read(Array(text.utf8), maxDepth: 8, filter: IBVocabulary.readerFilter)
        else { return XCTFail("not read") }
        let children = Array(root.children)
        XCTAssertEqual(children.count, names.count)
        for child in children {
            XCTAssertEqual(IBVocabulary.viewKind(of: child.code)?.type, IBVocabulary.viewKinds[child.name]?.type, child.name)
            XCTAssertEqual(IBVocabulary.viewKind(of: child.code) == nil, IBVocabulary.viewKinds[child.name] == nil, child.name)
        }
    }
}

/// A value read as a number by the plain-decimal path is the number `Double(_:)` reads, bit
/// for bit, and what neither reads is nil for both.
final class NumberTests: XCTestCase {
    func testNumbersAreWhatDoubleReads() {
        var generator = SystemRandomNumberGenerator()
        var values = [
            "", "-", ".", "5.", "-.5", ".5", "0", "-0", "-0.0", "0.0", "414", "20.333333333333332", "123456789012345",
            "1234567890123456", "-999999999999999", "99999999999999.9", "0.000000000000001", "1.0000000000000001",
            "1e3", "inf", "nan", "0x1p3", "+5", "1.5.5", "12a", " 5", "--5", "-", "00012.50", "&#53;",
        ]
        let alphabet = Array("0123456789.-e+")
        for _ in 0..<3_000 {
            let count = Int.random(in: 1...19, using: &generator)
            values.append(String((0..<count).map { _ in alphabet.randomElement(using: &generator) ?? "0" }))
        }
        for value in values {
            let text = "<rect x=\"\(value)\"/>"
            guard case .document(let rect) = SAXReader.read(Array(text.utf8), maxDepth: 4, filter: IBVocabulary.readerFilter)
            else {
                XCTFail("not read: \(text)")
                continue
            }
            let decoded = rect[.x] ?? ""
            let expected = Double(decoded).flatMap { $0.isFinite ? $0 : nil }
            XCTAssertEqual(rect.number(.x)?.bitPattern, expected?.bitPattern, value)
        }
    }
}

/// `attribute(_:contains:)` answers as `containsText` on the value's string does.
final class AttributeContainsTests: XCTestCase {
    func testContainsIsContainsTextOfTheValue() {
        let values: [String?] = [
            nil, "", "Storyboard", "com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB", "com.apple.InterfaceBuilder3.CocoaTouch.XIB",
            "Storyboar", "storyboard", "xStoryboardx", "StoryboardStoryboard", "Story\u{e9}board", "\u{e9}Storyboard", "Storyboard\u{301}",
            "&amp;Storyboard", "Story&#98;oard",
        ]
        for value in values {
            let text = "<document" + (value.map { " type=\"\($0)\"" } ?? "") + "/>"
            guard case .document(let root) = SAXReader.read(Array(text.utf8), maxDepth: 4, filter: IBVocabulary.readerFilter)
            else {
                XCTFail("not read: \(text)")
                continue
            }
            XCTAssertEqual(
                root.attribute(.type, contains: "Storyboard"), root[.type]?.containsText("Storyboard") ?? false, text)
        }
    }
}
