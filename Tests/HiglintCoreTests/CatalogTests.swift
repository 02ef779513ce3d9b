import FigmaImporter
import HiglintCore
import HiglintPlugins
import InterfaceBuilderImporter
#if HIGLINT_SWIFTUI
import SwiftUIImporter
#endif
import TestSupport
import XCTest

/// The rule catalog of the contract (../shared/rules.md, copied to Tests/Fixtures/contract)
/// is the contract: every id there has a rule with that severity, and every rule has an id there.
final class CatalogTests: XCTestCase {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The plugins and the importers' own rules, as `higlint rules` lists them.
    private static let importer = InterfaceBuilderImporter()
    private static let figma = FigmaImporter()
    #if HIGLINT_SWIFTUI
    private static let swiftUI = SwiftUIImporter()
    private static let plugins = BuiltinPlugins.all + [importer.plugin, figma.plugin, swiftUI.plugin]
    #else
    private static let plugins = BuiltinPlugins.all + [importer.plugin, figma.plugin]
    #endif

    private var allRules: [RuleDescription] {
        CoreRules.descriptions(with: Self.plugins)
    }

    /// The importer's own rules (`ib.*`) are not in the contract's catalog, which lists the
    /// rules of the spec format and of the plugins; docs/interface-builder.md documents them.
    private static func isImporterRule(_ rule: RuleDescription) -> Bool {
        rule.plugin == InterfaceBuilderImporter.pluginName || rule.plugin == "swiftui" || rule.plugin == FigmaImporter.pluginName
    }

    /// The importer that reads a rule's examples, and a file name it reads.
    private static func importer(of rule: RuleDescription) -> (any ScreenImporter, String) {
        #if HIGLINT_SWIFTUI
        if rule.plugin == SwiftUIImporter.pluginName { return (swiftUI, "x.swift") }
        #endif
        if rule.plugin == FigmaImporter.pluginName { return (figma, "x.figma.json") }
        return (importer, "x.storyboard")
    }

    /// `| \`id\` | severity | trigger |` rows of the catalog's tables.
    private func catalog() throws -> [String: String] {
        let text = try String(contentsOf: TestFixtures.url("contract/rules.md"), encoding: .utf8)
        // The copy is the contract's own text wherever the contract is beside the project.
        let source = Self.packageRoot.deletingLastPathComponent().appendingPathComponent("shared/rules.md")
        if let contract = try? String(contentsOf: source, encoding: .utf8) {
            XCTAssertEqual(text, contract, "Tests/Fixtures/contract/rules.md differs from ../shared/rules.md: copy the new version in")
        }
        var rows: [String: String] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 2 else { continue }
            rows[cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))] = cells[1]
        }
        return rows
    }

    func testEveryCatalogRuleExistsWithItsSeverity() throws {
        let catalog = try catalog()
        XCTAssertGreaterThan(catalog.count, 50)
        let rules = Dictionary(allRules.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for (id, severity) in catalog.sorted(by: { $0.key < $1.key }) {
            guard let rule = rules[id] else {
                XCTFail("\(id) is in the catalog but no rule has that id")
                continue
            }
            XCTAssertEqual(rule.severity.rawValue, severity, id)
        }
    }

    func testEveryRuleIsInTheCatalog() throws {
        let catalog = try catalog()
        for rule in allRules where !Self.isImporterRule(rule) {
            XCTAssertNotNil(catalog[rule.id], "\(rule.id) is not in the catalog")
        }
    }

    func testRuleIdsAreUniqueAndBelongToTheirPlugin() {
        XCTAssertEqual(Set(allRules.map(\.id)).count, allRules.count)
        for plugin in Self.plugins {
            for rule in plugin.ruleDescriptions {
                XCTAssertEqual(rule.plugin, plugin.name, rule.id)
            }
        }
    }

    /// `plugin` is kept beside `id`, so it must follow an id changed after the rule was made.
    func testPluginNameFollowsTheId() {
        var rule = RuleDescription(
            id: "house.no-lorem", severity: .info, summary: "s", rationale: "r", seed: "test", hint: "h",
            triggeringExamples: [], nonTriggeringExamples: [])
        XCTAssertEqual(rule.plugin, "house")
        rule.id = "acme.no-lorem"
        XCTAssertEqual(rule.plugin, "acme")
        rule.id = "nodot"
        XCTAssertEqual(rule.plugin, "nodot")
        rule.id = ".leading"
        XCTAssertEqual(rule.plugin, "")
    }

    func testEveryRuleDocumentsItself() {
        for rule in allRules {
            XCTAssertFalse(rule.summary.isEmpty, rule.id)
            XCTAssertFalse(rule.rationale.isEmpty, rule.id)
            XCTAssertFalse(rule.hint.isEmpty, rule.id)
            XCTAssertFalse(rule.hint.contains("\n"), "\(rule.id): a hint is one line")
            XCTAssertFalse(rule.seed.isEmpty, rule.id)
            XCTAssertFalse(rule.triggeringExamples.isEmpty, "\(rule.id) has no triggering example")
            XCTAssertFalse(rule.nonTriggeringExamples.isEmpty, "\(rule.id) has no non-triggering example")
        }
    }

    /// Every rule's own examples: triggering ones yield it, the others do not.
    func testEveryRuleHonoursItsOwnExamples() {
        let engine = Engine(plugins: Self.plugins, importers: [Self.importer], config: Config())
        for rule in allRules {
            // An importer's rule is shown on a file that importer reads.
            let (importer, importedName) = Self.importer(of: rule)
            let name = Self.isImporterRule(rule) ? importedName : "x.yaml"
            func review(_ example: String) -> FileResult {
                let file = SpecFile(path: name, displayPath: name)
                return Self.isImporterRule(rule)
                    ? engine.review(Array(example.utf8), file: file, with: importer)
                    : engine.review(Array(example.utf8), file: file)
            }
            for example in rule.triggeringExamples {
                let found = engine.report([review(example)])
                XCTAssertTrue(found.findings.contains { $0.rule == rule.id }, "\(rule.id) did not trigger on its example:\n\(example)")
            }
            for example in rule.nonTriggeringExamples {
                let found = engine.report([review(example)])
                XCTAssertFalse(found.findings.contains { $0.rule == rule.id }, "\(rule.id) triggered on its non-triggering example:\n\(example)")
            }
        }
    }

    func testGeneratedRuleReferenceIsUpToDate() throws {
        let url = Self.packageRoot.appendingPathComponent("docs/rules.md")
        var committed = try String(contentsOf: url, encoding: .utf8)
        #if !HIGLINT_SWIFTUI
        // Built without the SwiftUI importer (a toolchain without swift-syntax's host
        // libraries), the binary lists no SwiftUI rules; the committed reference, made with
        // it, has them in a section of their own.
        if let start = committed.range(of: "## swiftui\n"), let end = committed.range(of: "\n## ", range: start.upperBound..<committed.endIndex) {
            committed.removeSubrange(start.lowerBound..<committed.index(after: end.lowerBound))
        }
        #endif
        let generated = RuleCatalogWriter.markdown(allRules, plugins: Self.plugins)
        XCTAssertTrue(committed == generated, "docs/rules.md is out of date: run `make docs`")
    }
}
