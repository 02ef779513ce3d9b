import Foundation
import HiglintCore
import HiglintPluginHost
import InterfaceBuilderImporter
import TestSupport
import XCTest

/// Interface Builder screens go to external plugins like spec screens: the request names the
/// storyboard, each element's `at` is its start tag, and findings land on the IB elements.
final class InterfaceBuilderPluginTests: XCTestCase {
    private static let storyboard = IBTestFiles.storyboard(
        button: "buy-1", frame: (20, 100, 200, 50), title: nil, moreSubviews: [
            "<label opaque=\"NO\" text=\"Lorem ipsum\" id=\"lorem-1\">",
            "    <rect key=\"frame\" x=\"20\" y=\"200\" width=\"200\" height=\"21\"/>",
            "</label>",
        ])

    func testIBScreensAreSentAndTheirFindingsLandOnTheIBElements() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else { throw XCTSkip("python3 is needed") }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ib-plugin-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let storyboard = directory.appendingPathComponent("Main.storyboard").path
        try Self.storyboard.write(toFile: storyboard, atomically: false, encoding: .utf8)
        let dump = directory.appendingPathComponent("requests.jsonl").path

        var config = Config()
        config.externalPlugins = [
            ExternalPluginSettings(name: "house", command: ["python3", ExternalPluginTests.fixture, "--dump", dump], timeoutMilliseconds: 5000),
        ]
        config.baseDirectory = directory.path
        let host = PluginHost(config, log: { _ in })
        defer { host.shutdown() }
        let importer = InterfaceBuilderImporter()
        let engine = Engine(plugins: host.enginePlugins + [importer.plugin], importers: [importer], config: config, wireframes: false)
        let result = engine.review(SpecFile(path: storyboard, displayPath: "ui/Main.storyboard"))

        let lines = Self.storyboard.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func startTag(_ text: String) -> (line: Int, column: Int) {
            let line = lines.firstIndex { $0.contains(text) } ?? -1
            let column = lines[line].distance(from: lines[line].startIndex, to: lines[line].firstIndex(of: "<") ?? lines[line].startIndex)
            return (line + 1, column + 1)
        }
        let button = startTag("<button "), label = startTag("<label ")
        let found = result.findings.filter { $0.rule.hasPrefix("house.") || $0.rule == PluginFailure.ruleID }
            .map { "\($0.file):\($0.line):\($0.column) \($0.rule) \($0.element ?? "-")" }
        XCTAssertEqual(found, [
            "ui/Main.storyboard:\(button.line):\(button.column) house.analytics buy-1",
            "ui/Main.storyboard:\(label.line):\(label.column) house.no-lorem lorem-1",
        ])

        // What the plugin was sent: the storyboard's path as reports show it, and each element's
        // path (its place in the imported screen) and start tag.
        let requests = try String(contentsOfFile: dump, encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(requests.count, 1)
        let request = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(requests[0].utf8)) as? [String: Any])
        XCTAssertEqual(request["file"] as? String, "ui/Main.storyboard")
        let screen = try XCTUnwrap(request["screen"] as? [String: Any])
        let elements = try XCTUnwrap(screen["elements"] as? [[String: Any]])
        XCTAssertEqual(elements.map { $0["path"] as? String }, ["elements[0]", "elements[1]"])
        XCTAssertEqual(elements.map { $0["id"] as? String }, ["buy-1", "lorem-1"])
        XCTAssertEqual(elements.map { $0["at"] as? [String: Int] }, [
            ["line": button.line, "column": button.column], ["line": label.line, "column": label.column],
        ])
    }
}
