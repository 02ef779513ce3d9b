import HiglintCore
import SwiftUIImporter
import TestSupport
import XCTest

/// Source that does not parse, files that draw no SwiftUI, suppression comments, and bytes
/// of every kind: one finding for a parse error, never a crash.
final class SwiftUIRobustnessTests: XCTestCase {
    func testAFileThatDoesNotParseGetsOneFindingAtItsPositionAndTheRestIsReviewed() {
        let source = """
            import SwiftUI

            struct Home: View {
                var body: some View {
                    VStack {
                        Text("Terms").font(.system(size: 9))
                        Text("Broken"
                        Text("After").font(.system(size: 8))
                    }
                }
            }
            """
        let result = SwiftUISource.review(source)
        let syntax = result.findings.filter { $0.rule == "swiftui.syntax" }
        XCTAssertEqual(syntax.count, 1)
        // swift-syntax takes the next line as more arguments of the unclosed call, and says so where they start.
        XCTAssertEqual(syntax.first.map { "\($0.line):\($0.column)" }, "8:13")
        XCTAssertEqual(syntax.first?.severity, .error)
        XCTAssertTrue(syntax.first?.message.hasPrefix("does not parse as Swift: ") ?? false, syntax.first?.message ?? "")
        XCTAssertEqual(result.findings.filter { $0.rule == "text.min-size" }.map(\.line), [6])
    }

    func testASwiftFileWithoutSwiftUIIsNotAnErrorAndHasNoScreens() {
        let result = SwiftUISource.review("import Foundation\n\nstruct Model { var size = 9 }\n")
        XCTAssertEqual(result.findings.count, 0)
        XCTAssertEqual(result.screenCount, 0)
        XCTAssertNil(result.readProblem)
    }

    func testAByteOrderMarkIsNoColumnAndCRLFEndsLines() {
        let source = "\u{FEFF}import SwiftUI\r\nstruct Home: View {\r\n    var body: some View { Text(\"é\").font(.system(size: 9)) }\r\n}\r\n"
        let small = SwiftUISource.review(source).findings.filter { $0.rule == "text.min-size" }
        XCTAssertEqual(small.map { "\($0.line):\($0.column)" }, ["3:36"], "columns count characters, not bytes")
    }

    func testIgnoreCommentsOnTheLineTheLineAboveAndTheFile() {
        let source = """
            import SwiftUI
            // higlint:ignore-file text.fixed-size

            struct Home: View {
                var body: some View {
                    VStack {
                        Text("a").font(.system(size: 9)) // higlint:ignore text.min-size
                        // higlint:ignore text -- the legal text is set by the store
                        Text("b").font(.system(size: 9))
                        Text("c").font(.system(size: 9))
                        // higlint:ignored text.min-size
                        Text("d").font(.system(size: 9))
                    }
                }
            }
            """
        let found = SwiftUISource.review(source).findings
        XCTAssertEqual(found.map(\.rule), ["text.min-size", "text.min-size"])
        XCTAssertEqual(found.map(\.line), [10, 12])
    }

    func testRandomBytesAndTruncationsNeverCrash() {
        var random = SeededGenerator(seed: 39)
        let source = Array(SwiftUISource.view("""
                    NavigationStack {
                        TabView {
                            Text("a").font(.system(size: 9)).tabItem { Label("A", systemImage: "a") }
                            Button { } label: { Image(systemName: "x").frame(width: 30, height: 30).padding(4) }
                                #if os(iOS)
                                .padding([.top, .leading], 2)
                                #endif
                        }
                        .toolbar { ToolbarItem(placement: .bottomBar) { Menu("M") { } } }
                        .sheet(isPresented: $shown) { Text("s").font(.custom("A-Light", fixedSize: 3)) }
                    }
            """).utf8)
        let importer = SwiftUIImporter()
        let engine = SwiftUISource.engine()
        let file = SpecFile(path: "/nonexistent/Fuzz.swift", displayPath: "Fuzz.swift")
        for cut in stride(from: 0, through: source.count, by: 7) {
            _ = engine.review(Array(source[..<cut]), file: file, with: importer)
        }
        for _ in 0..<300 {
            var bytes = source
            for _ in 0..<Int.random(in: 1...12, using: &random) {
                let at = Int.random(in: 0..<bytes.count, using: &random)
                bytes[at] = UInt8.random(in: 0...255, using: &random)
            }
            _ = engine.review(bytes, file: file, with: importer)
        }
        for length in [1, 16, 4096] {
            let noise = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
            _ = engine.review(Array("import SwiftUI\n".utf8) + noise, file: file, with: importer)
        }
        // Nesting far deeper than any screen: the parser and the mapper both stop, neither overflows.
        let deep = "import SwiftUI\nstruct D: View { var body: some View { " + String(repeating: "VStack { ", count: 3000)
            + String(repeating: "} ", count: 3000) + "} }\n"
        _ = engine.review(Array(deep.utf8), file: file, with: importer)
    }
}
