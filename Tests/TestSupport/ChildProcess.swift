import Foundation
import XCTest

/// What a finished child process said.
public struct ProcessOutcome: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
}

/// Runs programs for the tests that drive real processes (the built binary,
/// Python consumers, Chromium), in one way shared by every test target.
public enum ChildProcess {
    /// Runs `executable` to its end. Both pipes are drained before waiting, so a
    /// full pipe never blocks the child; a hung child is killed after `timeout`
    /// seconds, a generous bound only a broken tool reaches.
    @discardableResult
    public static func run(
        _ executable: URL, _ arguments: [String], in directory: URL? = nil, environment: [String: String]? = nil,
        timeout: Double = 300
    ) throws -> ProcessOutcome {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        if let environment { process.environment = environment }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let watchdog = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
        let group = DispatchGroup()
        nonisolated(unsafe) var errData = Data()
        group.enter()
        DispatchQueue.global().async {
            errData = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        watchdog.cancel()
        return ProcessOutcome(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }
}

/// The `higlint` binary the tests run: `HIGLINT_BINARY`, else the one built beside the test bundle.
public enum HiglintBinary {
    public static func url() throws -> URL {
        if let path = ProcessInfo.processInfo.environment["HIGLINT_BINARY"] { return URL(fileURLWithPath: path) }
        var candidates: [URL] = []
        var directory = Bundle.main.bundleURL
        for _ in 0..<3 {
            candidates.append(directory.appendingPathComponent("higlint"))
            directory = directory.deletingLastPathComponent()
        }
        let executable = URL(fileURLWithPath: CommandLine.arguments.first ?? "")
        candidates.append(executable.deletingLastPathComponent().appendingPathComponent("higlint"))
        candidates.append(executable.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("higlint"))
        candidates += Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent().appendingPathComponent("higlint") }
        if let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) { return found }
        throw XCTSkip("the higlint binary was not built beside the tests; build it, or set HIGLINT_BINARY")
    }
}
