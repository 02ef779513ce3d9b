import Foundation
import HiglintCore
@testable import HiglintReview
@testable import HiglintWatch
import XCTest

/// The spare copy of a large report, patched into the next one: whatever changed
/// (the head's length, a chunk in the middle, the last one, chunks gone or added, no
/// findings at all), the file put in place holds exactly the document the slow path
/// renders, and the replaced report is never written to. A spare minimum of 0 bytes
/// makes every report large here.
final class SpareReportTests: XCTestCase {
    private var directory = ""

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "spare-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    private func chunk(_ file: String, _ count: Int, _ size: Int = 30) -> RenderedFindings? {
        RenderedFindings.make((0..<count).map { index in
            Finding(file: file, line: index + 1, column: 3, rule: "buttons.hit-target", severity: .error,
                    message: "frame \(size)x\(size) pt is under 44x44 pt", hint: "make it 44 pt", screen: "S", element: "go")
        })
    }

    private func assembly(_ chunks: [RenderedFindings?], files: Int) -> ResultTable.Assembly {
        let findings = chunks.compactMap { $0 }
        let total = findings.reduce(0) { $0 + $1.count }
        return ResultTable.Assembly(
            summary: JSONReportWriter.Summary(files: files, screens: files, errors: total, warnings: 0, infos: 0), findings: findings)
    }

    private func status(updates: Int) -> WatchStatus {
        var status = WatchStatus()
        status.files = 3
        status.updates = updates
        status.lastUpdate = "2026-12-02T02:00:00Z"
        return status
    }

    private func expected(_ assembly: ResultTable.Assembly, updates: Int) -> String {
        assembly.document(extra: LiveReport.extra(status: status(updates: updates), generatedAt: "now"))
    }

    private func temps() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.hasPrefix(AtomicFile.tempMarker) }
    }

    private func publish(_ report: inout LiveReport, _ assembly: ResultTable.Assembly, updates: Int) throws {
        let draft = try report.prepare(assembly, status: status(updates: updates), generatedAt: "now").get()
        try report.commit(draft).get()
        let text = try String(contentsOfFile: report.path, encoding: .utf8)
        XCTAssertEqual(text, expected(assembly, updates: updates), "update \(updates)")
    }

    func testEveryKindOfChangeIsPatchedIntoExactlyTheNextReport() throws {
        var report = LiveReport(path: directory + "/report.json", spareMinimumBytes: 0)
        let a = chunk("a.yaml", 3), b = chunk("b.yaml", 2), c = chunk("c.yaml", 4), d = chunk("d.yaml", 1)
        let rounds: [([RenderedFindings?], Int)] = [
            ([a, b, c], 3),
            ([a, chunk("b.yaml", 2, 31), c], 3),           // a middle chunk changed, same length
            ([a, chunk("b.yaml", 5), c], 3),                // a middle chunk grew
            ([a, chunk("b.yaml", 5), c, d], 4),             // a chunk added at the end: the old last one gains its comma
            ([a, chunk("b.yaml", 1), c], 4),                // the last chunk gone, another shrank
            ([a, chunk("b.yaml", 1), c], 1_000),            // only the head, longer
            ([chunk("a.yaml", 9), c], 9),                   // the first chunk changed, one gone
            ([], 9),                                        // no findings at all
            ([a, b, c, d], 12),                             // findings again
            ([a, b, c, d], 12),                             // nothing but the time
        ]
        var previous: String?
        for (number, (chunks, files)) in rounds.enumerated() {
            let assembly = assembly(chunks, files: files)
            let handle = FileHandle(forReadingAtPath: report.path)
            try publish(&report, assembly, updates: number)
            if let handle, let previous {
                // The replaced report, still open, holds what it held: nobody wrote to it.
                XCTAssertEqual(String(decoding: handle.readDataToEndOfFile(), as: UTF8.self), previous, "round \(number)")
            }
            previous = try String(contentsOfFile: report.path, encoding: .utf8)
            XCTAssertTrue(report.needsSpare)
            report.writeSpare()
            XCTAssertFalse(report.needsSpare)
            XCTAssertEqual(temps().count, 1, "the spare")
        }
        report.removeSpare()
        XCTAssertEqual(temps(), [])
    }

    func testAStaleDraftBecomesTheSpareAndATouchedSpareIsNotUsed() throws {
        var report = LiveReport(path: directory + "/report.json", spareMinimumBytes: 0)
        let a = chunk("a.yaml", 3), b = chunk("b.yaml", 2)
        try publish(&report, assembly([a, b], files: 2), updates: 1)
        report.writeSpare()
        // Written ahead, then dropped: the draft's bytes are known, so it is the next spare.
        let stale = try report.prepare(assembly([a, chunk("b.yaml", 7)], files: 2), status: status(updates: 2), generatedAt: "now").get()
        report.discard(stale)
        XCTAssertEqual(temps().count, 1)
        try publish(&report, assembly([chunk("a.yaml", 1), b], files: 2), updates: 2)
        report.writeSpare()
        // Someone writes into the spare: its stamp no longer matches, so it is written whole.
        let spare = try XCTUnwrap(temps().first)
        try Data("garbage".utf8).write(to: URL(fileURLWithPath: directory + "/" + spare))
        try publish(&report, assembly([a, b], files: 2), updates: 3)
        XCTAssertEqual(temps(), [])
    }

    func testSmallReportsGetNoSpare() throws {
        var report = LiveReport(path: directory + "/report.json")
        try publish(&report, assembly([chunk("a.yaml", 3)], files: 1), updates: 1)
        XCTAssertFalse(report.needsSpare)
        report.writeSpare()
        let stale = try report.prepare(assembly([chunk("a.yaml", 2)], files: 1), status: status(updates: 2), generatedAt: "now").get()
        report.discard(stale)
        XCTAssertEqual(temps(), [], "a small draft dropped is removed, not kept")
    }
}

/// The spare through the real daemon, on a report over the spare minimum (about 10,400
/// findings): edits at the start, in the middle and at the end of the tree, one that
/// clears a file's findings and one that adds a file, each published equal to check.
final class SpareReportDaemonTests: XCTestCase {
    private static func crowded(_ name: String, buttons: Int, size: Int) -> String {
        var text = "screen: \(name)\nelements:\n"
        for index in 0..<buttons {
            text += "  - { id: b\(index), type: button, label: Go \(index), frame: [\(index % 8 * 40), \(100 + index / 8 * 40), \(size), \(size)] }\n"
        }
        return text
    }

    func testALargeReportIsPatchedFromItsSpareAndStaysEqualToCheck() throws {
        let workspace = try Workspace()
        let files = 520
        for index in 0..<files {
            try workspace.write("tree/p\(index / 50)/s\(String(format: "%03d", index)).yaml", Self.crowded("S\(index)", buttons: 20, size: 20))
        }
        let daemon = try WatchDaemon(in: workspace)
        try daemon.waitForStart()
        try daemon.assertMatchesCheck()
        let size = try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: daemon.reportPath)[.size] as? Int)
        XCTAssertGreaterThan(size, LiveReport.defaultSpareMinimumBytes, "the tree makes a report large enough for a spare")
        func spares() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: workspace.at("out"))) ?? []).filter { $0.hasPrefix(AtomicFile.tempMarker) }
        }
        XCTAssertEqual(spares(), [], "none after the first report")
        let edits: [(String, String)] = [
            ("tree/p4/s200.yaml", Self.crowded("S200", buttons: 21, size: 21)),
            ("tree/p0/s000.yaml", Self.crowded("S0", buttons: 3, size: 30)),
            ("tree/p10/s519.yaml", Self.crowded("S519", buttons: 20, size: 44)),
            ("tree/p4/s201.yaml", Self.crowded("S201", buttons: 20, size: 20) + "# only a comment more\n"),
            ("tree/p10/s520.yaml", Self.crowded("S520", buttons: 2, size: 10)),
        ]
        for (round, (path, text)) in edits.enumerated() {
            let updates = daemon.updateLines.count
            try workspace.write(path, text)
            try daemon.waitForUpdates(updates + 1)
            try daemon.assertMatchesCheck()
            try waitUntil("a spare after update \(round + 1); log:\n\(daemon.log)") { spares().count == 1 }
        }
        XCTAssertEqual(try daemon.stop(), 0, daemon.log)
        XCTAssertEqual(spares(), [], "the spare goes with the daemon")
    }
}
