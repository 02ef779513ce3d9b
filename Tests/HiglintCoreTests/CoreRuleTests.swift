import HiglintCore
import HiglintPlugins
import XCTest

/// Byte-order marks, blank numbers, untyped elements, and the core rules on element
/// ids, parent cycles and unused ignore entries.
final class CoreRuleTests: XCTestCase {
    private func review(_ files: [String: String], config: Config = Config()) -> [Finding] {
        let engine = Engine(plugins: BuiltinPlugins.all, config: config)
        let results = files.keys.sorted().map {
            engine.review(Array(files[$0, default: ""].utf8), file: SpecFile(path: $0, displayPath: $0))
        }
        return engine.report(results).findings
    }

    private func review(_ yaml: String) -> [Finding] { review(["a.yaml": yaml]) }

    // MARK: - Byte-order mark

    func testAUTF8ByteOrderMarkIsAllowedAndIsNoColumn() throws {
        let yaml = "screen: Home\nelements:\n  - {id: b, type: button, frame: [0, 100, 30, 30]}\n"
        let engine = Engine(plugins: BuiltinPlugins.all, config: Config())
        let file = SpecFile(path: "a.yaml", displayPath: "a.yaml")
        let plain = engine.review(Array(yaml.utf8), file: file).findings
        let marked = engine.review([0xEF, 0xBB, 0xBF] + Array(yaml.utf8), file: file).findings
        XCTAssertEqual(marked, plain)
        XCTAssertEqual(marked.map(\.rule), ["buttons.hit-target"])
        // On the first line too: `screen`'s value starts at column 9 with or without the mark.
        let duplicate = review(["a.yaml": "screen: Home\n", "b.yaml": "\u{FEFF}screen: Home\n"])
        XCTAssertEqual(duplicate.map { [$0.line, $0.column] }, [[1, 9]])
        XCTAssertEqual(review("\u{FEFF}screen: Home\nbogus: 1\n").map { [$0.line, $0.column] }, [[2, 1]])
    }

    func testAByteOrderMarkAloneIsAnEmptyFile() {
        XCTAssertEqual(review("\u{FEFF}").map(\.rule), ["spec.schema"])
    }

    // MARK: - Blank numbers

    func testNullNumbersInAFrameListAreSchemaFindingsAtTheNumber() throws {
        let found = review("screen: Home\nelements:\n  - {id: b, type: button, frame: [16, ~, 20, null]}\n")
        XCTAssertEqual(found.map(\.rule), ["spec.schema", "spec.schema"])
        XCTAssertEqual(found.map { [$0.line, $0.column] }, [[3, 39], [3, 46]])
        XCTAssertEqual(found.first?.message, "elements[0].frame[1]: y is null: every number is required")
        XCTAssertEqual(found.first?.element, "b")
    }

    func testNullNumbersInAFrameMapHitAreaAndCanvas() {
        XCTAssertEqual(review("screen: Home\nelements:\n  - {id: b, type: button, frame: {x: 0, y: 0, width: ~, height: 44}}\n").map(\.message),
                       ["elements[0].frame.width: is null: every number is required"])
        XCTAssertEqual(review("screen: Home\nelements:\n  - {id: b, type: button, frame: [0, 0, 44, 44], hit_area: [44, ~]}\n").map(\.message),
                       ["elements[0].hit_area[1]: height is null: every number is required"])
        XCTAssertEqual(review("screen: Home\ncanvas: [~, 667]\n").map(\.message), ["canvas[0]: width is null: every number is required"])
        XCTAssertEqual(review("screen: Home\ncanvas:\n").map(\.message), ["canvas: is empty: expected [width, height], or leave the key out"])
        XCTAssertEqual(review("screen: Home\nelements:\n  - {id: b, type: text, frame: }\n").map(\.message),
                       ["elements[0].frame: is empty: expected [x, y, width, height], or leave the key out"])
        XCTAssertEqual(review("screen: Home\nelements:\n  - {id: b, type: text, frame: []}\n").map(\.rule), ["spec.schema"])
        XCTAssertEqual(review("screen: Home\nelements:\n  - {id: b, type: text, frame: [1, '', 2, 3]}\n").map(\.rule), ["spec.schema"])
    }

    func testEveryBlankNumberIsReportedNotOnlyTheFirst() {
        XCTAssertEqual(review("screen: Home\nelements:\n  - {id: b, type: text, frame: [~, ~, ~, ~]}\n").count, 4)
        // A blank number and a missing key are two problems.
        XCTAssertEqual(review("screen: Home\nelements:\n  - {id: b, type: text, frame: {x: 0, y: ~, width: 10}}\n").map(\.message),
                       ["elements[0].frame: is missing height", "elements[0].frame.y: is null: every number is required"])
    }

    func testABlankNumberLeavesTheFrameAbsentAndTheRestReviewed() {
        let found = review("screen: Home\nelements:\n  - {id: b, type: button, frame: [16, ~, 20, 20]}\n  - {id: c, type: button, frame: [16, 200, 20, 20]}\n")
        XCTAssertEqual(found.map(\.rule), ["spec.schema", "buttons.hit-target"])
        XCTAssertEqual(found.last?.element, "c")
    }

    // MARK: - Elements without a type

    func testAnElementWithoutATypeIsASchemaFindingAndNotReviewed() {
        let found = review("screen: Home\nelements:\n  - {id: b, action: buy, frame: [0, 0, 20, 20]}\n  - {id: c, type: buton, action: buy, frame: [0, 100, 20, 20]}\n")
        XCTAssertEqual(found.map(\.rule), ["spec.schema", "spec.schema"])
        XCTAssertEqual(found.map(\.element), ["b", "c"])
        XCTAssertEqual(review("screen: Home\nelements:\n  - {id: b, type: ~, action: buy, frame: [0, 0, 20, 20]}\n").map(\.message),
                       ["elements[0]: `type` is missing: every element says what it is (button, text, image...)"])
        // Bar items need a type too; tabs do not.
        let bars = review("screen: Home\nnavigation_bar:\n  title: Home\n  items:\n    - {id: q, label: Quit}\ntab_bar:\n  tabs:\n    - {title: Exit, icon: system:power}\n")
        XCTAssertEqual(bars.map(\.rule), ["spec.schema", "lifecycle.quit-control"])
        XCTAssertEqual(bars.last?.line, 8)
    }

    func testChildrenOfAnUntypedElementAreStillReviewedInPlace() {
        let found = review("screen: Home\nelements:\n  - id: box\n    frame: [0, 0, 10, 10]\n    children:\n      - {id: b, type: button, frame: [0, 0, 20, 20]}\n")
        // The child's own finding; none against the untyped box's frame (layout.outside-container).
        XCTAssertEqual(found.map(\.rule), ["spec.schema", "buttons.hit-target"])
        XCTAssertEqual(found.last?.element, "b")
        // The box's scroll still frees its children, and its ignore still covers them.
        let carousel = "screen: Home\nelements:\n  - id: strip\n    type: grop\n    scroll: horizontal\n    ignore: [buttons]\n    children:\n      - {id: card, type: button, frame: [300, 100, 200, 20]}\n"
        XCTAssertEqual(review(carousel).map(\.rule), ["spec.schema"])
    }

    func testAnUntypedElementTakesNoPartInItsSiblingsReview() {
        // Spacing, alignment and consistency are judged among typed elements only.
        let yaml = "screen: Home\nelements:\n  - {id: a, action: buy, frame: [16, 100, 44, 44], border: true}\n  - {id: b, type: button, action: buy, frame: [17, 146, 44, 44]}\n"
        XCTAssertEqual(review(yaml).map(\.rule), ["spec.schema"])
        // An untyped bar item is not counted among the bar's items.
        let bar = "screen: Home\nnavigation_bar:\n  title: Home\n  items:\n    - {id: a, type: button}\n    - {id: b, label: Edit}\n"
        XCTAssertEqual(review(bar).map(\.rule), ["spec.schema"])
    }

    // MARK: - spec.duplicate-element-id

    func testDuplicateElementIdsAreReportedOnEachButTheFirstInDocumentOrder() throws {
        let yaml = """
            screen: Home
            elements:
              - {id: a, type: button}
              - id: box
                type: group
                children:
                  - {id: a, type: text}
            navigation_bar:
              items:
                - {id: a, type: button}
            tab_bar:
              tabs:
                - {id: box, title: Box, icon: system:box}

            """
        let found = review(yaml).filter { $0.rule == "spec.duplicate-element-id" }
        XCTAssertEqual(found.map(\.line), [7, 10, 13])
        let first = try XCTUnwrap(found.first)
        XCTAssertEqual(first.message, "element id \"a\" is already used by elements[0]")
        XCTAssertEqual(first.column, 14)
        XCTAssertEqual(first.severity, .error)
        XCTAssertEqual(found.last?.message, "element id \"box\" is already used by elements[1]")
    }

    func testBarsWrittenFirstComeFirst() {
        let yaml = "screen: Home\nnavigation_bar:\n  items:\n    - {id: a, type: button}\nelements:\n  - {id: a, type: button}\n"
        XCTAssertEqual(review(yaml).filter { $0.rule == "spec.duplicate-element-id" }.map(\.line), [6])
    }

    func testIdsAreComparedAsWrittenWithinOneScreen() {
        XCTAssertEqual(review("screen: A\nelements:\n  - {id: a, type: text}\n  - {id: A, type: text}\n  - {type: text}\n  - {type: text}\n").count, 0)
        XCTAssertEqual(review("screen: A\nelements:\n  - {id: a, type: text}\n---\nscreen: B\nelements:\n  - {id: a, type: text}\n").count, 0)
    }

    func testADuplicateIdIsSuppressedByTheElementsIgnore() {
        let yaml = "screen: A\nelements:\n  - {id: a, type: text}\n  - {id: a, type: text, ignore: [spec.duplicate-element-id]}\n"
        XCTAssertEqual(review(yaml), [])
    }

    // MARK: - spec.parent-cycle

    func testEveryScreenOfACycleIsReportedOnceAtItsParent() throws {
        let files = [
            "a.yaml": "screen: A\nparent: C\n", "b.yaml": "screen: B\nparent: A\n", "c.yaml": "screen: C\nparent: B\n",
            "d.yaml": "screen: D\nparent: A\n", "e.yaml": "screen: E\n",
        ]
        let found = review(files).filter { $0.rule == "spec.parent-cycle" }
        XCTAssertEqual(found.map(\.file), ["a.yaml", "b.yaml", "c.yaml"])
        let first = try XCTUnwrap(found.first)
        XCTAssertEqual(first.message, "parent \"C\" leads back to this screen: \"A\" → \"C\" → \"B\" → \"A\"")
        XCTAssertEqual([first.line, first.column], [2, 9])
        XCTAssertEqual(first.severity, .error)
        XCTAssertEqual(found[1].message, "parent \"A\" leads back to this screen: \"B\" → \"A\" → \"C\" → \"B\"")
    }

    func testASelfParentIsACycle() {
        let found = review("screen: A\nparent: A\n")
        XCTAssertEqual(found.map(\.rule), ["spec.parent-cycle"])
        XCTAssertEqual(found.first?.message, "parent \"A\" is this screen itself")
    }

    func testChainsWithoutACycleAndUnknownParentsAreNoCycle() {
        XCTAssertEqual(review(["a.yaml": "screen: A\n", "b.yaml": "screen: B\nparent: A\n", "c.yaml": "screen: C\nparent: B\n"]), [])
        XCTAssertEqual(review("screen: A\nparent: Z\n").map(\.rule), ["spec.unknown-parent"])
    }

    func testALongChainIsWalkedOnce() {
        // 500 screens each pointing at the next, the last back at the first.
        let count = 500
        var files: [String: String] = [:]
        for index in 0..<count { files["s\(index).yaml"] = "screen: S\(index)\nparent: S\((index + 1) % count)\n" }
        XCTAssertEqual(review(files).filter { $0.rule == "spec.parent-cycle" }.count, count)
    }

    func testACycleIsSuppressedByTheScreensIgnore() {
        let found = review(["a.yaml": "screen: A\nparent: B\nreview: {ignore: [spec.parent-cycle]}\n", "b.yaml": "screen: B\nparent: A\n"])
        XCTAssertEqual(found.map(\.file), ["b.yaml"])
    }

    // MARK: - spec.unused-ignore

    private let small = "elements:\n  - {id: b, type: button, frame: [0, 100, 30, 30]}\n"

    func testAnEntryThatSuppressesSomethingIsUsed() {
        XCTAssertEqual(review("screen: A\nreview: {ignore: [buttons.hit-target]}\n" + small), [])
        XCTAssertEqual(review("screen: A\nreview: {ignore: [buttons]}\n" + small), [])
    }

    func testAnEntryThatSuppressesNothingIsReportedAtTheEntry() throws {
        let found = review("screen: A\nreview:\n  ignore: [buttons.hit-target, text]\n" + small)
        XCTAssertEqual(found.map(\.rule), ["spec.unused-ignore"])
        let finding = try XCTUnwrap(found.first { $0.rule == "spec.unused-ignore" })
        XCTAssertEqual(finding.message, "ignore entry \"text\" suppresses no finding of this screen")
        XCTAssertEqual([finding.line, finding.column], [3, 32])
        XCTAssertEqual(finding.severity, .info)
        XCTAssertNil(finding.element)
    }

    func testElementEntriesCoverTheElementAndItsChildrenOnly() throws {
        let yaml = """
            screen: A
            elements:
              - id: box
                type: group
                ignore: [buttons.hit-target]
                children:
                  - {id: b, type: button, frame: [0, 100, 30, 30]}
              - {id: c, type: button, frame: [0, 200, 44, 44], ignore: [buttons]}

            """
        let found = review(yaml)
        XCTAssertEqual(found.map(\.rule), ["spec.unused-ignore"])
        XCTAssertEqual(found.first?.message, "ignore entry \"buttons\" suppresses no finding of element \"c\"")
        XCTAssertEqual(found.first?.element, "c")
        XCTAssertEqual(found.first?.line, 8)
    }

    func testAnElementEntryDoesNotCoverItsSiblings() {
        let yaml = "screen: A\nelements:\n  - {id: a, type: text, ignore: [buttons]}\n  - {id: b, type: button, frame: [0, 100, 30, 30]}\n"
        XCTAssertEqual(review(yaml).map(\.rule).sorted(), ["buttons.hit-target", "spec.unused-ignore"])
    }

    func testEveryEntryThatMatchesAFindingIsUsed() {
        // Screen and element both name the rule: each would suppress the finding, so neither is unused.
        let yaml = "screen: A\nreview: {ignore: [buttons]}\nelements:\n  - {id: b, type: button, frame: [0, 100, 30, 30], ignore: [buttons.hit-target]}\n"
        XCTAssertEqual(review(yaml), [])
    }

    func testCoreFindingsUseEntriesToo() {
        XCTAssertEqual(review("screen: A\nreview: {ignore: [spec.unknown-key]}\nbogus: 1\n"), [])
        XCTAssertEqual(review("screen: A\nreview: {ignore: [spec]}\nbogus: 1\n"), [])
        // A decoder problem inside an element is the element's, and its ignore suppresses it.
        XCTAssertEqual(review("screen: A\nelements:\n  - {id: a, type: text, bogus: 1, ignore: [spec.unknown-key]}\n"), [])
        XCTAssertEqual(review("screen: A\nelements:\n  - {id: a, type: text, frame: [0, ~, 1, 1], ignore: [spec.schema]}\n"), [])
    }

    func testProjectFindingsUseEntries() {
        let files = [
            "a.yaml": "screen: Settings\nnavigation_bar: {title: Settings}\n",
            "b.yaml": "screen: Wi-Fi\nparent: Settings\nreview: {ignore: [bars.back-title-mismatch]}\nnavigation_bar:\n  title: Wi-Fi\n  back: {title: Back}\n",
        ]
        XCTAssertEqual(review(files), [])
        var fixed = files
        fixed["b.yaml"] = "screen: Wi-Fi\nparent: Settings\nreview: {ignore: [bars.back-title-mismatch]}\nnavigation_bar:\n  title: Wi-Fi\n  back: {title: Settings}\n"
        XCTAssertEqual(review(fixed).map(\.rule), ["spec.unused-ignore"])
        XCTAssertEqual(review(["a.yaml": "screen: A\nparent: Nowhere\nreview: {ignore: [spec.unknown-parent]}\n"]), [])
    }

    func testUnknownNamesAreNotUnusedIgnores() {
        XCTAssertEqual(review("screen: A\nreview: {ignore: [nonsense]}\n").map(\.rule), ["spec.unknown-rule"])
    }

    func testUnusedIgnoreCanItselfBeSuppressedButNotByItsOwnEntry() {
        XCTAssertEqual(review("screen: A\nreview: {ignore: [text, spec.unused-ignore]}\n"), [])
        // Alone it suppresses nothing, and its own report is not its to hide.
        XCTAssertEqual(review("screen: A\nreview: {ignore: [spec.unused-ignore]}\n").map(\.rule), ["spec.unused-ignore"])
        var config = Config()
        config.ruleSeverities["spec.unused-ignore"] = .some(nil)
        XCTAssertEqual(review(["a.yaml": "screen: A\nreview: {ignore: [text]}\n"], config: config), [])
    }

    func testAnEntrySharedThroughAnAliasIsOneEntry() {
        let yaml = "screen: A\nelements:\n  - {id: a, type: text, ignore: &skip [buttons]}\n  - {id: b, type: button, frame: [0, 100, 30, 30], ignore: *skip}\n"
        XCTAssertEqual(review(yaml), [])
    }

    func testTheWatchersProjectPassReportsTheSame() {
        // The watcher calls `projectFindings` on the kept summaries; it must agree with `report`.
        let engine = Engine(plugins: BuiltinPlugins.all, config: Config())
        let file = SpecFile(path: "a.yaml", displayPath: "a.yaml")
        let result = engine.review(Array("screen: A\nreview: {ignore: [text]}\n".utf8), file: file)
        XCTAssertEqual(result.findings, [])
        XCTAssertEqual(engine.projectFindings(result.summaries).map(\.rule), ["spec.unused-ignore"])
    }
}

/// Problems the decoder meets inside an element belong to it: they name it and its `ignore` covers them.
final class ElementProblemTests: XCTestCase {
    private func review(_ yaml: String) -> [Finding] {
        let engine = Engine(plugins: BuiltinPlugins.all, config: Config())
        return engine.report([engine.review(Array(yaml.utf8), file: SpecFile(path: "a.yaml", displayPath: "a.yaml"))]).findings
    }

    func testProblemsNameTheInnermostElement() {
        let found = review("screen: A\nelements:\n  - id: box\n    type: group\n    children: 5\n  - id: row\n    type: group\n    children:\n      - {id: kid, type: text, bogus: 1}\n")
        XCTAssertEqual(found.map(\.rule), ["spec.schema", "spec.unknown-key"])
        XCTAssertEqual(found.map(\.element), ["box", "kid"])
    }

    func testAParentsIgnoreCoversItsChildrensProblems() {
        let yaml = "screen: A\nelements:\n  - id: row\n    type: group\n    ignore: [spec.unknown-key]\n    children:\n      - {id: kid, type: text, bogus: 1}\n"
        XCTAssertEqual(review(yaml), [])
    }
}
