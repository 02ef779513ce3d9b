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

    /// How many findings of `id` the YAML gives.
    static func count(_ id: String, in yaml: String, config: Config = Config()) -> Int {
        findings(yaml, config: config).filter { $0.rule == id }.count
    }

    /// Asserts that every rule of the plugin cites `seed` and that exactly
    /// `projectRules` are project rules (ids, severities and documentation are
    /// the catalog test's to check, for every rule at once).
    static func assertPlugin(
        _ name: String, seed: String, projectRules: Set<String>, file: StaticString = #filePath, line: UInt = #line
    ) {
        let descriptions = BuiltinPlugins.all.first { $0.name == name }?.ruleDescriptions ?? []
        XCTAssertFalse(descriptions.isEmpty, "no plugin \(name)", file: file, line: line)
        for description in descriptions {
            XCTAssertEqual(description.seed, seed, description.id, file: file, line: line)
        }
        XCTAssertEqual(Set(descriptions.filter(\.isProjectRule).map(\.id)), projectRules, file: file, line: line)
    }
}
