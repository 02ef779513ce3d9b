import HiglintCore
import HiglintPlugins
import XCTest

/// Every rule reads the thresholds it declares: with a threshold moved away from its default
/// (by a factor up or down, whichever flips one of the rule's own examples), some example
/// changes its verdict; and a hint that names a threshold's number names the configured one.
final class ThresholdHonourTests: XCTestCase {
    private static let factors: [Double] = [0.5, 0.25, 0.1, 0.01, 0, 2, 4, 10, 100]

    private var rules: [RuleDescription] {
        CoreRules.descriptions(with: BuiltinPlugins.all).filter { !$0.thresholds.isEmpty }
    }

    private func moved(_ threshold: ThresholdDeclaration, by factor: Double) -> ThresholdNumber {
        switch threshold.defaultValue {
        case .decimal(let value): return .decimal(value * factor)
        case .whole(let value): return .whole(Int((Double(value) * factor).rounded()))
        }
    }

    private func findings(_ example: String, _ rule: RuleDescription, under config: Config) -> [Finding] {
        let engine = Engine(plugins: BuiltinPlugins.all, config: config, wireframes: false)
        let report = engine.report([engine.review(Array(example.utf8), file: SpecFile(path: "x.yaml", displayPath: "x.yaml"))])
        return report.findings.filter { $0.rule == rule.id }
    }

    func testEveryRuleHonoursEachOfItsThresholds() {
        XCTAssertGreaterThan(rules.count, 5)
        for rule in rules {
            for threshold in rule.thresholds {
                var flipped: (factor: Double, example: String)?
                search: for factor in Self.factors {
                    var config = Config()
                    config.thresholds[key: threshold.key] = moved(threshold, by: factor)
                    for example in rule.triggeringExamples where findings(example, rule, under: config).isEmpty {
                        flipped = (factor, example)
                        break search
                    }
                    for example in rule.nonTriggeringExamples where !findings(example, rule, under: config).isEmpty {
                        flipped = (factor, example)
                        break search
                    }
                }
                XCTAssertNotNil(flipped, "\(rule.id) gives the same verdict on all its examples whatever \(threshold.key) is: it ignores its threshold")
            }
        }
    }

    func testHintsNameTheConfiguredNumber() throws {
        for rule in rules {
            for threshold in rule.thresholds {
                // A hint that spells a default number spells it through the threshold, or not at all.
                let placeholder = "{" + threshold.key + "}"
                if !rule.hintTemplate.contains(placeholder) {
                    XCTAssertFalse(rule.hint.contains(threshold.defaultValue.description + " pt"),
                                   "\(rule.id)'s hint names \(threshold.defaultValue) pt without {\(threshold.key)}")
                    continue
                }
                XCTAssertTrue(rule.hint.contains(threshold.defaultValue.description), "\(rule.id): \(rule.hint)")
                // Moved up, so the triggering examples still trigger (these are all minimums).
                var config = Config()
                let value = moved(threshold, by: 2)
                config.thresholds[key: threshold.key] = value
                let found = rule.triggeringExamples.flatMap { findings($0, rule, under: config) }
                let finding = try XCTUnwrap(found.first, "\(rule.id) found nothing under \(threshold.key) = \(value)")
                XCTAssertTrue(finding.hint.contains(value.description), "\(rule.id): \(finding.hint)")
                XCTAssertFalse(finding.hint.contains(placeholder), finding.hint)
                XCTAssertEqual(finding.hint, rule.hint(under: config.thresholds))
            }
        }
        let hitTarget = try XCTUnwrap(rules.first { $0.id == "buttons.hit-target" })
        var config = Config()
        config.thresholds[key: "min_hit_target"] = .decimal(48)
        XCTAssertEqual(hitTarget.hint(under: config.thresholds), "Enlarge the frame, or give the element a `hit_area` of at least 48x48 pt.")
        XCTAssertEqual(hitTarget.hint, "Enlarge the frame, or give the element a `hit_area` of at least 44x44 pt.")
    }
}
