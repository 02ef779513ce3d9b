import HiglintCore
import HiglintPlugins
import TestSupport
import XCTest

/// A screen's findings stop at `limits.max_findings_per_screen`, with one `spec.limits`
/// finding that counts the rest; `buttons.spacing`, one finding a pair, builds no more than
/// that and finds the same pairs as comparing every two controls.
final class BoundedFindingsTests: XCTestCase {
    /// Only `buttons.spacing` runs, so that every finding of a screen is one of its pairs.
    private func spacingOnly(limit: Int? = nil, minimum: Double? = nil) throws -> Config {
        var yaml = "plugins: {enabled: [buttons]}\nrules: {buttons.hit-target: off}\n"
        if let limit { yaml += "limits: {max_findings_per_screen: \(limit)}\n" }
        if let minimum { yaml += "thresholds: {min_spacing: \(minimum)}\n" }
        return try RuleHarness.config(yaml)
    }

    private static func summary(_ more: Int, limit: Int) -> String {
        "\(more == 1 ? "1 more finding" : "\(more) more findings") of this screen left out: a screen reports at most \(limit) (limits.max_findings_per_screen)"
    }

    // MARK: - The pairs

    private struct Control {
        var id: String
        var frame: Rect
        var hitArea: Size?

        var touch: Rect {
            guard let hitArea else { return frame }
            return Rect(
                x: frame.x - (hitArea.width - frame.width) / 2, y: frame.y - (hitArea.height - frame.height) / 2,
                width: hitArea.width, height: hitArea.height)
        }

        var yaml: String {
            var line = "  - {id: \(id), type: button, frame: [\(frame.x), \(frame.y), \(frame.width), \(frame.height)]"
            if let hitArea { line += ", hit_area: [\(hitArea.width), \(hitArea.height)]" }
            return line + "}\n"
        }
    }

    /// Every pair closer than `minimum`, as (later, earlier) in the order of a loop over
    /// each control and then each one before it, with its message: the rule as the contract
    /// words it, one comparison a pair.
    private static func everyPair(_ controls: [Control], minimum: Double) -> [(later: Int, earlier: Int, message: String)] {
        var pairs: [(later: Int, earlier: Int, message: String)] = []
        for later in controls.indices {
            for earlier in controls[..<later].indices {
                let one = controls[later].touch
                let other = controls[earlier].touch
                let dx = max(0, max(one.minX - other.maxX, other.minX - one.maxX))
                let dy = max(0, max(one.minY - other.maxY, other.minY - one.maxY))
                let gap = max(dx, dy)
                guard gap < minimum else { continue }
                let overlap = one.minX < other.maxX && other.minX < one.maxX && one.minY < other.maxY && other.minY < one.maxY
                let message = overlap
                    ? "touch area overlaps \(quoted(controls[earlier].id))'s"
                    : "touch area is \(formatPoints(gap)) pt from \(quoted(controls[earlier].id))'s; at least \(formatPoints(minimum)) pt apart"
                pairs.append((later, earlier, message))
            }
        }
        return pairs
    }

    /// Layouts from sparse to piled up, with empty frames, hit areas and halves on the
    /// boundaries, each reviewed with and without a limit below its number of pairs.
    func testSpacingFindsThePairsThatComparingEveryTwoControlsFinds() throws {
        var random = SeededGenerator(seed: 44)
        for round in 0..<150 {
            let count = Int.random(in: 2...70, using: &random)
            let spread = [40.0, 400, 4000][round % 3]
            let minimum = [8.0, 0.5, 30][round % 5 % 3]
            func half(_ range: ClosedRange<Double>) -> Double { (Double.random(in: range, using: &random) * 2).rounded() / 2 }
            let controls = (0..<count).map { index -> Control in
                let size = round % 4 == 0 ? 0.0...4 : 0...60
                let frame = Rect(x: half(0...spread), y: half(0...spread), width: half(size), height: half(size))
                let hitArea = index % 5 == 0 ? Size(width: half(1...80), height: half(1...80)) : nil
                return Control(id: "c\(index)", frame: frame, hitArea: hitArea)
            }
            let yaml = "screen: Random\nelements:\n" + controls.map(\.yaml).joined()
            let expected = Self.everyPair(controls, minimum: minimum)

            let all = RuleHarness.findings(yaml, config: try spacingOnly(limit: 100_000, minimum: minimum))
            XCTAssertEqual(
                all.map { "\($0.element ?? "")|\($0.message)" }.sorted(),
                expected.map { "\(controls[$0.later].id)|\($0.message)" }.sorted(), "round \(round):\n\(yaml)")
            XCTAssertTrue(all.allSatisfy { $0.rule == "buttons.spacing" }, "round \(round)")

            guard expected.count > 1 else { continue }
            let limit = Int.random(in: 1..<expected.count, using: &random)
            let bounded = RuleHarness.findings(yaml, config: try spacingOnly(limit: limit, minimum: minimum))
            let kept = bounded.filter { $0.rule == "buttons.spacing" }
            XCTAssertEqual(
                kept.map { "\($0.element ?? "")|\($0.message)" }.sorted(),
                expected.prefix(limit).map { "\(controls[$0.later].id)|\($0.message)" }.sorted(),
                "round \(round), limit \(limit): the first pairs in document order")
            XCTAssertEqual(
                bounded.filter { $0.rule == "spec.limits" }.map(\.message),
                [Self.summary(expected.count - limit, limit: limit)], "round \(round)")
        }
    }

    // MARK: - The crowded screen

    /// Issue #44's spec: 3,000 piled-up buttons are 4,498,500 pairs, reported as
    /// the first 1,000 and one finding that counts the rest.
    func testThreeThousandPiledUpButtonsGiveAThousandFindingsAndOneThatCountsTheRest() throws {
        let found = RuleHarness.findings(CrowdedSpec.yaml(buttons: 3000))
        XCTAssertEqual(found.count, 1001)
        let summary = try XCTUnwrap(found.first)
        XCTAssertEqual(summary.rule, "spec.limits")
        XCTAssertEqual(summary.severity, .error)
        XCTAssertEqual(summary.message, Self.summary(CrowdedSpec.pairs(3000) - 1000, limit: 1000))
        XCTAssertEqual([summary.line, summary.column], [1, 9], "at the screen's name")
        XCTAssertEqual(summary.screen, "Crowded")
        XCTAssertNil(summary.element)
        let pairs = found.dropFirst()
        XCTAssertTrue(pairs.allSatisfy { $0.rule == "buttons.spacing" })
        // The first thousand of the loop: each of b1 to b44 against every button before it, and b45 against b0 to b9.
        XCTAssertEqual(pairs.first?.element, "b1")
        XCTAssertEqual(pairs.first?.message, "touch area overlaps \"b0\"'s")
        XCTAssertEqual(pairs.filter { $0.element == "b44" }.count, 44)
        let last = pairs.filter { $0.element == "b45" }.map(\.message)
        XCTAssertEqual(last.count, 10)
        XCTAssertTrue((0...9).allSatisfy { name in last.contains { $0.contains("\"b\(name)\"'s") } }, "\(last)")
        XCTAssertFalse(pairs.contains { $0.element == "b46" })
    }

    /// Exactly at the limit nothing is left out; one past it, one finding is.
    func testTheLimitIsTheMostAScreenReports() throws {
        // 5 buttons: 10 pairs.
        let yaml = CrowdedSpec.yaml(buttons: 5)
        XCTAssertEqual(RuleHarness.findings(yaml, config: try spacingOnly(limit: 10)).map(\.rule),
                       Array(repeating: "buttons.spacing", count: 10))
        let over = RuleHarness.findings(yaml, config: try spacingOnly(limit: 9))
        XCTAssertEqual(over.filter { $0.rule == "buttons.spacing" }.count, 9)
        XCTAssertEqual(over.filter { $0.rule == "spec.limits" }.map(\.message), [Self.summary(1, limit: 9)])
    }

    /// Pairs held back by an element's `ignore` are not counted as left out, and the entry
    /// that holds them back is used.
    func testIgnoredPairsAreNotCountedAndTheirEntryIsUsed() throws {
        var yaml = CrowdedSpec.yaml(buttons: 50)
        for index in 50..<60 {
            yaml += "  - {id: b\(index), type: button, frame: [16, 100, 44, 44], ignore: [buttons.spacing]}\n"
        }
        let found = RuleHarness.findings(yaml, config: try spacingOnly(limit: 100))
        XCTAssertEqual(found.filter { $0.rule == "buttons.spacing" }.count, 100)
        XCTAssertEqual(found.filter { $0.rule == "spec.limits" }.map(\.message),
                       [Self.summary(CrowdedSpec.pairs(50) - 100, limit: 100)])
        XCTAssertFalse(found.contains { $0.rule == "spec.unused-ignore" }, "\(found.filter { $0.rule == "spec.unused-ignore" })")
    }

    // MARK: - Any rule

    /// Findings of rules that give one per element are bounded too: the first in report
    /// order stay, each screen of a file on its own.
    func testEveryScreenOfAFileIsBoundedOnItsOwn() throws {
        func small(_ count: Int, name: String) -> String {
            "screen: \(name)\nelements:\n" + (0..<count).map { "  - {id: s\($0), type: button, frame: [16, \(100 + 60 * $0), 30, 30]}\n" }.joined()
        }
        let config = try RuleHarness.config("plugins: {enabled: [buttons]}\nlimits: {max_findings_per_screen: 3}\n")
        let found = RuleHarness.findings(small(5, name: "Five") + "---\n" + small(3, name: "Three"), config: config)
        XCTAssertEqual(found.filter { $0.screen == "Five" && $0.rule == "buttons.hit-target" }.map(\.element), ["s0", "s1", "s2"])
        XCTAssertEqual(found.filter { $0.screen == "Five" && $0.rule == "spec.limits" }.map(\.message), [Self.summary(2, limit: 3)])
        XCTAssertEqual(found.filter { $0.screen == "Three" }.map(\.rule), Array(repeating: "buttons.hit-target", count: 3))
    }

    /// The config can turn the summary off; the bound stays.
    func testTheSummaryFollowsTheSeverityOfSpecLimits() throws {
        let config = try RuleHarness.config("plugins: {enabled: [buttons]}\nrules: {spec.limits: info}\nlimits: {max_findings_per_screen: 2}\n")
        let found = RuleHarness.findings(CrowdedSpec.yaml(buttons: 3), config: config)
        XCTAssertEqual(found.map(\.rule), ["spec.limits", "buttons.spacing", "buttons.spacing"])
        XCTAssertEqual(found.first?.severity, .info)
        let off = try RuleHarness.config("plugins: {enabled: [buttons]}\nrules: {spec.limits: off}\nlimits: {max_findings_per_screen: 2}\n")
        XCTAssertEqual(RuleHarness.findings(CrowdedSpec.yaml(buttons: 3), config: off).map(\.rule), ["buttons.spacing", "buttons.spacing"])
    }

    /// A reviewer (an external plugin) past the limit has the rest of its findings counted
    /// in the order it gave them.
    func testAReviewersFindingsPastTheLimitAreCounted() throws {
        let plugin = Plugin(name: "flood", summary: "Reports every element seven times.", screenRules: [], reviewers: [Flood()])
        var config = Config()
        config.limits.maxFindingsPerScreen = 10
        let engine = Engine(plugins: [plugin], config: config)
        let result = engine.review(Array("screen: Home\nelements:\n  - {id: a, type: text}\n  - {id: b, type: text}\n".utf8),
                                   file: SpecFile(path: "home.yaml", displayPath: "home.yaml"))
        XCTAssertEqual(result.findings.filter { $0.rule == "flood.again" }.count, 10)
        XCTAssertEqual(result.findings.filter { $0.rule == "spec.limits" }.map(\.message), [Self.summary(4, limit: 10)])
    }

    private struct Flood: FileReviewer {
        static let rule = RuleDescription(
            id: "flood.again", severity: .info, summary: "Again.", rationale: "A test's.", seed: "000", hint: "None.",
            triggeringExamples: [], nonTriggeringExamples: [])
        var ruleDescriptions: [RuleDescription] { [Self.rule] }

        func begin(file: String, enabled: Set<String>, in context: RuleContext) -> any FileReview { Review() }

        struct Review: FileReview {
            var screens: [Screen] = []
            mutating func add(_ screen: Screen) { screens.append(screen) }
            mutating func finish() -> [RuleViolation] {
                screens.indices.flatMap { position in
                    screens[position].elements.flatMap { element in
                        (0..<7).map { RuleViolation(rule: Flood.rule.id, screen: position, Violation(message: "again \($0)", on: element)) }
                    }
                }
            }
        }
    }
}
