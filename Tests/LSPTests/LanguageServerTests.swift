import HiglintCore
import HiglintLSP
import HiglintPlugins
import XCTest

/// `LanguageServer` as the value it is: messages and instants in, messages out. The
/// debounce is checked against given instants, so no test waits for time to pass.
final class LanguageServerTests: XCTestCase {
    private func server() -> LanguageServer {
        let environment = ServerEnvironment(
            loadConfig: { directory in
                var config = Config()
                config.baseDirectory = directory
                return ConfigLoad(config: config, path: nil, problem: nil)
            },
            startEngine: { config, _ in EngineHandle(engine: Engine(plugins: BuiltinPlugins.all, config: config, wireframes: false), stop: {}) },
            discovery: { _ in SpecDiscovery(exclude: [], excludedFiles: [], importedExtensions: [], configDirectory: nil) },
            // No folder on disk: only the open documents are reviewed.
            reviewPaths: { _, _ in [] }, configFileNames: [".higlint.yaml"], documentedRules: [], schema: SchemaCatalog.bundled)
        return LanguageServer(environment: environment)
    }

    private static let uri = "file:///nonexistent-higlint-lsp/home.yaml"

    private static func publications(_ messages: [JSONValue]) -> [JSONValue] {
        messages.filter { $0["method"]?.string == "textDocument/publishDiagnostics" }
    }

    func testDiagnosticsArePushedOnceTheDebounceHasPassedSinceTheLastEdit() {
        var server = server()
        let start = ContinuousClock.now
        _ = server.handle(["jsonrpc": "2.0", "id": 1, "method": "initialize",
                           "params": ["rootUri": "file:///nonexistent-higlint-lsp", "capabilities": [:]]], now: start)
        let open: JSONValue = ["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": ["textDocument": [
            "uri": .string(Self.uri), "languageId": "yaml", "version": 1,
            "text": "screen: Home\nelements:\n  - {type: button, frame: [0, 100, 30, 30]}\n"]]]
        XCTAssertEqual(server.handle(open, now: start), [], "nothing before the debounce")
        XCTAssertEqual(server.deadline, start + .milliseconds(50))
        // An edit 30 ms in starts the wait again.
        let edit: JSONValue = ["jsonrpc": "2.0", "method": "textDocument/didChange", "params": [
            "textDocument": ["uri": .string(Self.uri), "version": 2],
            "contentChanges": [["text": "screen: Home\nelements:\n  - {type: button, frame: [0, 100, 20, 20]}\n"]]]]
        XCTAssertEqual(server.handle(edit, now: start + .milliseconds(30)), [])
        XCTAssertEqual(server.fire(now: start + .milliseconds(79)), [])
        let pushed = Self.publications(server.fire(now: start + .milliseconds(80)))
        XCTAssertEqual(pushed.count, 1)
        XCTAssertEqual(pushed.first?["params"]?["version"]?.integer, 2)
        let diagnostics = pushed.first?["params"]?["diagnostics"]?.array ?? []
        XCTAssertEqual(diagnostics.compactMap { $0["code"]?.string }, ["buttons.hit-target"])
        XCTAssertTrue(diagnostics.first?["message"]?.string?.contains("20x20") == true)
        XCTAssertNil(server.deadline)
        XCTAssertEqual(server.fire(now: start + .seconds(1)), [], "pushed once")
    }

    /// A change entry without text, or with a range that is not one, is skipped with a
    /// warning: the text then differs from the editor's, which must not go unsaid.
    func testAnUnreadableChangeIsSkippedWithAWarning() {
        var server = server()
        let now = ContinuousClock.now
        _ = server.handle(["jsonrpc": "2.0", "id": 1, "method": "initialize",
                           "params": ["capabilities": [:], "initializationOptions": ["debounceMilliseconds": 0]]], now: now)
        _ = server.handle(["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": ["textDocument": [
            "uri": .string(Self.uri), "languageId": "yaml", "version": 1, "text": "screen: Home\n"]]], now: now)
        let change: JSONValue = ["jsonrpc": "2.0", "method": "textDocument/didChange", "params": [
            "textDocument": ["uri": .string(Self.uri), "version": 2],
            "contentChanges": [["text": 5], ["range": ["start": ["line": -1, "character": 0]], "text": "x"],
                               ["range": ["start": ["line": 0, "character": 8], "end": ["line": 0, "character": 12]], "text": "Away"]]]]
        let out = server.handle(change, now: now)
        let logs = out.filter { $0["method"]?.string == "window/logMessage" }
        XCTAssertEqual(logs.count, 1)
        XCTAssertEqual(logs.first?["params"]?["type"]?.integer, 2)
        XCTAssertTrue(logs.first?["params"]?["message"]?.string?.contains("2 of 3 changes") == true, "\(logs)")
        // The readable change was applied and reviewed.
        XCTAssertEqual(Self.publications(out).first?["params"]?["version"]?.integer, 2)
        let clean: JSONValue = ["jsonrpc": "2.0", "method": "textDocument/didChange", "params": [
            "textDocument": ["uri": .string(Self.uri), "version": 3], "contentChanges": [["text": "screen: Home\n"]]]]
        XCTAssertTrue(server.handle(clean, now: now).allSatisfy { $0["method"]?.string != "window/logMessage" })
    }

    func testNotificationsBeforeInitializeAndAfterShutdownAreIgnoredAndExitSaysWhetherItWasClean() {
        var server = server()
        let now = ContinuousClock.now
        XCTAssertEqual(server.handle(["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": [:]], now: now), [])
        _ = server.handle(["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["capabilities": [:]]], now: now)
        XCTAssertEqual(server.phase, .running)
        let shutdown = server.handle(["jsonrpc": "2.0", "id": 2, "method": "shutdown"], now: now)
        XCTAssertEqual(shutdown, [["jsonrpc": "2.0", "id": 2, "result": .null]])
        let late = server.handle(["jsonrpc": "2.0", "id": 3, "method": "textDocument/hover", "params": [:]], now: now)
        XCTAssertEqual(late.first?["error"]?["code"]?.integer, -32600)
        _ = server.handle(["jsonrpc": "2.0", "method": "exit"], now: now)
        XCTAssertEqual(server.exitStatus, 0)
    }
}
