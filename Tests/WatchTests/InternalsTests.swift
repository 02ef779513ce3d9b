import HiglintCore
@testable import HiglintReview
@testable import HiglintWatch
import XCTest

/// The watcher's pure parts, without a daemon.
final class InternalsTests: XCTestCase {
    func testSettleWaitsForQuietButNotForever() {
        var settle = Settle(settleMilliseconds: 20, maxDelayMilliseconds: 100)
        XCTAssertNil(settle.deadline)
        XCTAssertFalse(settle.isDue(at: 0))
        settle.noteChange(at: 0)
        XCTAssertEqual(settle.deadline, 20_000_000)
        XCTAssertFalse(settle.isDue(at: 19_999_999))
        XCTAssertTrue(settle.isDue(at: 20_000_000))
        // A constant stream: each change pushes the quiet deadline, the cap holds.
        for step in 1...9 { settle.noteChange(at: Int64(step) * 10_000_000) }
        XCTAssertEqual(settle.deadline, 100_000_000)
        settle.noteChange(at: 95_000_000)
        XCTAssertEqual(settle.deadline, 100_000_000)
        settle.reset()
        XCTAssertNil(settle.deadline)
    }

    func testSettleCapNeverBelowSettle() {
        let settle = Settle(settleMilliseconds: 50, maxDelayMilliseconds: 10)
        XCTAssertEqual(settle.maxDelay, settle.settle)
    }

    func testSortedPathsFindsSubtreesByBytes() {
        var paths = SortedPaths()
        for path in ["/t/a/b", "/t/a", "/t/a-b", "/t/a/b/c", "/t/ab", "/t/a.yaml", "/t/b"] { paths.insert(path) }
        paths.insert("/t/a")
        XCTAssertEqual(paths.count, 7)
        XCTAssertEqual(paths.paths(atOrUnder: "/t/a"), ["/t/a", "/t/a/b", "/t/a/b/c"])
        XCTAssertEqual(paths.paths(atOrUnder: "/t/a/"), ["/t/a/b", "/t/a/b/c"])
        XCTAssertEqual(paths.paths(atOrUnder: "/t/zz"), [])
        paths.remove("/t/a/b")
        XCTAssertEqual(paths.paths(atOrUnder: "/t/a"), ["/t/a", "/t/a/b/c"])
        XCTAssertTrue(SortedPaths.isPath("/t/a/b", atOrUnder: "/t/a"))
        XCTAssertFalse(SortedPaths.isPath("/t/ab", atOrUnder: "/t/a"))
        XCTAssertTrue(SortedPaths.isPath("/t/a", atOrUnder: "/t/a"))
    }

    func testScopeFollowsCheckRules() {
        let discovery = SpecDiscovery(exclude: ["drafts/**", "*.tmp.yaml"], workingDirectory: "/w")
        let scope = TreeScope(paths: ["tree"], discovery: discovery, reportPaths: ["/w/tree/report.yaml", "/w/out/live.html"])
        XCTAssertEqual(scope.roots, ["/w/tree"])
        XCTAssertTrue(scope.admits("/w/tree/a.yaml", isDirectory: false))
        XCTAssertTrue(scope.admits("/w/tree/sub/b.yml", isDirectory: false))
        XCTAssertFalse(scope.admits("/w/tree/a.json", isDirectory: false))
        XCTAssertFalse(scope.admits("/w/tree/.hidden/a.yaml", isDirectory: false))
        XCTAssertFalse(scope.admits("/w/tree/drafts/a.yaml", isDirectory: false))
        XCTAssertFalse(scope.admits("/w/tree/drafts", isDirectory: true))
        XCTAssertFalse(scope.admits("/w/tree/x.tmp.yaml", isDirectory: false))
        XCTAssertFalse(scope.admits("/w/tree/report.yaml", isDirectory: false), "the live report is never reviewed")
        XCTAssertFalse(scope.admits("/w/other/a.yaml", isDirectory: false))
        XCTAssertTrue(scope.isReportFile(directory: "/w/tree", name: ".higlint-tmp-report.yaml.12.3"))
        XCTAssertTrue(scope.isReportFile(directory: "/w/out", name: "live.html"))
        XCTAssertFalse(scope.isReportFile(directory: "/w/tree", name: "live.html"))
        XCTAssertEqual(scope.specFile("/w/tree/a.yaml").displayPath, "tree/a.yaml")
    }

    /// The kept lines plus the project pass give exactly check's JSON.
    func testAssemblyEqualsTheJSONWriter() {
        let engine = Engine(plugins: [], config: Config())
        let specs: [(String, String)] = [
            ("b.yaml", "screen: Home\n"),
            ("a.yaml", "screen: Home\nparent: Nowhere\nbogus: 1\n"),
            ("c.yaml", "screen: Leaf\nparent: Hom\n---\nscreen: Home\n"),
            ("d.yaml", "screen: [broken\n"),
        ]
        var table = ResultTable()
        var results: [FileResult] = []
        for (name, text) in specs {
            let result = engine.review(Array(text.utf8), file: SpecFile(path: "/w/\(name)", displayPath: name))
            results.append(result)
            table.store(result)
        }
        let assembly = table.assemble(with: engine)
        let expected = JSONReportWriter.write(engine.report(results))
        XCTAssertEqual(JSONReportWriter.document(summary: assembly.summary, renderedFindings: assembly.lines), expected)
        XCTAssertTrue(expected.contains("spec.duplicate-screen"))

        // Removing a file and storing a new version change only that file's part.
        table.remove("/w/b.yaml")
        let changed = engine.review(Array("screen: Home\n".utf8), file: SpecFile(path: "/w/a.yaml", displayPath: "a.yaml"))
        table.store(changed)
        let after = table.assemble(with: engine)
        let expectedAfter = JSONReportWriter.write(engine.report([changed, results[2], results[3]]))
        XCTAssertEqual(JSONReportWriter.document(summary: after.summary, renderedFindings: after.lines), expectedAfter)
    }

    func testAFileGoneBeforeItsReadLeavesTheTable() {
        var table = ResultTable()
        let file = SpecFile(path: "/w/a.yaml", displayPath: "a.yaml")
        table.store(FileResult(file: file, findings: [], summaries: [], screenCount: 1))
        XCTAssertEqual(table.count, 1)
        table.store(FileResult(file: file, findings: [], summaries: [], screenCount: 0, readProblem: .notFound))
        XCTAssertEqual(table.count, 0)
    }

    func testWatchSectionIsOneLineOfJSON() {
        var status = WatchStatus()
        status.files = 3
        status.directories = 2
        status.errors = ["tree/x: cannot list directory: Permission denied"]
        XCTAssertEqual(
            status.json,
            "{\"state\": \"watching\", \"files\": 3, \"directories\": 2, \"updates\": 0, \"last_update\": null, "
                + "\"degraded_reason\": null, \"errors\": [\"tree/x: cannot list directory: Permission denied\"], \"unwatched\": []}")
        status.degradedReason = "limit \"reached\""
        XCTAssertTrue(status.json.hasPrefix("{\"state\": \"degraded\""))
        XCTAssertTrue(status.json.contains("\"degraded_reason\": \"limit \\\"reached\\\"\""))
    }

    func testTimestampsAreUTCWithMilliseconds() {
        let stamp = Clock.timestamp()
        XCTAssertEqual(stamp.count, 24, stamp)
        XCTAssertTrue(stamp.hasSuffix("Z"))
        XCTAssertEqual(Array(stamp)[10], "T")
        XCTAssertEqual(Clock.milliseconds(1_250_000), "1.3 ms")
    }

    func testWriteRetryBacksOffFromATenthOfASecondToFiveSeconds() {
        var retry = WriteRetry()
        XCTAssertNil(retry.deadline)
        var now: Int64 = 1_000
        var waits: [Int64] = []
        for _ in 0..<9 {
            retry.record(["/out/report.json": "cannot create a temp file beside it: Permission denied"], at: now)
            waits.append((retry.deadline ?? now) - now)
            now = retry.deadline ?? now
        }
        XCTAssertEqual(waits, [100, 200, 400, 800, 1600, 3200, 5000, 5000, 5000].map { Int64($0) * 1_000_000 })
        XCTAssertTrue(retry.isFailing)
        XCTAssertFalse(retry.isDue(at: now - 1))
        XCTAssertTrue(retry.isDue(at: now))
        // Success: nothing due, and the next failure starts small again.
        retry.record([:], at: now)
        XCTAssertNil(retry.deadline)
        XCTAssertFalse(retry.isFailing)
        retry.record(["/out/report.json": "x"], at: now)
        XCTAssertEqual(retry.deadline, now + 100_000_000)
        // A deleted report is written at once, not after the back-off.
        retry.writeSoon(at: now + 5)
        XCTAssertEqual(retry.deadline, now + 5)
    }

    func testNotifierRejectsAddressesThatAreNoSocket() {
        XCTAssertNil(SystemdNotifier(path: "relative.sock") { _ in })
        XCTAssertNil(SystemdNotifier(path: "") { _ in })
        XCTAssertNil(SystemdNotifier(path: "/" + String(repeating: "x", count: 200)) { _ in })
        XCTAssertNotNil(SystemdNotifier(path: "@abstract") { _ in })
        XCTAssertNotNil(SystemdNotifier(path: "/run/systemd/notify") { _ in })
    }
}
