import Foundation
import XCTest

/// Case 8: files and directories deleted while the first scan runs, and
/// directories or files the daemon is not allowed to read.
final class ScanTests: XCTestCase {
    func testDeletionsDuringTheFirstScan() throws {
        let workspace = try Workspace()
        for directory in 0..<60 {
            for file in 0..<25 {
                try workspace.write(
                    "tree/d\(directory)/s\(file).yaml", Specs.screen("S\(directory)-\(file)", button: 20 + file))
            }
        }
        let daemon = try WatchDaemon(in: workspace)
        // Catch it mid-scan when possible: it holds watches but has written no report yet.
        var caughtMidScan = false
        try waitUntil("the scan to start") {
            if daemon.report != nil { return true }
            if let count = daemon.watchCount, count > 2 {
                caughtMidScan = true
                return true
            }
            return false
        }
        if caughtMidScan { try daemon.pause() }
        for directory in stride(from: 0, to: 60, by: 2) { try workspace.remove("tree/d\(directory)") }
        for directory in stride(from: 1, to: 60, by: 4) { try workspace.remove("tree/d\(directory)/s3.yaml") }
        daemon.resume()
        try daemon.waitForStart()
        try daemon.assertMatchesCheck()
        // And it goes on watching what survived.
        try workspace.write("tree/d1/s0.yaml", Specs.screen("S1-0", button: 44))
        try daemon.assertMatchesCheck()
    }

    func testUnreadableDirectoriesAndFilesAsAnotherUser() throws {
        let nobody = try Higlint.asNobody()
        let workspace = try Workspace()
        try workspace.giveToNobody("out")
        try workspace.write("tree/open/a.yaml", Specs.screen("A", button: 20))
        try workspace.write("tree/locked/b.yaml", Specs.screen("B", button: 21))
        try workspace.write("tree/locked/inner/c.yaml", Specs.screen("C", button: 22))
        try workspace.write("tree/secret.yaml", Specs.screen("Secret", button: 23))
        try workspace.chmod("tree/locked", 0o000)

        let daemon = try WatchDaemon(in: workspace, prefix: nobody)
        try daemon.waitForStart()
        try daemon.assertMatchesCheck()
        let errors = daemon.watchSection?["errors"] as? [String] ?? []
        XCTAssertEqual(errors, ["tree/locked: cannot list directory: Permission denied"])
        XCTAssertTrue(daemon.log.contains("tree/locked: cannot list directory: Permission denied"), daemon.log)

        // Readable again: its files join the report, and it is watched from then on.
        try workspace.chmod("tree/locked", 0o755)
        try daemon.assertMatchesCheck()
        XCTAssertTrue(daemon.report?.contains("tree/locked/inner/c.yaml") ?? false)
        try workspace.write("tree/locked/inner/c.yaml", Specs.screen("C", button: 24))
        try daemon.assertMatchesCheck()
        XCTAssertEqual(daemon.watchSection?["errors"] as? [String], [])

        // Unreadable again: they leave, as they are not in check's output either.
        try workspace.chmod("tree/locked", 0o000)
        try daemon.assertMatchesCheck()
        XCTAssertFalse(daemon.report?.contains("tree/locked/") ?? true)

        // An unreadable file is left out and logged, then comes back.
        try workspace.chmod("tree/secret.yaml", 0o000)
        try daemon.assertMatchesCheck()
        try daemon.waitForLog("tree/secret.yaml: Permission denied")
        // In watch.errors and the counts exactly as check reports it.
        let checked = try Higlint.run(
            nobody + [try Higlint.binary(for: nobody), "check", "tree", "--format", "json", "--fail-on", "never"], in: workspace.url)
        let checkErrors = checked.stderr.split(separator: "\n").filter { $0.hasPrefix("higlint: error: ") }
            .map { String($0.dropFirst("higlint: error: ".count)) }
        try waitUntil("watch.errors to equal check's errors \(checkErrors)") {
            (daemon.watchSection?["errors"] as? [String])?.sorted() == checkErrors.sorted()
        }
        XCTAssertEqual(checkErrors.sorted(), ["tree/locked: cannot list directory: Permission denied", "tree/secret.yaml: Permission denied"])
        let summary = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(checked.stdout.utf8)) as? [String: Any])?["summary"] as? [String: Any])
        XCTAssertEqual(daemon.watchSection?["files"] as? Int, summary["files"] as? Int)
        try workspace.chmod("tree/secret.yaml", 0o644)
        try daemon.assertMatchesCheck()
        XCTAssertTrue(daemon.report?.contains("tree/secret.yaml") ?? false)
    }
}
