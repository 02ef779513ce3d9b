import Foundation
import HiglintCore
import HiglintPlugins
import XCTest

/// What an importer could not read stays unknown, and the JSON report counts it per file
/// and rule, for the rules the config leaves on; a review of specs alone writes no such member.
final class UnknownCountTests: XCTestCase {
    /// A format of its own: one screen, and the counts it is built with.
    private struct CountingImporter: ScreenImporter {
        var unknown: [String: Int]
        var plugin: Plugin { Plugin(name: "counting", summary: "test format", screenRules: []) }
        var fileExtensions: [String] { [".counted"] }
        func importScreens(from bytes: [UInt8], file: SpecFile, options: ImportOptions) -> ImportResult {
            var screen = Screen(device: .iphone, canvas: Size(width: 390, height: 844))
            screen.name = "Counted"
            return .imported(ImportedFile(screens: [ImportedScreen(screen: screen)], unknown: unknown))
        }
    }

    private func review(_ unknown: [String: Int], config: Config = Config(), files: [String] = ["b.counted", "a.counted"]) -> String {
        let importer = CountingImporter(unknown: unknown)
        let engine = Engine(plugins: BuiltinPlugins.all, importers: [importer], config: config)
        let results = files.map {
            engine.complete(engine.start(Array("x".utf8), file: SpecFile(path: "/nowhere/\($0)", displayPath: $0), with: importer))
        }
        let report = engine.report(results)
        return ReportFormat.json.render(report, options: ReportRenderOptions(rules: engine.allRuleDescriptions))
    }

    func testTheJSONReportCountsWhatStayedUnknownPerFileAndRule() {
        let json = review(["buttons.hit-target": 2, "text.min-size": 1, "text.contrast": 0, "nobody.rule": 4])
        XCTAssertTrue(json.contains("""
            "unknown": [{"file": "a.counted", "rule": "buttons.hit-target", "elements": 2}, \
            {"file": "a.counted", "rule": "text.min-size", "elements": 1}, \
            {"file": "b.counted", "rule": "buttons.hit-target", "elements": 2}, \
            {"file": "b.counted", "rule": "text.min-size", "elements": 1}]
            """), json)
        XCTAssertFalse(json.contains("text.contrast\", \"elements\""), json)
        XCTAssertFalse(json.contains("nobody.rule"), "a rule nobody declares is not counted: \(json)")
        let parsed = try? JSONSerialization.jsonObject(with: Data(json.utf8))
        XCTAssertNotNil(parsed, json)
    }

    func testARuleTheConfigTurnsOffIsNotCounted() throws {
        var config = try ConfigLoader(plugins: BuiltinPlugins.all).parse(Array("rules:\n  text.min-size: off\n".utf8), file: "c.yaml")
        config.baseDirectory = "/"
        let json = review(["buttons.hit-target": 2, "text.min-size": 1], config: config, files: ["a.counted"])
        XCTAssertTrue(json.contains("\"unknown\": [{\"file\": \"a.counted\", \"rule\": \"buttons.hit-target\", \"elements\": 2}]"), json)
    }

    func testNothingUnknownWritesNoMember() {
        XCTAssertFalse(review([:]).contains("\"unknown\""))
    }
}
