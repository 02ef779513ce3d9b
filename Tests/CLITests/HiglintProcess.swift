import Foundation
import TestSupport
import XCTest

/// Runs the built `higlint` binary, as users and CI do.
struct HiglintProcess {
    typealias Outcome = ProcessOutcome

    static func binary() throws -> URL { try HiglintBinary.url() }

    /// Runs as `nobody` when asked: root reads every file, so permission
    /// problems can only be seen as another user.
    @discardableResult
    static func run(
        _ arguments: [String], in directory: URL, asNobody: Bool = false, environment extra: [String: String] = [:]
    ) throws -> Outcome {
        let environment = extra.isEmpty ? nil : ProcessInfo.processInfo.environment.merging(extra) { $1 }
        guard asNobody && getuid() == 0 else {
            return try ChildProcess.run(binary(), arguments, in: directory, environment: environment)
        }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else {
            throw XCTSkip("setpriv (util-linux) is needed to run as another user")
        }
        let setpriv = URL(fileURLWithPath: "/usr/bin/setpriv")
        return try ChildProcess.run(
            setpriv, ["--reuid=65534", "--regid=65534", "--clear-groups", try binary().path] + arguments, in: directory,
            environment: environment)
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
