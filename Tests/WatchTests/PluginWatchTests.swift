import Foundation
import TestSupport
import XCTest

/// External plugins and custom rules under `higlint watch`: the live report equals check's,
/// a plugin fault fails only its file, SIGHUP restarts an edited plugin, and the plugin
/// does not outlive the daemon.
final class PluginWatchTests: XCTestCase {
    static let fixture = URL(fileURLWithPath: IBTestFiles.housePlugin)

    private static let config = """
        plugins:
          external:
            - {name: house, command: [python3, tools/house.py, --pid-file, plugin.pid], timeout_ms: 2000}
        custom_rules:
          local.go-label:
            summary: The go button says Go.
            where: {id: go}
            require: {label: {equals: Start}}
            message: "go says {label}"
        """

    private func workspace() throws -> Workspace {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else { throw XCTSkip("python3 is needed") }
        let workspace = try Workspace()
        try workspace.mkdir("tools")
        try workspace.write("tools/house.py", String(contentsOf: Self.fixture, encoding: .utf8))
        try workspace.write(".higlint.yaml", Self.config)
        try workspace.write("tree/home.yaml", Specs.screen("Home"))
        try workspace.write("tree/detail.yaml", Specs.screen("Detail"))
        return workspace
    }

    private func pluginPID(_ workspace: Workspace) -> Int32? {
        workspace.read("plugin.pid").flatMap { Int32($0) }
    }

    func testTheLiveReportCarriesPluginAndCustomFindingsAndAFaultFailsOneFile() throws {
        let workspace = try workspace()
        let daemon = try WatchDaemon(["tree", "--config", ".higlint.yaml"], in: workspace)
        try daemon.waitForStart()
        try daemon.assertMatchesCheck()
        let report = daemon.report ?? ""
        XCTAssertTrue(report.contains("button go names no action"), report)
        XCTAssertTrue(report.contains("go says Go"), report)

        try workspace.write("tree/home.yaml", Specs.screen("Crash"))
        try waitUntil("plugin.failed in the report; log: \(daemon.log)") { daemon.report?.contains("plugin.failed") ?? false }
        let failing = daemon.report ?? ""
        XCTAssertTrue(failing.contains("crashed (exited with status 3)"), failing)
        XCTAssertEqual(failing.components(separatedBy: "\"plugin.failed\"").count - 1, 1, failing)
        // The other file keeps its plugin finding, from the restarted plugin.
        XCTAssertTrue(failing.contains("\"tree/detail.yaml\""), failing)
        XCTAssertTrue(failing.contains("button go names no action"), failing)
        try daemon.assertMatchesCheck()
    }

    /// Each fault in turn, on one file of a running daemon: that file gets plugin.failed
    /// with the reason, the other keeps its plugin finding, and the report equals check's.
    func testEveryFaultFailsOnlyItsFileInTheLiveReport() throws {
        let workspace = try workspace()
        try workspace.write(".higlint.yaml", Self.config.replacingOccurrences(of: "timeout_ms: 2000", with: "timeout_ms: 1000"))
        let daemon = try WatchDaemon(["tree", "--config", ".higlint.yaml"], in: workspace)
        try daemon.waitForStart()
        let faults = [
            ("Crash", "crashed (exited with status 3)"), ("Hang", "did not answer within 1000 ms"),
            ("Garbage", "not a JSON object"), ("Huge", "over 1 MiB"), ("WrongID", "a request id that is not in flight"),
            ("Outside", "outside its prefix"), ("CloseOutput", "crashed (closed its output)"),
        ]
        for (name, reason) in faults {
            try workspace.write("tree/home.yaml", Specs.screen(name))
            try waitUntil("\(name): \(reason) in the report; log: \(daemon.log)") { daemon.report?.contains(reason) ?? false }
            let report = daemon.report ?? ""
            XCTAssertEqual(report.components(separatedBy: "\"plugin.failed\"").count - 1, 1, report)
            XCTAssertTrue(report.contains("{\"file\": \"tree/home.yaml\", \"line\": 1, \"column\": 1, \"rule\": \"plugin.failed\""), report)
            XCTAssertTrue(report.contains("button go names no action"), "detail.yaml keeps its finding: \(report)")
            try daemon.assertMatchesCheck()
        }
        // Far more stderr than a pipe holds: logged, prefixed, and no fault.
        try workspace.write("tree/home.yaml", Specs.screen("Shout"))
        try daemon.waitForLog("plugin house: shout 3999 ")
        try waitUntil("the fault gone; log: \(daemon.log)") { !(daemon.report?.contains("plugin.failed") ?? true) }
        try daemon.assertMatchesCheck()
    }

    /// A hello of another protocol, then (the config edited, SIGHUP) no hello at all: each
    /// fails every file of the live report, and the custom rule still reports.
    func testAPluginWithABadOrNoHelloFailsEachFile() throws {
        let workspace = try workspace()
        let old = Self.config.replacingOccurrences(of: "--pid-file, plugin.pid", with: "--old-protocol")
        try workspace.write(".higlint.yaml", old)
        let daemon = try WatchDaemon(["tree", "--config", ".higlint.yaml"], in: workspace)
        try daemon.waitForStart()
        let report = daemon.report ?? ""
        XCTAssertEqual(report.components(separatedBy: "it failed to start: it speaks protocol 0, not 1").count - 1, 2, report)
        XCTAssertTrue(report.contains("go says Go"), report)
        try daemon.assertMatchesCheck()

        try workspace.write(".higlint.yaml", Self.config.replacingOccurrences(of: "--pid-file, plugin.pid", with: "--no-hello"))
        daemon.signal(SIGHUP)
        try waitUntil("no hello in the report; log: \(daemon.log)") {
            (daemon.report ?? "").components(separatedBy: "it did not say hello within 10000 ms").count - 1 == 2
        }
        XCTAssertTrue(daemon.report?.contains("go says Go") ?? false, daemon.report ?? "")
    }

    /// A plugin that cannot start fails each file of the live report while the custom rule
    /// still reports; the config fixed and SIGHUP sent, the plugin runs and the failures go.
    func testAPluginThatFailsToStartFailsEachFileUntilTheFixedConfigIsReloaded() throws {
        let workspace = try workspace()
        let broken = Self.config.replacingOccurrences(of: "[python3, tools/house.py, --pid-file, plugin.pid]", with: "[/nonexistent/house]")
        XCTAssertNotEqual(broken, Self.config)
        try workspace.write(".higlint.yaml", broken)
        let daemon = try WatchDaemon(["tree", "--config", ".higlint.yaml"], in: workspace)
        try daemon.waitForStart()
        let failing = daemon.report ?? ""
        XCTAssertEqual(failing.components(separatedBy: "\"plugin.failed\"").count - 1, 2, failing)
        XCTAssertTrue(failing.contains("it failed to start: could not start /nonexistent/house"), failing)
        XCTAssertTrue(failing.contains("go says Go"), failing)
        XCTAssertFalse(failing.contains("names no action"), failing)
        try daemon.assertMatchesCheck()

        try workspace.write(".higlint.yaml", Self.config)
        daemon.signal(SIGHUP)
        try daemon.waitForLog("config reloaded")
        try waitUntil("the plugin's findings, no failure; report: \(daemon.report ?? "")") {
            let report = daemon.report ?? ""
            return report.contains("button go names no action") && !report.contains("plugin.failed")
        }
        XCTAssertNotNil(pluginPID(workspace))
        try daemon.assertMatchesCheck()
    }

    /// A storyboard in the tree: the plugin's and the custom rule's findings land on its
    /// button, and follow its edits, as check reports them.
    func testAStoryboardGetsPluginAndCustomFindingsOnItsElements() throws {
        let workspace = try workspace()
        func storyboard(title: String) -> String { IBTestFiles.storyboard(screen: "Shop", title: title) }
        try workspace.write("tree/Main.storyboard", storyboard(title: "Go"))
        let daemon = try WatchDaemon(["tree", "--config", ".higlint.yaml"], in: workspace)
        try daemon.waitForStart()
        let report = daemon.report ?? ""
        let onButton = "{\"file\": \"tree/Main.storyboard\", \"line\": 11, \"column\": 29, \"rule\": "
        XCTAssertTrue(report.contains(onButton + "\"house.analytics\""), report)
        XCTAssertTrue(report.contains(onButton + "\"local.go-label\""), report)
        XCTAssertFalse(report.contains("plugin.failed"), report)
        try daemon.assertMatchesCheck()

        try workspace.write("tree/Main.storyboard", storyboard(title: "Start"))
        try waitUntil("the custom finding gone; report: \(daemon.report ?? "")") {
            !(daemon.report?.contains(onButton + "\"local.go-label\"") ?? true)
        }
        XCTAssertTrue(daemon.report?.contains(onButton + "\"house.analytics\"") ?? false, daemon.report ?? "")
        try daemon.assertMatchesCheck()
    }

    func testSIGHUPRestartsAnEditedPluginAndThePluginDiesWithTheDaemon() throws {
        let workspace = try workspace()
        let daemon = try WatchDaemon(["tree", "--config", ".higlint.yaml"], in: workspace)
        try daemon.waitForStart()
        let first = try XCTUnwrap(pluginPID(workspace))

        let edited = try String(contentsOf: Self.fixture, encoding: .utf8).replacingOccurrences(of: "names no action", with: "has no action")
        try workspace.write("tools/house.py", edited)
        daemon.signal(SIGHUP)
        try daemon.waitForLog("config reloaded")
        try waitUntil("the edited plugin's message; report: \(daemon.report ?? "")") {
            daemon.report?.contains("button go has no action") ?? false
        }
        try waitUntil("the first plugin process to be gone") { !Self.isRunning(first) }
        let second = try XCTUnwrap(pluginPID(workspace))
        XCTAssertNotEqual(first, second)

        // No shutdown message can be sent when the daemon is killed: the parent-death signal ends the plugin.
        daemon.signal(SIGKILL)
        _ = try daemon.waitForExit()
        try waitUntil("the plugin to die with the daemon") { !Self.isRunning(second) }
    }

    /// Alive and not a zombie (an orphan's zombie may wait for a reaper that never comes in a container).
    private static func isRunning(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")")
        else { return false }
        return stat[stat.index(after: close)...].split(separator: " ").first != "Z"
    }
}
