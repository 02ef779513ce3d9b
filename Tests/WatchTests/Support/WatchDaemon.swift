import Foundation
import XCTest

/// A running `higlint watch`, its log (a file, so a chatty daemon never
/// blocks on a full pipe) and its live report.
final class WatchDaemon {
    let workspace: Workspace
    let process = Process()
    let reportPath: String
    let arguments: [String]
    let prefix: [String]
    private let logPath: String

    /// - Parameters:
    ///   - arguments: what follows `higlint watch` (paths, --config); --report is added.
    ///   - prefix: a command that runs the binary (setpriv, unshare), or none.
    init(
        _ arguments: [String] = ["tree"], in workspace: Workspace, report: String = "out/report.json",
        environment: [String: String] = [:], prefix: [String] = []
    ) throws {
        self.workspace = workspace
        self.arguments = arguments
        self.prefix = prefix
        reportPath = workspace.at(report)
        logPath = workspace.at("daemon-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: logPath, contents: nil)
        let command = prefix + [try Higlint.binary(for: prefix), "watch"] + arguments + ["--report", reportPath]
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        process.currentDirectoryURL = workspace.url
        process.environment = Higlint.cleanEnvironment(adding: environment)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle(forWritingAtPath: logPath)
        try process.run()
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGCONT)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: logPath)
    }

    var pid: Int32 { process.processIdentifier }

    var log: String {
        (FileManager.default.contents(atPath: logPath)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    /// Log lines higlint did not write (a library printing on its own): there must be none.
    var foreignLines: [String] {
        log.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("higlint: ") }
    }

    /// The update lines of the log, in order.
    var updateLines: [String] {
        log.split(separator: "\n").map(String.init).filter { $0.hasPrefix("higlint: update ") }
    }

    var report: String? {
        FileManager.default.contents(atPath: reportPath).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The report's `watch` member, parsed.
    var watchSection: [String: Any]? {
        guard let data = report?.data(using: .utf8),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { return nil }
        return object["watch"] as? [String: Any]
    }

    /// Waits for the first report (the daemon is then watching).
    @discardableResult
    func waitForStart() throws -> String {
        try waitUntil("the first live report (log so far: \(log))") {
            if !process.isRunning { throw WorkspaceError("the daemon exited with \(process.terminationStatus): \(log)") }
            return report != nil && log.contains("higlint: watching ")
        }
        return report ?? ""
    }

    /// Waits until the live report, minus `generated_at` and `watch`, is what
    /// check prints for the same tree now.
    func assertMatchesCheck(file: StaticString = #filePath, line: UInt = #line) throws {
        let expected = try Higlint.check(arguments, in: workspace, prefix: prefix.first == "/usr/bin/setpriv" ? prefix : [])
        do {
            try waitUntil("the report to equal check") {
                if !process.isRunning { throw WorkspaceError("the daemon exited with \(process.terminationStatus): \(log)") }
                return report.map(Higlint.withoutWatchMembers) == expected
            }
        } catch {
            XCTFail(
                "report != check\n--- check:\n\(expected)\n--- report:\n\(report ?? "(none)")\n--- log:\n\(log)",
                file: file, line: line)
            throw error
        }
    }

    func waitForLog(_ text: String, count: Int = 1) throws {
        try waitUntil("\(count)× \"\(text)\" in the log; log so far:\n\(log)") {
            log.components(separatedBy: text).count - 1 >= count
        }
    }

    func waitForUpdates(_ count: Int) throws {
        try waitUntil("\(count) updates; log so far:\n\(log)") { updateLines.count >= count }
    }

    // MARK: - Signals

    func signal(_ number: Int32) {
        kill(pid, number)
    }

    /// Stops the process and waits until the kernel says it is stopped, so
    /// what the test does next is all queued before the daemon reads any of it.
    func pause() throws {
        signal(SIGSTOP)
        try waitUntil("the daemon to stop") { processState == "T" || processState == "t" }
    }

    func resume() {
        signal(SIGCONT)
    }

    private var processState: String? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")")
        else { return nil }
        return stat[stat.index(after: close)...].split(separator: " ").first.map(String.init)
    }

    /// Sends a signal and waits for the exit; returns the exit status.
    func stop(with number: Int32 = SIGTERM) throws -> Int32 {
        signal(number)
        return try waitForExit()
    }

    func waitForExit() throws -> Int32 {
        try waitUntil("the daemon to exit; log:\n\(log)") { !process.isRunning }
        process.waitUntilExit()
        return process.terminationReason == .exit ? process.terminationStatus : -process.terminationStatus
    }

    /// How many inotify watches the daemon holds (from /proc), or nil when unreadable.
    var watchCount: Int? {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fdinfo") else { return nil }
        var count = 0
        for entry in entries {
            guard let info = try? String(contentsOfFile: "/proc/\(pid)/fdinfo/\(entry)", encoding: .utf8) else { continue }
            count += info.components(separatedBy: "inotify wd:").count - 1
        }
        return count
    }
}
