import HiglintCore
@testable import XcodeAppFacts
import TestSupport
import XCTest

final class OldStylePropertyListTests: XCTestCase {
    private func parse(_ text: String) -> Result<PropertyList, PropertyListError> {
        OldStylePropertyListParser.parse(Array(text.utf8))
    }

    func testReadsDictionariesArraysAndBothKindsOfString() throws {
        let text = """
            // !$*UTF8*$!
            {
            \tarchiveVersion = 1; /* a comment */
            \tlist = (a, "b c", /* between */ d/e.f, );
            \tnested = { "key with = sign" = "value; with ; semicolons"; empty = ""; };
            \tdata = <0fbd 777a>;
            }
            """
        let value = try parse(text).get()
        XCTAssertEqual(value["archiveVersion"], .string("1"))
        XCTAssertEqual(value["list"], .array([.string("a"), .string("b c"), .string("d/e.f")]))
        XCTAssertEqual(value["nested"]?["key with = sign"], .string("value; with ; semicolons"))
        XCTAssertEqual(value["nested"]?["empty"], .string(""))
        XCTAssertEqual(value["data"], .other)
    }

    func testDecodesEscapes() throws {
        let value = try parse(#"{ a = "tab\there \"quoted\" back\\slash\nline \101 \U00e9"; }"#).get()
        XCTAssertEqual(value["a"], .string("tab\there \"quoted\" back\\slash\nline A é"))
    }

    func testAnUnclosedStringIsAnErrorAtItsStart() {
        guard case .failure(let error) = parse("{\n  a = \"never closed;\n}\n") else { return XCTFail("parsed") }
        XCTAssertEqual(error.line, 2)
        XCTAssertEqual(error.column, 7)
    }

    func testReportsMissingSeparatorsAndUnclosedComments() {
        for text in ["{ a = b }", "{ a = b; ", "( a b )", "{ a = b; } trailing", "/* open", "{ = b; }", "<zz>", ""] {
            guard case .failure = parse(text) else { return XCTFail("parsed: \(text)") }
        }
    }

    /// The blank table against the rule it replaced, every byte value; and each blank byte
    /// passed between tokens, in the quick scan's objects and in the exact reader's.
    func testBlanksAreSpaceAndTabThroughReturn() throws {
        for value in 0...255 {
            let byte = UInt8(value)
            XCTAssertEqual(OldStylePropertyListParser.isBlank(byte), byte == 0x20 || (0x09...0x0D).contains(byte), "\(value)")
        }
        for blank in ["\t", "\n", "\u{0B}", "\u{0C}", "\r", " "] {
            let text = "{\(blank)objects\(blank)=\(blank){\(blank)A\(blank)=\(blank){isa\(blank)=\(blank)X;\(blank)k\(blank)=\(blank)(a,\(blank)b);};};\(blank)}"
            let full = try parse(text).get()
            XCTAssertEqual(full["objects"]?["A"]?["k"], .array([.string("a"), .string("b")]))
            let index = try XCTUnwrap(OldStylePropertyListParser.parseIndexingObjects(Array(text.utf8)).get().objects)
            let number = try XCTUnwrap(index.number(of: "A"))
            XCTAssertEqual(index.isaRanges[number].map { String(decoding: Array(text.utf8)[$0], as: UTF8.self) }, "X")
        }
        // Bytes next to the blanks are not blanks: a word stops at them only as the table says.
        for other in ["\u{08}", "\u{0E}", "\u{1F}"] {
            guard case .failure = parse("{ a = b\(other); }") else { return XCTFail("parsed byte \(other.utf8.first ?? 0)") }
        }
    }

    func testNestingIsBounded() {
        let deep = String(repeating: "(", count: 100_000) + String(repeating: ")", count: 100_000)
        guard case .failure(let error) = parse(deep) else { return XCTFail("parsed") }
        XCTAssertTrue(error.message.contains("deeper"), error.message)
        let allowed = String(repeating: "(", count: 64) + String(repeating: ")", count: 64)
        XCTAssertNoThrow(try parse(allowed).get())
    }

    /// Cut and corrupted copies of a real project file: each parses or fails, none crashes or hangs.
    func testDamagedProjectFilesNeverCrash() throws {
        let path = TestFixtures.path("apps/simplenote/Simplenote.xcodeproj/project.pbxproj")
        let original = try FileReader.read(path, maxBytes: 1 << 24).get()
        XCTAssertNoThrow(try OldStylePropertyListParser.parse(original).get())
        var generator = SeededGenerator(seed: 11)
        let specials = Array("{}()=;,\"'/*\\<>".utf8)
        for _ in 0..<20 {
            var bytes = Array(original.prefix(Int.random(in: 0..<original.count, using: &generator)))
            for _ in 0..<Int.random(in: 0..<4, using: &generator) where !bytes.isEmpty {
                bytes[Int.random(in: 0..<bytes.count, using: &generator)] = specials.randomElement(using: &generator) ?? 0
            }
            _ = OldStylePropertyListParser.parse(bytes)
        }
    }

    /// The project reader indexes the `objects` table instead of building it: on the same cut and
    /// corrupted copies it fails where the full parse fails, with the same message at the same
    /// place, and each object it reads back is the one the full parse built.
    func testAnIsaReadInPlaceAnswersAsTheBuiltObjectDoes() throws {
        let text = """
            { objects = {
              a = {isa = PBXGroup; isa = PBXFileReference; };
              b = {"isa" = "PBXFileReference"; path = x; };
              c = {isa = (PBXFileReference); };
              d = {isa = <50>; };
              e = {path = PBXFileReference; };
              f = {isa = PBXFileReferences; };
              g = {isa = PBXFileReference; isa = PBXGroup; };
              h = PBXFileReference;
              i = {isa = PBXGroup; "\\151sa" = PBXFileReference; };
              j = {isa = PBXFileReference; "\\151sa" = PBXGroup; };
              k = {isa = PBXFileReference; path = "this.swift"; /* isa */ };
              l = {isa = PBXGroup; path = x; /* isa = PBXFileReference */ isa = PBXFileReference; };
              m = {isa=PBXFileReference;};
              o = {isa = PBXFile/Reference; };
              p = {isa = PBXFileReference; name = "a\\"b"; };
              q = {isa = PBXFileReference; path = "isa"; };
              r = {isa = PBXFileReference; path = Visa.swift; };
              s = {isa = PBXFileReference ; };
            }; }
            """
        let bytes = Array(text.utf8)
        let full = try XCTUnwrap(OldStylePropertyListParser.parse(bytes).get()["objects"]?.dictionary)
        let ranges = try XCTUnwrap(OldStylePropertyListParser.parseIndexingObjects(bytes).get().objects?.rangesByID)
        var found: [String] = []
        for (id, range) in ranges.sorted(by: { $0.key < $1.key }) {
            let inPlace = OldStylePropertyListParser.object(in: range, of: bytes, has: "isa", equalTo: "PBXFileReference")
            XCTAssertEqual(inPlace, full[id]?["isa"]?.string == "PBXFileReference", id)
            if inPlace { found.append(id) }
        }
        // `i` and `j` spell the key with an escape (`\151` is `i`): the later entry wins.
        XCTAssertEqual(found, ["a", "b", "i", "k", "l", "m", "p", "q", "r", "s"])
    }

    func testIndexingTheObjectsFindsWhatTheFullParseFinds() throws {
        let path = TestFixtures.path("apps/simplenote/Simplenote.xcodeproj/project.pbxproj")
        let original = try FileReader.read(path, maxBytes: 1 << 24).get()
        let full = try OldStylePropertyListParser.parse(original).get()
        let indexed = try OldStylePropertyListParser.parseIndexingObjects(original).get()
        let objects = try XCTUnwrap(full["objects"]?.dictionary)
        let ranges = try XCTUnwrap(indexed.objects?.rangesByID)
        XCTAssertEqual(Set(ranges.keys), Set(objects.keys))
        for (id, range) in ranges {
            let read = OldStylePropertyListParser.object(in: range, of: original)
            XCTAssertEqual(read, objects[id], id)
            XCTAssertEqual(
                OldStylePropertyListParser.object(in: range, of: original, keeping: ["isa", "path"])?.dictionary,
                objects[id]?.dictionary?.filter { $0.key == "isa" || $0.key == "path" }, id)
            for kind: StaticString in ["PBXFileReference", "PBXGroup", "PBXResourcesBuildPhase", "PBXProject"] {
                XCTAssertEqual(
                    OldStylePropertyListParser.object(in: range, of: original, has: "isa", equalTo: kind),
                    objects[id]?["isa"]?.string == kind.description, "\(id) \(kind)")
            }
        }
        var generator = SeededGenerator(seed: 12)
        let specials = Array("{}()=;,\"'/*\\<>".utf8)
        for _ in 0..<40 {
            var bytes = Array(original.prefix(Int.random(in: 0..<original.count, using: &generator)))
            for _ in 0..<Int.random(in: 0..<4, using: &generator) where !bytes.isEmpty {
                bytes[Int.random(in: 0..<bytes.count, using: &generator)] = specials.randomElement(using: &generator) ?? 0
            }
            switch (OldStylePropertyListParser.parse(bytes), OldStylePropertyListParser.parseIndexingObjects(bytes)) {
            case (.failure(let expected), .failure(let found)): XCTAssertEqual(found, expected)
            case (.success, .success): break
            case (let expected, let found): XCTFail("full parse \(expected), indexing \(found)")
            }
        }
    }

    /// The four-bytes-a-round word end against a byte at a time, from every start of buffers of
    /// every length up to 40 (so each of the four places of the round and the tail end a word).
    func testABareWordEndsWhereTheByteAtATimeLoopEndsIt() {
        var generator = SeededGenerator(seed: 13)
        let bytes: [UInt8] = Array("aZ09_$+/:.-@~".utf8) + [0x80, 0xC3, 0xFF] + Array(" \t\n;=\"'(){},<>*\\".utf8) + [0, 0x7F]
        for length in 0...40 {
            for _ in 0..<25 {
                let buffer = (0..<length).map { _ in
                    // Mostly bare, so words run past a round.
                    Bool.random(using: &generator) || Bool.random(using: &generator)
                        ? bytes[Int.random(in: 0..<16, using: &generator)] : bytes.randomElement(using: &generator) ?? 0
                }
                buffer.withUnsafeBufferPointer { pointer in
                    for start in 0...length {
                        var plain = start
                        while plain < length, OldStylePropertyListParser.isBare(buffer[plain]) { plain += 1 }
                        XCTAssertEqual(OldStylePropertyListParser.bareEnd(pointer, from: start), plain, "\(buffer) from \(start)")
                    }
                }
            }
        }
    }

    /// The quick pass over an entry of the objects table against the full parse: entries with
    /// every step written another way (quoted and non-ASCII ids, comments and odd blanks around
    /// `=` and `;`, values that are not dictionaries, a repeated id), and every prefix of the
    /// text, each either read as the full parse reads it or failing with the same error.
    func testAnEntryOfTheObjectsTableIsReadAsTheFullParseReadsIt() throws {
        let text = """
            { objects = {
            \t\tAAAA0001 /* name */ = {isa = PBXGroup; children = (B, C); };
            \t\t"AAAA0002" = {isa = PBXFileReference; };
            \t\t'A\\AAA3' = {isa = X; };
            \t\tÉAAA0004 = {isa = Y; };
            \t\tAAAA0005 /* c */=/* d */{isa = Z;} /* e */;
            \t\tAAAA0006 // line
            \t\t= {isa = W; } // line
            \t\t;
            \t\tAAAA0007\u{0B}=\u{0C}{isa\r=\rV;}\t;
            \t\tAAAA0008 = plain;
            \t\tAAAA0009 = (a, b);
            \t\tAAAA0010 = "quoted";
            \t\tAAAA0011 = <0a0b>;
            \t\tAAAA0012 = {isa = "Q"; name = "a\\"b"; };
            \t\tAAAA0001 = {isa = PBXVariantGroup; };
            \t\tAAAA0013 = {isa = U; };
            }; rootObject = AAAA0001; }
            """
        let bytes = Array(text.utf8)
        func assertAgrees(_ bytes: [UInt8], _ context: String) throws {
            switch (OldStylePropertyListParser.parse(bytes), OldStylePropertyListParser.parseIndexingObjects(bytes)) {
            case (.failure(let expected), .failure(let found)):
                XCTAssertEqual(found, expected, context)
            case (.success(let full), .success(let indexed)):
                guard let objects = full["objects"]?.dictionary else {
                    XCTAssertNil(indexed.objects.flatMap { $0.count > 0 ? $0 : nil }, context)
                    return
                }
                let index = try XCTUnwrap(indexed.objects, context)
                let ranges = index.rangesByID
                XCTAssertEqual(Set(ranges.keys), Set(objects.keys), context)
                for (id, range) in ranges {
                    XCTAssertEqual(OldStylePropertyListParser.object(in: range, of: bytes), objects[id], "\(context) \(id)")
                    let number = try XCTUnwrap(index.number(of: id), context)
                    if let isa = index.isaRanges[number] {
                        XCTAssertEqual(.string(String(decoding: bytes[isa], as: UTF8.self)), objects[id]?["isa"], "\(context) \(id)")
                    }
                }
            case (let expected, let found):
                XCTFail("\(context): full parse \(expected), indexing \(found)")
            }
        }
        try assertAgrees(bytes, "whole")
        let indexed = try XCTUnwrap(OldStylePropertyListParser.parseIndexingObjects(bytes).get().objects)
        XCTAssertEqual(indexed.count, 13)
        for count in 0..<bytes.count { try assertAgrees(Array(bytes.prefix(count)), "prefix \(count)") }
        // Each byte of the table changed into one that breaks an entry somewhere.
        for position in stride(from: 14, to: bytes.count - 30, by: 3) {
            for replacement in Array(";={}\"".utf8) {
                var changed = bytes
                changed[position] = replacement
                try assertAgrees(changed, "\(replacement) at \(position)")
            }
        }
    }

    /// The quick scan's one step over ` = ` against the exact reading, where what follows the
    /// ` = ` is a word, a blank, a comment, a path starting with `/`, or nothing.
    func testTheQuickScanOfEqualsSignsEndsWhereTheExactReadingDoes() throws {
        let values = ["x", " x", "\tx", "/*c*/x", "//c\nx", "/abs/x", "\"q\"", "(a, b)", "{k = v;}", "", "/*", "/"]
        for value in values {
            let text = "{ objects = { A = {isa = PBXGroup; k = \(value); }; B = {k = \(value);}; }; }"
            let bytes = Array(text.utf8)
            switch (OldStylePropertyListParser.parse(bytes), OldStylePropertyListParser.parseIndexingObjects(bytes)) {
            case (.success(let full), .success(let indexed)):
                let objects = try XCTUnwrap(full["objects"]?.dictionary, value)
                let index = try XCTUnwrap(indexed.objects, value)
                XCTAssertEqual(Set(index.rangesByID.keys), Set(objects.keys), value)
                for (id, object) in objects {
                    let number = try XCTUnwrap(index.number(of: id), value)
                    XCTAssertEqual(OldStylePropertyListParser.object(in: index.ranges[number], of: bytes), object, value)
                }
            case (.failure(let full), .failure(let indexed)):
                XCTAssertEqual(full, indexed, value)
            default:
                XCTFail("the indexing and the full parse disagree on \(value)")
            }
        }
    }

    /// Every length to past two words, with one byte of 0x80 or above at each place.
    func testIsASCIIReadsEveryByte() {
        for count in 0...19 {
            var bytes = [UInt8](repeating: UInt8(ascii: "A"), count: count)
            bytes.withUnsafeBufferPointer { XCTAssertTrue(OldStylePropertyListParser.isASCII($0), "\(count)") }
            for place in 0..<count {
                bytes[place] = 0xC3
                bytes.withUnsafeBufferPointer { XCTAssertFalse(OldStylePropertyListParser.isASCII($0), "\(count) \(place)") }
                bytes[place] = UInt8(ascii: "A")
            }
        }
    }
}

final class XMLPropertyListTests: XCTestCase {
    private func parse(_ text: String) -> Result<PropertyList, XMLPropertyListReader.Failure> {
        XMLPropertyListReader.parse(Array(text.utf8))
    }

    private static let header = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">

        """

    func testReadsEveryKindOfValue() throws {
        let value = try parse(Self.header + """
            <plist version="1.0"><dict>
              <key>Name</key><string>Notes &amp; more</string>
              <key>List</key><array><string>a</string><integer>3</integer><real>1.5</real></array>
              <key>Yes</key><true/><key>No</key><false/>
              <key>Empty</key><dict/>
              <key>When</key><date>2020-01-01T00:00:00Z</date><key>Blob</key><data>AAAA</data>
            </dict></plist>
            """).get()
        XCTAssertEqual(value["Name"], .string("Notes & more"))
        XCTAssertEqual(value["List"], .array([.string("a"), .number("3"), .number("1.5")]))
        XCTAssertEqual(value["Yes"], .bool(true))
        XCTAssertEqual(value["No"], .bool(false))
        XCTAssertEqual(value["Empty"], .dictionary([:]))
        XCTAssertEqual(value["When"], .other)
        XCTAssertEqual(value["Blob"], .other)
    }

    func testABinaryPlistIsNotRead() {
        XCTAssertEqual(XMLPropertyListReader.parse(Array("bplist00\u{0}\u{1}".utf8)).problem, .binary)
    }

    func testMalformedXMLIsAnErrorWithItsLine() {
        guard case .malformed(let error) = parse("<plist>\n<dict>\n<key>a</key>\n</plist>\n").problem else {
            return XCTFail("parsed")
        }
        XCTAssertEqual(error.line, 4)
        XCTAssertGreaterThan(error.column, 0)
    }

    func testEntitiesAreNeverExpanded() {
        // The "billion laughs": expanded, this would be gigabytes of text.
        var entities = "<!ENTITY l0 \"ha\">"
        for level in 1...9 {
            entities += "<!ENTITY l\(level) \"" + String(repeating: "&l\(level - 1);", count: 10) + "\">"
        }
        let text = "<?xml version=\"1.0\"?><!DOCTYPE plist [\(entities)<!ENTITY file SYSTEM \"file:///etc/hostname\">]>"
            + "<plist><dict><key>A</key><string>&l9;</string><key>B</key><string>&file;</string></dict></plist>"
        switch parse(text) {
        case .success(let value):
            XCTAssertLessThan(value["A"]?.string?.count ?? 0, 100)
            XCTAssertEqual(value["B"]?.string ?? "", "")
        case .failure:
            break  // refusing the document is as safe as not expanding it
        }
    }

    func testNestingIsBounded() {
        let deep = "<plist>" + String(repeating: "<array>", count: 200) + String(repeating: "</array>", count: 200) + "</plist>"
        guard case .malformed(let error) = parse(deep).problem else { return XCTFail("parsed") }
        XCTAssertTrue(error.message.contains("deeper"), error.message)
    }

    /// Cut and corrupted copies of a real Info.plist: each parses or fails, none crashes.
    func testDamagedPlistsNeverCrash() throws {
        let path = TestFixtures.path("apps/simplenote/Simplenote/Supporting Files/Simplenote-Info.plist")
        let original = try FileReader.read(path, maxBytes: 1 << 20).get()
        XCTAssertNotNil(XMLPropertyListReader.parse(original).value?["UISupportedInterfaceOrientations"])
        var generator = SeededGenerator(seed: 12)
        let specials = Array("<>/&;\"'=![]".utf8) + [0, 0xFF, 0xC3]
        for _ in 0..<200 {
            var bytes = Array(original.prefix(Int.random(in: 0..<original.count, using: &generator)))
            for _ in 0..<Int.random(in: 0..<4, using: &generator) where !bytes.isEmpty {
                bytes[Int.random(in: 0..<bytes.count, using: &generator)] = specials.randomElement(using: &generator) ?? 0
            }
            _ = XMLPropertyListReader.parse(bytes)
        }
    }

    func testAValueWithoutItsKeyIsAnError() {
        XCTAssertNotNil(parse("<plist><dict><string>orphan</string></dict></plist>").problem)
        XCTAssertNotNil(parse("<plist><dict><key>a</key><string>x</string><string>orphan</string></dict></plist>").problem)
        XCTAssertNotNil(parse("<plist><array><key>a</key></array></plist>").problem)
        XCTAssertNotNil(parse("<plist><key>a</key></plist>").problem)
    }

    /// Containers nested in containers, each filled after its children close, keys repeated
    /// (the last value kept): written from values made at random, read back as the same values.
    func testNestedContainersReadBackAsWritten() throws {
        var state: UInt64 = 7
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        func make(_ depth: Int) -> (text: String, value: PropertyList) {
            switch depth > 3 ? next(3) : next(6) {
            case 0: let word = "w\(next(50))"; return ("<string>\(word)</string>", .string(word))
            case 1: let number = "\(next(1000))"; return ("<integer>\(number)</integer>", .number(number))
            case 2: return next(2) == 0 ? ("<true/>", .bool(true)) : ("<false/>", .bool(false))
            case 3, 4:
                var text = "<dict>"
                var entries: [String: PropertyList] = [:]
                for _ in 0..<next(12) {
                    let key = "k\(next(8))"
                    let (itemText, item) = make(depth + 1)
                    text += "<key>\(key)</key>" + itemText
                    entries[key] = item
                }
                return (text + "</dict>", .dictionary(entries))
            default:
                var text = "<array>"
                var items: [PropertyList] = []
                for _ in 0..<next(8) {
                    let (itemText, item) = make(depth + 1)
                    text += itemText
                    items.append(item)
                }
                return (text + "</array>", .array(items))
            }
        }
        for _ in 0..<200 {
            let (text, value) = make(0)
            XCTAssertEqual(try parse(Self.header + "<plist version=\"1.0\">" + text + "</plist>").get(), value, text)
        }
    }
}

extension Result {
    var problem: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }

    var value: Success? { try? get() }
}
