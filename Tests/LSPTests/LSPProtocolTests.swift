import Foundation
import TestSupport
import XCTest

/// `higlint lsp` driven through pipes by a JSON-RPC client, every method an editor uses.
final class LSPProtocolTests: XCTestCase {
    typealias Object = [String: Any]

    private var workspace: URL!

    override func setUpWithError() throws {
        workspace = FileManager.default.temporaryDirectory.appendingPathComponent("higlint-lsp-\(UUID().uuidString)")
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

    static let smallButton = """
        screen: Home
        elements:
          - type: button
            label: Go
            frame: [0, 100, 30, 30]

        """

    /// A server on the workspace with `name` written and opened as `text`, once its first
    /// diagnostics that satisfy `until` are in.
    private func opened(_ name: String, _ text: String, until matches: ([Object]) -> Bool = { !$0.isEmpty },
                        file: StaticString = #filePath, line: UInt = #line) throws -> (url: URL, client: LSPClient) {
        let url = try write(name, text)
        let client = try LSPClient(in: workspace)
        try client.start(root: workspace)
        let mark = client.mark
        client.open(url, text: text)
        try client.diagnostics(for: LSPClient.uri(url), after: mark, file: file, line: line, where: matches)
        return (url, client)
    }

    /// A hover or completion request's parameters: the document and a position in it.
    private static func position(in url: URL, line: Int, character: Int) -> Object {
        ["textDocument": ["uri": LSPClient.uri(url)], "position": ["line": line, "character": character]]
    }

    /// A code action request's parameters: the start of `line`, no diagnostics given.
    private static func codeActions(in url: URL, line: Int) -> Object {
        ["textDocument": ["uri": LSPClient.uri(url)],
         "range": ["start": ["line": line, "character": 0], "end": ["line": line, "character": 0]],
         "context": ["diagnostics": [Object]()]]
    }

    static let clean = """
        screen: Home
        elements:
          - type: button
            label: Go
            frame: [0, 100, 44, 44]

        """

    // MARK: - Lifecycle

    func testInitializeNegotiatesTheEncodingAndShutdownThenExitEndsCleanly() throws {
        let client = try LSPClient(in: workspace)
        let before = try client.request("textDocument/hover", ["textDocument": ["uri": "file:///x.yaml"], "position": ["line": 0, "character": 0]])
        XCTAssertEqual((before["error"] as? Object)?["code"] as? Int, -32002, "requests before initialize are refused")
        let result = try client.start(root: workspace, encodings: ["utf-32", "utf-8", "utf-16"])
        let capabilities = try XCTUnwrap(result["capabilities"] as? Object)
        XCTAssertEqual(capabilities["positionEncoding"] as? String, "utf-8")
        XCTAssertEqual((capabilities["textDocumentSync"] as? Object)?["change"] as? Int, 2, "incremental sync")
        XCTAssertNotNil(capabilities["diagnosticProvider"])
        XCTAssertEqual(capabilities["hoverProvider"] as? Bool, true)
        XCTAssertNotNil(capabilities["codeActionProvider"])
        XCTAssertNotNil(capabilities["completionProvider"])
        let after = try client.request("initialize", ["capabilities": [:] as Object])
        XCTAssertEqual((after["error"] as? Object)?["code"] as? Int, -32600)
        XCTAssertEqual(try client.stop(), 0)

        let other = try LSPClient(in: workspace)
        let defaults = try other.start(root: workspace, encodings: ["utf-32"])
        XCTAssertEqual((defaults["capabilities"] as? Object)?["positionEncoding"] as? String, "utf-16")
        other.notify("exit", NSNull())
        XCTAssertEqual(other.waitForExit(), 1, "exit without shutdown is status 1")
    }

    // MARK: - Diagnostics

    func testUnsavedTextGetsDiagnosticsWithTheNodeRangeRuleCodeAndPage() throws {
        let url = try write("home.yaml", Self.clean)
        let client = try LSPClient(in: workspace)
        try client.start(root: workspace, options: ["debounceMilliseconds": 0, "rulesPage": "https://example.org/rules.md"])
        var mark = client.mark
        client.open(url, text: Self.clean)
        XCTAssertEqual(try client.diagnostics(for: LSPClient.uri(url), after: mark).count, 0)
        mark = client.mark
        // The unsaved text has the small button; the file on disk does not.
        client.change(url, version: 2, changes: [["text": Self.smallButton]])
        let diagnostics = try client.diagnostics(for: LSPClient.uri(url), after: mark) { !$0.isEmpty }
        let hit = try XCTUnwrap(diagnostics.first { $0.code == "buttons.hit-target" })
        XCTAssertEqual(hit["severity"] as? Int, 1)
        XCTAssertEqual(hit["source"] as? String, "higlint")
        XCTAssertEqual((hit["codeDescription"] as? Object)?["href"] as? String, "https://example.org/rules.md#buttonshit-target")
        // The element's whole map: from `type` on line 2 to the end of its frame on line 4.
        let range = try XCTUnwrap(hit.range)
        XCTAssertEqual(range.start.line, 2)
        XCTAssertEqual(range.start.character, 4)
        XCTAssertEqual(range.end.line, 4)
        XCTAssertEqual(range.end.character, "    frame: [0, 100, 30, 30]".utf16.count)

        let pulled = try XCTUnwrap(client.result("textDocument/diagnostic", ["textDocument": ["uri": LSPClient.uri(url)]]) as? Object)
        XCTAssertEqual(pulled["kind"] as? String, "full")
        XCTAssertEqual((pulled["items"] as? [Object])?.compactMap(\.code), diagnostics.compactMap(\.code))
        XCTAssertEqual(try client.stop(), 0)
    }

    /// A line with emoji and CJK before the finding: columns in UTF-16 units, or UTF-8 bytes when agreed.
    func testColumnsCountUTF16UnitsOrUTF8BytesOnLinesWithEmojiAndCJK() throws {
        let prefix = "  - {label: \"😀 中文 👍🏽\", "
        let line = prefix + "colour: red, type: text}"
        let text = "screen: Home\nelements:\n\(line)\n"
        for (encoding, expected) in [("utf-16", prefix.utf16.count), ("utf-8", prefix.utf8.count)] {
            let url = try write("emoji-\(encoding).yaml", text)
            let client = try LSPClient(in: workspace)
            try client.start(root: workspace, encodings: encoding == "utf-8" ? ["utf-8"] : ["utf-16"])
            let mark = client.mark
            client.open(url, text: text)
            let diagnostics = try client.diagnostics(for: LSPClient.uri(url), after: mark) { $0.contains { $0.code == "spec.unknown-key" } }
            let unknown = try XCTUnwrap(diagnostics.first { $0.code == "spec.unknown-key" }?.range)
            XCTAssertEqual(unknown.start.line, 2, encoding)
            XCTAssertEqual(unknown.start.character, expected, encoding)
            XCTAssertEqual(unknown.end.character, expected + "colour".count, encoding)
            XCTAssertEqual(try client.stop(), 0)
        }
    }

    func testCRLFLinesAndAByteOrderMarkKeepPositionsExact() throws {
        let text = "\u{FEFF}screen: Home\r\nbogus: 1\r\nelements:\r\n  - {type: text, colour: red}\r\n"
        let url = try write("crlf.yaml", text)
        let client = try LSPClient(in: workspace)
        try client.start(root: workspace)
        let mark = client.mark
        client.open(url, text: text)
        let diagnostics = try client.diagnostics(for: LSPClient.uri(url), after: mark) { $0.count >= 2 }
        let unknown = diagnostics.filter { $0.code == "spec.unknown-key" }.compactMap(\.range).sorted { $0.start.line < $1.start.line }
        XCTAssertEqual(unknown.count, 2)
        XCTAssertEqual(unknown.first?.start.line, 1)
        XCTAssertEqual(unknown.first?.start.character, 0)
        XCTAssertEqual(unknown.first?.end.character, 5)
        XCTAssertEqual(unknown.last?.start.line, 3)
        XCTAssertEqual(unknown.last?.start.character, "  - {type: text, ".count)
        XCTAssertEqual(unknown.last?.end.character, "  - {type: text, colour".count)
        XCTAssertEqual(try client.stop(), 0)
    }

    func testIncrementalEditsAreAppliedAndASyntaxErrorIsADiagnostic() throws {
        let url = try write("home.yaml", Self.clean)
        let client = try LSPClient(in: workspace)
        try client.start(root: workspace)
        var mark = client.mark
        client.open(url, text: Self.clean)
        try client.diagnostics(for: LSPClient.uri(url), after: mark)
        // `44, 44]` on line 4 becomes `30, 30]`: two incremental edits in one change.
        mark = client.mark
        let column = "    frame: [0, 100, ".utf16.count
        client.change(url, version: 2, changes: [
            ["range": ["start": ["line": 4, "character": column], "end": ["line": 4, "character": column + 2]], "text": "30"],
            ["range": ["start": ["line": 4, "character": column + 4], "end": ["line": 4, "character": column + 6]], "text": "30"],
        ])
        try client.diagnostics(for: LSPClient.uri(url), after: mark) { $0.contains { $0.code == "buttons.hit-target" } }
        mark = client.mark
        client.change(url, version: 3, changes: [
            ["range": ["start": ["line": 1, "character": 0], "end": ["line": 1, "character": 0]], "text": "  bad: [\n"],
        ])
        let broken = try client.diagnostics(for: LSPClient.uri(url), after: mark) { $0.contains { $0.code == "spec.syntax" } }
        XCTAssertEqual(broken.count, 1)
        mark = client.mark
        client.change(url, version: 4, changes: [["text": Self.clean]])
        try client.diagnostics(for: LSPClient.uri(url), after: mark) { $0.isEmpty }
        XCTAssertEqual(try client.stop(), 0)
    }

    /// The default debounce still pushes, once the edits stop.
    func testTheDefaultDebouncePushesAfterTheLastEdit() throws {
        let url = try write("home.yaml", Self.clean)
        let client = try LSPClient(in: workspace)
        try client.start(root: workspace, options: [:])
        let mark = client.mark
        client.open(url, text: Self.clean)
        for version in 2...6 { client.change(url, version: version, changes: [["text": version == 6 ? Self.smallButton : Self.clean]]) }
        let pushed = try client.waitFor("a push after the edits", after: mark) { message in
            ((message["params"] as? Object)?["version"] as? Int) == 6
        }
        XCTAssertEqual((((pushed["params"] as? Object)?["diagnostics"]) as? [Object])?.first?.code, "buttons.hit-target")
        XCTAssertEqual(try client.stop(), 0)
    }

    // MARK: - Project rules

    func testACrossFileFindingAppearsAndGoesAsAnotherDocumentIsEdited() throws {
        let first = try write("a.yaml", "screen: One\n")
        let second = try write("b.yaml", "screen: Two\n")
        let child = try write("c.yaml", "screen: Child\nparent: Three\n")
        let client = try LSPClient(in: workspace)
        try client.start(root: workspace)
        var mark = client.mark
        client.open(second, text: "screen: Two\n")
        client.open(child, text: "screen: Child\nparent: Three\n")
        try client.diagnostics(for: LSPClient.uri(child), after: mark) { $0.contains { $0.code == "spec.unknown-parent" } }
        mark = client.mark
        // a.yaml, on disk only, is renamed Two in an unsaved buffer: b.yaml, which comes after, is now the duplicate.
        client.open(first, text: "screen: One\n")
        client.change(first, version: 2, changes: [["text": "screen: Two\n"]])
        let duplicate = try client.diagnostics(for: LSPClient.uri(second), after: mark) { $0.contains { $0.code == "spec.duplicate-screen" } }
        XCTAssertEqual(duplicate.first?.range?.start.line, 0)
        XCTAssertEqual(duplicate.first?.range?.start.character, 8)
        XCTAssertEqual(duplicate.first?.range?.end.character, 11)
        mark = client.mark
        client.change(first, version: 3, changes: [["text": "screen: Three\n"]])
        try client.diagnostics(for: LSPClient.uri(second), after: mark) { $0.isEmpty }
        try client.diagnostics(for: LSPClient.uri(child), after: mark) { $0.isEmpty }
        // Closing the buffer puts the file on disk back: One, so Child's parent is unknown again.
        mark = client.mark
        client.notify("textDocument/didClose", ["textDocument": ["uri": LSPClient.uri(first)]])
        try client.diagnostics(for: LSPClient.uri(child), after: mark) { $0.contains { $0.code == "spec.unknown-parent" } }
        XCTAssertEqual(try client.stop(), 0)
    }

    func testAFileChangedOnDiskUpdatesTheProjectFindingsOfOpenDocuments() throws {
        let first = try write("a.yaml", "screen: One\n")
        let second = try write("b.yaml", "screen: Two\n")
        let client = try LSPClient(in: workspace)
        try client.start(root: workspace, capabilities: ["workspace": ["didChangeWatchedFiles": ["dynamicRegistration": true]]])
        let registration = try client.waitFor("the request to watch files") { $0["method"] as? String == "client/registerCapability" }
        let watchers = (((registration["params"] as? Object)?["registrations"] as? [Object])?.first?["registerOptions"] as? Object)?["watchers"] as? [Object]
        XCTAssertTrue(watchers?.contains { $0["globPattern"] as? String == "**/.higlint.yaml" } == true, "\(registration)")
        client.send(["jsonrpc": "2.0", "id": registration["id"] ?? 0, "result": NSNull()])
        var mark = client.mark
        client.open(second, text: "screen: Two\n")
        try client.diagnostics(for: LSPClient.uri(second), after: mark) { $0.isEmpty }
        try Data("screen: Two\n".utf8).write(to: first)
        mark = client.mark
        client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": LSPClient.uri(first), "type": 2]]])
        try client.diagnostics(for: LSPClient.uri(second), after: mark) { $0.contains { $0.code == "spec.duplicate-screen" } }
        try FileManager.default.removeItem(at: first)
        mark = client.mark
        client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": LSPClient.uri(first), "type": 3]]])
        try client.diagnostics(for: LSPClient.uri(second), after: mark) { $0.isEmpty }
        XCTAssertEqual(try client.stop(), 0)
    }

    /// A client that pulls gets no pushes (it would show everything twice), and is asked to
    /// pull again when another file moves its project findings.
    func testAPullingClientIsNotPushedToAndIsAskedToRefresh() throws {
        let first = try write("a.yaml", "screen: One\n")
        let second = try write("b.yaml", "screen: Two\n")
        let client = try LSPClient(in: workspace)
        try client.start(root: workspace, capabilities: [
            "textDocument": ["diagnostic": ["dynamicRegistration": false]],
            "workspace": ["diagnostics": ["refreshSupport": true]],
        ])
        let mark = client.mark
        client.open(first, text: "screen: One\n")
        client.open(second, text: "screen: Two\n")
        client.change(first, version: 2, changes: [["text": "screen: Two\n"]])
        try client.waitFor("a request to pull again", after: mark) { $0["method"] as? String == "workspace/diagnostic/refresh" }
        let pulled = try XCTUnwrap(client.result("textDocument/diagnostic", ["textDocument": ["uri": LSPClient.uri(second)]]) as? Object)
        XCTAssertEqual((pulled["items"] as? [Object])?.compactMap(\.code), ["spec.duplicate-screen"])
        XCTAssertFalse(client.messages[mark...].contains { $0["method"] as? String == "textDocument/publishDiagnostics" })
        XCTAssertEqual(try client.stop(), 0)
    }

    func testAConfigChangeIsReloadedWithoutARestart() throws {
        let (url, client) = try opened("home.yaml", Self.smallButton) { $0.contains { $0.code == "buttons.hit-target" } }
        let config = try write(".higlint.yaml", "rules:\n  buttons.hit-target: off\n")
        var mark = client.mark
        client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": LSPClient.uri(config), "type": 1]]])
        try client.diagnostics(for: LSPClient.uri(url), after: mark) { !$0.contains { $0.code == "buttons.hit-target" } }
        try Data("rules:\n  buttons.hit-target: info\n".utf8).write(to: config)
        mark = client.mark
        client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": LSPClient.uri(config), "type": 2]]])
        let info = try client.diagnostics(for: LSPClient.uri(url), after: mark) { $0.contains { $0.code == "buttons.hit-target" } }
        XCTAssertEqual(info.first { $0.code == "buttons.hit-target" }?["severity"] as? Int, 3)
        // A config that does not load is said, with its place, and the defaults hold meanwhile.
        try Data("rules:\n  buttons.hit-target: [\n".utf8).write(to: config)
        mark = client.mark
        client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": LSPClient.uri(config), "type": 2]]])
        let logged = try client.waitFor("the config's error", after: mark) { message in
            message["method"] as? String == "window/logMessage"
                && ((message["params"] as? Object)?["message"] as? String)?.contains(".higlint.yaml:") == true
        }
        XCTAssertEqual((logged["params"] as? Object)?["type"] as? Int, 1)
        let defaults = try client.diagnostics(for: LSPClient.uri(url), after: mark) { $0.contains { $0.code == "buttons.hit-target" } }
        XCTAssertEqual(defaults.first { $0.code == "buttons.hit-target" }?["severity"] as? Int, 1)
        XCTAssertEqual(try client.stop(), 0)
    }

    /// A client that watches no files for the server (Neovim on Linux) still saves the
    /// config through the editor: that save reloads it.
    func testAConfigSavedInTheEditorIsReloadedWithoutAWatcher() throws {
        let url = try write("home.yaml", Self.smallButton)
        let config = try write(".higlint.yaml", "rules: {}\n")
        let client = try LSPClient(in: workspace)
        try client.start(root: workspace)
        var mark = client.mark
        client.open(url, text: Self.smallButton)
        try client.diagnostics(for: LSPClient.uri(url), after: mark) { $0.contains { $0.code == "buttons.hit-target" } }
        client.notify("textDocument/didOpen", ["textDocument": ["uri": LSPClient.uri(config), "languageId": "yaml", "version": 1, "text": "rules: {}\n"]])
        try Data("rules:\n  buttons.hit-target: off\n".utf8).write(to: config)
        mark = client.mark
        client.notify("textDocument/didSave", ["textDocument": ["uri": LSPClient.uri(config)]])
        try client.diagnostics(for: LSPClient.uri(url), after: mark) { !$0.contains { $0.code == "buttons.hit-target" } }
        XCTAssertEqual(try client.stop(), 0)
    }

    func testAWorkspaceFolderAddedLaterIsReviewed() throws {
        let other = workspace.appendingPathComponent("other")
        let url = try write("other/home.yaml", Self.smallButton)
        let client = try LSPClient(in: workspace)
        try client.start(root: workspace.appendingPathComponent("empty-\(UUID().uuidString)"))
        client.notify("workspace/didChangeWorkspaceFolders", ["event": ["added": [["uri": LSPClient.uri(other), "name": "other"]], "removed": [Object]()]])
        let mark = client.mark
        client.open(url, text: Self.smallButton)
        try client.diagnostics(for: LSPClient.uri(url), after: mark) { $0.contains { $0.code == "buttons.hit-target" } }
        XCTAssertEqual(try client.stop(), 0)
    }

    // MARK: - Hover, code actions, completion

    func testHoverExplainsTheFindingsRuleAndTheKey() throws {
        let (url, client) = try opened("home.yaml", Self.smallButton)
        let onFinding = try XCTUnwrap(client.result("textDocument/hover", Self.position(in: url, line: 3, character: 12)) as? Object)
        let text = try XCTUnwrap((onFinding["contents"] as? Object)?["value"] as? String)
        XCTAssertTrue(text.contains("**buttons.hit-target**"), text)
        XCTAssertTrue(text.contains("**Why:**"), text)
        XCTAssertTrue(text.contains("**Fix:**"), text)
        let onKey = try XCTUnwrap(client.result("textDocument/hover", Self.position(in: url, line: 2, character: 6)) as? Object)
        let keyText = try XCTUnwrap((onKey["contents"] as? Object)?["value"] as? String)
        XCTAssertTrue(keyText.contains("`type`"), keyText)
        XCTAssertTrue(keyText.contains("`segmented-control`"), keyText)
        let nothing = try client.request("textDocument/hover", Self.position(in: url, line: 5, character: 0))
        XCTAssertTrue(nothing["result"] is NSNull, "\(nothing)")
        XCTAssertEqual(try client.stop(), 0)
    }

    /// Keys inside flow maps, the usual way to write an element on one line, hover too.
    func testHoverExplainsKeysInsideFlowMaps() throws {
        let text = "screen: Home\nstatus_bar: {hidden: true}\nelements:\n  - {id: b, type: button, font: {weight: bold}}\n"
        let url = try write("flow.yaml", text)
        let client = try LSPClient(in: workspace)
        try client.start(root: workspace)
        let mark = client.mark
        client.open(url, text: text)
        try client.diagnostics(for: LSPClient.uri(url), after: mark)
        let lines = text.split(separator: "\n").map(String.init)
        func hover(_ line: Int, _ word: String) throws -> String {
            let column = try XCTUnwrap(lines[line].range(of: word + ":")).lowerBound.utf16Offset(in: lines[line]) + 1
            let answer = try XCTUnwrap(client.result("textDocument/hover", [
                "textDocument": ["uri": LSPClient.uri(url)], "position": ["line": line, "character": column],
            ]) as? Object, "nothing on \(word)")
            return try XCTUnwrap((answer["contents"] as? Object)?["value"] as? String)
        }
        XCTAssertTrue(try hover(1, "hidden").contains("`hidden`"))
        XCTAssertTrue(try hover(3, "type").contains("`segmented-control`"))
        let weight = try hover(3, "weight")
        XCTAssertTrue(weight.contains("`weight`") && weight.contains("`semibold`"), weight)
        XCTAssertEqual(try client.stop(), 0)
    }

    func testQuickFixesAndIgnoreActionsAreMinimalEditsThatClearTheDiagnostic() throws {
        let (url, client) = try opened("home.yaml", Self.smallButton)
        let actions = try XCTUnwrap(client.result("textDocument/codeAction", Self.codeActions(in: url, line: 3)) as? [Object])
        func edits(_ title: String) throws -> [Object] {
            let action = try XCTUnwrap(actions.first { ($0["title"] as? String)?.hasPrefix(title) == true }, "\(actions)")
            XCTAssertEqual(action["kind"] as? String, "quickfix")
            let changes = try XCTUnwrap((action["edit"] as? Object)?["changes"] as? Object)
            return try XCTUnwrap(changes[LSPClient.uri(url)] as? [Object])
        }
        let fix = try XCTUnwrap(actions.first { ($0["title"] as? String)?.hasPrefix("Fix buttons.hit-target") == true })
        XCTAssertEqual(fix["isPreferred"] as? Bool, true, "the hit-target fix is safe")
        XCTAssertEqual(applying(try edits("Fix buttons.hit-target"), to: Self.smallButton),
                       Self.smallButton + "    hit_area: [44, 44]\n")
        XCTAssertEqual(applying(try edits("Ignore buttons.hit-target on this element"), to: Self.smallButton),
                       Self.smallButton + "    ignore: [buttons.hit-target]\n")
        let screenIgnored = applying(try edits("Ignore buttons.hit-target on this screen"), to: Self.smallButton)
        XCTAssertEqual(screenIgnored, Self.smallButton + "review: {ignore: [buttons.hit-target], reason: why this screen is exempt}\n")

        var mark = client.mark
        for (version, text) in [(2, applying(try edits("Fix buttons.hit-target"), to: Self.smallButton)), (3, screenIgnored)] {
            mark = client.mark
            client.change(url, version: version, changes: [["text": Self.smallButton]])
            try client.diagnostics(for: LSPClient.uri(url), after: mark) { $0.contains { $0.code == "buttons.hit-target" } }
            mark = client.mark
            client.change(url, version: version, changes: [["text": text]])
            try client.diagnostics(for: LSPClient.uri(url), after: mark) { !$0.contains { $0.code == "buttons.hit-target" } }
        }
        // With a review map already there, the entry joins its list and a reason is added.
        let reviewed = Self.smallButton + "review:\n  ignore: [text]\n"
        mark = client.mark
        client.change(url, version: 4, changes: [["text": reviewed]])
        try client.diagnostics(for: LSPClient.uri(url), after: mark) { $0.contains { $0.code == "buttons.hit-target" } }
        let again = try XCTUnwrap(client.result("textDocument/codeAction", Self.codeActions(in: url, line: 3)) as? [Object])
        let screen = try XCTUnwrap(again.first { ($0["title"] as? String) == "Ignore buttons.hit-target on this screen" })
        let screenEdits = try XCTUnwrap(((screen["edit"] as? Object)?["changes"] as? Object)?[LSPClient.uri(url)] as? [Object])
        XCTAssertEqual(applying(screenEdits, to: reviewed),
                       Self.smallButton + "review:\n  ignore: [text, buttons.hit-target]\n  reason: why this screen is exempt\n")
        XCTAssertEqual(try client.stop(), 0)
    }

    func testCompletionOffersKeysAndValuesFromTheSchema() throws {
        let text = "screen: Home\nelements:\n  - type: \n    lab\n"
        let url = try write("home.yaml", text)
        let client = try LSPClient(in: workspace)
        try client.start(root: workspace)
        client.open(url, text: text)
        let values = try XCTUnwrap(client.result("textDocument/completion", Self.position(in: url, line: 2, character: 10)) as? Object)
        let words = ((values["items"] as? [Object]) ?? []).compactMap { $0["label"] as? String }
        XCTAssertTrue(words.contains("button") && words.contains("segmented-control"), "\(words)")
        let keys = try XCTUnwrap(client.result("textDocument/completion", Self.position(in: url, line: 3, character: 7)) as? Object)
        XCTAssertEqual(((keys["items"] as? [Object]) ?? []).compactMap { $0["label"] as? String }, ["label"])
        XCTAssertEqual(try client.stop(), 0)
    }

    // MARK: - Interface Builder files

    func testAnInterfaceBuilderFileIsReviewedOnOpenAndSaveWithoutCodeActions() throws {
        let source = TestFixtures.url("storyboards/duckduckgo-OmniBar.xib")
        let original = try String(contentsOf: source, encoding: .utf8)
        let url = try write("OmniBar.xib", original)
        let client = try LSPClient(in: workspace)
        try client.start(root: workspace)
        var mark = client.mark
        client.notify("textDocument/didOpen", ["textDocument": ["uri": LSPClient.uri(url), "languageId": "xml", "version": 1, "text": original]])
        let opened = try client.diagnostics(for: LSPClient.uri(url), after: mark) { $0.contains { $0.code == "buttons.hit-target" } }
        let first = try XCTUnwrap(opened.first { $0.code == "buttons.hit-target" }?.range)
        XCTAssertEqual(first.start.line, 20)
        let actions = try client.result("textDocument/codeAction", Self.codeActions(in: url, line: 20)) as? [Any]
        XCTAssertEqual(actions?.count, 0)
        // Saved with every 24-point button made 44 points: the findings go.
        try Data(original.replacingOccurrences(of: "width=\"24\" height=\"24\"", with: "width=\"44\" height=\"44\"").utf8).write(to: url)
        mark = client.mark
        client.notify("textDocument/didSave", ["textDocument": ["uri": LSPClient.uri(url)]])
        let saved = try client.diagnostics(for: LSPClient.uri(url), after: mark)
        XCTAssertLessThan(saved.filter { $0.code == "buttons.hit-target" }.count, opened.filter { $0.code == "buttons.hit-target" }.count)
        XCTAssertEqual(try client.stop(), 0)
    }

    // MARK: - Bad input

    func testBadMessagesGetErrorsAndTheServerKeepsServing() throws {
        let client = try LSPClient(in: workspace)
        try client.start(root: workspace)
        var mark = client.mark
        client.sendRaw(Data("Content-Length: 9\r\n\r\n{not json".utf8))
        let parse = try client.waitFor("a parse error", after: mark) { ($0["error"] as? Object)?["code"] as? Int == -32700 }
        XCTAssertTrue(parse["id"] is NSNull)
        let unknown = try client.request("textDocument/unheardOf", [:] as Object)
        XCTAssertEqual((unknown["error"] as? Object)?["code"] as? Int, -32601)
        mark = client.mark
        client.sendRaw(Data("Content-Type: text/plain\r\n\r\n".utf8))
        try client.waitFor("an error for a header without a length", after: mark) { ($0["error"] as? Object)?["code"] as? Int == -32700 }
        mark = client.mark
        let huge = 65 << 20
        client.sendRaw(Data("Content-Length: \(huge)\r\n\r\n".utf8) + Data(repeating: UInt8(ascii: " "), count: huge))
        try client.waitFor("an error for a message over the limit", after: mark) { ($0["error"] as? Object)?["code"] as? Int == -32600 }
        mark = client.mark
        client.send(["jsonrpc": "2.0", "id": 7, "params": [:] as Object])
        try client.waitFor("an error for a request without a method", after: mark) { ($0["id"] as? Int) == 7 && $0["error"] != nil }
        // Still serving: a document with a broken line gets its diagnostic.
        let url = try write("broken.yaml", "screen: [\n")
        mark = client.mark
        client.open(url, text: "screen: [\n")
        try client.diagnostics(for: LSPClient.uri(url), after: mark) { $0.contains { $0.code == "spec.syntax" } }
        XCTAssertEqual(try client.stop(), 0)
    }
}
