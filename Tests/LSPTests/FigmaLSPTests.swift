import Foundation
import XCTest

/// `higlint lsp` and Figma file responses: the server asks the editor to watch
/// `**/*.figma.json` with the other reviewed files, reviews one when it is opened and when
/// it is saved (from disk, as every imported file), and a pulled file changed on disk moves
/// the diagnostics.
final class FigmaLSPTests: XCTestCase {
    typealias Object = [String: Any]
    static let key = "Kq3ZPwLrB7mVxTn2aYdE9s"

    private var workspace: URL!

    override func setUpWithError() throws {
        workspace = FileManager.default.temporaryDirectory.appendingPathComponent("higlint-lsp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: workspace)
    }

    /// An iPhone 12 frame with one tappable layer of `button` points square, whose object
    /// starts on line 12, column 15.
    static func design(button: Int) -> String {
        """
        {
          "document": {
            "id": "0:0", "name": "Document", "type": "DOCUMENT",
            "children": [
              {
                "id": "0:1", "name": "Screens", "type": "CANVAS",
                "children": [
                  {
                    "id": "1:2", "name": "Sign in", "type": "FRAME",
                    "absoluteBoundingBox": {"x": 0, "y": 0, "width": 390, "height": 844},
                    "children": [
                      {
                        "id": "1:3", "name": "Close", "type": "FRAME",
                        "absoluteBoundingBox": {"x": 16, "y": 50, "width": \(button), "height": \(button)},
                        "interactions": [{"trigger": {"type": "ON_CLICK"}, "actions": [{"type": "BACK"}]}]
                      }
                    ]
                  }
                ]
              }
            ]
          },
          "name": "App", "version": "1"
        }

        """
    }

    func testAFigmaFileIsWatchedAndReviewedOnOpenAndSave() throws {
        let url = workspace.appendingPathComponent("\(Self.key).figma.json")
        try Data(Self.design(button: 30).utf8).write(to: url)
        let client = try LSPClient(in: workspace)
        try client.start(root: workspace, capabilities: ["workspace": ["didChangeWatchedFiles": ["dynamicRegistration": true]]])
        let registration = try client.waitFor("the request to watch files") { $0["method"] as? String == "client/registerCapability" }
        let watchers = (((registration["params"] as? Object)?["registrations"] as? [Object])?.first?["registerOptions"] as? Object)?["watchers"] as? [Object]
        let globs = (watchers ?? []).compactMap { $0["globPattern"] as? String }
        for glob in ["**/*.yaml", "**/*.yml", "**/*.storyboard", "**/*.xib", "**/*.figma.json", "**/.higlint.yaml"] {
            XCTAssertTrue(globs.contains(glob), "\(glob) is not watched: \(globs)")
        }
        client.send(["jsonrpc": "2.0", "id": registration["id"] ?? 0, "result": NSNull()])

        var mark = client.mark
        client.notify("textDocument/didOpen", ["textDocument": [
            "uri": LSPClient.uri(url), "languageId": "json", "version": 1, "text": Self.design(button: 30),
        ]])
        let opened = try client.diagnostics(for: LSPClient.uri(url), after: mark) { !$0.isEmpty }
        XCTAssertEqual(opened.map(\.code), ["buttons.hit-target"])
        XCTAssertEqual(opened.first?["message"] as? String, "frame 30x30 pt is under 44x44 pt (Figma FRAME, node 1:3)")
        XCTAssertEqual(opened.first?.range?.start.line, 11)
        XCTAssertEqual(opened.first?.range?.start.character, 14)

        // Saved by the editor (or by `figma pull`, then said by the editor's watcher): read from disk.
        try Data(Self.design(button: 31).utf8).write(to: url)
        mark = client.mark
        client.notify("textDocument/didSave", ["textDocument": ["uri": LSPClient.uri(url)]])
        let saved = try client.diagnostics(for: LSPClient.uri(url), after: mark)
        XCTAssertEqual(saved.first?["message"] as? String, "frame 31x31 pt is under 44x44 pt (Figma FRAME, node 1:3)")

        try Data(Self.design(button: 44).utf8).write(to: url)
        mark = client.mark
        client.notify("textDocument/didSave", ["textDocument": ["uri": LSPClient.uri(url)]])
        try client.diagnostics(for: LSPClient.uri(url), after: mark) { $0.isEmpty }

        // A file response cut short is its one diagnostic, where the JSON ends.
        try Data(Self.design(button: 44).prefix(300).utf8).write(to: url)
        mark = client.mark
        client.notify("textDocument/didSave", ["textDocument": ["uri": LSPClient.uri(url)]])
        let cut = try client.diagnostics(for: LSPClient.uri(url), after: mark) { !$0.isEmpty }
        XCTAssertEqual(cut.map(\.code), ["figma.syntax"])
        XCTAssertEqual(try client.stop(), 0)
    }
}
