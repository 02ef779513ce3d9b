import Foundation
import TestSupport
import XCTest

/// Golden output: every format of `check` on the examples, `rules`, `explain`, `import`,
/// `help` and the watcher's live report, compared byte for byte with Tests/Snapshots (as
/// ruff's CLI snapshots are). A change in any output shows up here as a diff to read;
/// `make snapshots` writes the new outputs when the change is meant.
final class SnapshotTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let directory = root.appendingPathComponent("Tests/Snapshots")
    private var updating: Bool { ProcessInfo.processInfo.environment["HIGLINT_UPDATE_SNAPSHOTS"] == "1" }

    /// The commands.txt lines: a snapshot's file name and the arguments.
    private func commands() throws -> [(name: String, arguments: [String])] {
        let text = try String(contentsOf: Self.directory.appendingPathComponent("commands.txt"), encoding: .utf8)
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }.map { line in
            let parts = line.split(separator: "\t", maxSplits: 1)
            return (String(parts[0]), parts.count > 1 ? parts[1].split(separator: " ").map(String.init) : [])
        }
    }

    /// Paths of this machine written as placeholders, so that a snapshot is the same anywhere.
    private func normalised(_ text: String, out: String) -> String {
        text.replacingOccurrences(of: out, with: "$OUT").replacingOccurrences(of: Self.root.path, with: "$ROOT")
    }

    private func compare(_ name: String, _ actual: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let url = Self.directory.appendingPathComponent(name)
        if updating {
            try Data(actual.utf8).write(to: url)
            return
        }
        let expected = (try? String(contentsOf: url, encoding: .utf8)) ?? "(no snapshot \(name); run `make snapshots`)"
        if expected != actual {
            let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
            let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
            let first = zip(expectedLines, actualLines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? min(expectedLines.count, actualLines.count)
            XCTFail("""
                \(name) differs from Tests/Snapshots/\(name) from line \(first + 1) on (run `make snapshots` if the change is meant):
                - \(first < expectedLines.count ? expectedLines[first] : "(end)")
                + \(first < actualLines.count ? actualLines[first] : "(end)")
                """, file: file, line: line)
        }
    }

    func testEveryCommandsOutputIsItsSnapshot() throws {
        let binary = try HiglintBinary.url()
        let commands = try commands()
        XCTAssertGreaterThan(commands.count, 15)
        for (name, arguments) in commands {
            let out = FileManager.default.temporaryDirectory.appendingPathComponent("higlint-snapshot-\(UUID().uuidString)").path
            defer { try? FileManager.default.removeItem(atPath: out) }
            let outcome = try ChildProcess.run(
                binary, arguments.map { $0 == "$OUT" ? out : $0 }, in: Self.root,
                environment: ProcessInfo.processInfo.environment.merging(["NO_COLOR": "1", "COLUMNS": "80"]) { $1 })
            var text = outcome.stdout
            if !outcome.stderr.isEmpty { text += "--- stderr\n" + outcome.stderr }
            text += "--- exit \(outcome.status)\n"
            // What `import` wrote, file by file.
            if FileManager.default.fileExists(atPath: out), let files = FileManager.default.enumerator(atPath: out) {
                for case let path as String in files.allObjects.compactMap({ $0 as? String }).sorted() {
                    var isDirectory: ObjCBool = false
                    guard FileManager.default.fileExists(atPath: out + "/" + path, isDirectory: &isDirectory), !isDirectory.boolValue
                    else { continue }
                    text += "--- $OUT/\(path)\n" + ((try? String(contentsOfFile: out + "/" + path, encoding: .utf8)) ?? "(not UTF-8)\n")
                }
            }
            try compare(name, normalised(text, out: out))
        }
    }

    /// The live report of `higlint watch` on the examples: check's JSON with the watcher's members.
    func testTheWatchersLiveReportIsItsSnapshot() throws {
        let binary = try HiglintBinary.url()
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("higlint-snapshot-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: temporary) }
        let report = temporary.appendingPathComponent("report.json").path
        let log = temporary.appendingPathComponent("watch.log").path
        FileManager.default.createFile(atPath: log, contents: nil)
        let process = Process()
        process.executableURL = binary
        process.arguments = ["watch", "--config", "config.yaml", "--report", report]
        process.currentDirectoryURL = Self.root
        var environment = ProcessInfo.processInfo.environment
        for name in ["NOTIFY_SOCKET", "WATCHDOG_USEC", "WATCHDOG_PID", "STATE_DIRECTORY"] { environment[name] = nil }
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle(forWritingAtPath: log)
        try process.run()
        defer { if process.isRunning { process.terminate(); process.waitUntilExit() } }
        let deadline = Date().addingTimeInterval(60)
        func logText() -> String { (FileManager.default.contents(atPath: log)).map { String(decoding: $0, as: UTF8.self) } ?? "" }
        while Date() < deadline, !(logText().contains("higlint: watching ") && FileManager.default.fileExists(atPath: report)) {
            usleep(10_000)
        }
        let text = try String(contentsOfFile: report, encoding: .utf8)
        // The times of the run and the count of directories watched are this run's, not the report's content.
        let stable = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> Substring in
            if line.hasPrefix("  \"generated_at\": ") { return "  \"generated_at\": \"$TIME\"," }
            if line.hasPrefix("  \"watch\": ") {
                var fields = String(line)
                fields = fields.replacingOccurrences(
                    of: #""last_update": "[^"]*""#, with: "\"last_update\": \"$TIME\"", options: .regularExpression)
                return Substring(fields)
            }
            return line
        }.joined(separator: "\n")
        try compare("watch-report.json", normalised(stable, out: temporary.path))
    }
}
