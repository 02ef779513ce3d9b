import CInotifyTools
import Foundation
import HiglintCore
@testable import HiglintReview
@testable import HiglintWatch
import XCTest

/// The live report is swapped in (renameat2's exchange) rather than renamed over the old
/// one; when the exchange cannot be made the rename does it, and what someone else put at
/// the report's path is never taken for the watcher's own file.
final class ReportSwapTests: XCTestCase {
    private func assembly() -> ResultTable.Assembly {
        let engine = Engine(plugins: [], config: Config())
        var table = ResultTable()
        table.store(engine.review(Array("screen: A\nbogus: 1\n".utf8), file: SpecFile(path: "/w/a.yaml", displayPath: "a.yaml")))
        return table.assemble(with: engine)
    }

    private func temporaryDirectory() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("higlint-swap-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url.path
    }

    private let status = WatchStatus()
    private let stamp = "2025-01-01T00:00:00.000Z"

    private func expected(_ assembly: ResultTable.Assembly) -> String {
        assembly.document(extra: LiveReport.extra(status: status, generatedAt: stamp))
    }

    func testAnExchangeThatFailsFallsBackToARename() throws {
        let assembly = assembly()
        for code in [EXDEV, ENOSYS, EINVAL, ENOENT, EPERM] {
            let directory = try temporaryDirectory()
            let attempts = Attempts()
            var report = LiveReport(path: directory + "/report.json")
            report.exchange = { _, _ in
                attempts.add()
                return code
            }
            // The first write has nothing to exchange with; the second has, and is refused.
            for round in 1...2 {
                XCTAssertNoThrow(try report.write(assembly, status: status, generatedAt: stamp).get(), "errno \(code), write \(round)")
                XCTAssertEqual(try String(contentsOfFile: report.path, encoding: .utf8), expected(assembly), "errno \(code)")
                XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory), ["report.json"], "errno \(code): no temp file")
                XCTAssertTrue(report.isInPlace, "errno \(code)")
            }
            XCTAssertEqual(attempts.count, 1, "errno \(code): only a report already there is exchanged")
        }
    }

    func testTheExchangeReplacesWhatSomeoneElsePutThereAndLeavesNothingBehind() throws {
        let assembly = assembly()
        let directory = try temporaryDirectory()
        var report = LiveReport(path: directory + "/report.json")
        XCTAssertFalse(report.isInPlace, "nothing written yet")
        XCTAssertNoThrow(try report.write(assembly, status: status, generatedAt: stamp).get())
        XCTAssertTrue(report.isInPlace)

        // Someone else's file renamed over the report: not ours, and replaced by the next write.
        try "someone else's".write(toFile: directory + "/theirs", atomically: false, encoding: .utf8)
        XCTAssertEqual(Foundation.rename(directory + "/theirs", report.path), 0)
        XCTAssertFalse(report.isInPlace)
        XCTAssertNoThrow(try report.write(assembly, status: status, generatedAt: stamp).get())
        XCTAssertTrue(report.isInPlace)
        XCTAssertEqual(try String(contentsOfFile: report.path, encoding: .utf8), expected(assembly))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory), ["report.json"])

        // Removed: written again by a rename.
        XCTAssertEqual(unlink(report.path), 0)
        XCTAssertFalse(report.isInPlace)
        XCTAssertNoThrow(try report.write(assembly, status: status, generatedAt: stamp).get())
        XCTAssertEqual(try String(contentsOfFile: report.path, encoding: .utf8), expected(assembly))

        // A reader holding the old report open keeps reading the old report, whole.
        let held = try XCTUnwrap(FileHandle(forReadingAtPath: report.path))
        var newer = assembly
        newer.summary.errors += 1
        XCTAssertNoThrow(try report.write(newer, status: status, generatedAt: stamp).get())
        XCTAssertEqual(String(decoding: held.readDataToEndOfFile(), as: UTF8.self), expected(assembly))
        try held.close()
        XCTAssertEqual(try String(contentsOfFile: report.path, encoding: .utf8), expected(newer))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory), ["report.json"])
    }

    func testADirectoryAtTheReportsPathIsNeitherSwappedOutNorReplaced() throws {
        let directory = try temporaryDirectory()
        var report = LiveReport(path: directory + "/report.json")
        XCTAssertEqual(mkdir(report.path, 0o755), 0)
        guard case .failure(let problem) = report.write(assembly(), status: status, generatedAt: stamp) else {
            return XCTFail("a directory at the report's path cannot be replaced")
        }
        XCTAssertEqual(problem.step, .replace)
        XCTAssertFalse(report.isInPlace)
        var isDirectory: ObjCBool = false
        XCTAssertTrue(FileManager.default.fileExists(atPath: report.path, isDirectory: &isDirectory) && isDirectory.boolValue)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory), ["report.json"], "no temp file")
    }

    /// Each swap moves the old report away under the temp name, which the watcher also
    /// sees (IN_MOVED_FROM of the report): it must know that as its own doing, or every
    /// write would call for another. The report is replaced once at the start and once
    /// for each update, no more, and nothing but the report is left in its directory.
    func testTheWatchersOwnSwapsNeverCallForAnotherWrite() throws {
        let workspace = try Workspace()
        try workspace.mkdir("out")
        try workspace.write("tree/a.yaml", Specs.screen("A", button: 20))
        try workspace.write("tree/b.yaml", Specs.screen("B", button: 44))
        let replacements = try ReplacementCounter(directory: workspace.at("out"), name: "report.json")
        let daemon = try WatchDaemon(in: workspace)
        try daemon.waitForStart()
        for round in 1...4 {
            try workspace.write(round % 2 == 0 ? "tree/a.yaml" : "tree/b.yaml", Specs.screen("X\(round)", button: 20 + round))
            try daemon.assertMatchesCheck()
            try daemon.waitForUpdates(round)
        }
        // One more update after the last counted one: a write that called for another would have made it by now.
        try workspace.write("tree/c.yaml", Specs.screen("C", button: 30))
        try daemon.assertMatchesCheck()
        try daemon.waitForUpdates(5)
        XCTAssertEqual(replacements.count(), daemon.updateLines.count + 1, daemon.log)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: workspace.at("out")), ["report.json"])
    }

    /// The walk skips realpath for files not named like the config or the report; a
    /// config file inside the tree is still never reviewed, also through a root that is a link.
    func testAConfigFileInTheTreeIsNeverReviewedThroughALinkedRootEither() throws {
        let workspace = try Workspace()
        try workspace.write("tree/higlint.yaml", "watch:\n  settle_ms: 20\n")
        try workspace.write("tree/a.yaml", Specs.screen("A", button: 20))
        try workspace.symlink("link", to: "tree")
        for root in ["tree", "link"] {
            let daemon = try WatchDaemon(["--config", "tree/higlint.yaml", root], in: workspace)
            try daemon.waitForStart()
            try daemon.assertMatchesCheck()
            XCTAssertEqual(daemon.watchSection?["files"] as? Int, 1, "\(root): only a.yaml")
            XCTAssertFalse(daemon.report?.contains("higlint.yaml") ?? true, "\(root)")
            try workspace.write("tree/higlint.yaml", "watch:\n  settle_ms: 20\n# \(root)\n")
            try workspace.write("tree/a.yaml", Specs.screen("A", button: 21))
            try daemon.assertMatchesCheck()
            XCTAssertFalse(daemon.report?.contains("higlint.yaml") ?? true, "\(root)")
        }
    }
}

private final class Attempts: @unchecked Sendable {
    private let lock = NSLock()
    private var made = 0
    func add() { lock.withLock { made += 1 } }
    var count: Int { lock.withLock { made } }
}

/// Counts IN_MOVED_TO of one name in a directory: each is one replacement of the file.
/// IN_MOVED_FROM is watched too, though not counted: inotify merges an event into an
/// identical one left unread just before it, and between two replacements there is then
/// always another event (the temp file's name moving).
private final class ReplacementCounter {
    private let descriptor: Int32
    private let name: String
    private var seen = 0

    init(directory: String, name: String) throws {
        self.name = name
        descriptor = inotify_init1(Int32(IN_NONBLOCK) | Int32(IN_CLOEXEC))
        guard descriptor >= 0, inotify_add_watch(descriptor, directory, UInt32(IN_MOVED_TO) | UInt32(IN_MOVED_FROM)) >= 0 else {
            throw WorkspaceError("inotify: \(String(cString: strerror(errno)))")
        }
    }

    deinit { close(descriptor) }

    func count() -> Int {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let length = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard length > 0 else { return seen }
            var offset = 0
            while offset + 16 <= length {
                let nameLength = Int(buffer[offset + 12]) | Int(buffer[offset + 13]) << 8 | Int(buffer[offset + 14]) << 16
                let bytes = buffer[(offset + 16)..<(offset + 16 + nameLength)].prefix { $0 != 0 }
                let mask = UInt32(buffer[offset + 4]) | UInt32(buffer[offset + 5]) << 8 | UInt32(buffer[offset + 6]) << 16
                    | UInt32(buffer[offset + 7]) << 24
                if mask & UInt32(IN_MOVED_TO) != 0, String(decoding: bytes, as: UTF8.self) == name { seen += 1 }
                offset += 16 + nameLength
            }
        }
    }
}
