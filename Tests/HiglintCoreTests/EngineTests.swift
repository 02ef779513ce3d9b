import HiglintCore
import HiglintPlugins
import XCTest

final class EngineTests: XCTestCase {
    private func review(_ files: [String: String], config: Config = Config()) -> [Finding] {
        let engine = Engine(plugins: BuiltinPlugins.all, config: config)
        let results = files.keys.sorted().map {
            engine.review(Array(files[$0, default: ""].utf8), file: SpecFile(path: $0, displayPath: $0))
        }
        return engine.report(results).findings
    }

    private let smallButton = "screen: Home\nelements:\n  - {id: b, type: button, frame: [0, 100, 30, 30]}\n"

    func testSeverityOverrideAndOff() {
        var config = Config()
        config.ruleSeverities["buttons.hit-target"] = .some(.info)
        XCTAssertEqual(review(["a.yaml": smallButton], config: config).map(\.severity), [.info])
        config.ruleSeverities["buttons.hit-target"] = .some(nil)
        XCTAssertEqual(review(["a.yaml": smallButton], config: config), [])
    }

    func testDisabledAndEnabledPlugins() {
        var config = Config()
        config.disabledPlugins = ["buttons"]
        XCTAssertEqual(review(["a.yaml": smallButton], config: config), [])
        config = Config()
        config.enabledPlugins = ["text"]
        XCTAssertEqual(review(["a.yaml": smallButton], config: config), [])
        // Core rules stay on whatever plugins are enabled.
        XCTAssertEqual(review(["a.yaml": "screen: A\nbogus: 1\n"], config: config).map(\.rule), ["spec.unknown-key"])
    }

    func testReviewIgnoreTakesRuleIdsAndPluginNames() {
        XCTAssertEqual(review(["a.yaml": smallButton + "review: {ignore: [buttons.hit-target], reason: legacy}\n"]), [])
        XCTAssertEqual(review(["a.yaml": smallButton + "review: {ignore: [buttons]}\n"]), [])
        // `text` suppresses nothing here, and says so.
        XCTAssertEqual(review(["a.yaml": smallButton + "review: {ignore: [text]}\n"]).map(\.rule), ["buttons.hit-target", "spec.unused-ignore"])
    }

    func testUnknownIgnoreNamesAreReported() {
        let found = review(["a.yaml": "screen: A\nreview: {ignore: [buttons.hit-targets, nonsense]}\nelements:\n  - {id: t, type: text, ignore: [txt]}\n"])
        XCTAssertEqual(found.map(\.rule), ["spec.unknown-rule", "spec.unknown-rule", "spec.unknown-rule"])
        XCTAssertEqual(found.first?.message, "ignore names \"buttons.hit-targets\", which is no rule or plugin; did you mean \"buttons.hit-target\"?")
        XCTAssertEqual(found.last?.element, "t")
    }

    func testDisabledRulesAreStillKnownToIgnoreLists() {
        var config = Config()
        config.disabledPlugins = ["buttons"]
        // Known, so no spec.unknown-rule; but with its plugin off it suppresses nothing.
        XCTAssertEqual(review(["a.yaml": "screen: A\nreview: {ignore: [buttons.spacing]}\n"], config: config).map(\.rule), ["spec.unused-ignore"])
    }

    func testDuplicateScreensAreReportedOnEachButTheFirstByPath() {
        let found = review(["b.yaml": "screen: Home\n", "a.yaml": "screen: Home\n", "c.yaml": "screen: Home\n---\nscreen: Other\n"])
        XCTAssertEqual(found.map(\.rule), ["spec.duplicate-screen", "spec.duplicate-screen"])
        XCTAssertEqual(found.map(\.file), ["b.yaml", "c.yaml"])
        XCTAssertEqual(found.first?.message, "screen \"Home\" is already declared in a.yaml:1:9")
        XCTAssertEqual([found[0].line, found[0].column], [1, 9])
    }

    func testDuplicateScreenWithinOneFile() {
        let found = review(["a.yaml": "screen: Home\n---\nscreen: Home\n"])
        XCTAssertEqual(found.map(\.rule), ["spec.duplicate-screen"])
        XCTAssertEqual(found.first?.line, 3)
    }

    func testUnknownParent() {
        let found = review(["a.yaml": "screen: Detail\nparent: Hom\n", "b.yaml": "screen: Home\n"])
        XCTAssertEqual(found.map(\.rule), ["spec.unknown-parent"])
        XCTAssertEqual(found.first?.message, "parent \"Hom\" names no screen in the tree; did you mean \"Home\"?")
        XCTAssertEqual([found[0].line, found[0].column], [2, 9])
        XCTAssertEqual(review(["a.yaml": "screen: Detail\nparent: Home\n", "b.yaml": "screen: Home\n"]), [])
    }

    func testOverALimitTheFileGetsOneFindingAndNothingElse() {
        var laughs = "a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        for level in 1...9 {
            laughs += "a\(level): &a\(level) [\(Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", "))]\n"
        }
        laughs += "screen: *a9\nbogus: 1\n"
        let found = review(["bomb.yaml": laughs])
        XCTAssertEqual(found.map(\.rule), ["spec.limits"])
        XCTAssertEqual(found.first?.severity, .error)
    }

    func testSyntaxErrorIsTheOnlyFinding() {
        let found = review(["a.yaml": "screen: Home\nbogus: 1\nelements: [\n"])
        XCTAssertEqual(found.map(\.rule), ["spec.syntax"])
    }

    func testEmptyFileIsReported() {
        let found = review(["a.yaml": ""])
        XCTAssertEqual(found.map(\.rule), ["spec.schema"])
        XCTAssertEqual([found[0].line, found[0].column], [1, 1])
    }

    func testEachDocumentIsReviewedOnItsOwn() {
        let found = review(["a.yaml": smallButton + "---\n" + smallButton.replacingOccurrences("Home", "Away")])
        XCTAssertEqual(found.map(\.rule), ["buttons.hit-target", "buttons.hit-target"])
        XCTAssertEqual(found.map(\.screen), ["Home", "Away"])
        XCTAssertEqual(found.map(\.line), [3, 7])
    }

    func testFindingsAreSortedByFileLineColumnRule() {
        let found = review([
            "b.yaml": "screen: B\nzz: 1\naa: 2\n",
            "a.yaml": "screen: A\nelements:\n  - {id: s, type: button, frame: [0, 0, 10, 10], action: share, icon: custom:x}\n",
        ])
        XCTAssertEqual(found.map { "\($0.file):\($0.line):\($0.column):\($0.rule)" }, [
            "a.yaml:3:5:buttons.custom-standard-action", "a.yaml:3:5:buttons.hit-target",
            "b.yaml:2:1:spec.unknown-key", "b.yaml:3:1:spec.unknown-key",
        ])
    }

    func testFIFOIsNotReadAndDoesNotHang() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("higlint-fifo-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("pipe.yaml").path
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        let engine = Engine(plugins: BuiltinPlugins.all, config: Config())
        let result = engine.review(SpecFile(path: fifo, displayPath: "pipe.yaml"))
        XCTAssertEqual(result.readProblem, .notRegular("a FIFO"))
        XCTAssertEqual(result.findings, [])
        let outcome = SpecDiscovery(exclude: [], workingDirectory: directory.path).discover(["."])
        XCTAssertEqual(outcome.files, [])
        XCTAssertEqual(outcome.notes, ["pipe.yaml: skipped, it is a FIFO"])
    }

    func testOversizedFileGetsALimitsFindingWithoutBeingRead() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("higlint-big-\(getpid()).yaml").path
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(repeating: UInt8(ascii: "#"), count: 2048)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        var config = Config()
        config.limits.maxFileBytes = 1024
        let result = Engine(plugins: BuiltinPlugins.all, config: config).review(SpecFile(path: path, displayPath: "big.yaml"))
        XCTAssertEqual(result.findings.map(\.rule), ["spec.limits"])
        XCTAssertEqual(result.findings.first?.message, "file is 2048 bytes, over the limit of 1024 bytes (limits.max_file_bytes)")
    }
}

extension String {
    func replacingOccurrences(_ target: String, _ replacement: String) -> String {
        replacing(target, with: replacement)
    }
}
