import Foundation
import TestSupport
import XCTest

/// The watcher under a config found in the watched tree: its external plugin does not run
/// and the live report says so as check does; trusted (and SIGHUP), it runs; edited, the
/// reload decides anew and it stops.
final class TrustWatchTests: XCTestCase {
    private var savedStore: String?

    private static let config = """
        plugins:
          external:
            - {name: house, command: [sh, -c, "touch MARKER && exec python3 \(IBTestFiles.housePlugin)"], timeout_ms: 5000}
        """

    override func setUp() {
        savedStore = ProcessInfo.processInfo.environment["XDG_CONFIG_HOME"]
    }

    override func tearDown() {
        if let savedStore { setenv("XDG_CONFIG_HOME", savedStore, 1) } else { unsetenv("XDG_CONFIG_HOME") }
    }

    func testTheWatcherStartsNothingUntilTrustedAndDecidesAgainAtEachReload() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else { throw XCTSkip("python3 is needed") }
        let workspace = try Workspace()
        // The daemon and the check it is compared with share this store, not the user's.
        setenv("XDG_CONFIG_HOME", workspace.at("xdg"), 1)
        try workspace.write(".higlint.yaml", Self.config)
        try workspace.write("tree/home.yaml", Specs.screen("Home"))
        let marker = workspace.at("MARKER")
        let daemon = try WatchDaemon(["tree"], in: workspace)
        let first = try daemon.waitForStart()
        XCTAssertTrue(first.contains("\"rule\": \"plugin.untrusted\""), first)
        XCTAssertTrue(daemon.log.contains("higlint: warning: .higlint.yaml:2:3: external plugin \"house\""), daemon.log)
        try daemon.assertMatchesCheck()
        XCTAssertFalse(FileManager.default.fileExists(atPath: marker), "the watcher ran an untrusted config's plugin")

        let trust = try Higlint.run([try Higlint.binary(for: []), "trust", ".higlint.yaml"], in: workspace.url)
        XCTAssertEqual(trust.status, 0, trust.stderr)
        daemon.signal(SIGHUP)
        try waitUntil("the trusted plugin to run; log: \(daemon.log)") { FileManager.default.fileExists(atPath: marker) }
        try waitUntil("the plugin's finding; log: \(daemon.log)") {
            (daemon.report ?? "").contains("house.analytics") || (daemon.report ?? "").contains("plugin.failed")
        }
        XCTAssertFalse((daemon.report ?? "").contains("plugin.untrusted"), daemon.report ?? "")
        try daemon.assertMatchesCheck()

        // An edit reloads the config, which is no longer the content that was trusted.
        unlink(marker)
        try workspace.write(".higlint.yaml", Self.config + "\n# edited\n")
        try waitUntil("plugin.untrusted again; log: \(daemon.log)") { (daemon.report ?? "").contains("plugin.untrusted") }
        try daemon.assertMatchesCheck()
        XCTAssertFalse(FileManager.default.fileExists(atPath: marker), "a changed config's plugin ran")
    }
}
