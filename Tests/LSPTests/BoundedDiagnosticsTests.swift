import Foundation
import TestSupport
import XCTest

/// The real `higlint lsp` on issue #44's crowded spec: a document of 3,000 piled-up buttons
/// gets 1,001 diagnostics, on opening and on every edit, not one per pair (4,498,500).
final class BoundedDiagnosticsTests: XCTestCase {
    private var workspace: URL!

    override func setUpWithError() throws {
        workspace = FileManager.default.temporaryDirectory.appendingPathComponent("higlint-lsp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: workspace)
    }

    private static func summary(_ buttons: Int) -> String {
        "\(CrowdedSpec.pairs(buttons) - 1000) more findings of this screen left out: a screen reports at most 1000 (limits.max_findings_per_screen)"
    }

    func testACrowdedDocumentGetsTheLimitAndOneDiagnosticThatCountsTheRest() throws {
        let url = workspace.appendingPathComponent("crowded.yaml")
        let text = CrowdedSpec.yaml(buttons: 3000)
        try Data(text.utf8).write(to: url)
        let client = try LSPClient(in: workspace)
        try client.start(root: workspace)
        let uri = LSPClient.uri(url)
        var mark = client.mark
        client.open(url, text: text)
        let opened = try client.diagnostics(for: uri, after: mark) { !$0.isEmpty }
        XCTAssertEqual(opened.count, 1001)
        XCTAssertEqual(opened.filter { $0.code == "buttons.spacing" }.count, 1000)
        let summaries = opened.filter { $0.code == "spec.limits" }
        XCTAssertEqual(summaries.map { $0["message"] as? String }, [Self.summary(3000)])
        XCTAssertEqual(summaries.first?.range?.start.line, 0, "at the screen's name")

        // A keystroke that adds a button: one more pair for each button before it.
        mark = client.mark
        let added = text + "  - {id: b3000, type: button, frame: [16, 100, 44, 44]}\n"
        client.change(url, version: 2, changes: [["text": added]])
        let edited = try client.diagnostics(for: uri, after: mark) { items in
            items.contains { $0["message"] as? String == Self.summary(3001) }
        }
        XCTAssertEqual(edited.count, 1001)
        XCTAssertEqual(try client.stop(), 0)
    }
}
