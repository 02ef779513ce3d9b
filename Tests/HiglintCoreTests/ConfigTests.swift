@testable import HiglintCore
import HiglintPlugins
import XCTest

final class ConfigTests: XCTestCase {
    private var loader: ConfigLoader { ConfigLoader(plugins: BuiltinPlugins.all) }

    private func parse(_ text: String) throws(ConfigError) -> Config {
        try loader.parse(Array(text.utf8), file: "config.yaml")
    }

    private func error(_ text: String) -> ConfigError? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return error
        }
    }

    func testFullConfig() throws {
        let config = try parse("""
            paths: [screens, more]
            exclude: ["**/drafts/**"]
            app: {device: ipad, category: game}
            plugins: {disabled: [gestures]}
            rules: {buttons.spacing: error, text.heavy-weight: off, buttons.hit-target: info}
            thresholds: {min_hit_target: 48, min_spacing: 10, min_font_size: 12, max_explanation: 100, alignment_tolerance: 1.5}
            limits: {max_file_bytes: 2048, max_depth: 10, max_alias_nodes: 50, max_findings_per_screen: 20}
            watch: {settle_ms: 30, max_delay_ms: 300, poll_interval_ms: 750, report: out.json, outputs: [html=live.html, sarif=live.sarif]}
            baseline: known.json
            """)
        XCTAssertEqual(config.paths, ["screens", "more"])
        XCTAssertEqual(config.exclude, ["**/drafts/**"])
        XCTAssertEqual(config.appDevice, .ipad)
        XCTAssertEqual(config.appCategory, "game")
        XCTAssertEqual(config.disabledPlugins, ["gestures"])
        XCTAssertEqual(config.ruleSeverities["buttons.spacing"], .some(.error))
        XCTAssertEqual(config.ruleSeverities["text.heavy-weight"], .some(nil))
        XCTAssertEqual(config.thresholds[key: "min_hit_target"], .decimal(48))
        XCTAssertEqual(config.thresholds[key: "max_explanation"], .whole(100))
        XCTAssertEqual(config.thresholds[key: "alignment_tolerance"], .decimal(1.5))
        XCTAssertEqual(config.limits.maxDepth, 10)
        XCTAssertEqual(config.limits.maxFindingsPerScreen, 20)
        XCTAssertEqual(config.watch.settleMilliseconds, 30)
        XCTAssertEqual(config.watch.pollIntervalMilliseconds, 750)
        XCTAssertEqual(config.watch.report, "out.json")
        XCTAssertEqual(config.watch.outputs, [ReportOutput(format: .html, path: "live.html"), ReportOutput(format: .sarif, path: "live.sarif")])
        XCTAssertEqual(config.baseline, "known.json")
    }

    /// `watch.outputs` takes every format of the format list, and names them all when one is wrong.
    func testWatchOutputsTakeEveryListedFormat() throws {
        let outputs = ReportFormat.all.map { ReportOutput(format: $0, path: "live.\($0.writer.fileExtension)") }
        let listed = outputs.map { "\($0.format.name)=\($0.path)" }.joined(separator: ", ")
        XCTAssertEqual(try parse("watch: {outputs: [\(listed)]}\n").watch.outputs, outputs)
        let wrong = try XCTUnwrap(error("watch: {outputs: [pdf=live.pdf]}\n"))
        XCTAssertTrue(wrong.message.hasSuffix("formats are " + ReportFormat.names.joined(separator: ", ")), wrong.message)
    }

    func testEmptyConfigIsTheDefaults() throws {
        let config = try parse("# nothing yet\n")
        XCTAssertEqual(config.paths, ["."])
        XCTAssertEqual(config.thresholds, ThresholdValues())
        XCTAssertEqual(config.watch.settleMilliseconds, 20)
        XCTAssertEqual(config.limits.maxFindingsPerScreen, 1000)
        XCTAssertEqual(config.ruleContext.findingLimit, 1000)
    }

    /// A screen reports at least one finding: 0 would hide every finding behind the summary.
    func testTheFindingLimitIsAWholeNumberOfAtLeastOne() throws {
        XCTAssertEqual(try parse("limits: {max_findings_per_screen: 1}\n").ruleContext.findingLimit, 1)
        let zero = try XCTUnwrap(error("limits: {max_findings_per_screen: 0}\n"))
        XCTAssertEqual(zero.description, "config.yaml:1:35: error: limits.max_findings_per_screen: expected a whole number of at least 1, found 0")
        XCTAssertNotNil(error("limits: {max_findings_per_screen: 2.5}\n"))
        let misspelt = try XCTUnwrap(error("limits: {max_finding_per_screen: 10}\n"))
        XCTAssertTrue(misspelt.message.contains("did you mean \"max_findings_per_screen\"?"), misspelt.message)
    }

    func testErrorsCarryPositions() throws {
        let unknown = try XCTUnwrap(error("paths: [a]\nthreshold: {}\n"))
        XCTAssertEqual(unknown.description, "config.yaml:2:1: error: unknown key \"threshold\"; did you mean \"thresholds\"?")
        let badRule = try XCTUnwrap(error("rules:\n  buttons.hit-targt: off\n"))
        XCTAssertEqual(badRule.description, "config.yaml:2:3: error: rules: no rule has the id \"buttons.hit-targt\"; did you mean \"buttons.hit-target\"?")
        let badSeverity = try XCTUnwrap(error("rules:\n  buttons.hit-target: fatal\n"))
        XCTAssertEqual(badSeverity.mark?.line, 2)
        XCTAssertTrue(badSeverity.message.contains("error, warning, info, off"), badSeverity.message)
        let badNumber = try XCTUnwrap(error("thresholds: {min_hit_target: big}\n"))
        XCTAssertEqual(badNumber.description, "config.yaml:1:30: error: thresholds.min_hit_target: expected a number, found \"big\"")
        let syntax = try XCTUnwrap(error("paths: [a\n"))
        // At the end of the input: the end of the last line, not libyaml's line after it.
        XCTAssertEqual(syntax.mark.map { [$0.line, $0.column] }, [1, 10])
        let plugin = try XCTUnwrap(error("plugins: {disabled: [buttonz]}\n"))
        XCTAssertTrue(plugin.message.contains("did you mean \"buttons\"?"), plugin.message)
        let device = try XCTUnwrap(error("app: {device: android}\n"))
        XCTAssertEqual(device.mark?.column, 15)
        XCTAssertNotNil(error("paths: [a]\npaths: [b]\n"))
        let output = try XCTUnwrap(error("watch:\n  outputs: [htm=live.html]\n"))
        XCTAssertEqual(output.mark?.line, 2)
        XCTAssertTrue(output.message.contains("unknown report format \"htm\""), output.message)
    }

    func testThresholdErrorsCarryPositionsAndSuggestions() throws {
        let misspelt = try XCTUnwrap(error("thresholds:\n  min_spacing: 8\n  min_hit_targt: 30\n"))
        XCTAssertEqual(misspelt.description, "config.yaml:3:3: error: unknown key \"min_hit_targt\" in thresholds; did you mean \"min_hit_target\"?")
        let unlike = try XCTUnwrap(error("thresholds: {spacing_between_everything: 3}\n"))
        XCTAssertEqual(unlike.description, "config.yaml:1:14: error: unknown key \"spacing_between_everything\" in thresholds")
        let negative = try XCTUnwrap(error("thresholds: {min_spacing: -1}\n"))
        XCTAssertEqual(negative.description, "config.yaml:1:27: error: thresholds.min_spacing: expected a number of at least 0, found -1")
        let fraction = try XCTUnwrap(error("thresholds: {max_explanation: 100.5}\n"))
        XCTAssertEqual(fraction.description, "config.yaml:1:31: error: thresholds.max_explanation: expected a whole number, found \"100.5\"")
        let negativeWhole = try XCTUnwrap(error("thresholds: {max_explanation: -1}\n"))
        XCTAssertEqual(negativeWhole.description, "config.yaml:1:31: error: thresholds.max_explanation: expected a whole number of at least 0, found -1")
        let list = try XCTUnwrap(error("thresholds: [44]\n"))
        XCTAssertEqual(list.description, "config.yaml:1:13: error: thresholds: expected a map, found a list")
        let listKey = try XCTUnwrap(error("thresholds: {[a]: 1}\n"))
        XCTAssertEqual(listKey.description, "config.yaml:1:14: error: thresholds: keys must be plain text, found a list")
        XCTAssertEqual(try parse("thresholds:\n").thresholds, ThresholdValues())
        XCTAssertEqual(try parse("thresholds: {min_spacing: 0}\n").thresholds[key: "min_spacing"], .decimal(0))
    }

    func testFileSizeLimitStaysWithinWhatTheLoaderCanHold() throws {
        let largest = LoaderLimits.largestFileBytes
        XCTAssertEqual(try parse("limits: {max_file_bytes: \(largest)}\n").limits.maxFileBytes, largest)
        let over = try XCTUnwrap(error("limits: {max_file_bytes: \(largest + 1)}\n"))
        XCTAssertEqual(over.description, "config.yaml:1:26: error: limits.max_file_bytes: expected a whole number of at most \(largest), found \(largest + 1)")
        // Set in code past the largest, the loader still holds to the largest.
        var limits = LoaderLimits()
        limits.maxFileBytes = .max
        guard case .success = YAMLLoader.load(Array("screen: A\n".utf8), limits: limits) else { return XCTFail("did not load") }
    }

    /// The shipped config.yaml is where a new user learns the keys: each one the loader
    /// takes is in it, written or as a commented-out example, and the examples, uncommented,
    /// are a config the loader takes.
    func testShippedConfigDocumentsEveryKey() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("config.yaml"), encoding: .utf8)
        let example = try Regex(#"^\s*([a-z_][a-z0-9_.-]*:(\s|$)|- )"#)
        let uncommented = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            guard let hash = line.firstIndex(of: "#"), line[..<hash].allSatisfy({ $0 == " " }) else { return String(line) }
            var rest = line[line.index(after: hash)...]
            if rest.first == " " { rest = rest.dropFirst() }
            return rest.prefixMatch(of: example) == nil ? String(line) : String(line[..<hash] + rest)
        }
        let lines = uncommented.joined(separator: "\n")
        func keys<Field: SpecField>(_: Field.Type) -> [String] { Field.allCases.map(\.rawValue) }
        for key in keys(ConfigLoader.Field.self) {
            XCTAssertTrue(uncommented.contains { $0.hasPrefix(key + ":") }, "config.yaml does not show `\(key):`")
        }
        let nested = keys(ConfigLoader.AppField.self) + keys(ConfigLoader.PluginListField.self) + keys(ConfigLoader.ExternalPluginField.self)
            + keys(ConfigLoader.LimitField.self) + keys(ConfigLoader.WatchField.self) + keys(CustomRuleReader.RuleField.self)
            + keys(CustomRuleReader.ThresholdField.self)
        for key in nested {
            let written = try Regex("^ +(- )?\(key):( .*)?$")
            XCTAssertTrue(uncommented.contains { $0.wholeMatch(of: written) != nil }, "config.yaml does not show `\(key):`")
        }
        let config = try loader.parse(Array(lines.utf8), file: "config.yaml")
        XCTAssertEqual(config.externalPlugins.map(\.name), ["acme"])
        XCTAssertEqual(config.customRules.map(\.description.id), ["house.primary-height"])
        XCTAssertNotNil(config.enabledPlugins)
        XCTAssertNotNil(config.baseline)
        XCTAssertNotNil(config.watch.report)
        XCTAssertFalse(config.watch.outputs.isEmpty)
    }

    func testShippedConfigLoadsAndReviewsTheExamples() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let config = try loader.load(path: root.appendingPathComponent("config.yaml").path)
        XCTAssertEqual(config.paths, ["examples"])
        XCTAssertEqual(config.baseDirectory, root.path)
    }
}
