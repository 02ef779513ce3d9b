import Foundation
import TestSupport
import XCTest

/// Opening a spec in a folder whose config names an external plugin runs nothing: the
/// server says so once (`window/showMessage`) and reviews with every built-in rule; a
/// client whose editor trusts the workspace passes `trustWorkspace` and the plugin runs.
final class LSPTrustTests: XCTestCase {
    typealias Object = [String: Any]
    private var workspace: URL!
    private var savedStore: String?

    private static let config = """
        plugins:
          external:
            - {name: house, command: [sh, -c, "touch MARKER && exec python3 \(IBTestFiles.housePlugin)"], timeout_ms: 5000}
        """

    private static let spec = "screen: Home\nelements:\n  - {id: go, type: button, label: Go, frame: [0, 100, 30, 30]}\n"

    override func setUpWithError() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else { throw XCTSkip("python3 is needed") }
        workspace = FileManager.default.temporaryDirectory.appendingPathComponent("higlint-lsp-trust-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
        try Data(Self.config.utf8).write(to: workspace.appendingPathComponent(".higlint.yaml"))
        try Data(Self.spec.utf8).write(to: workspace.appendingPathComponent("home.yaml"))
        // An empty store of the test's own: the user's real one must not decide.
        savedStore = ProcessInfo.processInfo.environment["XDG_CONFIG_HOME"]
        setenv("XDG_CONFIG_HOME", workspace.appendingPathComponent("xdg").path, 1)
    }

    override func tearDownWithError() throws {
        if let savedStore { setenv("XDG_CONFIG_HOME", savedStore, 1) } else { unsetenv("XDG_CONFIG_HOME") }
        try? FileManager.default.removeItem(at: workspace)
    }

    private var markerExists: Bool { FileManager.default.fileExists(atPath: workspace.appendingPathComponent("MARKER").path) }

    private func trustMessages(_ client: LSPClient) -> [Object] {
        client.messages.filter {
            $0["method"] as? String == "window/showMessage"
                && (($0["params"] as? Object)?["message"] as? String)?.contains("not run") == true
        }
    }

    func testOpeningASpecRunsNothingAndSaysSoOnce() throws {
        let client = try LSPClient(in: workspace)
        try client.start(root: workspace)
        let url = workspace.appendingPathComponent("home.yaml")
        let mark = client.mark
        client.open(url, text: Self.spec)
        let diagnostics = try client.diagnostics(for: LSPClient.uri(url), after: mark) { !$0.isEmpty }
        XCTAssertTrue(diagnostics.contains { $0["code"] as? String == "buttons.hit-target" }, "\(diagnostics)")
        XCTAssertFalse(diagnostics.contains { ($0["code"] as? String)?.hasPrefix("house.") == true }, "\(diagnostics)")
        XCTAssertFalse(markerExists, "opening a spec ran the plugin of an untrusted config")
        try client.waitFor("the trust message") { message in
            message["method"] as? String == "window/showMessage"
                && ((message["params"] as? Object)?["message"] as? String)?.contains("higlint trust .higlint.yaml") == true
        }
        // The config reloaded, unchanged in trust: no second message.
        try Data((Self.config + "\n# edited\n").utf8).write(to: workspace.appendingPathComponent(".higlint.yaml"))
        let before = client.mark
        client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": LSPClient.uri(workspace.appendingPathComponent(".higlint.yaml")), "type": 2]]])
        try client.waitFor("the reload", after: before) { message in
            ((message["params"] as? Object)?["message"] as? String)?.hasPrefix("higlint: reloaded the config") == true
        }
        XCTAssertFalse(markerExists)
        XCTAssertEqual(trustMessages(client).count, 1, "\(trustMessages(client))")
        XCTAssertEqual(try client.stop(), 0)
    }

    func testAWorkspaceTheEditorTrustsRunsThePlugin() throws {
        let client = try LSPClient(in: workspace)
        try client.start(root: workspace, options: ["debounceMilliseconds": 0, "trustWorkspace": true])
        let url = workspace.appendingPathComponent("home.yaml")
        let mark = client.mark
        client.open(url, text: Self.spec)
        let diagnostics = try client.diagnostics(for: LSPClient.uri(url), after: mark) { items in
            items.contains { ($0["code"] as? String)?.hasPrefix("house.") == true }
        }
        XCTAssertFalse(diagnostics.isEmpty)
        XCTAssertTrue(markerExists)
        XCTAssertTrue(trustMessages(client).isEmpty)
        XCTAssertEqual(try client.stop(), 0)
    }
}
