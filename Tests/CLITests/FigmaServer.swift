import Foundation
import TestSupport
import XCTest

/// Tests/Fixtures/figma/figma_server.py, the Figma API on the loopback interface, started
/// for one test: it serves recorded file responses and injects the faults it is told to.
/// Its lines are read on a pipe's thread and kept under a lock.
final class FigmaServer: @unchecked Sendable {
    static let fixtures = TestFixtures.url("figma")

    let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let lock = NSLock()
    private var lines: [String] = []
    private var partial = Data()
    private(set) var port = 0

    var root: String { "http://127.0.0.1:\(port)" }

    /// - Parameter files: file key to the recorded response served for it (a name in Tests/Fixtures/figma).
    init(token: String, files: [String: String]) throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else { throw XCTSkip("python3 is needed") }
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = [Self.fixtures.appendingPathComponent("figma_server.py").path, "--token", token]
            + files.sorted { $0.key < $1.key }.flatMap { ["--file", "\($0.key)=\(Self.fixtures.appendingPathComponent($0.value).path)"] }
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        output.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self else { return }
            if data.isEmpty { handle.readabilityHandler = nil }
            self.lock.lock()
            self.partial.append(data)
            while let newline = self.partial.firstIndex(of: 0x0A) {
                self.lines.append(String(decoding: self.partial[self.partial.startIndex..<newline], as: UTF8.self))
                self.partial = Data(self.partial[(newline + 1)...])
            }
            self.lock.unlock()
        }
        try process.run()
        try wait("READY from the server") { self.said.first { $0.hasPrefix("READY ") } != nil }
        port = said.first { $0.hasPrefix("READY ") }.flatMap { Int($0.dropFirst("READY ".count)) } ?? 0
        XCTAssertNotEqual(port, 0)
    }

    deinit {
        try? input.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }

    /// Every line the server printed so far.
    var said: [String] {
        lock.lock()
        defer { lock.unlock() }
        return lines
    }

    /// The requests answered so far, as `KEY ANSWER` (`KEY 200`, `KEY cut`).
    var requests: [String] { said.filter { $0.hasPrefix("request ") }.map { String($0.dropFirst("request ".count)) } }

    /// The requests that came so far, answered or not, by key.
    var received: [String] { said.filter { $0.hasPrefix("received ") }.map { String($0.dropFirst("received ".count)) } }

    /// Sends a command (`fault KEY 500 429:1`, `version KEY 43`, `down`, `up`) and waits for its `ok`.
    func send(_ command: String) throws {
        let before = said.filter { $0 == "ok" }.count
        input.fileHandleForWriting.write(Data((command + "\n").utf8))
        try wait("ok for \(command)") {
            if let error = self.said.first(where: { $0.hasPrefix("error ") }) { throw ServerError(error) }
            return self.said.filter { $0 == "ok" }.count > before
        }
    }

    func waitForRequests(_ count: Int) throws {
        try wait("\(count) requests (so far: \(requests))") { self.requests.count >= count }
    }

    private func wait(_ what: @autoclosure () -> String, _ condition: () throws -> Bool) throws {
        try FigmaPullWait.until(what(), condition)
    }

    struct ServerError: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}

enum FigmaPullWait {
    /// Polls until `condition` holds, for up to a generous `seconds`: a condition, never a bare sleep.
    static func until(_ what: @autoclosure () -> String, seconds: Double = 60, _ condition: () throws -> Bool) throws {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try condition() { return }
            usleep(10_000)
        }
        if try condition() { return }
        throw FigmaServer.ServerError("timed out after \(Int(seconds)) s waiting for \(what())")
    }
}

/// A `higlint figma pull --every ...` left running, its log in a file.
final class FigmaPullDaemon {
    let process = Process()
    private let logPath: String

    init(_ arguments: [String], in directory: URL, environment: [String: String]) throws {
        logPath = directory.appendingPathComponent("pull-\(UUID().uuidString).log").path
        _ = FileManager.default.createFile(atPath: logPath, contents: nil)
        process.executableURL = try HiglintProcess.binary()
        process.arguments = ["figma", "pull"] + arguments
        process.currentDirectoryURL = directory
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle(forWritingAtPath: logPath)
        process.standardError = FileHandle(forWritingAtPath: logPath)
        try process.run()
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(atPath: logPath)
    }

    var log: String { FileManager.default.contents(atPath: logPath).map { String(decoding: $0, as: UTF8.self) } ?? "" }

    var lines: [String] { log.split(separator: "\n").map(String.init) }

    func waitForLine(_ predicate: @escaping (String) -> Bool, count: Int = 1, _ what: String) throws {
        try FigmaPullWait.until("\(what) in the log:\n\(log)") {
            if !process.isRunning { throw FigmaServer.ServerError("pull exited with \(process.terminationStatus):\n\(log)") }
            return lines.filter(predicate).count >= count
        }
    }

    /// Sends `signal` and waits for the exit; the exit status.
    func stop(_ signal: Int32) throws -> Int32 {
        kill(process.processIdentifier, signal)
        try FigmaPullWait.until("the pull to exit; log:\n\(log)") { !process.isRunning }
        process.waitUntilExit()
        return process.terminationReason == .exit ? process.terminationStatus : -process.terminationStatus
    }
}
