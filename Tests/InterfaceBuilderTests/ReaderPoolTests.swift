import Dispatch
import Foundation
import HiglintCore
@testable import InterfaceBuilderImporter
import TestSupport
import XCTest

/// A name table kept across documents (`ReaderPool`) reads every document as a fresh table
/// does, in any order, between malformed files and from several threads at once; and a table
/// that grew past the pool's bounds is dropped, not kept.
final class ReaderPoolTests: XCTestCase {
    /// The real IB files of Tests/Fixtures, then hand-written ones with names the filter does
    /// not know, entities, namespaces and text.
    private static let documents: [(name: String, bytes: [UInt8])] = {
        let root = TestFixtures.root
        var found: [(String, [UInt8])] = []
        if let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) {
            for case let url as URL in walker where ["storyboard", "xib"].contains(url.pathExtension) {
                if let data = try? Data(contentsOf: url) { found.append((url.path, Array(data))) }
            }
        }
        found.sort { $0.0 < $1.0 }
        let written = [
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="x" unknownAttribute="1" id="d"><scenes><scene sceneID="s"><objects>
            <view id="v" userLabel="Caf&#233; &amp; bar"><customElement a="1" b="2"/><string key="text">T&lt;x</string>
            </view></objects></scene></scenes></document>
            """,
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE document [<!ENTITY e "x">]>
            <document xmlns:p="urn:p" p:id="1" xml:lang="en" a="&e;"><p:view id="2"/><view id="3" p:key="k"/></document>
            """,
            "<document>\n  <a1 b1=\"1\"/><a2 b2=\"2\"/>\n  <mutableString key=\"text\">multi\nline</mutableString></document>",
        ].enumerated().map { ("written-\($0.offset)", Array($0.element.utf8)) }
        return found + written
    }()

    /// Cut short, with a stray `<`, and bytes that are no XML at all: each ends its parse part
    /// way, after the table has learned some of its names.
    private static let malformed: [(name: String, bytes: [UInt8])] = {
        var cases: [(String, [UInt8])] = []
        for (name, bytes) in documents.prefix(6) {
            for cut in [1, 40, bytes.count / 3, bytes.count / 2, bytes.count - 2] where cut > 0 && cut < bytes.count {
                cases.append(("\(name) cut at \(cut)", Array(bytes[..<cut])))
            }
            let middle = bytes.count / 2
            cases.append(("\(name) with a stray <", Array(bytes[..<middle]) + Array("<".utf8) + Array(bytes[middle...])))
        }
        cases.append(("garbage", (0..<3000).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) }))
        cases.append(("deep", Array(("<document>" + String(repeating: "<view>", count: 300)).utf8)))
        cases.append(("duplicate attribute", Array("<document a=\"1\" a=\"2\"/>".utf8)))
        return cases
    }()

    private static func filter(_ configuration: Int, pool: ReaderPool = ReaderPool()) -> SAXReader.Filter {
        let reader = IBVocabulary.readerFilter
        return configuration == 0
            ? SAXReader.Filter(
                skippedElements: reader.skippedElements, keptAttributes: reader.keptAttributes,
                textElements: reader.textElements, pool: pool)
            : SAXReader.Filter(skippedElements: [], keptAttributes: nil, textElements: ["string", "mutableString"], pool: pool)
    }

    /// Everything a reader of the document can see: each element's name, code, mark, text and
    /// attributes (name, code, value) in document order, or the outcome's message and mark.
    private static func dump(_ outcome: SAXReader.Outcome) -> String {
        switch outcome {
        case .malformed(let message, let mark): return "malformed \(message) \(mark)"
        case .tooDeep(let mark): return "too deep \(mark)"
        case .document(let root):
            var out = ""
            func walk(_ element: XMLElement, _ depth: Int) {
                let document = element.document
                let node = document.nodes[element.index]
                out += "\(depth) \(element.name) \(String(describing: element.code)) \(element.mark) text=\(element.text.debugDescription)"
                for position in node.attributes {
                    let attribute = document.attributes[Int(position)]
                    out += " \(document.names[Int(attribute.name)])/\(String(describing: attribute.code))="
                    out += document.value(at: Int(position)).debugDescription
                }
                out += "\n"
                for child in element.children { walk(child, depth + 1) }
            }
            walk(root, 0)
            return out
        }
    }

    /// The document as a table of its own reads it.
    private static func fresh(_ bytes: [UInt8], _ filter: SAXReader.Filter) -> String {
        dump(SAXReader.parse(bytes, maxDepth: 256, names: NameTable(index: filter.named, unknown: filter.unknownInfo)))
    }

    private func assertPooledEqualsFresh(
        order: [(name: String, bytes: [UInt8])], configuration: Int, file: StaticString = #filePath, line: UInt = #line
    ) {
        let pool = ReaderPool()
        let filter = Self.filter(configuration, pool: pool)
        for (name, bytes) in order {
            let pooled = Self.dump(SAXReader.read(bytes, maxDepth: 256, filter: filter))
            XCTAssertEqual(pooled, Self.fresh(bytes, filter), "\(name), filter \(configuration)", file: file, line: line)
        }
        // One thread, one table: every document after the first reused it.
        XCTAssertEqual(pool.statistics.made, 1, file: file, line: line)
        XCTAssertEqual(pool.statistics.retired, 0, file: file, line: line)
    }

    func testDocumentsReadThroughOnePoolInAnyOrderAreTheDocumentsAFreshTableReads() throws {
        XCTAssertEqual(Self.documents.filter { !$0.name.hasPrefix("written-") }.count, 36, "the 36 real IB files of Tests/Fixtures")
        var generator = SeededGenerator(seed: 11)
        for configuration in 0...1 {
            assertPooledEqualsFresh(order: Self.documents, configuration: configuration)
            assertPooledEqualsFresh(order: Self.documents.reversed(), configuration: configuration)
            for _ in 0..<3 {
                assertPooledEqualsFresh(order: Self.documents.shuffled(using: &generator), configuration: configuration)
            }
        }
    }

    func testMalformedDocumentsBetweenGoodOnesChangeNothingAfterThem() throws {
        XCTAssertEqual(Self.documents.filter { !$0.name.hasPrefix("written-") }.count, 36, "the 36 real IB files of Tests/Fixtures")
        var generator = SeededGenerator(seed: 12)
        for configuration in 0...1 {
            var interleaved: [(name: String, bytes: [UInt8])] = []
            for (index, document) in Self.documents.enumerated() {
                interleaved.append(Self.malformed[index % Self.malformed.count])
                interleaved.append(document)
            }
            interleaved += Self.malformed
            assertPooledEqualsFresh(order: interleaved, configuration: configuration)
            assertPooledEqualsFresh(order: interleaved.shuffled(using: &generator), configuration: configuration)
        }
        // The malformed ones are malformed, through the pool too.
        let filter = Self.filter(0)
        for (name, bytes) in Self.malformed {
            switch SAXReader.read(bytes, maxDepth: 256, filter: filter) {
            case .document: XCTFail("\(name) read as a document")
            case .malformed, .tooDeep: break
            }
        }
    }

    func testThreadsSharingOnePoolReadWhatFreshTablesRead() throws {
        XCTAssertEqual(Self.documents.filter { !$0.name.hasPrefix("written-") }.count, 36, "the 36 real IB files of Tests/Fixtures")
        let all = Self.documents + Self.malformed
        for configuration in 0...1 {
            let pool = ReaderPool()
            let filter = Self.filter(configuration, pool: pool)
            let expected = all.map { Self.fresh($0.bytes, filter) }
            let threads = 6
            let rounds = 3
            // One cell per read, each written by its own thread only: no lock, so ThreadSanitizer
            // sees the pool's lock alone.
            let results = Cells(count: all.count * threads * rounds)
            DispatchQueue.concurrentPerform(iterations: threads) { thread in
                // Each thread walks the documents from its own starting point, so the tables meet
                // them in different orders.
                for round in 0..<rounds {
                    for step in 0..<all.count {
                        let index = (step * (thread + 1) + thread * 7 + round) % all.count
                        let dump = Self.dump(SAXReader.read(all[index].bytes, maxDepth: 256, filter: filter))
                        let cell = (thread * rounds + round) * all.count + step
                        results[cell] = "\(index)\u{0}\(dump)"
                    }
                }
            }
            for cell in results.values {
                guard let cell, let split = cell.firstIndex(of: "\u{0}"), let index = Int(cell[..<split]) else {
                    XCTFail("a read left no result")
                    continue
                }
                XCTAssertEqual(String(cell[cell.index(after: split)...]), expected[index], all[index].name)
            }
            XCTAssertGreaterThanOrEqual(pool.statistics.made, 1)
            XCTAssertLessThanOrEqual(pool.statistics.made, threads)
            XCTAssertEqual(pool.statistics.retired, 0)
        }
    }

    func testATablePastTheNameBoundIsReplaced() {
        let pool = ReaderPool(maxNames: 100, maxNameBytes: 1 << 20)
        let filter = Self.filter(1, pool: pool)
        let small = Array("<document><view id=\"a\"/></document>".utf8)
        let many = Array(("<document>" + (0..<300).map { "<n\($0) a\($0)=\"\($0)\"/>" }.joined() + "</document>").utf8)
        XCTAssertEqual(Self.dump(SAXReader.read(small, maxDepth: 16, filter: filter)), Self.fresh(small, filter))
        XCTAssertEqual(pool.statistics.made, 1)
        XCTAssertEqual(pool.idleTableNames, [3])
        // The idle table learns 600 more names: past the bound, it is dropped after the document.
        XCTAssertEqual(Self.dump(SAXReader.read(many, maxDepth: 16, filter: filter)), Self.fresh(many, filter))
        XCTAssertEqual(pool.statistics.retired, 1)
        XCTAssertEqual(pool.idleTableNames, [])
        // The next read starts a new table, which knows only its own document's names.
        XCTAssertEqual(Self.dump(SAXReader.read(small, maxDepth: 16, filter: filter)), Self.fresh(small, filter))
        XCTAssertEqual(pool.statistics.made, 2)
        XCTAssertEqual(pool.idleTableNames, [3])
        // At the bound exactly a table is kept: 100 names (document, n0..n48, a0..a48).
        let hundred = Array(("<document>" + (0..<49).map { "<n\($0) a\($0)=\"1\"/>" }.joined() + "<x/></document>").utf8)
        let fresh = ReaderPool(maxNames: 100, maxNameBytes: 1 << 20)
        _ = SAXReader.read(hundred, maxDepth: 16, filter: Self.filter(1, pool: fresh))
        XCTAssertEqual(fresh.idleTableNames, [100])
        XCTAssertEqual(fresh.statistics.retired, 0)
        let hundredAndOne = Array(("<document>" + (0..<50).map { "<n\($0) a\($0)=\"1\"/>" }.joined() + "</document>").utf8)
        _ = SAXReader.read(hundredAndOne, maxDepth: 16, filter: Self.filter(1, pool: fresh))
        XCTAssertEqual(fresh.statistics.retired, 1)
        XCTAssertEqual(fresh.idleTableNames, [])
    }

    func testATablePastTheByteBoundIsReplaced() {
        let pool = ReaderPool(maxNames: 4096, maxNameBytes: 1000)
        let filter = Self.filter(1, pool: pool)
        let long = String(repeating: "q", count: 995)
        // "document" (8 bytes) and a 995-byte name: 1,003 bytes, past 1,000.
        let document = Array("<document><\(long)/></document>".utf8)
        XCTAssertEqual(Self.dump(SAXReader.read(document, maxDepth: 16, filter: filter)), Self.fresh(document, filter))
        XCTAssertEqual(pool.statistics.retired, 1)
        XCTAssertEqual(pool.idleTableNames, [])
        let shorter = Array("<document><\(String(repeating: "q", count: 992))/></document>".utf8)
        _ = SAXReader.read(shorter, maxDepth: 16, filter: filter)
        XCTAssertEqual(pool.statistics.retired, 1, "1,000 bytes is at the bound, not past it")
        XCTAssertEqual(pool.idleTableNames, [2])
    }

    /// A table's addresses and document indices are the document's own: one document's names
    /// never answer for the next one's, though libxml2 may hand the next one the same addresses.
    func testANameIsGivenEachDocumentItsOwnIndex() {
        let filter = Self.filter(1)
        let first = Array("<document><alpha beta=\"1\"/></document>".utf8)
        let second = Array("<gamma><beta alpha=\"2\"/><document/></gamma>".utf8)
        for _ in 0..<50 {
            XCTAssertEqual(Self.dump(SAXReader.read(first, maxDepth: 16, filter: filter)), Self.fresh(first, filter))
            XCTAssertEqual(Self.dump(SAXReader.read(second, maxDepth: 16, filter: filter)), Self.fresh(second, filter))
        }
        guard case .document(let root) = SAXReader.read(second, maxDepth: 16, filter: filter) else {
            return XCTFail("not read")
        }
        XCTAssertEqual(root.document.names.sorted(), ["alpha", "beta", "document", "gamma"])
    }
}

/// Results written from several threads, each cell by one thread only, read once they have all
/// joined: `@unchecked Sendable` because the cells, not a lock, keep the writes apart.
private final class Cells: @unchecked Sendable {
    private let storage: UnsafeMutableBufferPointer<String?>

    init(count: Int) {
        storage = .allocate(capacity: count)
        storage.initialize(repeating: nil)
    }

    deinit {
        _ = storage.deinitialize()
        storage.deallocate()
    }

    subscript(cell: Int) -> String? {
        get { storage[cell] }
        set { storage[cell] = newValue }
    }

    var values: [String?] { Array(storage) }
}

/// A small deterministic generator (SplitMix64), so a shuffled order is the same on every run.
private struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
