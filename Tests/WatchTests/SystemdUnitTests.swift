import Foundation
import XCTest

/// systemd/higlint.service and `make install-service`: the unit verifies, scores at
/// most 1.0 (SAFE) in `systemd-analyze security`, and the install puts the
/// binary, the unit and a config in place without overwriting a config.
final class SystemdUnitTests: XCTestCase {
    private static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private func analyzer() throws -> String {
        for path in ["/usr/bin/systemd-analyze", "/bin/systemd-analyze"] where FileManager.default.isExecutableFile(atPath: path) {
            return path
        }
        throw XCTSkip("systemd-analyze is not installed (make test-deps installs Debian's systemd package)")
    }

    /// `make install-service` into the workspace, with the test binary as the one installed.
    private func install(into workspace: Workspace) throws -> (unit: String, config: String, binary: String) {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/make") else { throw XCTSkip("make is not installed") }
        let outcome = try Higlint.run(
            ["/usr/bin/make", "-s", "-C", Self.packageRoot.path, "-o", "build", "-o", "deps", "install-service",
             "PREFIX=\(workspace.at("usr"))", "SYSCONFDIR=\(workspace.at("etc"))", "BIN=\(try Higlint.binary())"],
            in: workspace.url)
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        return (workspace.at("usr/lib/systemd/system/higlint.service"), workspace.at("etc/higlint/config.yaml"),
                workspace.at("usr/bin/higlint"))
    }

    func testMakeInstallPutsEverythingInPlaceAndKeepsAConfig() throws {
        let workspace = try Workspace()
        let installed = try install(into: workspace)
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: installed.binary))
        let unit = try String(contentsOfFile: installed.unit, encoding: .utf8)
        XCTAssertTrue(unit.contains("ExecStart=\(installed.binary) watch --config \(installed.config) "), unit)
        let shipped = try String(contentsOf: Self.packageRoot.appendingPathComponent("systemd/config.yaml"), encoding: .utf8)
        XCTAssertEqual(try String(contentsOfFile: installed.config, encoding: .utf8), shipped)

        // The installed binary accepts the installed config.
        let check = try Higlint.run([installed.binary, "check", "--config", installed.config, "--format", "json"], in: workspace.url)
        XCTAssertTrue(check.stdout.hasPrefix("{"), check.stderr)

        try workspace.write("etc/higlint/config.yaml", "paths: [/srv/mine]\n")
        _ = try install(into: workspace)
        XCTAssertEqual(try String(contentsOfFile: installed.config, encoding: .utf8), "paths: [/srv/mine]\n")
    }

    /// The shipped config names a tree that is not there until someone edits it: the service
    /// then stops with one line that says so (exit 2, which the unit does not restart on).
    func testTheShippedConfigFailsWithOneLineSayingWhatToEdit() throws {
        let workspace = try Workspace()
        let installed = try install(into: workspace)
        guard FileManager.default.fileExists(atPath: "/srv/higlint/specs") == false else { throw XCTSkip("/srv/higlint/specs exists here") }
        let outcome = try Higlint.run([installed.binary, "watch", "--config", installed.config, "--report", workspace.at("report.json")],
                                      in: workspace.url)
        XCTAssertEqual(outcome.status, 2, outcome.stderr)
        XCTAssertEqual(outcome.stderr, "higlint: error: /srv/higlint/specs: no such file or directory; point `paths` in \(installed.config) at the spec tree\n")
    }

    func testTheInstalledUnitVerifies() throws {
        let analyze = try analyzer()
        let workspace = try Workspace()
        let installed = try install(into: workspace)
        let outcome = try Higlint.run([analyze, "verify", installed.unit], in: workspace.url)
        XCTAssertEqual(outcome.status, 0, outcome.stdout + outcome.stderr)
        let complaints = (outcome.stdout + outcome.stderr).split(separator: "\n").filter { $0.contains("higlint.service") }
        XCTAssertEqual(complaints, [], "systemd-analyze verify warns about the unit")
    }

    func testTheSecurityExposureIsAtMostOne() throws {
        let analyze = try analyzer()
        let workspace = try Workspace()
        let installed = try install(into: workspace)
        let outcome = try Higlint.run([analyze, "security", "--offline=yes", "--no-pager", installed.unit], in: workspace.url)
        let text = outcome.stdout + outcome.stderr
        guard let range = text.range(of: "Overall exposure level for higlint.service: ") else {
            return XCTFail("no overall exposure level in:\n\(text)")
        }
        let score = Double(text[range.upperBound...].prefix { $0 == "." || $0.isNumber }) ?? 99
        XCTAssertLessThanOrEqual(score, 1.0, text)
    }

    func testTheUnitSaysWhatTheServiceNeeds() throws {
        let unit = try String(contentsOf: Self.packageRoot.appendingPathComponent("systemd/higlint.service"), encoding: .utf8)
        let lines = Set(unit.split(separator: "\n").map(String.init))
        for required in [
            "Type=notify", "ExecReload=kill -HUP $MAINPID", "Restart=on-failure", "StateDirectory=higlint",
            "DynamicUser=yes", "ProtectSystem=strict", "ProtectHome=read-only", "PrivateTmp=yes", "PrivateNetwork=yes",
            "NoNewPrivileges=yes", "RestrictAddressFamilies=AF_UNIX", "SystemCallFilter=@system-service",
            "CapabilityBoundingSet=", "MemoryMax=1G", "RestartPreventExitStatus=2",
        ] {
            XCTAssertTrue(lines.contains(required), "missing \(required)")
        }
        XCTAssertTrue(unit.contains("--report /var/lib/higlint/report.json"), "the report lives in the state directory")
        XCTAssertTrue(unit.contains("WatchdogSec="))
    }
}
