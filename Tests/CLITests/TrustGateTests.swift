import Foundation
import HiglintCore
import TestSupport
import XCTest

/// A config found in the reviewed tree starts no program until the user trusts it, and the
/// rest of the review still runs; trust follows the file's content; a named config others
/// can write is refused in one line. All through the real binary, with a marker file the
/// plugin would create as the proof of whether it ran.
final class TrustGateTests: XCTestCase {
    private var tree: SpecTree!
    private var environment: [String: String] = [:]

    private static let config = """
        plugins:
          external:
            - {name: house, command: [sh, -c, "touch MARKER && exec python3 \(IBTestFiles.housePlugin)"], timeout_ms: 5000}
        custom_rules:
          local.go-label:
            summary: The go button says Start.
            where: {id: go}
            require: {label: {equals: Start}}
            message: "go says {label}"
        """

    override func setUpWithError() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else { throw XCTSkip("python3 is needed") }
        tree = try SpecTree()
        try tree.write(".higlint.yaml", Self.config)
        try tree.write("specs/a.yaml", "screen: Home\nelements:\n  - {id: go, type: button, label: Go, frame: [0, 100, 200, 30]}\n")
        // The user's trust store, in the test's own directory, never the real one.
        environment = ["XDG_CONFIG_HOME": tree.url.appendingPathComponent("xdg").path, "HIGLINT_CONFIG": "", "HIGLINT_TRUST_CONFIG": ""]
    }

    private var markerExists: Bool { FileManager.default.fileExists(atPath: tree.url.appendingPathComponent("MARKER").path) }

    private func removeMarker() { unlink(tree.url.appendingPathComponent("MARKER").path) }

    private func run(_ arguments: [String], adding extra: [String: String] = [:]) throws -> HiglintProcess.Outcome {
        try HiglintProcess.run(arguments, in: tree.url, environment: environment.merging(extra) { $1 })
    }

    static let untrustedLine = ".higlint.yaml:2:3: warning: external plugin \"house\" (sh -c touch MARKER && exec python3 \(IBTestFiles.housePlugin)) not run: this config came with the reviewed files and is not trusted [plugin.untrusted]"

    func testAFoundConfigRunsNothingUntilTrustedAndAgainNothingOnceChanged() throws {
        let untrusted = try run(["check", "specs", "--fail-on", "never"])
        XCTAssertEqual(untrusted.status, 0, untrusted.stderr)
        XCTAssertFalse(markerExists, "the plugin of an untrusted config ran")
        XCTAssertTrue(untrusted.stdout.hasPrefix(Self.untrustedLine + "\n"), untrusted.stdout)
        // Built-in rules and the declarative custom rules still review the file.
        XCTAssertTrue(untrusted.stdout.contains("[buttons.hit-target]"), untrusted.stdout)
        XCTAssertTrue(untrusted.stdout.contains("go says Go [local.go-label]"), untrusted.stdout)
        XCTAssertFalse(untrusted.stdout.contains("[house."), untrusted.stdout)

        let trust = try run(["trust"])
        XCTAssertEqual(trust.status, 0, trust.stderr)
        XCTAssertEqual(trust.stderr, "higlint: note: trusted .higlint.yaml as it is now; it is untrusted again when it changes\n")
        let store = try String(contentsOf: tree.url.appendingPathComponent("xdg/higlint/trusted"), encoding: .utf8)
        let real = FileSystem.realPath(tree.url.appendingPathComponent(".higlint.yaml").path) ?? ""
        XCTAssertEqual(store, "\(SHA256.hex(Array(Self.config.utf8)))  \(real)\n")
        var info = stat()
        XCTAssertEqual(stat(tree.url.appendingPathComponent("xdg/higlint/trusted").path, &info), 0)
        XCTAssertEqual(info.st_mode & 0o777, 0o600)

        let trusted = try run(["check", "specs", "--fail-on", "never"])
        XCTAssertTrue(markerExists, "the plugin of a trusted config did not run: \(trusted.stderr)")
        XCTAssertFalse(trusted.stdout.contains("plugin.untrusted"), trusted.stdout)
        XCTAssertTrue(trusted.stdout.contains("button go names no action [house.analytics]"), trusted.stdout)

        removeMarker()
        try tree.write(".higlint.yaml", Self.config + "\n# one more line\n")
        let changed = try run(["check", "specs", "--fail-on", "never"])
        XCTAssertFalse(markerExists, "the plugin of a config changed since its trust ran")
        XCTAssertTrue(changed.stdout.hasPrefix(Self.untrustedLine + "\n"), changed.stdout)
        let list = try run(["trust", "--list"])
        XCTAssertEqual(list.stdout, "\(real): changed since (not trusted)\n")

        XCTAssertEqual(try run(["trust", ".higlint.yaml"]).status, 0)
        _ = try run(["check", "specs"])
        XCTAssertTrue(markerExists)
        removeMarker()
        let revoke = try run(["trust", "--revoke", ".higlint.yaml"])
        XCTAssertEqual(revoke.stderr, "higlint: note: revoked .higlint.yaml\n")
        _ = try run(["check", "specs"])
        XCTAssertFalse(markerExists, "a revoked config ran its plugin")
        XCTAssertEqual(try run(["trust", "--list"]).stdout, "")
    }

    func testANamedConfigAndTheOverridesRunThePlugin() throws {
        for (arguments, extra) in [
            (["check", "--config", ".higlint.yaml", "specs"], [String: String]()),
            (["check", "specs"], ["HIGLINT_CONFIG": ".higlint.yaml"]),
            (["check", "--trust-config", "specs"], [:]),
            (["check", "specs"], ["HIGLINT_TRUST_CONFIG": "1"]),
        ] {
            removeMarker()
            let outcome = try run(arguments, adding: extra)
            XCTAssertTrue(markerExists, "\(arguments) \(extra): \(outcome.stderr)")
            XCTAssertFalse(outcome.stdout.contains("plugin.untrusted"), outcome.stdout)
        }
        removeMarker()
        _ = try run(["check", "specs"], adding: ["HIGLINT_TRUST_CONFIG": "yes please"])
        XCTAssertFalse(markerExists, "only 1 trusts")
    }

    /// The service's config (or any named one) that others can write is not the user's word.
    func testANamedConfigOthersCanWriteIsRefusedInOneLine() throws {
        let path = tree.url.appendingPathComponent(".higlint.yaml").path
        chmod(path, 0o664)
        let outcome = try run(["check", "--config", ".higlint.yaml", "specs", "--fail-on", "never"])
        XCTAssertFalse(markerExists, "a group-writable config ran its plugin")
        XCTAssertEqual(
            outcome.stderr.split(separator: "\n").filter { $0.hasPrefix("higlint: error:") },
            ["higlint: error: .higlint.yaml is writable by its group (mode 0664); its external plugins are not run until `chmod go-w` makes it ours alone"])
        XCTAssertTrue(outcome.stdout.contains("[buttons.hit-target]"), "the review still runs: \(outcome.stdout)")
        chmod(path, 0o646)
        let world = try run(["check", "--config", ".higlint.yaml", "specs"])
        XCTAssertTrue(world.stderr.contains("is writable by everyone (mode 0646)"), world.stderr)
        XCTAssertFalse(markerExists)
        // Trusting it does not help: others could change it after the trust.
        chmod(path, 0o644)
        let directory = tree.url.path
        chmod(directory, 0o777)
        defer { chmod(directory, 0o755) }
        let loose = try run(["check", "--config", ".higlint.yaml", "specs"])
        XCTAssertTrue(loose.stderr.contains("which others can write (mode 0777)"), loose.stderr)
        XCTAssertFalse(markerExists)
    }

    func testRulesAndExplainStartNothingUnderAnUntrustedConfig() throws {
        let rules = try run(["rules"])
        XCTAssertEqual(rules.status, 0, rules.stderr)
        XCTAssertFalse(markerExists, "rules started the plugin of an untrusted config")
        XCTAssertTrue(rules.stdout.contains("plugin.untrusted"), rules.stdout)
        XCTAssertTrue(rules.stdout.contains("local.go-label"), rules.stdout)
        XCTAssertTrue(rules.stderr.contains("not run: this config came with the reviewed files"), rules.stderr)
        let explain = try run(["explain", "plugin.untrusted"])
        XCTAssertEqual(explain.status, 0, explain.stderr)
        XCTAssertFalse(markerExists)
    }

    /// A store others can write could hold their configs: nothing in it counts.
    func testAStoreOthersCanWriteTrustsNothing() throws {
        XCTAssertEqual(try run(["trust"]).status, 0)
        let store = tree.url.appendingPathComponent("xdg/higlint/trusted").path
        chmod(store, 0o666)
        let outcome = try run(["check", "specs", "--fail-on", "never"])
        XCTAssertFalse(markerExists)
        XCTAssertTrue(outcome.stdout.hasPrefix(Self.untrustedLine + "\n"), outcome.stdout)
        let trust = try run(["trust"])
        XCTAssertEqual(trust.status, 2)
        XCTAssertTrue(trust.stderr.contains("the trust store \(store) is not used"), trust.stderr)
    }

    /// JSON and SARIF carry the finding like any other, with the rule described.
    func testTheFindingIsInEveryFormat() throws {
        let json = try run(["check", "specs", "--format", "json", "--fail-on", "never"])
        XCTAssertTrue(json.stdout.contains("{\"file\": \".higlint.yaml\", \"line\": 2, \"column\": 3, \"rule\": \"plugin.untrusted\", \"severity\": \"warning\""), json.stdout)
        let sarif = try run(["check", "specs", "--format", "sarif", "--fail-on", "never"])
        XCTAssertTrue(sarif.stdout.contains("\"id\": \"plugin.untrusted\""), sarif.stdout)
        let off = try run(["check", "specs", "--fail-on", "never"], adding: [:])
        XCTAssertTrue(off.stdout.contains("plugin.untrusted"))
        try tree.write(".higlint.yaml", Self.config + "\nrules:\n  plugin.untrusted: off\n")
        let silenced = try run(["check", "specs", "--fail-on", "never"])
        XCTAssertEqual(silenced.status, 0, silenced.stderr)
        XCTAssertFalse(silenced.stdout.contains("plugin.untrusted"), silenced.stdout)
        XCTAssertFalse(markerExists)
    }
}

/// Writes into a directory others can write: links planted there are never written through.
final class PlantedLinkCLITests: XCTestCase {
    func testReportsAndOutputsReplaceALinkAtTheirPathAndNameAMissingDirectory() throws {
        let tree = try SpecTree()
        try tree.write("specs/a.yaml", "screen: Home\nelements:\n  - {id: go, type: button, label: Go, action: go, frame: [0, 100, 200, 30]}\n")
        let shared = tree.url.appendingPathComponent("shared").path
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
        chmod(shared, 0o1777)
        let victim = tree.url.appendingPathComponent("victim").path
        try "precious\n".write(toFile: victim, atomically: false, encoding: .utf8)
        XCTAssertEqual(symlink(victim, shared + "/report.json"), 0)
        XCTAssertEqual(symlink(victim, shared + "/report.sarif"), 0)
        let outcome = try HiglintProcess.run(
            ["check", "specs", "--format", "json", "-o", shared + "/report.json", "-o", "sarif=" + shared + "/report.sarif"],
            in: tree.url)
        XCTAssertEqual(outcome.status, 1, outcome.stderr)
        XCTAssertEqual(try String(contentsOfFile: victim, encoding: .utf8), "precious\n")
        for name in ["report.json", "report.sarif"] {
            var info = stat()
            XCTAssertEqual(lstat(shared + "/" + name, &info), 0)
            XCTAssertEqual(info.st_mode & S_IFMT, S_IFREG, name)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: shared).sorted(), ["report.json", "report.sarif"])

        let missing = try HiglintProcess.run(["check", "specs", "-o", "nowhere/report.json"], in: tree.url)
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(
            missing.stderr.contains("cannot create a file in nowhere: No such file or directory"), missing.stderr)
    }
}
