import Foundation
import XCTest

/// Runs the built `higlint` binary, as users and CI do.
struct HiglintProcess {
    struct Outcome {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The binary beside the test bundle, or `HIGLINT_BINARY`.
    static func binary() throws -> URL {
        if let path = ProcessInfo.processInfo.environment["HIGLINT_BINARY"] {
            return URL(fileURLWithPath: path)
        }
        var directory = Bundle.main.bundleURL
        for _ in 0..<3 {
            let candidate = directory.appendingPathComponent("higlint")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        for bundle in Bundle.allBundles {
            let candidate = bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("higlint")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw XCTSkip("the higlint binary was not built beside the tests; set HIGLINT_BINARY")
    }

    /// Runs as `nobody` when asked: root reads every file, so permission
    /// problems can only be seen as another user.
    @discardableResult
    static func run(_ arguments: [String], in directory: URL, asNobody: Bool = false) throws -> Outcome {
        let process = Process()
        if asNobody && getuid() == 0 {
            guard FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else {
                throw XCTSkip("setpriv (util-linux) is needed to run as another user")
            }
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", try binary().path] + arguments
        } else {
            process.executableURL = try binary()
            process.arguments = arguments
        }
        process.currentDirectoryURL = directory
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read both pipes to the end before waiting, so a full pipe never blocks the child.
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
        return Outcome(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }
}

/// A temporary directory of spec files, removed after the test.
final class SpecTree {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("higlint-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    func write(_ relativePath: String, _ contents: String) throws {
        let file = url.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try contents.write(to: file, atomically: false, encoding: .utf8)
    }
}
