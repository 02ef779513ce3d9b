#if HIGLINT_SWIFTUI
import Foundation
import XCTest

/// `higlint lsp` treats `.swift` files like specs: it asks the client to watch them, and an
/// open Swift document is reviewed as it is typed, its positions in the client's encoding.
final class SwiftUILSPTests: XCTestCase {
    typealias Object = [String: Any]

    private var workspace: URL!

    override func setUpWithError() throws {
        workspace = FileManager.default.temporaryDirectory.appendingPathComponent("higlint-lsp-swiftui-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: workspace)
    }

    private func write(_ name: String, _ text: String) throws -> URL {
        let url = workspace.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        return url
    }

    /// Emoji (two UTF-16 units, four UTF-8 bytes, one column) and accents before the call.
    static let prefix = "        Text(\"Grüße 😀 à bientôt\")"

    static func source(size: Int) -> String {
        """
        import SwiftUI

        struct Home: View {
            var body: some View {
        \(prefix).font(.system(size: \(size)))
            }
        }

        """
    }

    func testTheWatchedFilesIncludeSwiftSource() throws {
        let client = try LSPClient(in: workspace)
        try client.start(root: workspace, capabilities: ["workspace": ["didChangeWatchedFiles": ["dynamicRegistration": true]]])
        let registration = try client.waitFor("the request to watch files") { $0["method"] as? String == "client/registerCapability" }
        let watchers = (((registration["params"] as? Object)?["registrations"] as? [Object])?.first?["registerOptions"] as? Object)?["watchers"] as? [Object]
        let globs = watchers?.compactMap { $0["globPattern"] as? String } ?? []
        XCTAssertEqual(globs.filter { $0.hasPrefix("**/*.") }, ["**/*.yaml", "**/*.yml", "**/*.storyboard", "**/*.xib", "**/*.figma.json", "**/*.swift"])
        client.send(["jsonrpc": "2.0", "id": registration["id"] ?? 0, "result": NSNull()])
        XCTAssertEqual(try client.stop(), 0)
    }

    func testASwiftDocumentIsReviewedAsItIsTypedAtUTF16Positions() throws {
        // On disk the font is large enough; the editor's text is what is reviewed.
        let url = try write("App/Home.swift", Self.source(size: 12))
        let client = try LSPClient(in: workspace)
        try client.start(root: workspace, encodings: ["utf-16"])
        var mark = client.mark
        client.open(url, text: Self.source(size: 9))
        let first = try client.diagnostics(for: LSPClient.uri(url), after: mark) { $0.contains { $0.code == "text.min-size" } }
        let small = try XCTUnwrap(first.first { $0.code == "text.min-size" })
        let range = try XCTUnwrap(small.range)
        XCTAssertEqual(range.start.line, 4)
        XCTAssertEqual(range.start.character, Self.prefix.utf16.count, "the `.font`'s dot, in UTF-16 units")
        XCTAssertEqual(range.end.line, 4)
        XCTAssertEqual(range.end.character, (Self.prefix + ".font(.system(size: 9))").utf16.count)
        XCTAssertTrue(first.contains { $0.code == "text.fixed-size" })

        // Typed, not saved: the size goes up and its finding goes; the fixed size stays.
        mark = client.mark
        client.change(url, version: 2, changes: [[
            "range": ["start": ["line": 4, "character": Self.prefix.utf16.count + 20],
                      "end": ["line": 4, "character": Self.prefix.utf16.count + 21]],
            "text": "14",
        ]])
        let typed = try client.diagnostics(for: LSPClient.uri(url), after: mark) { !$0.contains { $0.code == "text.min-size" } }
        XCTAssertEqual(typed.compactMap(\.code), ["text.fixed-size"])

        // A change on disk does not replace the editor's text.
        try Data(Self.source(size: 8).utf8).write(to: url)
        client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": LSPClient.uri(url), "type": 2]]])
        let pulled = try XCTUnwrap(client.result("textDocument/diagnostic", ["textDocument": ["uri": LSPClient.uri(url)]]) as? Object)
        XCTAssertEqual((pulled["items"] as? [Object])?.compactMap(\.code), ["text.fixed-size"])
        XCTAssertEqual(try client.stop(), 0)
    }

    func testUTF8PositionsCountBytesWhenAgreed() throws {
        let url = try write("Home.swift", Self.source(size: 9))
        let client = try LSPClient(in: workspace)
        try client.start(root: workspace, encodings: ["utf-8"])
        let mark = client.mark
        client.open(url, text: Self.source(size: 9))
        let found = try client.diagnostics(for: LSPClient.uri(url), after: mark) { $0.contains { $0.code == "text.min-size" } }
        XCTAssertEqual(found.first { $0.code == "text.min-size" }?.range?.start.character, Self.prefix.utf8.count)
        XCTAssertEqual(try client.stop(), 0)
    }
}
#endif
