import HiglintCore
import HiglintPlugins
import XCTest

/// A plugin's own threshold, declared by its rule alone: the config, the docs and the
/// rule's check all take it from there.
private struct CrowdedRule: ScreenRule {
    static let maximum = Threshold(
        key: "max_elements", default: 2, unit: ThresholdUnit(name: "elements"),
        meaning: "most content elements on one screen")

    let description = RuleDescription(
        id: "crowd.too-many", severity: .warning, summary: "A screen holds more elements than the maximum.",
        rationale: "A test rule.", seed: "test", hint: "Remove some.",
        triggeringExamples: [], nonTriggeringExamples: [], thresholds: [Self.maximum])

    func check(_ screen: Screen, in context: RuleContext) -> [Violation] {
        let maximum = context[Self.maximum]
        guard screen.elements.count > maximum else { return [] }
        return [Violation(message: "\(screen.elements.count) elements; at most \(maximum)", at: screen.marks.map)]
    }
}

final class ThresholdTests: XCTestCase {
    private static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    private let crowd = Plugin(name: "crowd", summary: "Crowded screens.", screenRules: [CrowdedRule()])
    private var builtin: ThresholdCatalog { ThresholdCatalog(plugins: BuiltinPlugins.all) }

    private func rule(_ id: String, _ thresholds: [ThresholdDeclaration]) -> RuleDescription {
        RuleDescription(
            id: id, severity: .info, summary: "s", rationale: "r", seed: "test", hint: "h",
            triggeringExamples: [], nonTriggeringExamples: [], thresholds: thresholds)
    }

    private func declaration(_ key: String, _ value: ThresholdNumber, unit: String = "pt", meaning: String = "m") -> ThresholdDeclaration {
        ThresholdDeclaration(key: key, defaultValue: value, unit: unit, meaning: meaning)
    }

    // MARK: - Declarations

    func testBuiltinDeclarationsAgreeAndDocumentThemselves() {
        XCTAssertEqual(builtin.conflicts, [], builtin.conflicts.map(\.description).joined(separator: "\n"))
        XCTAssertFalse(builtin.entries.isEmpty)
        for entry in builtin.entries {
            let threshold = entry.declaration
            XCTAssertTrue(threshold.key.allSatisfy { $0.isLowercase || $0 == "_" }, threshold.key)
            XCTAssertFalse(threshold.meaning.isEmpty, threshold.key)
            XCTAssertFalse(threshold.meaning.contains("\n"), threshold.key)
            XCTAssertFalse(threshold.unit.isEmpty, threshold.key)
            switch threshold.defaultValue {
            case .decimal(let value): XCTAssertGreaterThanOrEqual(value, 0, threshold.key)
            case .whole(let value): XCTAssertGreaterThanOrEqual(value, 0, threshold.key)
            }
        }
    }

    func testTheUnitDecidesTheKindOfNumber() {
        // A whole-number default in points is still a fractional threshold.
        let points = Threshold(key: "k", default: 44, unit: .points, meaning: "m")
        XCTAssertEqual(points.declaration.defaultValue, .decimal(44))
        let characters = Threshold(key: "k", default: 160, unit: .characters, meaning: "m")
        XCTAssertEqual(characters.declaration.defaultValue, .whole(160))
        XCTAssertEqual(characters.declaration.unit, "characters")
    }

    func testRulesSharingOneDeclarationListItOnce() {
        let shared = declaration("min_gap", .decimal(8))
        let catalog = ThresholdCatalog(rules: [rule("a.one", [shared]), rule("b.two", [shared]), rule("c.three", [])])
        XCTAssertEqual(catalog.conflicts, [])
        XCTAssertEqual(catalog.keys, ["min_gap"])
        XCTAssertEqual(catalog.entries.first?.rules, ["a.one", "b.two"])
    }

    func testAConflictingRedeclarationIsReported() throws {
        let catalog = ThresholdCatalog(rules: [
            rule("a.one", [declaration("min_gap", .decimal(8))]),
            rule("b.two", [declaration("min_gap", .decimal(10))]),
            rule("c.three", [declaration("min_gap", .whole(8))]),
            rule("d.four", [declaration("min_gap", .decimal(8), meaning: "other")]),
        ])
        XCTAssertEqual(catalog.conflicts.map(\.second.rule), ["b.two", "c.three", "d.four"])
        XCTAssertEqual(catalog.conflicts.map(\.first.rule), ["a.one", "a.one", "a.one"])
        XCTAssertEqual(
            catalog.conflicts.first?.description,
            "threshold \"min_gap\" is declared by a.one as a number of pt, 8 by default, meaning \"m\""
                + " and by b.two as a number of pt, 10 by default, meaning \"m\"")
        // The first declaration is the one in force.
        XCTAssertEqual(catalog.declaration(forKey: "min_gap")?.defaultValue, .decimal(8))
    }

    // MARK: - Config and rules

    func testEveryDeclaredKeyIsAcceptedAndReadBack() throws {
        let loader = ConfigLoader(plugins: BuiltinPlugins.all)
        for entry in builtin.entries {
            let key = entry.declaration.key
            let value: ThresholdNumber = switch entry.declaration.defaultValue {
            case .decimal(let number): .decimal(number + 0.5)
            case .whole(let number): .whole(number + 1)
            }
            let config = try loader.parse(Array("thresholds:\n  \(key): \(value)\n".utf8), file: "config.yaml")
            XCTAssertEqual(config.thresholds[key: key], value, key)
            XCTAssertEqual(try loader.parse(Array("thresholds: {\(key): ~}\n".utf8), file: "config.yaml").thresholds, ThresholdValues(), key)
        }
    }

    func testAPluginsOwnThresholdIsConfiguredAndRead() throws {
        let loader = ConfigLoader(plugins: [crowd])
        let spec = "screen: Home\nelements:\n  - {id: a, type: text}\n  - {id: b, type: text}\n  - {id: c, type: text}\n"
        func messages(_ config: Config) -> [String] {
            let engine = Engine(plugins: [crowd], config: config)
            return engine.report([engine.review(Array(spec.utf8), file: SpecFile(path: "a.yaml", displayPath: "a.yaml"))])
                .findings.map(\.message)
        }
        XCTAssertEqual(messages(Config()), ["3 elements; at most 2"])
        XCTAssertEqual(messages(try loader.parse(Array("thresholds: {max_elements: 3}\n".utf8), file: "c.yaml")), [])
        XCTAssertEqual(messages(try loader.parse(Array("thresholds: {max_elements: 1}\n".utf8), file: "c.yaml")), ["3 elements; at most 1"])
        // Another plugin's key is unknown when that plugin is not loaded.
        XCTAssertThrowsError(try loader.parse(Array("thresholds: {min_hit_target: 44}\n".utf8), file: "c.yaml"))
        XCTAssertThrowsError(try ConfigLoader(plugins: BuiltinPlugins.all).parse(Array("thresholds: {max_elements: 3}\n".utf8), file: "c.yaml"))
        let explained = RuleCatalogWriter.explanation(CrowdedRule().description)
        XCTAssertTrue(explained.contains("\n  max_elements: most content elements on one screen, 2 elements by default\n"), explained)
    }

    func testValuesDefaultToTheDeclaration() {
        var values = ThresholdValues()
        XCTAssertEqual(values[CrowdedRule.maximum], 2)
        values[CrowdedRule.maximum] = 7
        XCTAssertEqual(values[key: "max_elements"], .whole(7))
        XCTAssertEqual(RuleContext(thresholds: values)[CrowdedRule.maximum], 7)
        // A number of the other kind (only code can set one) leaves the default in force.
        values[key: "max_elements"] = .decimal(7.5)
        XCTAssertEqual(values[CrowdedRule.maximum], 2)
    }

    // MARK: - Generated text

    func testThresholdSectionFormat() {
        let catalog = ThresholdCatalog(rules: [
            rule("a.one", [declaration("min_gap", .decimal(8), meaning: "smallest gap")]),
            rule("b.two", [declaration("max_text_length", .whole(160), unit: "characters", meaning: "longest text")]),
        ])
        XCTAssertEqual(ThresholdSectionWriter.section(catalog), """
            # The numbers rules compare against, at their defaults. Generated from the rules'
            # declarations (`higlint rules --format thresholds`).
            thresholds:
              min_gap: 8            # pt: smallest gap
              max_text_length: 160  # characters: longest text

            """)
    }

    /// The comment run just above `thresholds:`, that line and the indented lines under it:
    /// what the Makefile's `docs` target (scripts/splice-thresholds.awk) replaces.
    private func thresholdSection(of text: String) -> String? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let key = lines.firstIndex(where: { $0.hasPrefix("thresholds:") }) else { return nil }
        var first = key
        while first > lines.startIndex, lines[first - 1].hasPrefix("#") { first -= 1 }
        var end = key + 1
        while end < lines.endIndex, lines[end].hasPrefix(" ") || lines[end].hasPrefix("\t") { end += 1 }
        return lines[first..<end].joined(separator: "\n") + "\n"
    }

    func testShippedConfigsHoldTheGeneratedThresholdSection() throws {
        let generated = ThresholdSectionWriter.section(builtin)
        for name in ["config.yaml", "systemd/config.yaml"] {
            let text = try String(contentsOf: Self.packageRoot.appendingPathComponent(name), encoding: .utf8)
            let section = try XCTUnwrap(thresholdSection(of: text), "\(name) has no thresholds section")
            XCTAssertTrue(section == generated, "\(name)'s thresholds section is out of date: run `make docs`\n\(section)")
            // And the config loads with it: the generated section is valid config.
            XCTAssertNoThrow(try ConfigLoader(plugins: BuiltinPlugins.all).parse(Array(text.utf8), file: name))
        }
    }

    func testRuleReferenceListsEveryThreshold() {
        let rules = CoreRules.descriptions(with: BuiltinPlugins.all)
        let markdown = RuleCatalogWriter.markdown(rules, plugins: BuiltinPlugins.all)
        XCTAssertTrue(markdown.contains("\n## Thresholds\n"))
        for entry in builtin.entries {
            let threshold = entry.declaration
            XCTAssertTrue(
                markdown.contains("| `\(threshold.key)` | \(threshold.defaultValue) \(threshold.unit) |"), threshold.key)
        }
    }
}
