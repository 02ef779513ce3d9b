import Foundation
import XCTest

/// Case 10: the live report as readers see it, and when it cannot be written.
final class LiveReportTests: XCTestCase {
    private func bigTree(_ workspace: Workspace, files: Int) throws {
        for index in 0..<files {
            try workspace.write("tree/d\(index % 20)/s\(index).yaml", Specs.screen("S\(index)", button: 20 + index % 20))
        }
    }

    private static func isCompleteReport(_ data: Data) -> Bool {
        guard !data.isEmpty, let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return false }
        return object["findings"] is [Any] && object["watch"] is [String: Any] && object["summary"] is [String: Any]
    }

    func testConcurrentReadersNeverSeeAnEmptyOrPartialReport() throws {
        let workspace = try Workspace()
        try bigTree(workspace, files: 400)
        let daemon = try WatchDaemon(in: workspace)
        try daemon.waitForStart()

        let path = daemon.reportPath
        let tally = ReadTally()
        let readers = DispatchGroup()
        for _ in 0..<2 {
            readers.enter()
            Thread.detachNewThread {
                while !tally.stopped {
                    // Open and read to the end, as any reader would; the file must be whole.
                    let data = FileManager.default.contents(atPath: path)
                    tally.record(data.map { Self.isCompleteReport($0) ? nil : "partial (\($0.count) bytes)" } ?? "missing")
                }
                readers.leave()
            }
        }
        for round in 0..<60 {
            try workspace.write("tree/d\(round % 20)/s\(round).yaml", Specs.screen("S\(round)", button: 30 + round % 10))
            if round % 10 == 9 { try daemon.waitForUpdates(round / 10 + 1) }
        }
        try daemon.assertMatchesCheck()
        tally.stop()
        readers.wait()
        XCTAssertEqual(tally.bad, [], "\(tally.bad.count) bad reads of \(tally.reads)")
        XCTAssertGreaterThan(tally.reads, 0)
    }

    func testSIGKILLLeavesAWholeReportAndARestartCleansUp() throws {
        let workspace = try Workspace()
        try bigTree(workspace, files: 600)
        let first = try WatchDaemon(in: workspace)
        try first.waitForStart()
        // Keep it writing, then kill it without warning somewhere in the middle.
        for round in 0..<40 {
            try workspace.write("tree/d\(round % 20)/s\(round).yaml", Specs.screen("S\(round)", button: 40 + round % 4))
        }
        try first.waitForUpdates(1)
        first.signal(SIGKILL)
        _ = try first.waitForExit()
        let report = try XCTUnwrap(FileManager.default.contents(atPath: first.reportPath))
        XCTAssertTrue(Self.isCompleteReport(report), "the previous report is intact after SIGKILL")

        // A leftover like the one a kill during a write leaves; the next start removes it.
        let leftover = workspace.at("out/.higlint-tmp-report.json.424242.7")
        try workspace.write("out/.higlint-tmp-report.json.424242.7", "{\"half\": ")
        let second = try WatchDaemon(in: workspace)
        try second.waitForStart()
        XCTAssertFalse(FileManager.default.fileExists(atPath: leftover))
        let left = try FileManager.default.contentsOfDirectory(atPath: workspace.at("out")).filter { $0.hasPrefix(".higlint-tmp-") }
        XCTAssertEqual(left, [])
        XCTAssertTrue(second.log.contains("removed"), second.log)
        try second.assertMatchesCheck()
    }

    func testAnUnwritableReportDirectoryKeepsTheLastGoodReportAndIsRetriedWithoutAnEdit() throws {
        let nobody = try Higlint.asNobody()
        let workspace = try Workspace()
        try workspace.giveToNobody("out")
        try workspace.write("tree/a.yaml", Specs.screen("A", button: 20))
        let listener = try NotifyListener(in: workspace)
        let daemon = try WatchDaemon(in: workspace, environment: ["NOTIFY_SOCKET": listener.address], prefix: nobody)
        try daemon.waitForStart()
        try daemon.assertMatchesCheck()
        let good = daemon.report

        try workspace.chmod("out", 0o555)
        try workspace.write("tree/a.yaml", Specs.screen("A", button: 21))
        try daemon.waitForLog("cannot update the live report")
        XCTAssertTrue(daemon.log.contains("Permission denied"), daemon.log)
        XCTAssertEqual(daemon.report, good, "the last good report stays")
        // systemd is told, since the report itself cannot say it.
        let degraded = try listener.waitFor("a degraded STATUS") {
            NotifyListener.fields($0)["STATUS"]?.contains("degraded: the live report cannot be written") ?? false
        }
        XCTAssertTrue(listener.messages[degraded].contains("Permission denied"), listener.messages[degraded])

        // No edit: the retry alone brings the report up to date.
        try workspace.chmod("out", 0o755)
        try daemon.assertMatchesCheck()
        try daemon.waitForLog("the live report is written again")
        XCTAssertEqual(daemon.watchSection?["state"] as? String, "watching")
        try listener.waitFor("STATUS without degraded", after: degraded) {
            NotifyListener.fields($0)["STATUS"].map { !$0.contains("degraded") } ?? false
        }
        XCTAssertEqual(daemon.log.components(separatedBy: "cannot update the live report").count - 1, 1,
                       "an unchanged problem is logged once, not at every retry: \(daemon.log)")
    }

    func testAFullDiskKeepsTheLastGoodReportAndIsRetriedWithoutAnEdit() throws {
        let workspace = try Workspace()
        try workspace.write("tree/a.yaml", Specs.screen("A", button: 20))
        try workspace.mkdir("small")
        let mount = try Higlint.run(
            ["/bin/mount", "-t", "tmpfs", "-o", "size=256k", "tmpfs", workspace.at("small")], in: workspace.url)
        guard mount.status == 0 else {
            throw XCTSkip("a full disk is simulated with a small tmpfs, and mounting one is not permitted here: \(mount.stderr)")
        }
        defer { _ = try? Higlint.run(["/bin/umount", "-l", workspace.at("small")], in: workspace.url) }

        let daemon = try WatchDaemon(in: workspace, report: "small/report.json")
        try daemon.waitForStart()
        try daemon.assertMatchesCheck()
        let good = daemon.report

        // Fill the file system to the last byte.
        let filler = workspace.at("small/filler")
        let fd = open(filler, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        XCTAssertGreaterThanOrEqual(fd, 0)
        let chunk = [UInt8](repeating: 0x20, count: 4096)
        while chunk.withUnsafeBytes({ Foundation.write(fd, $0.baseAddress, $0.count) }) > 0 {}
        var byte: UInt8 = 0x20
        while Foundation.write(fd, &byte, 1) > 0 {}
        close(fd)

        try workspace.write("tree/a.yaml", Specs.screen("A", button: 21))
        try daemon.waitForLog("cannot update the live report")
        XCTAssertTrue(daemon.log.contains("No space left on device"), daemon.log)
        XCTAssertEqual(daemon.report, good, "the last good report stays")
        let temps = try FileManager.default.contentsOfDirectory(atPath: workspace.at("small")).filter { $0.hasPrefix(".higlint-tmp-") }
        XCTAssertEqual(temps, [], "a failed write leaves no temp file behind")

        // Space again, and no edit: the retry writes the report.
        try FileManager.default.removeItem(atPath: filler)
        try daemon.assertMatchesCheck()
        try daemon.waitForLog("the live report is written again")
    }

    func testTheReportInsideTheTreeNeverTriggersItself() throws {
        let workspace = try Workspace()
        try workspace.write("tree/a.yaml", Specs.screen("A", button: 20))
        let daemon = try WatchDaemon(in: workspace, report: "tree/report.json")
        try daemon.waitForStart()
        try daemon.assertMatchesCheck()
        for round in 1...3 {
            try workspace.write("tree/a.yaml", Specs.screen("A", button: 20 + round))
            try daemon.assertMatchesCheck()
            try daemon.waitForUpdates(round)
        }
        // Each of its own writes would have been one more update.
        XCTAssertEqual(daemon.watchSection?["updates"] as? Int, 3, daemon.log)
        XCTAssertEqual(daemon.updateLines.count, 3, daemon.log)
    }

    func testAReportNamedLikeASpecIsNeverReviewed() throws {
        let workspace = try Workspace()
        try workspace.write("tree/a.yaml", Specs.screen("A", button: 20))
        let daemon = try WatchDaemon(in: workspace, report: "tree/live.yaml")
        try daemon.waitForStart()
        try workspace.write("tree/a.yaml", Specs.screen("A", button: 21))
        try waitUntil("the edit in the report") { daemon.report?.contains("frame 21x21 pt") ?? false }
        XCTAssertFalse(daemon.report?.contains("live.yaml") ?? true)
        XCTAssertEqual(daemon.watchSection?["files"] as? Int, 1)
    }
}

/// What the reader threads saw, under a lock.
private final class ReadTally: @unchecked Sendable {
    private let lock = NSLock()
    private var _stopped = false
    private var _reads = 0
    private var _bad: [String] = []

    var stopped: Bool { lock.withLock { _stopped } }
    var reads: Int { lock.withLock { _reads } }
    var bad: [String] { lock.withLock { _bad } }

    func stop() { lock.withLock { _stopped = true } }

    func record(_ problem: String?) {
        lock.withLock {
            _reads += 1
            if let problem { _bad.append(problem) }
        }
    }
}
