import Foundation
import HiglintCore
@testable import HiglintReview
@testable import HiglintWatch
import TestSupport
import XCTest

/// The result table keeps rendered findings, the screen summaries and the
/// project pass's findings between updates; after every change the report it
/// gives must still be exactly what `check --format json` prints.
final class IncrementalTableTests: XCTestCase {
    /// A tree held two ways: the table under test, and the plain results `check` would report.
    private struct Tree {
        let engine: Engine
        var table = ResultTable()
        var results: [String: FileResult] = [:]

        init(plugins: [Plugin] = []) {
            engine = Engine(plugins: plugins, config: Config())
        }

        func review(_ name: String, _ text: String) -> FileResult {
            engine.review(Array(text.utf8), file: SpecFile(path: "/w/\(name)", displayPath: name))
        }

        mutating func put(_ name: String, _ text: String) {
            let result = review(name, text)
            results[name] = result
            table.store(result)
        }

        mutating func drop(_ name: String) {
            results[name] = nil
            table.remove("/w/\(name)")
        }

        var check: String { JSONReportWriter.write(engine.report(Array(results.values))) }

        mutating func assembled() -> String { table.assemble(with: engine).document(extra: []) }

        var passes: Int { table.project.passes }
    }

    private func assertMatchesCheck(_ tree: inout Tree, _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        let expected = tree.check
        XCTAssertEqual(tree.assembled(), expected, message, file: file, line: line)
        let holders = Set(tree.table.entries.filter { !$0.projectFindings.isEmpty }.map(\.displayPath))
        XCTAssertEqual(tree.table.project.holders, holders, "\(message): the files known to hold project findings", file: file, line: line)
    }

    func testProjectFindingsAreReusedWhenOnlyABodyChanges() {
        var tree = Tree()
        tree.put("a.yaml", "screen: Home\n")
        tree.put("b.yaml", "screen: Leaf\nbogus: 0\nparent: Hom\n")
        assertMatchesCheck(&tree, "first report")
        XCTAssertEqual(tree.passes, 1)
        XCTAssertTrue(tree.check.contains("\"spec.unknown-parent\""))

        // New findings on both sides of the kept project finding (lines 2 and 4 around
        // line 3), and a changed body elsewhere: no summary changed, so no new pass.
        tree.put("b.yaml", "screen: Leaf\nbogus: 0\nparent: Hom\nextra: 1\n")
        tree.put("a.yaml", "screen: Home\nelements:\n  - { id: x, type: text, label: Hi }\n")
        assertMatchesCheck(&tree, "after body edits")
        XCTAssertEqual(tree.passes, 1, "the project findings are reused")
        XCTAssertTrue(tree.check.contains("\"line\": 4"))
    }

    /// `spec.unused-ignore` waits for the project pass: an entry may be used by a project
    /// finding of another file's making, or stop being used by an edit of its own file.
    func testUnusedIgnoreEntriesFollowEditsInEitherFile() {
        var tree = Tree()
        tree.put("a.yaml", "screen: Home\n")
        tree.put("b.yaml", "screen: Leaf\nparent: Hom\nreview: {ignore: [spec.unknown-parent, spec.unknown-key]}\nbogus: 1\n")
        assertMatchesCheck(&tree, "both entries used")
        XCTAssertFalse(tree.check.contains("spec.unused-ignore"))

        // The parent comes into existence in another file: the first entry is left unused.
        tree.put("a.yaml", "screen: Hom\n")
        assertMatchesCheck(&tree, "after the parent appears")
        XCTAssertTrue(tree.check.contains("\"line\": 3, \"column\": 19, \"rule\": \"spec.unused-ignore\""))

        // The file's own fix leaves the second unused too; only its summary changed.
        tree.put("b.yaml", "screen: Leaf\nparent: Hom\nreview: {ignore: [spec.unknown-parent, spec.unknown-key]}\n")
        assertMatchesCheck(&tree, "after the key is fixed")
        XCTAssertTrue(tree.check.contains("\"line\": 3, \"column\": 40, \"rule\": \"spec.unused-ignore\""))

        tree.put("a.yaml", "screen: Home\n")
        assertMatchesCheck(&tree, "after the parent goes again")
        XCTAssertFalse(tree.check.contains("\"column\": 19, \"rule\": \"spec.unused-ignore\""))
    }

    func testProjectPassRunsAgainWhenAParentIsRenamedInAnotherFile() {
        var tree = Tree()
        tree.put("a.yaml", "screen: Home\n")
        tree.put("b.yaml", "screen: Leaf\nparent: Home\n")
        assertMatchesCheck(&tree, "first report")
        XCTAssertFalse(tree.check.contains("spec.unknown-parent"))
        let before = tree.passes

        tree.put("a.yaml", "screen: House\n")
        assertMatchesCheck(&tree, "after the rename")
        XCTAssertEqual(tree.passes, before + 1)
        XCTAssertTrue(tree.check.contains("\"file\": \"b.yaml\", \"line\": 2, \"column\": 9, \"rule\": \"spec.unknown-parent\""))

        // Renamed back: b's project finding goes away again.
        tree.put("a.yaml", "screen: Home\n")
        assertMatchesCheck(&tree, "after renaming back")
        XCTAssertEqual(tree.passes, before + 2)
        XCTAssertFalse(tree.check.contains("spec.unknown-parent"))
    }

    func testScreensComingAndGoingRunThePassAndScreenlessFilesDoNot() {
        var tree = Tree()
        tree.put("a.yaml", "screen: Home\n")
        tree.put("c.yaml", "screen: Home\n")
        assertMatchesCheck(&tree, "a duplicate")
        XCTAssertTrue(tree.check.contains("spec.duplicate-screen"))
        var passes = tree.passes

        // A file that does not load has no screen: the project pass has nothing new to read.
        tree.put("b.yaml", "screen: [unclosed\n")
        assertMatchesCheck(&tree, "a broken file added")
        XCTAssertEqual(tree.passes, passes)
        tree.drop("b.yaml")
        assertMatchesCheck(&tree, "the broken file removed")
        XCTAssertEqual(tree.passes, passes)

        tree.drop("a.yaml")
        assertMatchesCheck(&tree, "the first of the duplicates removed")
        XCTAssertEqual(tree.passes, passes + 1)
        XCTAssertFalse(tree.check.contains("spec.duplicate-screen"))
        passes = tree.passes

        tree.put("0.yaml", "screen: Home\n---\nscreen: Home\n")
        assertMatchesCheck(&tree, "a file with two screens added first")
        XCTAssertEqual(tree.passes, passes + 1)
        XCTAssertTrue(tree.check.contains("\"file\": \"c.yaml\", \"line\": 1, \"column\": 9, \"rule\": \"spec.duplicate-screen\""))
    }

    func testABatchEqualsCheckAndTheLaterResultForAFileWins() {
        var tree = Tree()
        tree.put("m/keep.yaml", "screen: Keep\nparent: Nowhere\n")
        tree.put("m/old.yaml", "screen: Old\n")
        _ = tree.assembled()

        var batch: [ResultTable.Stored] = []
        for index in (0..<150).reversed() {
            let name = "d\(index % 7)/s\(index).yaml"
            let parent = index % 3 == 0 ? "Nowhere" : "S\(max(0, index - 1))"
            let text = "screen: S\(index)\nparent: \(parent)\n" + (index % 5 == 0 ? "bogus: 1\n" : "")
            let result = tree.review(name, text)
            tree.results[name] = result
            batch.append(ResultTable.Stored(result, keepWireframes: false))
        }
        // The same file twice in one batch, and a file the table already holds.
        let first = tree.review("d1/s1.yaml", "screen: First\n")
        batch.insert(ResultTable.Stored(first, keepWireframes: false), at: 0)
        let replaced = tree.review("m/old.yaml", "screen: S5\nnoise: 1\n")
        tree.results["m/old.yaml"] = replaced
        batch.append(ResultTable.Stored(replaced, keepWireframes: false))
        tree.table.store(contentsOf: batch)

        XCTAssertEqual(tree.table.count, tree.results.count)
        assertMatchesCheck(&tree, "after the batch")
        XCTAssertEqual(tree.table.paths(atOrUnder: "/w/m"), ["/w/m/keep.yaml", "/w/m/old.yaml"])
        XCTAssertEqual(tree.table.summaries.count, tree.results.count)

        // Single changes on top of the batch keep the summaries in step.
        tree.drop("d3/s10.yaml")
        tree.put("d3/s11.yaml", "screen: S11\nparent: S10\n")
        assertMatchesCheck(&tree, "after changes on top of the batch")
    }

    /// The first scan hands the table every file in path order: the batch becomes the table
    /// without a merge. A file gone before its read is left out, one that could not be read
    /// is kept as check keeps it, and the table then takes changes like any other.
    func testAFirstScanInPathOrderBecomesTheTable() {
        var tree = Tree()
        var batch: [ResultTable.Stored] = []
        for index in 0..<120 {
            let name = String(format: "d%d/s%03d.yaml", index / 40, index)
            let file = SpecFile(path: "/w/\(name)", displayPath: name)
            switch index {
            case 17:
                batch.append(ResultTable.Stored(
                    FileResult(file: file, findings: [], summaries: [], screenCount: 0, readProblem: .notFound), keepWireframes: false))
            case 64:
                let unreadable = FileResult(file: file, findings: [], summaries: [], screenCount: 0, readProblem: .system("permission denied"))
                tree.results[name] = unreadable
                batch.append(ResultTable.Stored(unreadable, keepWireframes: false))
            default:
                let parent = index % 9 == 0 ? "Nowhere" : "S\(max(0, index - 1))"
                let result = tree.review(name, "screen: S\(index)\nparent: \(parent)\n" + (index % 4 == 0 ? "bogus: 1\n" : ""))
                tree.results[name] = result
                batch.append(ResultTable.Stored(result, keepWireframes: false))
            }
        }
        tree.table.store(contentsOf: batch)

        XCTAssertEqual(tree.table.count, 119)
        assertMatchesCheck(&tree, "after the first scan")
        XCTAssertEqual(tree.table.entries.map(\.displayPath), tree.results.keys.sorted(by: SortedPaths.precedes))
        XCTAssertEqual(tree.table.paths(atOrUnder: "/w/d0").count, 39)
        XCTAssertFalse(tree.table.contains("/w/d0/s017.yaml"))
        XCTAssertEqual(tree.table.readErrors, ["d1/s064.yaml: permission denied"])
        XCTAssertEqual(tree.table.summaries.count, 118)
        XCTAssertNil(tree.table.takeShownChanges(), "a batch may change any file's findings")

        tree.put("d0/s017.yaml", "screen: S17\nparent: S16\n")
        tree.drop("d2/s100.yaml")
        tree.put("d1/s064.yaml", "screen: S64\nbogus: 2\n")
        assertMatchesCheck(&tree, "after changes on top of the first scan")
        XCTAssertTrue(tree.table.readErrors.isEmpty)
    }

    /// A rule that puts a finding on a file outside the tree cannot have it
    /// placed among a file's lines; the report still comes out in check's order.
    func testAProjectFindingOnAFileTheTableDoesNotHoldKeepsCheckOrder() {
        var tree = Tree(plugins: [Plugin(name: "stray", summary: "test", screenRules: [], projectRules: [StrayRule()])])
        tree.put("a.yaml", "screen: Home\nbogus: 1\n")
        tree.put("c.yaml", "screen: Other\nparent: Nowhere\n")
        assertMatchesCheck(&tree, "with a stray finding")
        XCTAssertTrue(tree.check.contains("\"file\": \"b-elsewhere.yaml\""))
        XCTAssertTrue(tree.table.project.hasUnplaced)
    }

    /// The sums, the shown chunks and the changed-file log are kept as entries change
    /// (a save touches its own file, not the tree): after every step of a random run of
    /// stores, removals, batches and project-pass changes, the report is check's, the kept
    /// chunks are the entries' own, and the findings log made from the changed files only
    /// is the log made by comparing every file.
    func testKeptSumsChunksAndChangeLogFollowEveryChange() {
        var generator = SeededGenerator(seed: 18)
        var tree = Tree()
        var incremental = FindingChanges()
        var whole = FindingChanges()
        func text(_ index: Int, _ variant: Int) -> String {
            var text = "screen: S\(variant % 4 == 0 ? index + 1 : index)\n"
            if variant % 3 == 0 { text += "parent: S\(max(0, index - 1 - variant % 2))\n" }
            if variant % 5 == 1 { text += "bogus: \(variant)\n" }
            if variant % 7 == 2 { text += "parent: Nowhere\n" }
            return text
        }
        for step in 0..<300 {
            let index = Int.random(in: 0..<40, using: &generator)
            let name = "d\(index % 5)/s\(index).yaml"
            switch Int.random(in: 0..<10, using: &generator) {
            case 0...5:
                tree.put(name, text(index, Int.random(in: 0..<30, using: &generator)))
            case 6...7:
                tree.drop(name)
            default:
                var batch: [ResultTable.Stored] = []
                for _ in 0..<70 {
                    let other = Int.random(in: 0..<40, using: &generator)
                    let otherName = "d\(other % 5)/s\(other).yaml"
                    let result = tree.review(otherName, text(other, Int.random(in: 0..<30, using: &generator)))
                    tree.results[otherName] = result
                    batch.append(ResultTable.Stored(result, keepWireframes: false))
                }
                if Bool.random(using: &generator) {
                    // In path order with no file twice, as the first scan's walk gives them: no sort.
                    var latest: [String: ResultTable.Stored] = [:]
                    for stored in batch { latest[stored.displayPath] = stored }
                    batch = latest.values.sorted { SortedPaths.precedes($0.displayPath, $1.displayPath) }
                }
                tree.table.store(contentsOf: batch)
            }
            XCTAssertEqual(tree.assembled(), tree.check, "step \(step)")
            XCTAssertEqual(tree.table.paths(atOrUnder: "/w"), tree.results.keys.map { "/w/" + $0 }.sorted(by: SortedPaths.precedes), "step \(step)")
            let shown = tree.table.entries.filter { $0.shown != nil }
            XCTAssertEqual(tree.table.shownPaths, shown.map(\.displayPath), "step \(step)")
            XCTAssertTrue(zip(tree.table.shownChunks, shown).allSatisfy { $0 === $1.shown }, "step \(step)")
            let fromChanges = incremental.update(from: tree.table, changed: tree.table.takeShownChanges(), report: nil)
            let fromAll = whole.update(from: tree.table, changed: nil, report: nil)
            XCTAssertEqual(fromChanges.appeared, fromAll.appeared, "step \(step)")
            XCTAssertEqual(fromChanges.disappeared, fromAll.disappeared, "step \(step)")
        }
    }

    func testTheWrittenReportIsTheWritersDocument() throws {
        let directory = try temporaryDirectory()
        var tree = Tree()
        var report = LiveReport(path: directory + "/report.json")
        let status = WatchStatus()

        // No findings at all.
        tree.put("clean.yaml", "screen: Clean\n")
        var assembly = tree.table.assemble(with: tree.engine)
        XCTAssertTrue(assembly.findings.isEmpty)
        let extra = LiveReport.extra(status: status, generatedAt: "2025-01-01T00:00:00.000Z")
        XCTAssertNoThrow(try report.write(assembly, status: status, generatedAt: "2025-01-01T00:00:00.000Z").get())
        XCTAssertEqual(try String(contentsOfFile: report.path, encoding: .utf8),
                       JSONReportWriter.document(summary: assembly.summary, renderedFindings: [], extra: extra))

        // More files with findings than one writev takes, with a project finding in among them.
        for index in 0..<(AtomicFile.piecesPerCall + 300) {
            tree.put(String(format: "f%05d.yaml", index), "screen: F\(index)\nbogus: \"q\\\"uote\"\n")
        }
        tree.put("f00007.yaml", "screen: F7\nbogus: 1\nparent: Gone\n")
        assembly = tree.table.assemble(with: tree.engine)
        XCTAssertGreaterThan(assembly.findings.count, AtomicFile.piecesPerCall)
        XCTAssertNoThrow(try report.write(assembly, status: status, generatedAt: "2025-01-01T00:00:00.000Z").get())
        let expectedLines = tree.engine.report(Array(tree.results.values)).findings.map(JSONReportWriter.render)
        XCTAssertEqual(try String(contentsOfFile: report.path, encoding: .utf8),
                       JSONReportWriter.document(summary: assembly.summary, renderedFindings: expectedLines, extra: extra))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory), ["report.json"], "no temp file is left")
    }

    func testGatheredWriteTakesManyPiecesAndSkipsEmptyOnes() throws {
        let directory = try temporaryDirectory()
        let path = directory + "/out.txt"
        let parts = (0..<2500).map { index in index % 4 == 0 ? [] : Array("piece \(index);".utf8) }
        let whole = parts.flatMap { $0 }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: whole.count, alignment: 1)
        defer { buffer.deallocate() }
        buffer.copyBytes(from: whole)
        var pieces: [UnsafeRawBufferPointer] = [UnsafeRawBufferPointer(start: nil, count: 0)]
        var offset = 0
        for part in parts {
            pieces.append(UnsafeRawBufferPointer(rebasing: buffer[offset..<offset + part.count]))
            offset += part.count
        }
        XCTAssertNoThrow(try AtomicFile.write(pieces: pieces, to: path).get())
        XCTAssertEqual(FileManager.default.contents(atPath: path), Data(whole))

        let missing = AtomicFile.write(pieces: pieces, to: directory + "/no/such/dir/out.txt")
        guard case .failure(let problem) = missing else { return XCTFail("a write into a missing directory must fail") }
        XCTAssertEqual(problem.step, .createTemp)
        // The directory is named, not a temp file's name the user never chose.
        XCTAssertEqual("\(problem)", "cannot create a file in \(directory)/no/such/dir: No such file or directory")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory), ["out.txt"])
    }

    func testWireframesAreKeptOnlyWhenAsked() {
        let tree = Tree()
        let result = tree.review("a.yaml", "screen: A\nelements:\n  - { id: b, type: button, frame: [0, 100, 50, 50] }\n")
        XCTAssertFalse(result.wireframes.isEmpty)
        XCTAssertTrue(ResultTable.Stored(result, keepWireframes: false).result.wireframes.isEmpty)
        XCTAssertEqual(ResultTable.Stored(result, keepWireframes: true).result.wireframes, result.wireframes)
        let html = ExtraOutputs([ReportOutput(format: .html, path: "live.html")], baseDirectory: "/w")
        let sarif = ExtraOutputs([ReportOutput(format: .sarif, path: "live.sarif")], baseDirectory: "/w")
        XCTAssertTrue(html.needsWireframes)
        XCTAssertFalse(sarif.needsWireframes)
    }

    private func temporaryDirectory() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("higlint-table-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url.path
    }
}

/// Puts one finding on a file that is not in the tree.
private struct StrayRule: ProjectRule {
    var description: RuleDescription {
        RuleDescription(
            id: "stray.elsewhere", severity: .warning, summary: "test rule", rationale: "test", seed: "000",
            hint: "none", triggeringExamples: [], nonTriggeringExamples: [], isProjectRule: true)
    }

    func check(_ project: ProjectIndex, in context: RuleContext) -> [ProjectViolation] {
        guard var screen = project.screens.first else { return [] }
        screen.file = "b-elsewhere.yaml"
        return [ProjectViolation(on: screen, Violation(message: "stray", at: screen.nameMark))]
    }
}
