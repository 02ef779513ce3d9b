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

    /// A light weight and a small fixed size after text whose characters are wider than one UTF-16 unit.
    static let styled = """
        import SwiftUI

        struct Home: View {
            var body: some View {
                VStack {
                    Text("Grüße 😀").font(.system(size: 9))
                    Text("😀 Thin").fontWeight(.light)
                }
            }
        }

        """

    private func sourceActions(_ client: LSPClient, _ url: URL, line: Int) throws -> [Object] {
        let params: Object = [
            "textDocument": ["uri": LSPClient.uri(url)],
            // The whole line, as an editor asks for a line's actions: a finding's range starts at its call.
            "range": ["start": ["line": line, "character": 0], "end": ["line": line + 1, "character": 0]],
            "context": ["diagnostics": [Object]()],
        ]
        return try XCTUnwrap(client.result("textDocument/codeAction", params) as? [Object])
    }

    private func edits(_ actions: [Object], titled prefix: String, in url: URL) throws -> [Object] {
        let action = try XCTUnwrap(actions.first { ($0["title"] as? String)?.hasPrefix(prefix) == true }, "\(actions)")
        XCTAssertEqual(action["kind"] as? String, "quickfix")
        XCTAssertNil(action["isPreferred"], "no Swift fix or suppression is the preferred one")
        let changes = try XCTUnwrap((action["edit"] as? Object)?["changes"] as? Object)
        return try XCTUnwrap(changes[LSPClient.uri(url)] as? [Object])
    }

    func testSwiftFindingsOfferTheirFixesAndSuppressionCommentsAtUTF16Positions() throws {
        let url = try write("App/Home.swift", Self.styled)
        let client = try LSPClient(in: workspace)
        try client.start(root: workspace, encodings: ["utf-16"])
        var mark = client.mark
        client.open(url, text: Self.styled)
        try client.diagnostics(for: LSPClient.uri(url), after: mark) { found in
            ["text.min-size", "text.fixed-size", "text.light-weight"].allSatisfy { rule in found.contains { $0.code == rule } }
        }

        let sizeActions = try sourceActions(client, url, line: 5)
        let titles = sizeActions.compactMap { $0["title"] as? String }
        XCTAssertTrue(titles.contains("Fix text.min-size: .system(size: 9) -> .caption2 (unsafe: it changes the look)"), "\(titles)")
        let fixed = applying(try edits(sizeActions, titled: "Fix text.min-size", in: url), to: Self.styled)
        XCTAssertEqual(fixed, Self.styled.replacingOccurrences(of: ".font(.system(size: 9))", with: ".font(.caption2)"))
        let ignored = applying(try edits(sizeActions, titled: "Ignore text.min-size here", in: url), to: Self.styled)
        XCTAssertEqual(ignored, Self.styled.replacingOccurrences(
            of: "            Text(\"Grüße", with: "            // higlint:ignore text.min-size\n            Text(\"Grüße"))
        let fileIgnored = applying(try edits(sizeActions, titled: "Ignore text.fixed-size in this file", in: url), to: Self.styled)
        XCTAssertEqual(fileIgnored, "// higlint:ignore-file text.fixed-size\n" + Self.styled)

        let weightActions = try sourceActions(client, url, line: 6)
        let regular = applying(try edits(weightActions, titled: "Fix text.light-weight", in: url), to: Self.styled)
        XCTAssertEqual(regular, Self.styled.replacingOccurrences(of: ".fontWeight(.light)", with: ".fontWeight(.regular)"))

        // Each edit, typed into the editor, clears its diagnostic and no other.
        var version = 1
        for (text, gone) in [(fixed, "text.min-size"), (ignored, "text.min-size"), (fileIgnored, "text.fixed-size"),
                             (regular, "text.light-weight")] {
            version += 1
            mark = client.mark
            client.change(url, version: version, changes: [["text": text]])
            let now = try client.diagnostics(for: LSPClient.uri(url), after: mark) { !$0.contains { $0.code == gone } }
            XCTAssertFalse(now.contains { $0.code == "spec.unused-ignore" }, "\(now)")
            XCTAssertTrue(now.contains { $0.code == "text.light-weight" } || gone == "text.light-weight")
        }

        // A second rule joins the comment above rather than adding a line.
        let commented = ignored
        version += 1
        mark = client.mark
        client.change(url, version: version, changes: [["text": commented]])
        try client.diagnostics(for: LSPClient.uri(url), after: mark) { $0.contains { $0.code == "text.fixed-size" } }
        let joined = applying(try edits(try sourceActions(client, url, line: 6), titled: "Ignore text.fixed-size here", in: url),
                              to: commented)
        XCTAssertEqual(joined, commented.replacingOccurrences(
            of: "// higlint:ignore text.min-size", with: "// higlint:ignore text.min-size, text.fixed-size"))
        version += 1
        mark = client.mark
        client.change(url, version: version, changes: [["text": joined]])
        let quiet = try client.diagnostics(for: LSPClient.uri(url), after: mark) { !$0.contains { $0.code == "text.fixed-size" } }
        XCTAssertEqual(quiet.compactMap(\.code), ["text.light-weight"])
        XCTAssertEqual(try client.stop(), 0)
    }

    func testAnIgnoreJoinsTheCommentAboveBeforeItsReasonAndKeepsTheFilesLineEnds() throws {
        let text = [
            "import SwiftUI", "", "struct Home: View {", "    var body: some View {",
            "        // higlint:ignore text.fixed-size -- sized on purpose",
            "        Text(\"Fine print\").font(.system(size: 9))", "    }", "}", "",
        ].joined(separator: "\r\n")
        let url = try write("Home.swift", text)
        let client = try LSPClient(in: workspace)
        try client.start(root: workspace)
        let mark = client.mark
        client.open(url, text: text)
        let shown = try client.diagnostics(for: LSPClient.uri(url), after: mark) { $0.contains { $0.code == "text.min-size" } }
        XCTAssertEqual(shown.compactMap(\.code), ["text.min-size"], "the comment keeps text.fixed-size quiet")
        let actions = try sourceActions(client, url, line: 5)
        // Read as edits (the test's `applying` counts LF lines): an insertion each.
        func insertion(_ edits: [Object]) -> (line: Int?, character: Int?, text: String?) {
            let start = (edits.first?["range"] as? Object)?["start"] as? Object
            return (start?["line"] as? Int, start?["character"] as? Int, edits.first?["newText"] as? String)
        }
        let joined = insertion(try edits(actions, titled: "Ignore text.min-size here", in: url))
        XCTAssertEqual(joined.line, 4)
        XCTAssertEqual(joined.character, "        // higlint:ignore text.fixed-size".utf16.count, "before the reason")
        XCTAssertEqual(joined.text, ", text.min-size")
        let file = insertion(try edits(actions, titled: "Ignore text.min-size in this file", in: url))
        XCTAssertEqual(file.line, 0)
        XCTAssertEqual(file.character, 0)
        XCTAssertEqual(file.text, "// higlint:ignore-file text.min-size\r\n", "the file's own line ends")
        XCTAssertFalse(actions.contains { ($0["title"] as? String)?.contains("spec.") == true })
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
