import Foundation
import TestSupport
import XCTest

/// The built `higlint` binary and how to run it the ways the tests need.
enum Higlint {
    static func binary() throws -> String { try HiglintBinary.url().path }

    /// A command prefix that runs the rest as `nobody`, or a skip naming why it cannot.
    static func asNobody() throws -> [String] {
        guard getuid() == 0 else { return [] }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else {
            throw XCTSkip("setpriv (util-linux) is needed to run the daemon as another user than root")
        }
        let prefix = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--"]
        let probe = try run(prefix + [try binary(for: prefix), "--version"], in: URL(fileURLWithPath: "/"))
        guard probe.status == 0 else { throw XCTSkip("nobody cannot run higlint: \(probe.stderr)") }
        return prefix
    }

    nonisolated(unsafe) private static var copyForNobody: String?
    /// Where that copy goes: one directory for the test process.
    private static var directoryForNobody: String { "/tmp/higlint-for-nobody-\(getpid())" }

    /// The binary to run under `prefix`. `nobody` may not be able to reach the
    /// build directory (a checkout under /root), so it runs a world-readable copy.
    static func binary(for prefix: [String]) throws -> String {
        let original = try binary()
        guard prefix.first == "/usr/bin/setpriv" else { return original }
        if let copyForNobody { return copyForNobody }
        var path = URL(fileURLWithPath: original).resolvingSymlinksInPath().path
        var reachable = true
        while path != "/" && !path.isEmpty {
            path = (path as NSString).deletingLastPathComponent
            var info = stat()
            if stat(path, &info) == 0, info.st_mode & 0o001 == 0 { reachable = false }
        }
        guard !reachable else {
            copyForNobody = original
            return original
        }
        let directory = directoryForNobody
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        let copy = directory + "/higlint"
        try? FileManager.default.removeItem(atPath: copy)
        try FileManager.default.copyItem(atPath: original, toPath: copy)
        chmod(copy, 0o755)
        copyForNobody = copy
        // The copy is the size of the binary; a test run must not leave one behind in /tmp.
        atexit { try? FileManager.default.removeItem(atPath: Higlint.directoryForNobody) }
        return copy
    }

    typealias Outcome = ProcessOutcome

    /// Runs a command to its end, reading both pipes so a full pipe never blocks it.
    static func run(_ command: [String], in directory: URL, environment: [String: String] = [:]) throws -> Outcome {
        try ChildProcess.run(
            URL(fileURLWithPath: command.first ?? ""), Array(command.dropFirst()), in: directory,
            environment: cleanEnvironment(adding: environment))
    }

    /// The test runner's environment without anything systemd might have set for it.
    static func cleanEnvironment(adding extra: [String: String]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for name in ["NOTIFY_SOCKET", "WATCHDOG_USEC", "WATCHDOG_PID", "STATE_DIRECTORY", "LISTEN_FDS"] {
            environment[name] = nil
        }
        return environment.merging(extra) { $1 }
    }

    /// `higlint check --format json` over the same paths, from the same
    /// directory, as the same user: what the live report must equal.
    static func check(_ arguments: [String], in workspace: Workspace, prefix: [String] = []) throws -> String {
        let outcome = try run(
            prefix + [try binary(for: prefix), "check", "--format", "json", "--fail-on", "never", "--quiet"] + arguments,
            in: workspace.url)
        guard outcome.status == 0 || outcome.status == 2, outcome.stdout.hasPrefix("{") else {
            throw WorkspaceError("check failed (\(outcome.status)): \(outcome.stderr)")
        }
        return outcome.stdout
    }

    /// The live report without the two members check does not print.
    static func withoutWatchMembers(_ report: String) -> String {
        report.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("  \"generated_at\": ") && !$0.hasPrefix("  \"watch\": ") }
            .joined(separator: "\n")
    }
}
