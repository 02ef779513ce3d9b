import Foundation
@testable import HiglintCore
import HiglintPlugins
import XCTest

/// Every fixable rule's fix, applied to each of its triggering examples; and the text
/// edits against real YAML shapes: flow and block maps and lists, quotes, comments,
/// CRLF, a byte-order mark and characters wider than a byte.
final class FixTests: XCTestCase {
    let engine = Engine(plugins: BuiltinPlugins.all, config: Config())
    let file = SpecFile(path: "spec.yaml", displayPath: "spec.yaml")
    let everyFix: Set<FixSafety> = [.safe, .unsafe]

    private func findings(_ text: [UInt8]) -> [Finding] {
        engine.review(text, file: file, among: []).findings
    }

    private func fixed(_ text: String, only rule: String? = nil, safeties: Set<FixSafety>? = nil) -> FixLoop.Outcome {
        FixLoop.run(Array(text.utf8), applying: safeties ?? everyFix) { bytes in
            findings(bytes).filter { rule == nil || $0.rule == rule }
        }
    }

    private func fixedText(_ text: String, only rule: String? = nil) -> String {
        String(decoding: fixed(text, only: rule).text, as: UTF8.self)
    }

    /// Rules whose fix renames to a suggested name, and so exists only when one is suggested.
    static let suggestingRules: Set<String> = [CoreRules.unknownParent, CoreRules.unknownRule, CoreRules.unknownKey]

    func testEveryFixableRuleFixesEachTriggeringExampleAndIsSilentAfter() throws {
        let fixable = engine.allRuleDescriptions.filter { $0.fix != nil }
        XCTAssertEqual(
            Set(fixable.map(\.id)),
            ["spec.unknown-key", "spec.unknown-rule", "spec.unknown-parent", "spec.unused-ignore",
             "buttons.hit-target", "buttons.custom-standard-action", "buttons.border-in-bar",
             "text.min-size", "text.light-weight", "text.heavy-weight", "text.fixed-size", "text.nav-title-size", "text.headline-weight",
             "lifecycle.late-save",
             "bars.status-bar-hidden", "bars.status-bar-no-reveal", "bars.status-bar-style", "bars.media-status-bar-visible",
             "bars.back-custom", "bars.back-breadcrumb", "bars.tab-action", "bars.fixed-height", "bars.back-title-mismatch", "bars.back-title-needed",
             "bars.ipad-status-bar-style",
             "orientation.missing-variant", "orientation.ipad-all", "orientation.primary-dropped",
             "layout.near-miss-alignment"])
        for rule in fixable {
            for example in rule.triggeringExamples {
                let original = Array(example.utf8)
                let found = findings(original).filter { $0.rule == rule.id }
                XCTAssertFalse(found.isEmpty, "\(rule.id): \(example)")
                for finding in found {
                    // A fix that renames to the closest name has nothing to offer when no name is close.
                    if finding.fix == nil, Self.suggestingRules.contains(rule.id), !finding.message.contains("did you mean") { continue }
                    let fix = try XCTUnwrap(finding.fix, "\(rule.id) has no fix for \(example)")
                    XCTAssertEqual(fix.safety, rule.fix?.safety)
                    // Every byte outside the fix's edits stays.
                    XCTAssertFalse(fix.edits.isEmpty)
                    var expected: [UInt8] = []
                    var cursor = 0
                    for edit in fix.edits.sorted(by: { ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound) }) {
                        expected += original[cursor..<edit.range.lowerBound] + Array(edit.replacement.utf8)
                        cursor = edit.range.upperBound
                    }
                    expected += original[cursor...]
                    XCTAssertEqual(FixApplier.apply([fix], to: original).text, expected, rule.id)
                }
                let outcome = fixed(example, only: rule.id)
                XCTAssertTrue(outcome.warnings.isEmpty, "\(rule.id): \(outcome.warnings)")
                let unfixable = found.filter { $0.fix == nil }
                XCTAssertEqual(outcome.fixed, found.count - unfixable.count)
                let after = findings(outcome.text)
                XCTAssertEqual(after.filter { $0.rule == rule.id }.map(\.message), unfixable.map(\.message),
                               "\(rule.id) still fires on \(String(decoding: outcome.text, as: UTF8.self))")
                // Fixing never makes the spec worse in the loader's or the schema's eyes.
                let rulesBefore = Set(findings(original).map(\.rule))
                // (A renamed entry may be unused there, which is a finding with a fix of its own.)
                let newSpecFindings = after.filter { $0.rule.hasPrefix("spec.") && $0.fix == nil && !rulesBefore.contains($0.rule) }
                XCTAssertEqual(newSpecFindings.map(\.rule), [], "\(rule.id): \(String(decoding: outcome.text, as: UTF8.self))")
                // The findings no fix is offered for are the same before and after.
                let unfixableElsewhere = { (found: [Finding]) in
                    found.filter { $0.fix == nil && $0.rule != rule.id }.map { "\($0.rule) \($0.message)" }.sorted()
                }
                XCTAssertEqual(unfixableElsewhere(after), unfixableElsewhere(findings(original)), "\(rule.id): \(example)")
                XCTAssertFalse(after.contains { $0.rule == CoreRules.syntax || $0.rule == CoreRules.duplicateKey })
                // Idempotent: a second run has nothing to do.
                let again = FixLoop.run(outcome.text, applying: everyFix) { findings($0).filter { $0.rule == rule.id } }
                XCTAssertEqual(again.text, outcome.text)
                XCTAssertEqual(again.fixed, 0)
            }
        }
    }

    /// The same examples in other shapes: as the spec writer lays them out (block maps,
    /// comments, small flow maps), with CRLF line ends, and behind a byte-order mark.
    func testEveryFixWorksOnTheExamplesInOtherShapes() throws {
        for rule in engine.allRuleDescriptions where rule.fix != nil {
            for example in rule.triggeringExamples {
                guard case .success(let documents) = YAMLLoader.load(Array(example.utf8)) else { continue }
                let screens = documents.map { SpecDecoder().decode($0).screen }
                let written = SpecWriter().text(of: screens)
                for variant in [written, written.replacing("\n", with: "\r\n"), "\u{FEFF}" + example] {
                    let found = findings(Array(variant.utf8)).filter { $0.rule == rule.id }
                    // The writer leaves out what the format does not know, so a misspelt key is gone.
                    if found.isEmpty, rule.id == CoreRules.unknownKey { continue }
                    XCTAssertFalse(found.isEmpty, "\(rule.id) silent on\n\(variant)")
                    let unfixable = found.filter { $0.fix == nil }
                    XCTAssertTrue(unfixable.allSatisfy { Self.suggestingRules.contains(rule.id) && !$0.message.contains("did you mean") },
                                  "\(rule.id) has no fix on\n\(variant)")
                    let outcome = fixed(variant, only: rule.id)
                    let text = String(decoding: outcome.text, as: UTF8.self)
                    let after = findings(outcome.text)
                    XCTAssertEqual(after.filter { $0.rule == rule.id }.map(\.message), unfixable.map(\.message), "\(rule.id) still fires on\n\(text)")
                    XCTAssertFalse(after.contains { [CoreRules.syntax, CoreRules.duplicateKey, CoreRules.schema].contains($0.rule) }, text)
                    // Nothing but the edit changed: line ends and the mark stay, comments too.
                    let bytes = outcome.text
                    let bareLineFeeds = bytes.indices.filter { bytes[$0] == 0x0A && ($0 == 0 || bytes[$0 - 1] != 0x0D) }.count
                    XCTAssertEqual(bareLineFeeds, variant.contains("\r\n") ? 0 : text.filter { $0 == "\n" }.count, text)
                    XCTAssertEqual(text.hasPrefix("\u{FEFF}"), variant.hasPrefix("\u{FEFF}"))
                    let comments = { (text: String) in text.split(separator: "\n").filter { $0.contains("#") }.count }
                    XCTAssertEqual(comments(text), comments(variant))
                    XCTAssertEqual(FixLoop.run(outcome.text, applying: everyFix) { findings($0).filter { $0.rule == rule.id } }.fixed, 0)
                }
            }
        }
    }

    /// Fixes follow the config: its thresholds set the value, and what it turns off or
    /// a spec ignores is not fixed.
    func testFixesFollowTheConfigAndTheSpecsIgnores() throws {
        let spec = "screen: A\nelements:\n  - {id: t, type: text, font: {size: 9}}\n"
        let config = try ConfigLoader(plugins: BuiltinPlugins.all).parse(Array("thresholds: {min_font_size: 12.5}\n".utf8), file: "config.yaml")
        let strict = Engine(plugins: BuiltinPlugins.all, config: config)
        let outcome = FixLoop.run(Array(spec.utf8), applying: [.safe]) { strict.review($0, file: self.file).findings }
        XCTAssertEqual(String(decoding: outcome.text, as: UTF8.self), "screen: A\nelements:\n  - {id: t, type: text, font: {size: 12.5}}\n")
        let off = try ConfigLoader(plugins: BuiltinPlugins.all).parse(Array("rules: {text.min-size: off}\n".utf8), file: "config.yaml")
        let lenient = Engine(plugins: BuiltinPlugins.all, config: off)
        XCTAssertEqual(FixLoop.run(Array(spec.utf8), applying: [.safe]) { lenient.review($0, file: self.file).findings }.fixed, 0)
        let ignored = "screen: A\nelements:\n  - {id: t, type: text, font: {size: 9}, ignore: [text.min-size]}\n"
        XCTAssertEqual(fixed(ignored).fixed, 0)
    }

    func testSafeRunLeavesUnsafeFixesAlone() {
        let spec = "screen: Editor\ndata: {save: manual}\nelements:\n  - {id: t, type: text, font: {size: 9}}\n"
        let outcome = fixed(spec, safeties: [.safe])
        XCTAssertEqual(String(decoding: outcome.text, as: UTF8.self),
                       "screen: Editor\ndata: {save: manual}\nelements:\n  - {id: t, type: text, font: {size: 11}}\n")
        XCTAssertEqual(outcome.fixedRules, ["text.min-size"])
    }

    // MARK: - Shapes of YAML

    func testBlockMapGetsAKeyAtItsIndentAfterTrailingCommentsAndNestedMaps() {
        let spec = "screen: Player\nkind: fullscreen-media\nstatus_bar:\n    hidden: true   # on purpose\n    style:\n      default\n# the end\n"
        XCTAssertEqual(
            fixedText(spec, only: "bars.status-bar-no-reveal"),
            "screen: Player\nkind: fullscreen-media\nstatus_bar:\n    hidden: true   # on purpose\n    style:\n      default\n    reveal_on_tap: true\n# the end\n")
    }

    func testFlowMapGetsAnEntryInFlowStyle() {
        XCTAssertEqual(
            fixedText("screen: Player\nkind: fullscreen-media\nstatus_bar: { hidden: true }  # c\n"),
            "screen: Player\nkind: fullscreen-media\nstatus_bar: { hidden: true, reveal_on_tap: true }  # c\n")
        XCTAssertEqual(
            fixedText("screen: Player\nkind: fullscreen-media\nstatus_bar: {hidden: true, reveal_on_tap: false}\n"),
            "screen: Player\nkind: fullscreen-media\nstatus_bar: {hidden: true, reveal_on_tap: true}\n")
    }

    func testListsGetAnItemInTheirOwnStyle() {
        XCTAssertEqual(fixedText("screen: Game\norientations: [landscape-left] # only\n"),
                       "screen: Game\norientations: [landscape-left, landscape-right] # only\n")
        XCTAssertEqual(fixedText("screen: Game\norientations:\n  -   portrait  # first\n  - landscape-right\nkind: game\n"),
                       "screen: Game\norientations:\n  -   portrait  # first\n  - landscape-right\n  - landscape-left\nkind: game\n")
        // A file that ends without a line break still does.
        XCTAssertEqual(fixedText("screen: Game\norientations:\n- landscape-left"),
                       "screen: Game\norientations:\n- landscape-left\n- landscape-right")
        XCTAssertEqual(fixedText("screen: Player\r\nkind: fullscreen-media\r\nstatus_bar:\r\n  style: default  # c", only: "bars.media-status-bar-visible"),
                       "screen: Player\r\nkind: fullscreen-media\r\nstatus_bar:\r\n  style: default  # c\r\n  hidden: true\r\n  reveal_on_tap: true")
    }

    func testQuotedScalarsKeepTheirQuotes() {
        XCTAssertEqual(fixedText("screen: A\nelements:\n  - {id: t, type: text, font: {weight: 'light', size: 9}}\n"),
                       "screen: A\nelements:\n  - {id: t, type: text, font: {weight: 'regular', size: 11}}\n")
        let child = "screen: Wi-Fi\nparent: Settings\nnavigation_bar:\n  title: Wi-Fi\n  back: {title: 'Back'}\n"
        XCTAssertEqual(
            fixedText("screen: Settings\nnavigation_bar: {title: \"Rock 'n' Roll: Setup\"}\n---\n" + child),
            "screen: Settings\nnavigation_bar: {title: \"Rock 'n' Roll: Setup\"}\n---\n"
                + "screen: Wi-Fi\nparent: Settings\nnavigation_bar:\n  title: Wi-Fi\n  back: {title: 'Rock ''n'' Roll: Setup'}\n")
        XCTAssertEqual(
            fixedText("screen: Settings\nnavigation_bar: {title: \"a, b\"}\n---\nscreen: C\nparent: Settings\nnavigation_bar:\n  back: {title: Back}\n"),
            "screen: Settings\nnavigation_bar: {title: \"a, b\"}\n---\nscreen: C\nparent: Settings\nnavigation_bar:\n  back: {title: \"a, b\"}\n")
    }

    func testCRLFStaysCRLF() {
        let spec = "screen: Player\r\nkind: fullscreen-media  # c\r\nstatus_bar:\r\n  hidden: true\r\norientations:\r\n  - landscape-left\r\n"
        XCTAssertEqual(
            fixedText(spec),
            "screen: Player\r\nkind: fullscreen-media  # c\r\nstatus_bar:\r\n  hidden: true\r\n  reveal_on_tap: true\r\norientations:\r\n  - landscape-left\r\n  - landscape-right\r\n")
    }

    /// A lone CR is a line break to YAML: the new line goes where it belongs, ended the same way.
    func testCarriageReturnsAloneStayThemselves() throws {
        let spec = "screen: Player\rkind: fullscreen-media\rstatus_bar:\r  hidden: true  # c\rorientations: [portrait]\r"
        XCTAssertEqual(fixedText(spec),
                       "screen: Player\rkind: fullscreen-media\rstatus_bar:\r  hidden: true  # c\r  reveal_on_tap: true\rorientations: [portrait]\r")
        let edit = try XCTUnwrap(findings(Array(spec.utf8)).first { $0.rule == "bars.status-bar-no-reveal" }?.fix?.edits.first)
        XCTAssertEqual([edit.start.line, edit.start.column], [5, 1])
    }

    func testByteOrderMarkAndWideCharactersBeforeTheEdit() throws {
        let spec = "\u{FEFF}screen: Héllo wörld 旋转 # ünïcode\nelements:\n  - {id: ñ, label: 退出, type: text, font: {weight: thin}}\n"
        XCTAssertEqual(fixedText(spec),
                       "\u{FEFF}screen: Héllo wörld 旋转 # ünïcode\nelements:\n  - {id: ñ, label: 退出, type: text, font: {weight: regular}}\n")
        let edit = try XCTUnwrap(findings(Array(spec.utf8)).first { $0.rule == "text.light-weight" }?.fix?.edits.first)
        // Columns count characters, as findings do; the mark is not a column.
        XCTAssertEqual([edit.start.line, edit.start.column, edit.end.line, edit.end.column], [3, 51, 3, 55])
    }

    func testAliasesTagsAndBlockScalarsAreNotEdited() {
        for spec in [
            "screen: A\nbase: &w light\nelements:\n  - {id: t, type: text, font: {weight: *w}}\n",
            "screen: A\nelements:\n  - {id: t, type: text, font: {weight: !!str light}}\n",
            "screen: A\nelements:\n  - {id: t, type: text, font: {size: &s 9}}\n",
            "screen: A\nelements:\n  - id: t\n    type: text\n    font: {weight: |\n      light\n      }\n",
        ] {
            let found = findings(Array(spec.utf8)).filter { $0.rule.hasPrefix("text.") }
            XCTAssertTrue(found.allSatisfy { $0.fix == nil }, spec)
        }
    }

    func testRenamingAKeyToOneTheMapHasIsNoFix() {
        let found = findings(Array("screen: A\nelements: []\nelemnts: []\n".utf8)).filter { $0.rule == "spec.unknown-key" }
        XCTAssertEqual(found.count, 1)
        XCTAssertNil(found.first?.fix)
        XCTAssertEqual(fixedText("screen: A\nelemnts: [] # x\n"), "screen: A\nelements: [] # x\n")
    }

    func testTwoFixesOnOneLineAndMultipleDocuments() {
        let spec = "screen: A\nelements:\n  - {id: t, type: text, font: {size: 9, weight: light}}\n---\nscreen: B\norientations: [landscape-right]\n"
        let outcome = fixed(spec)
        XCTAssertEqual(String(decoding: outcome.text, as: UTF8.self),
                       "screen: A\nelements:\n  - {id: t, type: text, font: {size: 11, weight: regular}}\n---\nscreen: B\norientations: [landscape-right, landscape-left]\n")
        XCTAssertEqual(outcome.fixed, 3)
        XCTAssertEqual(outcome.passes, 1)
    }

    /// A hit area that would crowd a neighbour's trades one finding for another: no fix.
    func testAHitAreaThatWouldCrowdANeighbourIsNotOffered() {
        let crowded = "screen: A\nelements:\n  - {id: a, type: button, frame: [0, 100, 30, 30]}\n  - {id: b, type: button, frame: [40, 100, 44, 44]}\n"
        XCTAssertNil(findings(Array(crowded.utf8)).first { $0.rule == "buttons.hit-target" }?.fix)
        XCTAssertEqual(findings(Array(crowded.utf8)).filter { $0.rule == "buttons.hit-target" }.count, 1)
        let roomy = crowded.replacing("[40, 100", with: "[60, 100")
        XCTAssertNotNil(findings(Array(roomy.utf8)).first { $0.rule == "buttons.hit-target" }?.fix)
    }

    /// Two fixes adding lines at one spot (the font's key and the element's, both after
    /// the font's last line) overlap: one waits for the next pass, and both land.
    func testFixesAtOneSpotTakeTwoPasses() throws {
        let spec = "screen: A\nelements:\n  - id: b\n    type: button\n    frame: [0, 100, 30, 30]\n    font:\n      style: caption2\n# end\n"
        let config = try ConfigLoader(plugins: BuiltinPlugins.all).parse(Array("thresholds: {min_font_size: 12}\n".utf8), file: "config.yaml")
        let strict = Engine(plugins: BuiltinPlugins.all, config: config)
        let first = strict.review(Array(spec.utf8), file: file).findings.compactMap(\.fix)
        XCTAssertEqual(first.count, 2)
        XCTAssertEqual(first[0].edits[0].range, first[1].edits[0].range)
        let outcome = FixLoop.run(Array(spec.utf8), applying: [.safe]) { strict.review($0, file: self.file).findings }
        XCTAssertEqual(String(decoding: outcome.text, as: UTF8.self),
                       "screen: A\nelements:\n  - id: b\n    type: button\n    frame: [0, 100, 30, 30]\n    font:\n      style: caption2\n      size: 12\n    hit_area: [44, 44]\n# end\n")
        XCTAssertEqual(outcome.passes, 2)
        XCTAssertEqual(outcome.fixed, 2)
        XCTAssertEqual(outcome.fixedRules, ["buttons.hit-target", "text.min-size"])
    }

    // MARK: - Removing an ignore entry, and edits of two keys or items at once

    /// A save button small enough that `buttons.hit-target` fires, so that entry is used.
    private static let small = "elements:\n  - {id: save, type: button, frame: [16, 16, 20, 20]}\n"

    func testAnUnusedEntryLeavesAFlowListWithItsSeparator() {
        XCTAssertEqual(fixedText("screen: A\nreview: {ignore: [text, buttons.hit-target]}  # kept\n" + Self.small, only: CoreRules.unusedIgnore),
                       "screen: A\nreview: {ignore: [buttons.hit-target]}  # kept\n" + Self.small)
        XCTAssertEqual(fixedText("screen: A\nreview: {ignore: [buttons.hit-target , text ]}\n" + Self.small, only: CoreRules.unusedIgnore),
                       "screen: A\nreview: {ignore: [buttons.hit-target ]}\n" + Self.small)
        // The last entry leaves an empty list behind, and the key stays.
        XCTAssertEqual(fixedText("screen: A\nreview: {ignore: [text], reason: old}\n", only: CoreRules.unusedIgnore),
                       "screen: A\nreview: {ignore: [], reason: old}\n")
    }

    func testAnUnusedEntryLeavesABlockListKeepingItsComment() {
        let spec = "screen: A\nreview:\n  ignore:\n    - text   # fonts elsewhere\n    - layout\n    - buttons.hit-target\n  reason: old\n" + Self.small
        let outcome = fixed(spec, only: CoreRules.unusedIgnore)
        XCTAssertEqual(String(decoding: outcome.text, as: UTF8.self),
                       "screen: A\nreview:\n  ignore:\n    # fonts elsewhere\n    - buttons.hit-target\n  reason: old\n" + Self.small)
        // Two entries of one list: one a pass, so they never collide.
        XCTAssertEqual(outcome.fixed, 2)
        XCTAssertEqual(outcome.passes, 2)
        XCTAssertTrue(outcome.warnings.isEmpty)
    }

    func testTheLastEntryOfABlockListLeavesAnEmptyFlowList() {
        XCTAssertEqual(fixedText("screen: A\nreview:\n  ignore:\n    - text  # why\n  reason: old\n", only: CoreRules.unusedIgnore),
                       "screen: A\nreview:\n  ignore: []  # why\n  reason: old\n")
        XCTAssertEqual(fixedText("screen: A\r\nreview:\r\n  ignore:\r\n  - text\r\n", only: CoreRules.unusedIgnore),
                       "screen: A\r\nreview:\r\n  ignore: []\r\n")
        // Every entry unused: one at a time down to `[]`, never a key without a value.
        let all = fixed("\u{FEFF}screen: A\nreview:\n  ignore:\n    - text\n    - layout\n    - bars\n", only: CoreRules.unusedIgnore)
        XCTAssertEqual(String(decoding: all.text, as: UTF8.self), "\u{FEFF}screen: A\nreview:\n  ignore: []\n")
        XCTAssertEqual(all.fixed, 3)
        XCTAssertTrue(findings(all.text).isEmpty, "\(findings(all.text))")
    }

    func testAnElementsUnusedEntryIsRemovedFromItsOwnList() {
        let spec = "screen: A\nelements:\n  - id: save\n    type: button\n    frame: [16, 16, 44, 44]\n    ignore:\n      - buttons  # was small\n"
        XCTAssertEqual(fixedText(spec), "screen: A\nelements:\n  - id: save\n    type: button\n    frame: [16, 16, 44, 44]\n    ignore: []  # was small\n")
    }

    /// A comment between the entries of a flow list would go with the separator: no fix.
    func testAnEntryWhoseSeparatorHoldsACommentIsNotRemoved() {
        let spec = "screen: A\nreview:\n  ignore: [text,  # why\n    buttons.hit-target]\n" + Self.small
        let found = findings(Array(spec.utf8)).filter { $0.rule == CoreRules.unusedIgnore }
        XCTAssertEqual(found.count, 1)
        XCTAssertNil(found.first?.fix)
    }

    func testAMisspeltEntryOrParentIsRenamedToTheSuggestion() {
        XCTAssertEqual(fixedText("screen: A\nreview: {ignore: ['buttons.hit-targt']}\n" + Self.small, only: CoreRules.unknownRule),
                       "screen: A\nreview: {ignore: ['buttons.hit-target']}\n" + Self.small)
        XCTAssertEqual(fixedText("screen: Home\n---\nscreen: B\nparent: \"Hme\"  # typo\n", only: CoreRules.unknownParent),
                       "screen: Home\n---\nscreen: B\nparent: \"Home\"  # typo\n")
        // Nothing close, nothing to rename to.
        XCTAssertNil(findings(Array("screen: B\nparent: Elsewhere\n".utf8)).first { $0.rule == CoreRules.unknownParent }?.fix)
    }

    /// Two keys one fix adds to one map are one edit, in the map's style.
    func testTwoKeysOfOneFixAreOneEdit() throws {
        let block = "screen: Player\nkind: fullscreen-media\nstatus_bar:\n  style: default  # c\n"
        let fix = try XCTUnwrap(findings(Array(block.utf8)).first { $0.rule == "bars.media-status-bar-visible" }?.fix)
        XCTAssertEqual(fix.edits.count, 1)
        XCTAssertEqual(fixedText(block, only: "bars.media-status-bar-visible"),
                       "screen: Player\nkind: fullscreen-media\nstatus_bar:\n  style: default  # c\n  hidden: true\n  reveal_on_tap: true\n")
        XCTAssertEqual(fixedText("screen: Player\nkind: fullscreen-media\nstatus_bar: {}\n", only: "bars.media-status-bar-visible"),
                       "screen: Player\nkind: fullscreen-media\nstatus_bar: {hidden: true, reveal_on_tap: true}\n")
        XCTAssertEqual(fixedText("screen: Player\nkind: fullscreen-media\n", only: "bars.media-status-bar-visible"),
                       "screen: Player\nkind: fullscreen-media\nstatus_bar: {hidden: true, reveal_on_tap: true}\n")
        XCTAssertEqual(fixedText("screen: Home\ndevice: ipad\norientations:\n  - portrait\n", only: "orientation.ipad-all"),
                       "screen: Home\ndevice: ipad\norientations:\n  - portrait\n  - portrait-upside-down\n  - landscape-left\n  - landscape-right\n")
    }

    /// A frame written as a map moves its `x` key; as a list, its first item.
    func testNearMissAlignmentSnapsXInEitherFrameShape() {
        let list = "screen: P\nelements:\n  - {id: a, type: text, frame: [16, 100, 200, 20]}\n  - {id: b, type: text, frame: [17.5, 124, 200, 20]}\n"
        XCTAssertEqual(fixedText(list), list.replacing("[17.5,", with: "[16,"))
        let map = "screen: P\nelements:\n  - {id: a, type: text, frame: {x: 16, y: 100, width: 200, height: 20}}\n  - {id: b, type: text, frame: {x: 18, y: 124, width: 200, height: 20}}\n"
        XCTAssertEqual(fixedText(map), map.replacing("{x: 18,", with: "{x: 16,"))
    }

    /// A key goes with its separator or its line; a comment on the line stays; a block
    /// map's only key, or a key on a list item's dash line, is not removed.
    func testAKeyIsRemovedFromFlowAndBlockMaps() {
        let tabs = "screen: Home\ntab_bar:\n  tabs:\n"
        XCTAssertEqual(fixedText(tabs + "    - {title: Refresh, action: refresh, icon: system:arrow}\n", only: "bars.tab-action"),
                       tabs + "    - {title: Refresh, icon: system:arrow}\n")
        XCTAssertEqual(fixedText(tabs + "    - {action: refresh, title: Refresh}\n", only: "bars.tab-action"),
                       tabs + "    - {title: Refresh}\n")
        XCTAssertEqual(fixedText(tabs + "    - title: Refresh\n      action: refresh  # why\n      icon: system:arrow\n", only: "bars.tab-action"),
                       tabs + "    - title: Refresh\n      # why\n      icon: system:arrow\n")
        XCTAssertEqual(fixedText(tabs + "    - title: Refresh\r\n      action: 'refresh'\r\n", only: "bars.tab-action"),
                       tabs + "    - title: Refresh\r\n")
        for spec in [tabs + "    - action: refresh\n      title: Refresh\n", "screen: Home\ntab_bar:\n  tabs:\n    -\n      action: refresh\n"] {
            XCTAssertNil(findings(Array(spec.utf8)).first { $0.rule == "bars.tab-action" }?.fix, spec)
        }
    }

    /// A project fix reads its file again, a spec's only: a storyboard is never edited, so
    /// even one whose bytes would load as YAML gets no fix.
    func testProjectFixesReadOnlySpecFilesAgain() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("higlint-sources-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        let text = "screen: B\nparent: Hme\n---\nscreen: Home\n"
        var results: [FileResult] = []
        for name in ["b.yaml", "b.storyboard"] {
            let path = directory.appendingPathComponent(name).path
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            results.append(engine.review(Array(text.utf8), file: SpecFile(path: path, displayPath: name)))
        }
        let sources = Engine.readSources(of: results, limit: 1 << 20)
        XCTAssertEqual(sources("b.yaml"), Array(text.utf8))
        XCTAssertNil(sources("b.storyboard"))
        let fixes = engine.report(results).findings.filter { $0.rule == CoreRules.unknownParent }.map { ($0.file, $0.fix != nil) }
        XCTAssertEqual(fixes.map(\.0), ["b.storyboard", "b.yaml"])
        XCTAssertEqual(fixes.map(\.1), [false, true])
    }
}
