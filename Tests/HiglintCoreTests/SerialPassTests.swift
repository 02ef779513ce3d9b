@testable import HiglintCore
import HiglintPlugins
import TestSupport
import XCTest

/// A value that says when it is freed, to show a result is moved, not copied, and let go.
fileprivate final class Counted: Sendable {
    let value: Int
    let onDeinit: @Sendable () -> Void

    init(_ value: Int, onDeinit: @escaping @Sendable () -> Void) {
        self.value = value
        self.onDeinit = onDeinit
    }

    deinit { onDeinit() }
}

/// How many `Counted` values were freed, from any thread.
fileprivate final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    func add() { lock.withLock { value += 1 } }
    var count: Int { lock.withLock { value } }
}

/// Arrivals from any thread, and waits for enough of them (or of distinct threads) that
/// give up at one deadline for the whole test, so that a test of what runs at once fails
/// instead of hanging.
fileprivate final class Arrivals: @unchecked Sendable {
    private let condition = NSCondition()
    private let deadline: Date
    private var count = 0
    private var threads = Set<UInt>()

    init(seconds: Double = 30) {
        deadline = Date(timeIntervalSinceNow: seconds)
    }

    func arrive() {
        condition.lock()
        count += 1
        threads.insert(UInt(pthread_self()))
        condition.broadcast()
        condition.unlock()
    }

    func wait(forArrivals wanted: Int) -> Bool { wait { $0.count >= wanted } }

    func wait(forThreads wanted: Int) -> Bool { wait { $0.threads.count >= wanted } }

    private func wait(until met: (Arrivals) -> Bool) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while !met(self) {
            if !condition.wait(until: deadline) { return met(self) }
        }
        return true
    }
}

/// The work before and after the parallel review takes shortcuts (a walk that lists files
/// in report order, a merge instead of a sort, values moved rather than copied, findings
/// rendered in pieces). Each test compares a shortcut with the plain answer.
final class SerialPassTests: XCTestCase {
    // MARK: - Discovery

    /// Names whose byte order differs from a plain walk's: `-` and `.` sort before `/`,
    /// upper case before lower, composed and decomposed accents, a directory named like a spec.
    private static let tree = [
        "a.yaml", "a-b.yaml", "a/x.yaml", "a/b/c.yaml", "a b/c.yaml", "ab.yaml", "A.yaml", "B/a.yml",
        "é.yaml", "e\u{301}.yaml", "z/😀.yml", "z/\u{FFFD}.yaml", "d.yaml/inner.yaml", "d.yamlx.yaml",
        "deep/1/2/3/4/5/6/7/8/9/x.yaml", "deep/1.yaml", "deep/1/2.yaml", "n/notes.txt", ".hidden/h.yaml",
    ]

    private func makeTree() throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("higlint-walk-\(getpid())-\(UUID().uuidString)")
        for path in Self.tree {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("screen: S\n".utf8).write(to: url)
        }
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        return root.path
    }

    private func assertPlainOrder(_ outcome: SpecDiscovery.Outcome, _ discovery: SpecDiscovery, _ what: String) {
        let plain = outcome.files.sorted { $0.displayPath.utf8.lexicographicallyPrecedes($1.displayPath.utf8) }
        XCTAssertEqual(outcome.files, plain, what)
        for file in outcome.files {
            XCTAssertEqual(file.displayPath, discovery.displayPath(for: file.path), what)
        }
    }

    func testWalkListsFilesInReportOrderFromAnyWorkingDirectory() throws {
        let root = try makeTree()
        let specs = Self.tree.filter { !$0.hasPrefix(".") && SpecDiscovery.isSpecName($0) }
        for (directory, paths) in [
            (root, ["."]), (root + "/a", [".."]), (root + "/deep/1/2", ["../../.."]), (root, ["a", ".", "z/😀.yml"]),
            (root + "/z", ["../a", ".."]), ("/", [String(root.dropFirst())]),
        ] {
            let discovery = SpecDiscovery(exclude: [], workingDirectory: directory)
            let outcome = discovery.discover(paths)
            assertPlainOrder(outcome, discovery, "\(directory) \(paths)")
            // Every file once, `é` and `e` with a combining accent both: paths compare by bytes.
            XCTAssertEqual(outcome.files.map { Array($0.path.utf8) }.sorted { $0.lexicographicallyPrecedes($1) },
                           specs.map { Array((root + "/" + $0).utf8) }.sorted { $0.lexicographicallyPrecedes($1) },
                           "\(directory) \(paths)")
        }
    }

    func testWalkSkipsExcludedDirectoriesAndFiles() throws {
        let root = try makeTree()
        let discovery = SpecDiscovery(exclude: ["deep/**", "a/b/**", "*.yml"], workingDirectory: root)
        let outcome = discovery.discover(["."])
        assertPlainOrder(outcome, discovery, "excluded")
        XCTAssertFalse(outcome.files.contains { $0.displayPath.hasPrefix("deep/") || $0.displayPath.hasPrefix("a/b/") })
        XCTAssertFalse(outcome.files.contains { $0.displayPath.hasSuffix(".yml") })
        XCTAssertTrue(outcome.files.contains { $0.displayPath == "a/x.yaml" })
    }

    /// The top directory's subdirectories are walked on every core: their files, notes and
    /// kept entries still come in walk order, the top directory's own notes first.
    func testWalkOnEveryCoreKeepsWalkOrderForNotesToo() throws {
        let root = try makeTree()
        for directory in ["", "a/", "deep/1/", "z/"] {
            XCTAssertEqual(symlink(root + "/nowhere", root + "/" + directory + "gone.yaml"), 0)
        }
        var discovery = SpecDiscovery(exclude: [], workingDirectory: root)
        discovery.keepsEntry = { $0 == "gone.yaml" }
        let outcome = discovery.discover(["."])
        XCTAssertEqual(outcome.notes, ["gone.yaml", "a/gone.yaml", "deep/1/gone.yaml", "z/gone.yaml"].map {
            "\($0): skipped, dangling symbolic link"
        })
        assertPlainOrder(outcome, discovery, "on every core")
        let real = FileSystem.absolute(root)
        XCTAssertEqual(Set(outcome.keptEntries.filter { !$0.value.isEmpty }.keys),
                       Set(["", "/a", "/deep/1", "/z"].map { real + $0 }))
    }

    /// The walk keeps the entries it is asked to keep of each directory it lists, hidden
    /// ones too, by the directory's absolute path; it keeps nothing unless asked.
    func testWalkKeepsTheEntriesItIsAskedFor() throws {
        let root = try makeTree()
        var discovery = SpecDiscovery(exclude: ["deep/1/2/**"], workingDirectory: root)
        XCTAssertEqual(discovery.discover(["."]).keptEntries, [:])
        discovery.keepsEntry = { $0.hasPrefix(".") || $0.hasSuffix(".yaml") }
        let kept = discovery.discover(["."]).keptEntries
        let real = FileSystem.absolute(root)
        XCTAssertEqual(kept[real]?.sorted(), [".hidden", "A.yaml", "a-b.yaml", "a.yaml", "ab.yaml", "d.yaml", "d.yamlx.yaml",
                                               "e\u{301}.yaml", "é.yaml"].sorted())
        XCTAssertEqual(kept[FileSystem.join(real, "deep/1")], ["2.yaml"])
        XCTAssertEqual(kept[FileSystem.join(real, "n")], [])
        // Neither an excluded directory nor a hidden one is listed.
        XCTAssertNil(kept[FileSystem.join(real, "deep/1/2")])
        XCTAssertNil(kept[FileSystem.join(real, ".hidden")])
    }

    // MARK: - Report order

    private static func finding(_ file: String, _ line: Int, _ column: Int, _ rule: String, _ message: String = "m") -> Finding {
        Finding(file: file, line: line, column: column, rule: rule, severity: .warning, message: message, hint: "h")
    }

    func testMergingProjectFindingsGivesTheFullSort() {
        var generator = SeededGenerator(seed: 6)
        let files = ["a.yaml", "a-b.yaml", "a/b.yaml", "b.yaml", "é.yaml"]
        let rules = ["x.one", "x.two", "y.one"]
        func random() -> Finding {
            Self.finding(files.randomElement(using: &generator) ?? "", Int.random(in: 1...4, using: &generator),
                         Int.random(in: 1...3, using: &generator), rules.randomElement(using: &generator) ?? "",
                         ["m", "n"].randomElement(using: &generator) ?? "")
        }
        for round in 0..<500 {
            let own = (0..<Int.random(in: 0...30, using: &generator)).map { _ in random() }
            let project = (0..<Int.random(in: 0...6, using: &generator)).map { _ in random() }
            let plain = (own.sorted(by: Finding.reportOrder) + project).sorted(by: Finding.reportOrder)
            XCTAssertEqual(Engine.inReportOrder(own.sorted(by: Finding.reportOrder), adding: project), plain, "\(round)")
            // Findings out of order take the full sort.
            XCTAssertEqual(Engine.inReportOrder(own, adding: project), (own + project).sorted(by: Finding.reportOrder))
        }
    }

    private let specs = [
        "b.yaml": "screen: B\nparent: A\nnavigation_bar: {title: B, color: red, back: {title: Nope}}\n",
        "a.yaml": "screen: A\nnavigation_bar: {title: A, color: blue}\n---\nscreen: A2\nparent: Gone\n",
        "a-c.yaml": "screen: A\nnavigation_bar: {title: C, color: blue}\n",
        "c/d.yaml": "screen: D\nelements:\n  - {id: b, type: button, frame: [0, 100, 30, 30]}\n",
    ]

    func testReportTakesResultsInAnyOrderAndKeepsEverySummary() {
        let engine = Engine(plugins: BuiltinPlugins.all, config: Config())
        let results = specs.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.map {
            engine.review(Array(specs[$0, default: ""].utf8), file: SpecFile(path: $0, displayPath: $0))
        }
        let report = engine.report(results)
        XCTAssertEqual(engine.report(results.reversed()).findings, report.findings)
        XCTAssertEqual(report.files.map(\.file), results.map(\.file))
        XCTAssertEqual(report.files.map(\.summaries), results.map(\.summaries))
        XCTAssertEqual(Set(report.findings.map(\.rule)), [
            "spec.duplicate-screen", "spec.unknown-parent", "bars.back-title-mismatch", "bars.inconsistent-appearance",
            "buttons.hit-target",
        ])
        let plain = (results.flatMap(\.findings) + engine.projectFindings(results.flatMap(\.summaries)))
            .sorted(by: Finding.reportOrder)
        XCTAssertEqual(report.findings, plain)
    }

    /// The report's array has room for a few project findings a screen; one screen with more
    /// (each unused `ignore` entry is one) makes the merge grow it, and nothing is lost.
    func testMoreProjectFindingsThanTheReportMadeRoomForAreAllKept() {
        let rules = ["buttons.hit-target", "text.min-size", "text.fixed-size", "bars.tab-count", "lifecycle.quit-control",
                     "layout.inconsistent-icon", "bars.back-title-mismatch", "spec.duplicate-screen",
                     "spec.unknown-parent", "text.light-weight", "bars.nav-crowded", "text.heavy-weight"]
        let specs = [
            "a.yaml": "screen: A\nreview: {ignore: [\(rules.joined(separator: ", "))]}\n",
            "b.yaml": "screen: B\nelements:\n  - {id: b, type: button, frame: [0, 100, 30, 30]}\n",
        ]
        let engine = Engine(plugins: BuiltinPlugins.all, config: Config())
        let results = specs.keys.sorted().map {
            engine.review(Array(specs[$0, default: ""].utf8), file: SpecFile(path: $0, displayPath: $0))
        }
        let project = engine.projectFindings(results.flatMap(\.summaries))
        XCTAssertGreaterThan(project.count, results.flatMap(\.findings).count + 4 * 2)
        XCTAssertEqual(project.filter { $0.rule == "spec.unused-ignore" }.count, rules.count)
        let plain = (results.flatMap(\.findings) + project).sorted(by: Finding.reportOrder)
        XCTAssertEqual(engine.report(results).findings, plain)
    }

    /// Reviews `specs` and reports them with the project pass on one thread and on every
    /// core; asserts the two give the same findings and returns them.
    private func assertProjectPassOnEveryCoreIsTheOneThreadPass(
        _ specs: [String: String], file: StaticString = #filePath, line: UInt = #line
    ) -> [Finding] {
        var serial = Engine(plugins: BuiltinPlugins.all, config: Config())
        serial.screensForParallelPass = .max
        var parallel = serial
        parallel.screensForParallelPass = 0
        let paths = specs.keys.sorted { FileSystem.precedes($0, $1) }
        let results = paths.map { serial.review(Array(specs[$0, default: ""].utf8), file: SpecFile(path: $0, displayPath: $0)) }
        let sources: (String) -> [UInt8]? = { specs[$0].map { Array($0.utf8) } }
        let expected = serial.report(results, sources: sources).findings
        XCTAssertEqual(parallel.report(results, sources: sources).findings, expected, file: file, line: line)
        return expected
    }

    /// The project pass finds each screen's duplicate name and unknown parent on every core
    /// from a few hundred screens on; its findings, their fixes and the ignore entries they
    /// use come out as the pass on one thread gives them.
    func testTheProjectPassOnEveryCoreGivesWhatItGivesOnOne() {
        var specs: [String: String] = [:]
        for copy in 0..<70 {
            let directory = "copy-\(copy < 10 ? "0" : "")\(copy)"
            specs[directory + "/a.yaml"] = "screen: A\nparent: Hom\nreview: {ignore: [spec.duplicate-screen]}\n"
            specs[directory + "/b.yaml"] = "screen: Home\nreview: {ignore: [spec.unknown-parent, bars]}\n"
            specs[directory + "/c.yaml"] = "screen: C\nparent: Nowhere\n---\nscreen: C\nparent: A\n"
        }
        let expected = assertProjectPassOnEveryCoreIsTheOneThreadPass(specs)
        XCTAssertEqual(Set(expected.map(\.rule)), ["spec.duplicate-screen", "spec.unknown-parent", "spec.unused-ignore"])
        XCTAssertTrue(expected.contains { $0.rule == "spec.unknown-parent" && $0.fix != nil })
        XCTAssertEqual(expected.filter { $0.rule == "spec.duplicate-screen" }.count, 69 * 2 + 70)
        // A's entry suppresses its duplicate in every copy but the first, and is unused there only.
        XCTAssertEqual(expected.filter { $0.rule == "spec.unused-ignore" }.map(\.file).filter { $0.hasSuffix("/a.yaml") },
                       ["copy-00/a.yaml"])
    }

    /// The project rules run on every core on a large tree; their findings, in rule order
    /// with their fixes and the ignore entries they use, are what one thread gives.
    func testTheProjectRulesOnEveryCoreGiveWhatTheyGiveOnOne() {
        var specs: [String: String] = [:]
        let rules = BuiltinPlugins.all.flatMap(\.projectRules)
        XCTAssertGreaterThanOrEqual(rules.count, 4)
        for copy in 0..<40 {
            for (ruleIndex, rule) in rules.enumerated() {
                for (exampleIndex, example) in rule.description.triggeringExamples.enumerated() {
                    // Every fifth copy ignores the rule, so suppression and unused entries take part.
                    let ignore = copy % 5 == 0 ? "review: {ignore: [\(rule.description.id)]}\n" : ""
                    let name = String(format: "copy-%02d/r%d-e%d.yaml", copy, ruleIndex, exampleIndex)
                    specs[name] = example.replacingOccurrences(of: "\n---\n", with: "\n\(ignore)---\n")
                }
            }
        }
        let expected = assertProjectPassOnEveryCoreIsTheOneThreadPass(specs)
        XCTAssertTrue(Set(rules.map(\.description.id)).isSubset(of: Set(expected.map(\.rule))))
    }

    /// The project index's input is gathered into an array sized once; it is `flatMap`'s
    /// answer, whatever the parts' sizes (none, empty parts, one long part).
    func testConcatenatedIsFlatMap() {
        let shapes: [[[Int]]] = [[], [[]], [[], [1], [], [2, 3]], [Array(0..<1000)], (0..<50).map { Array(0..<($0 % 7)) }]
        for parts in shapes {
            XCTAssertEqual(parts.concatenated { $0 }, parts.flatMap { $0 })
            XCTAssertEqual(parts[...].dropFirst().concatenated { $0.reversed() }, parts.dropFirst().flatMap { $0.reversed() })
        }
        let results = specs.keys.sorted().map { name in
            Engine(plugins: BuiltinPlugins.all, config: Config())
                .review(Array(specs[name, default: ""].utf8), file: SpecFile(path: name, displayPath: name))
        }
        XCTAssertEqual(results.concatenated(\.summaries), results.flatMap(\.summaries))
        XCTAssertGreaterThan(results.concatenated(\.summaries).count, 1)
    }

    func testProjectIndexPositionsMatchTheNames() {
        let engine = Engine(plugins: BuiltinPlugins.all, config: Config())
        let summaries = specs.keys.sorted().flatMap {
            engine.review(Array(specs[$0, default: ""].utf8), file: SpecFile(path: $0, displayPath: $0)).summaries
        }
        let index = ProjectIndex(screens: summaries)
        for position in summaries.indices {
            let byName = summaries[position].name.flatMap { index.screen(named: $0) }
            XCTAssertEqual(index.firstIndex(sameNameAs: position).map { summaries[$0] }, byName)
            let parent = summaries[position].parent.flatMap { index.screen(named: $0) }
            XCTAssertEqual(index.parentIndex(of: position).map { summaries[$0] }, parent)
        }
    }

    // MARK: - Moving results

    func testParallelMapMovesEachResultOutOnce() {
        for count in [0, 1, 2, 17, 1000] {
            let freed = Counter()
            do {
                let values = ParallelReview.parallelMap(Array(0..<count)) { Counted($0 * 2, onDeinit: freed.add) }
                XCTAssertEqual(values.map(\.value), (0..<count).map { $0 * 2 })
                XCTAssertEqual(freed.count, 0)
            }
            XCTAssertEqual(freed.count, count)
        }
    }

    func testBothRunsEachJobOnceAndHandsBackBothResults() {
        let freed = Counter()
        let runs = Counter()
        do {
            let (first, second) = ParallelReview.both({
                runs.add()
                return Counted(1, onDeinit: freed.add)
            }, {
                runs.add()
                return (0..<100).map { Counted($0, onDeinit: freed.add) }
            })
            XCTAssertEqual(runs.count, 2)
            XCTAssertEqual(first.value, 1)
            XCTAssertEqual(second.map(\.value), Array(0..<100))
            XCTAssertEqual(freed.count, 0)
        }
        XCTAssertEqual(freed.count, 101)
    }

    /// The report's project pass runs as `both`'s second job and maps its screens and rules
    /// on every core. Inside a `concurrentPerform` iteration (where `both` once ran both jobs)
    /// Dispatch runs such a map on that one thread: each input here waits for a second
    /// thread to arrive, which on one thread waits out the deadline and answers false.
    func testBothLetsTheSecondJobsParallelMapUseEveryCore() throws {
        try XCTSkipIf(ParallelReview.onlineCores < 2, "one core: no two inputs run at once")
        let arrivals = Arrivals()
        let (first, met) = ParallelReview.both({ 7 }, {
            ParallelReview.parallelMap(Array(0..<8)) { _ -> Bool in
                arrivals.arrive()
                return arrivals.wait(forThreads: 2)
            }
        })
        XCTAssertEqual(first, 7)
        XCTAssertEqual(met, Array(repeating: true, count: 8))
    }

    /// Below `singleInputChunksBelow` inputs each input is a chunk of its own, so the worker
    /// that is done first takes the other's inputs one at a time from the back. Input 4 is
    /// the second worker's first and waits until 5, 6 and 7 have run: in chunks of four they
    /// would be after it on its own thread, and it would wait out the deadline.
    func testParallelMapHandsOutFewInputsOneAtATime() throws {
        try XCTSkipIf(ParallelReview.onlineCores < 2, "one core: no two inputs run at once")
        let arrivals = Arrivals()
        let met = ParallelReview.parallelMap(Array(0..<8)) { value -> Bool in
            if value == 4 { return arrivals.wait(forArrivals: 3) }
            if value > 4 { arrivals.arrive() }
            return true
        }
        XCTAssertEqual(met, Array(repeating: true, count: 8))
    }

    // MARK: - JSON

    func testJSONWrittenInPiecesEqualsTheRenderedFindingsJoined() {
        for count in [0, 1, 15, 16, 17, 33, 500] {
            let findings = (0..<count).map {
                Self.finding("f\($0 / 7).yaml", $0, 1, "r.\($0 % 3)", "message \"\($0)\"\n\u{2028}é")
            }
            let report = Report(files: [], findings: findings)
            let plain = JSONReportWriter.document(
                summary: JSONReportWriter.Summary(report), renderedFindings: findings.map(JSONReportWriter.render))
            XCTAssertEqual(JSONReportWriter.write(report), plain, "\(count)")
        }
    }

    /// A finding's JSON as it was written before the writer moved to bytes: strings through
    /// `JSONText.string`, numbers through `String`, joined as text.
    private static func plainJSON(_ finding: Finding) -> String {
        var out = "{\"file\": " + JSONText.string(finding.file) + ", \"line\": " + String(finding.line)
        out += ", \"column\": " + String(finding.column) + ", \"rule\": " + JSONText.string(finding.rule)
        out += ", \"severity\": " + JSONText.string(finding.severity.rawValue) + ", \"message\": " + JSONText.string(finding.message)
        out += ", \"hint\": " + JSONText.string(finding.hint) + ", \"screen\": " + JSONText.optional(finding.screen)
        out += ", \"element\": " + JSONText.optional(finding.element) + ", \"fix\": "
        guard let fix = finding.fix else { return out + "null}" }
        out += "{\"safety\": " + JSONText.string(fix.safety.rawValue) + ", \"edits\": ["
        out += fix.edits.map { edit in
            "{\"start\": {\"line\": \(edit.start.line), \"column\": \(edit.start.column)}"
                + ", \"end\": {\"line\": \(edit.end.line), \"column\": \(edit.end.column)}"
                + ", \"replacement\": " + JSONText.string(edit.replacement) + "}"
        }.joined(separator: ", ")
        return out + "]}}"
    }

    func testFindingBytesAreThePlainJSONText() {
        var generator = SeededGenerator(seed: 18)
        let texts = ["", "plain", "a \"quoted\" word", "back\\slash", "line\nbreak\r\t", "\u{0}\u{1F}\u{7F}", "é 旋转 😀",
                     "\u{2028}\u{2029}"]
        func text() -> String { texts.randomElement(using: &generator) ?? "" }
        for round in 0..<1_000 {
            let edits = (0..<Int.random(in: 0...3, using: &generator)).map { index in
                TextEdit(range: index..<(index + 2), replacement: text(),
                         start: Mark(line: Int.random(in: 1...2_000, using: &generator), column: index + 1),
                         end: Mark(line: Int.random(in: 1...2_000, using: &generator), column: 10 * index))
            }
            let finding = Finding(
                file: text() + ".yaml", line: Int.random(in: 0...1_000_000, using: &generator),
                column: Int.random(in: 0...99, using: &generator), rule: text(),
                severity: Severity.allCases.randomElement(using: &generator) ?? .info, message: text(), hint: text(),
                screen: Bool.random(using: &generator) ? text() : nil, element: Bool.random(using: &generator) ? text() : nil,
                fix: round % 3 == 0 ? nil : Fix(safety: round % 2 == 0 ? .safe : .unsafe, edits: edits))
            XCTAssertEqual(JSONReportWriter.render(finding), Self.plainJSON(finding), "\(round)")
        }
    }

    func testReportPiecesJoinedAreTheWholeReport() {
        for count in [0, 1, 16, 17, 500] {
            let findings = (0..<count).map { Self.finding("f\($0 / 7).yaml", $0, 1, "r.\($0 % 3)") }
            let report = Report(files: [], findings: findings)
            var pieces: [String] = []
            JSONReportWriter.writePieces(report) { pieces.append($0) }
            XCTAssertEqual(pieces.joined(), JSONReportWriter.write(report), "\(count)")
            let options = ReportRenderOptions(rules: [], failOn: .error, sourceRoot: "/")
            for format in ReportFormat.all {
                var formatPieces: [String] = []
                format.writePieces(report, options: options) { formatPieces.append($0) }
                XCTAssertEqual(formatPieces.joined(), format.render(report, options: options), "\(format.name) \(count)")
            }
        }
    }

    // MARK: - Blank text

    /// Every sequence of up to three pieces: ASCII blanks and letters, Unicode spaces
    /// (U+00A0, U+3000, U+2028, U+0085), `\r\n`, and combining marks on blanks and letters.
    func testNonBlankAnswersAsTheCharacterPath() {
        let pieces = [
            "", "a", "Z", "~", "!", " ", "\t", "\n", "\r\n", "\r", "\u{0B}", "\u{0C}", "\u{1C}", "\u{1F}", "\u{7F}",
            "\u{85}", "\u{A0}", "\u{3000}", "\u{2028}", "\u{301}", " \u{301}", "e\u{301}", "é", "😀", "退",
        ]
        var texts = [""]
        var previous = [""]
        for _ in 0..<3 {
            previous = previous.flatMap { prefix in pieces.map { prefix + $0 } }
            texts += previous
        }
        for text in texts {
            let plain: String? = {
                guard let first = text.firstIndex(where: { !$0.isWhitespace }),
                      let last = text.lastIndex(where: { !$0.isWhitespace })
                else { return nil }
                return String(text[first...last])
            }()
            XCTAssertEqual(text.nonBlank, plain, text.debugDescription)
        }
    }
}

final class ChunkOrderTests: XCTestCase {
    /// A small deterministic generator, so that a failing interleaving can be run again.
    private struct SplitMix {
        var state: UInt64
        mutating func next(below bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
    }

    /// Workers asking in any order, each until it gets nil: every chunk is handed out once,
    /// each worker takes its own stream in input order, and what it steals comes off the back.
    func testEveryChunkIsHandedOutOnceForAnyOrderOfAsking() {
        var random = SplitMix(state: 11)
        for chunkCount in 0...40 {
            for requested in 1...5 {
                for _ in 0..<8 {
                    let streams = ChunkStreams(chunkCount: chunkCount, streams: requested)
                    XCTAssertEqual(streams.count, max(1, min(requested, chunkCount)))
                    let bounds = (0...streams.count).map { chunkCount * $0 / streams.count }
                    var taken: [[Int]] = Array(repeating: [], count: streams.count)
                    var active = Array(0..<streams.count)
                    while !active.isEmpty {
                        let position = random.next(below: active.count)
                        let worker = active[position]
                        guard let chunk = streams.next(for: worker) else {
                            active.remove(at: position)
                            continue
                        }
                        taken[worker].append(chunk)
                    }
                    let context = "\(chunkCount) chunks, \(requested) streams"
                    XCTAssertEqual(taken.flatMap { $0 }.sorted(), Array(0..<chunkCount), context)
                    for worker in taken.indices {
                        // The front of its own stream in order, then only others'.
                        let own = taken[worker].filter { bounds[worker]..<bounds[worker + 1] ~= $0 }
                        XCTAssertEqual(own, Array(bounds[worker]..<bounds[worker] + own.count), context)
                        XCTAssertEqual(Array(taken[worker].prefix(own.count)), own, context)
                        for other in taken.indices where other != worker {
                            let stolen = taken[worker].filter { bounds[other]..<bounds[other + 1] ~= $0 }
                            XCTAssertEqual(stolen, stolen.sorted(by: >), context)
                        }
                    }
                }
            }
        }
    }

    func testEachWorkerStartsAtItsOwnPartOfTheInput() {
        let streams = ChunkStreams(chunkCount: 10, streams: 2)
        XCTAssertEqual(streams.next(for: 1), 5)
        XCTAssertEqual(streams.next(for: 1), 6)
        XCTAssertEqual(streams.next(for: 0), 0)
        XCTAssertEqual(streams.next(for: 1), 7)
    }

    /// A worker through with its own stream does not take the next chunk of another (whose
    /// worker may be reading that part's project just then) but the last one.
    func testAWorkerDoneWithItsStreamTakesTheLastChunkOfTheFullest() {
        let streams = ChunkStreams(chunkCount: 9, streams: 3)
        for chunk in 0..<3 { XCTAssertEqual(streams.next(for: 0), chunk) }
        XCTAssertEqual(streams.next(for: 1), 3)
        XCTAssertEqual(streams.next(for: 0), 8)
        XCTAssertEqual(streams.next(for: 0), 5)
        XCTAssertEqual(streams.next(for: 0), 7)
        XCTAssertEqual(streams.next(for: 0), 4)
        XCTAssertEqual(streams.next(for: 2), 6)
        XCTAssertNil(streams.next(for: 2))
        XCTAssertNil(streams.next(for: 1))
    }

    func testOneStreamIsTheInputInOrder() {
        let streams = ChunkStreams(chunkCount: 3, streams: 1)
        XCTAssertEqual([streams.next(for: 0), streams.next(for: 0), streams.next(for: 0), streams.next(for: 0)], [0, 1, 2, nil])
    }

    /// Chunks that take very different times finish in any order; the results are still in input order.
    func testParallelMapKeepsInputOrderWhateverEachChunkCosts() {
        let values = ParallelReview.parallelMap(Array(0..<401)) { value -> Int in
            var work = 0
            for step in 0..<(value % 7 == 0 ? 20_000 : 10) { work &+= step ^ value }
            return value * 3 + (work == -1 ? 1 : 0)
        }
        XCTAssertEqual(values, (0..<401).map { $0 * 3 })
    }

    func testParallelMapKeepsInputOrder() {
        let values = ParallelReview.parallelMap(Array(0..<1_003)) { $0 * 3 }
        XCTAssertEqual(values, (0..<1_003).map { $0 * 3 })
    }

    /// Outputs that take very different times to make reach the consumer in order, each once,
    /// and each is freed once consumed, not kept until the end.
    func testStreamHandsEachOutputOnInOrderAndKeepsNone() {
        for count in [0, 1, 2, 3, 64, 1_001] {
            let freed = Counter()
            var seen: [Int] = []
            ParallelReview.stream(count: count, { index -> Counted in
                var work = 0
                for step in 0..<(index % 5 == 0 ? 20_000 : 10) { work &+= step ^ index }
                return Counted(index * 3 + (work == -1 ? 1 : 0), onDeinit: freed.add)
            }, into: { output in
                // Every output before this one was let go once consumed (the one just before
                // may still be on its way out, as the compiler ends its lifetime).
                XCTAssertGreaterThanOrEqual(freed.count, seen.count - 1)
                seen.append(output.value)
            })
            XCTAssertEqual(seen, (0..<count).map { $0 * 3 }, "\(count)")
            XCTAssertEqual(freed.count, count, "\(count)")
        }
    }

    /// The consumer may be slower than the makers (a write to a slow pipe): nothing is lost.
    func testStreamWaitsForASlowConsumer() {
        var seen: [Int] = []
        ParallelReview.stream(count: 200, { $0 }, into: { value in
            var work = 0
            for step in 0..<5_000 { work &+= step ^ value }
            seen.append(value + (work == -1 ? 1 : 0))
        })
        XCTAssertEqual(seen, Array(0..<200))
    }
}
