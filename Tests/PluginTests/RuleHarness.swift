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

    static func ids(_ findings: [Finding]) -> [String] { findings.map(\.rule) }

    static func description(of id: String) -> RuleDescription? {
        (CoreRules.descriptions + BuiltinPlugins.all.flatMap(\.ruleDescriptions)).first { $0.id == id }
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
}
