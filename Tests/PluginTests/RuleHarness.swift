import HiglintCore
import HiglintPlugins
import XCTest

/// Reviews YAML text the way `higlint check` does, for rule tests.
enum RuleHarness {
    /// Findings of one spec file (its own review and the project pass over it alone).
    static func findings(_ yaml: String, config: Config = Config(), file: String = "spec.yaml") -> [Finding] {
        findings(files: [file: yaml], config: config)
    }

    /// Findings of several files reviewed as one tree.
    static func findings(files: [String: String], config: Config = Config()) -> [Finding] {
        let engine = Engine(plugins: BuiltinPlugins.all, config: config)
        let results = files.keys.sorted().map { name in
            engine.review(Array(files[name, default: ""].utf8), file: SpecFile(path: name, displayPath: name))
        }
        return engine.report(results).findings
    }

    /// A config read from YAML text the way `higlint check` reads config.yaml, so a test of a
    /// threshold also proves the config knows its key.
    static func config(_ yaml: String) throws -> Config {
        try ConfigLoader(plugins: BuiltinPlugins.all).parse(Array(yaml.utf8), file: "config.yaml")
    }

    static func ids(_ findings: [Finding]) -> [String] { findings.map(\.rule) }

    static func description(of id: String) -> RuleDescription? {
        CoreRules.descriptions(with: BuiltinPlugins.all).first { $0.id == id }
    }

    /// Asserts that every triggering example of the rule yields it and no
    /// non-triggering example does.
    static func assertExamples(_ id: String, file: StaticString = #filePath, line: UInt = #line) {
        guard let rule = description(of: id) else {
            XCTFail("no rule \(id)", file: file, line: line)
            return
        }
        XCTAssertFalse(rule.triggeringExamples.isEmpty, "\(id) has no triggering example", file: file, line: line)
        XCTAssertFalse(rule.nonTriggeringExamples.isEmpty, "\(id) has no non-triggering example", file: file, line: line)
        for example in rule.triggeringExamples {
            let found = ids(findings(example))
            XCTAssertTrue(found.contains(id), "\(id) did not trigger on:\n\(example)\nfound: \(found)", file: file, line: line)
        }
        for example in rule.nonTriggeringExamples {
            let found = ids(findings(example))
            XCTAssertFalse(found.contains(id), "\(id) triggered on:\n\(example)", file: file, line: line)
        }
    }

    /// How many findings of `id` the YAML gives.
    static func count(_ id: String, in yaml: String, config: Config = Config()) -> Int {
        findings(yaml, config: config).filter { $0.rule == id }.count
    }

    /// Asserts that a plugin holds exactly the catalog's rules, at their
    /// severities, citing `seed`, each documented, and with exactly `projectRules` as project rules.
    static func assertPlugin(
        _ name: String, holds catalog: [String: Severity], seed: String, projectRules: Set<String> = [],
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let descriptions = BuiltinPlugins.all.first { $0.name == name }?.ruleDescriptions ?? []
        XCTAssertEqual(Set(descriptions.map(\.id)), Set(catalog.keys), file: file, line: line)
        XCTAssertEqual(descriptions.count, catalog.count, file: file, line: line)
        for description in descriptions {
            let id = description.id
            XCTAssertEqual(description.severity, catalog[id], id, file: file, line: line)
            XCTAssertEqual(description.seed, seed, id, file: file, line: line)
            XCTAssertFalse(description.summary.isEmpty, id, file: file, line: line)
            XCTAssertFalse(description.rationale.isEmpty, id, file: file, line: line)
            XCTAssertFalse(description.hint.isEmpty, id, file: file, line: line)
            XCTAssertFalse(description.hint.contains("\n"), id, file: file, line: line)
            XCTAssertEqual(description.isProjectRule, projectRules.contains(id), id, file: file, line: line)
        }
    }
}
