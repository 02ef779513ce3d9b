import FigmaImporter
import HiglintCore
import HiglintFuzzing
import HiglintPlugins
import InterfaceBuilderImporter
import XcodeAppFacts
import TestSupport
import XCTest

/// The fuzz harness in a plain test run: the structure-aware mode writes YAML
/// that gets past the parser to the rules, and every input in
/// Tests/FuzzRegressions runs clean: the hostile cases made by hand (an alias
/// bomb, nesting past the depth limit, broken UTF-8 and NUL bytes, numbers no
/// Double holds, a merge key that refers to itself; for the Interface Builder mode an entity
/// bomb, views nested past the limit, values no number holds and segues in cycles) and any
/// the fuzzer crashed on.
final class FuzzHarnessTests: XCTestCase {
    private func randomInputs(count: Int) -> [[UInt8]] {
        var generator = SeededGenerator(seed: 14)
        return (0..<count).map { _ in
            [1] + (0..<Int.random(in: 8...400, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
        }
    }

    func testStructuredInputsLoadAndReachTheRules() {
        let engine = Engine(plugins: BuiltinPlugins.all, config: Config())
        var loaded = 0
        var ruleIDs = Set<String>()
        let inputs = randomInputs(count: 300)
        for input in inputs {
            let result = engine.review(FuzzInput.spec(from: input), file: SpecFile(path: "/f/a.yaml", displayPath: "f/a.yaml"))
            if !result.findings.contains(where: { $0.rule == CoreRules.syntax }) { loaded += 1 }
            ruleIDs.formUnion(result.findings.map(\.rule))
        }
        XCTAssertGreaterThan(loaded, inputs.count * 9 / 10, "structured inputs are YAML that parses")
        let pluginRules = ruleIDs.filter { !$0.hasPrefix(CoreRules.pluginName + ".") }
        XCTAssertGreaterThanOrEqual(pluginRules.count, 8, "the rules are reached: \(ruleIDs.sorted())")
    }

    func testTheSameBytesWriteTheSameSpec() {
        for input in randomInputs(count: 20) {
            XCTAssertEqual(FuzzInput.spec(from: input), FuzzInput.spec(from: input))
        }
        XCTAssertEqual(FuzzInput.spec(from: [0, 65, 66]), [65, 66], "an even first byte passes the rest through")
        XCTAssertEqual(FuzzInput.spec(from: []), [])
    }

    func testInterfaceBuilderSeedsReachTheImporter() throws {
        XCTAssertTrue(FuzzInput.isInterfaceBuilder([2, 60]))
        XCTAssertTrue(FuzzInput.isInterfaceBuilder([6]))
        XCTAssertFalse(FuzzInput.isInterfaceBuilder([0, 60]))
        XCTAssertFalse(FuzzInput.isInterfaceBuilder([1, 60]))
        XCTAssertFalse(FuzzInput.isInterfaceBuilder([]))
        let fixtures = TestFixtures.storyboards.path
        guard case .success(let entries) = FileSystem.list(fixtures) else { return XCTFail("\(fixtures) is not readable") }
        let documents = entries.map(\.name).filter { $0.hasSuffix(".storyboard") || $0.hasSuffix(".xib") }
        let directory = try SeedDirectory()
        guard case .success = FuzzSeeds.write(into: directory.path, specFiles: [fixtures]) else { return XCTFail("seeds not written") }
        let seeds = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix("seed-2-file-") }
        XCTAssertEqual(seeds.count, documents.count, "one seed per fixture document, read where it is")
        let importer = InterfaceBuilderImporter()
        let engine = Engine(plugins: BuiltinPlugins.all + [importer.plugin], importers: [importer], config: Config())
        var screens = 0
        for seed in seeds {
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: FileSystem.join(directory.path, seed))))
            XCTAssertEqual(bytes.first, 2, seed)
            screens += engine.review(Array(bytes.dropFirst()), file: SpecFile(path: "/f/a.storyboard", displayPath: "f/a.storyboard"),
                                     with: importer).screenCount
        }
        XCTAssertGreaterThan(screens, documents.count, "the seeds are documents the importer maps to screens")
    }

    func testProjectFilesHaveAModeOfTheirOwn() {
        XCTAssertTrue(FuzzInput.isProjectFile([4, 60]))
        XCTAssertTrue(FuzzInput.isProjectFile([12]))
        XCTAssertFalse(FuzzInput.isProjectFile([0, 60]), "raw specs keep 0 modulo 8")
        XCTAssertFalse(FuzzInput.isProjectFile([2]))
        XCTAssertFalse(FuzzInput.isProjectFile([5]), "odd stays the structured spec mode")
        XCTAssertFalse(FuzzInput.isProjectFile([]))
        XCTAssertFalse(FuzzInput.isInterfaceBuilder([4]))
    }

    /// The project seed is written with its mode byte, and its reading answers what the app
    /// facts ask: each target's configurations, the file each is based on (by reference, with
    /// an id that is not ASCII, and by an anchor in a synchronized folder) and which targets
    /// copy which documents.
    func testTheProjectSeedIsReadAsTheAppFactsReadIt() throws {
        let seeds = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("FuzzSeeds").path
        let directory = try SeedDirectory()
        guard case .success = FuzzSeeds.write(into: directory.path, specFiles: [seeds]) else { return XCTFail("seeds not written") }
        let written = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix("seed-4-") }
        XCTAssertEqual(written.count, 1, "the one project file below Tests/FuzzSeeds, and nothing else from there")
        let seed = Array(try Data(contentsOf: URL(fileURLWithPath: FileSystem.join(directory.path, try XCTUnwrap(written.first)))))
        XCTAssertTrue(FuzzInput.isProjectFile(seed))
        FuzzInput.run(seed)
        let answers = ProjectFileReading.answers(Array(seed.dropFirst())).split(separator: "\n").map(String.init)
        for line in [
            "App in /fuzz",
            "target T1 App: default Release",
            "    based on /fuzz/App/App.xcconfig",
            "    based on /fuzz/Shared Settings/Shared.xcconfig",
            "    based on /fuzz/Synced/Widget.xcconfig",
            "/fuzz/App/Base.lproj/Main.storyboard: T1",
            "/fuzz/App/Card.xib: T1, T2",
            "/fuzz/Widget/Widget.xib: T2",
            "/fuzz/Synced/View.xib: T2",
        ] {
            XCTAssertTrue(answers.contains(line), "\(line) in \(answers)")
        }
        // The escaped key inside CPR's settings is a setting, not a base: read in full, found as one.
        XCTAssertTrue(answers.contains { $0.hasPrefix("  Release (CPR): IPHONEOS_DEPLOYMENT_TARGET=17.0; baseConfigurationReference=F5") })
        XCTAssertEqual(ProjectFileReading.answers(Array("{".utf8)).prefix(10), "not read: ")
    }

    func testFigmaFileResponsesHaveAModeOfTheirOwn() {
        XCTAssertTrue(FuzzInput.isFigma([8, 123]))
        XCTAssertTrue(FuzzInput.isFigma([24]))
        XCTAssertFalse(FuzzInput.isFigma([0, 123]), "raw specs keep 0 modulo 16")
        XCTAssertFalse(FuzzInput.isFigma([4]))
        XCTAssertFalse(FuzzInput.isFigma([9]), "odd stays the structured spec mode")
        XCTAssertFalse(FuzzInput.isFigma([]))
        XCTAssertFalse(FuzzInput.isProjectFile([8]))
        XCTAssertFalse(FuzzInput.isInterfaceBuilder([8]))
    }

    /// The Figma seeds below Tests/FuzzSeeds (a trimmed real file, and one written to take
    /// each way through the mapping) and the importer's examples are written with mode byte 8,
    /// and the files among them are screens with findings.
    func testFigmaSeedsReachTheImporter() throws {
        let seeds = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("FuzzSeeds").path
        let directory = try SeedDirectory()
        guard case .success = FuzzSeeds.write(into: directory.path, specFiles: [seeds]) else { return XCTFail("seeds not written") }
        let written = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix("seed-8-") }.sorted()
        XCTAssertEqual(written.filter { $0.hasPrefix("seed-8-file-") }.count, 2, "\(written)")
        XCTAssertEqual(written.filter { $0.hasPrefix("seed-8-rule-figma.syntax-") }.count, 3, "\(written)")
        let importer = FigmaImporter()
        let engine = Engine(plugins: BuiltinPlugins.all + [importer.plugin], importers: [importer], config: Config())
        for seed in written where seed.hasPrefix("seed-8-file-") {
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: FileSystem.join(directory.path, seed))))
            XCTAssertTrue(FuzzInput.isFigma(bytes), seed)
            XCTAssertLessThanOrEqual(bytes.count, 65536, "\(seed) fits the fuzzer's -max_len")
            let review = engine.review(Array(bytes.dropFirst()), file: SpecFile(path: "/f/a.figma.json", displayPath: "f/a.figma.json"), with: importer)
            XCTAssertGreaterThanOrEqual(review.screenCount, 1, seed)
            XCTAssertGreaterThan(review.findings.count, 5, seed)
            FuzzInput.run(bytes)
        }
        let dictionary = try String(contentsOfFile: directory.path + ".dict", encoding: .utf8)
        XCTAssertTrue(dictionary.contains("\"\\x22absoluteBoundingBox\\x22\"\n"), dictionary)
    }

    func testEveryRegressionInputRunsClean() throws {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("FuzzRegressions").path
        guard case .success(let inputs) = FuzzReplay.inputs(at: directory) else {
            return XCTFail("cannot read \(directory)")
        }
        XCTAssertFalse(inputs.isEmpty, "the regression inputs are found")
        for input in inputs { FuzzInput.run(input.bytes) }
    }
}

/// A directory for `FuzzSeeds.write`, removed with the dictionary written beside it.
private final class SeedDirectory {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-seeds-\(UUID().uuidString)").path

    init() throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
        try? FileManager.default.removeItem(atPath: path + ".dict")
    }
}
