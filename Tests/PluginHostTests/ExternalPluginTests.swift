import Foundation
import HiglintCore
import HiglintPluginHost
import Synchronization
import TestSupport
import XCTest

/// External plugins through a real process: the Python fixture under Tests/Fixtures/plugins.
final class ExternalPluginTests: XCTestCase {
    static let fixture = IBTestFiles.housePlugin

    private final class Log: Sendable {
        private let lines = Mutex<[String]>([])
        func append(_ line: String) { lines.withLock { $0.append(line) } }
        var all: [String] { lines.withLock { $0 } }
    }

    private func host(_ arguments: [String] = [], timeout: Int = 5000, command: [String]? = nil, log: Log = Log()) throws -> PluginHost {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else { throw XCTSkip("python3 is needed") }
        var config = Config()
        config.externalPlugins = [
            ExternalPluginSettings(name: "house", command: command ?? ["python3", Self.fixture] + arguments, timeoutMilliseconds: timeout),
        ]
        config.baseDirectory = FileManager.default.temporaryDirectory.path
        return PluginHost(config, log: log.append)
    }

    private func review(_ files: [(String, String)], host: PluginHost, config: Config = Config()) -> [Finding] {
        let engine = Engine(plugins: host.enginePlugins, config: config)
        let results = files.map { engine.review(Array($0.1.utf8), file: SpecFile(path: $0.0, displayPath: $0.0)) }
        return engine.report(results).findings.filter { !$0.rule.hasPrefix("spec.") }
    }

    private func spec(_ name: String, _ elements: String = "  - {id: buy, type: button, frame: [0, 100, 200, 50]}\n") -> String {
        "screen: \(name)\nelements:\n" + elements
    }

    private func summary(_ findings: [Finding]) -> [String] {
        findings.map { "\($0.file):\($0.line):\($0.column) \($0.rule) \($0.severity) \($0.element ?? "-") \($0.message)" }
    }

    func testHappyPathFindingsLandOnElementsAndGoThroughTheConfig() throws {
        let host = try host()
        defer { host.shutdown() }
        let elements = "  - {id: buy, type: button, frame: [0, 100, 200, 50]}\n  - {type: text, label: Lorem ipsum, frame: [0, 200, 200, 20]}\n"
        XCTAssertEqual(summary(review([("a.yaml", spec("Home", elements))], host: host)), [
            "a.yaml:3:5 house.analytics warning buy button buy names no action",
            "a.yaml:4:5 house.no-lorem error elements[1] placeholder label",
        ])
        var config = Config()
        config.ruleSeverities = ["house.analytics": Severity?.none, "house.no-lorem": Severity.warning]
        XCTAssertEqual(summary(review([("a.yaml", spec("Home", elements))], host: host, config: config)), [
            "a.yaml:4:5 house.no-lorem warning elements[1] placeholder label",
        ])
        let ignored = spec("Home", elements) + "review: {ignore: [house]}\n"
        XCTAssertEqual(review([("a.yaml", ignored)], host: host), [])
        var off = Config()
        off.disabledPlugins = ["house"]
        XCTAssertEqual(review([("a.yaml", spec("Crash"))], host: host, config: off), [], "a plugin turned off is not asked")
        let onElement = spec("Home", "  - {id: buy, type: button, frame: [0, 100, 200, 50], ignore: [house.analytics]}\n")
        XCTAssertEqual(review([("a.yaml", onElement)], host: host), [], "an element's ignore list applies to a plugin's finding on it")
        let engine = Engine(plugins: host.enginePlugins, config: Config())
        XCTAssertEqual(engine.allRuleDescriptions.filter { $0.plugin == "house" }.map(\.id), ["house.analytics", "house.no-lorem"])
        XCTAssertEqual(engine.allRuleDescriptions.last?.id, PluginFailure.ruleID)
    }

    func testEveryFaultFailsItsFileOnlyAndTheReviewGoesOn() throws {
        let log = Log()
        let host = try host(timeout: 1000, log: log)
        defer { host.shutdown() }
        let files = ["Crash", "Hang", "Garbage", "Huge", "WrongID", "Outside", "Noisy"].enumerated().flatMap { index, name in
            [("\(index)-a.yaml", spec(name)), ("\(index)-b.yaml", spec("Fine\(index)"))]
        }
        let findings = review(files, host: host)
        let failed = findings.filter { $0.rule == PluginFailure.ruleID }
        XCTAssertEqual(failed.map(\.file), ["0-a.yaml", "1-a.yaml", "2-a.yaml", "3-a.yaml", "4-a.yaml", "5-a.yaml"])
        XCTAssertTrue(failed.allSatisfy { $0.severity == .error && $0.line == 1 && $0.message.hasPrefix("plugin \"house\" failed: ") })
        let reasons = failed.map(\.message)
        XCTAssertTrue(reasons[0].contains("crashed (exited with status 3)"), reasons[0])
        XCTAssertTrue(reasons[1].contains("did not answer within 1000 ms"), reasons[1])
        XCTAssertTrue(reasons[2].contains("not a JSON object: \"this is not JSON\""), reasons[2])
        XCTAssertTrue(reasons[3].contains("over 1 MiB"), reasons[3])
        XCTAssertTrue(reasons[4].contains("a request id that is not in flight"), reasons[4])
        XCTAssertTrue(reasons[5].contains("outside its prefix"), reasons[5])
        // Every other file, after each restart, has its own finding.
        let analytics = findings.filter { $0.rule == "house.analytics" }.map(\.file)
        XCTAssertEqual(analytics, ["0-b.yaml", "1-b.yaml", "2-b.yaml", "3-b.yaml", "4-b.yaml", "5-a.yaml", "5-b.yaml", "6-a.yaml", "6-b.yaml"])
        XCTAssertTrue(log.all.contains("plugin house: reviewing 6-a.yaml"), "\(log.all)")
    }

    /// A finding whose `element` is not text or whose `at` is not a position is dropped and
    /// fails its file, the other findings kept; `null` for either is as if it were absent.
    func testAMalformedFindingFailsItsFileAndTheOthersAreKept() throws {
        let host = try host()
        defer { host.shutdown() }
        let findings = review([("a.yaml", spec("BadAt")), ("b.yaml", spec("BadElement")), ("c.yaml", spec("NullElement"))], host: host)
        XCTAssertEqual(summary(findings), [
            "a.yaml:1:1 plugin.failed error - plugin \"house\" failed: a finding's \"at\" is not {\"line\": L, \"column\": C}, both whole numbers from 1",
            "a.yaml:3:5 house.analytics warning buy button buy names no action",
            "b.yaml:1:1 plugin.failed error - plugin \"house\" failed: a finding's \"element\" is not text",
            "b.yaml:3:5 house.analytics warning buy button buy names no action",
            "c.yaml:1:1 house.analytics warning - on the screen",
            "c.yaml:3:5 house.analytics warning buy button buy names no action",
        ])
    }

    /// A plugin that crashes on every file is restarted for each (after a growing pause),
    /// then given up after six faults in a row: the later files fail at once, with the reason,
    /// which is logged once rather than for each file.
    func testAPluginCrashingOnEveryFileIsRestartedThenGivenUp() throws {
        let log = Log()
        let host = try host(log: log)
        defer { host.shutdown() }
        let files = (0..<8).map { ("\($0).yaml", spec("Crash")) }
        let findings = review(files, host: host)
        XCTAssertEqual(findings.map(\.file), files.map(\.0))
        XCTAssertTrue(findings.allSatisfy { $0.rule == PluginFailure.ruleID }, "\(findings)")
        let crashed = "plugin \"house\" failed: it crashed (exited with status 3)"
        let givenUp = "plugin \"house\" failed: it was given up after 6 faults in a row (the last: it crashed (exited with status 3))"
        XCTAssertEqual(findings.map(\.message), Array(repeating: crashed, count: 6) + [givenUp, givenUp])
        XCTAssertEqual(log.all.filter { $0.contains("given up") }.count, 1, "\(log.all)")
    }

    /// An ignore entry that suppresses a plugin's finding is used; one that suppresses nothing is reported unused.
    func testIgnoreEntriesForPluginRulesCountAsUsed() throws {
        let host = try host()
        defer { host.shutdown() }
        let engine = Engine(plugins: host.enginePlugins, config: Config())
        let spec = self.spec("Home") + "review: {ignore: [house.analytics, house.no-lorem]}\n"
        let findings = engine.report([engine.review(Array(spec.utf8), file: SpecFile(path: "a.yaml", displayPath: "a.yaml"))]).findings
        XCTAssertEqual(findings.filter { $0.rule.hasPrefix("house.") }, [])
        let unused = findings.filter { $0.rule == "spec.unused-ignore" }
        XCTAssertEqual(unused.count, 1, "\(findings)")
        XCTAssertTrue(unused.first?.message.contains("house.no-lorem") ?? false, "\(unused)")
    }

    /// On every core at once, many files in flight: a fault still fails exactly the file
    /// that causes it, whichever others were in flight with it.
    func testInParallelOnlyTheFaultyFilesFail() throws {
        let host = try host(timeout: 1000)
        defer { host.shutdown() }
        let engine = Engine(plugins: host.enginePlugins, config: Config())
        // Enough files for several chunks of `ParallelReview` (32 files each when a plugin is asked), a fault in three of them.
        let faults = [17: "Crash", 61: "Hang", 105: "Garbage"]
        let names = (0..<128).map { faults[$0] ?? "Screen\($0)" }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("plugins-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var files: [SpecFile] = []
        for (index, name) in names.enumerated() {
            let path = directory.appendingPathComponent(String(format: "%03d.yaml", index)).path
            // Two screens a file, the fault in the first: the second is sent while the first is in flight.
            try (spec(name) + "---\n" + spec("Second\(index)")).write(toFile: path, atomically: false, encoding: .utf8)
            files.append(SpecFile(path: path, displayPath: String(format: "%03d.yaml", index)))
        }
        let findings = engine.report(ParallelReview.review(files, with: engine)).findings
        XCTAssertEqual(findings.filter { $0.rule == PluginFailure.ruleID }.map(\.file), ["017.yaml", "061.yaml", "105.yaml"])
        XCTAssertEqual(findings.filter { $0.rule == "house.analytics" }.count, 125 * 2)
    }

    func testAPluginThatCannotStartFailsEveryFile() throws {
        for (arguments, reason) in [(["--exit-at-hello"], "exited with status 1 before saying hello"), (["--old-protocol"], "speaks protocol 0, not 1")] {
            let host = try host(arguments)
            let findings = review([("a.yaml", spec("Home")), ("b.yaml", spec("Other"))], host: host)
            XCTAssertEqual(findings.map(\.file), ["a.yaml", "b.yaml"])
            XCTAssertTrue(findings.allSatisfy { $0.rule == PluginFailure.ruleID && $0.message.contains(reason) }, "\(findings)")
        }
        let missing = try host(command: ["/nonexistent/plugin"])
        let findings = review([("a.yaml", spec("Home"))], host: missing)
        XCTAssertEqual(findings.map(\.message), ["plugin \"house\" failed: it failed to start: could not start /nonexistent/plugin: No such file or directory"])
    }

    /// The parent-death signal follows the thread that started the plugin, not the process:
    /// a plugin started (or restarted) on a worker thread that then exits must live on.
    func testAPluginOutlivesTheThreadThatStartedIt() throws {
        let pidFile = FileManager.default.temporaryDirectory.appendingPathComponent("plugin-\(UUID().uuidString).pid")
        defer { try? FileManager.default.removeItem(at: pidFile) }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else { throw XCTSkip("python3 is needed") }
        final class Start: @unchecked Sendable {
            let make: () -> PluginHost?
            var host: PluginHost?
            init(_ make: @escaping () -> PluginHost?) { self.make = make }
        }
        let start = Start { try? self.host(["--pid-file", pidFile.path]) }
        let context = Unmanaged.passRetained(start).toOpaque()
        var thread = pthread_t()
        XCTAssertEqual(pthread_create(&thread, nil, { context in
            guard let context else { return nil }
            let start = Unmanaged<Start>.fromOpaque(context).takeRetainedValue()
            start.host = start.make()
            return nil
        }, context), 0)
        XCTAssertEqual(pthread_join(thread, nil), 0)
        let host = try XCTUnwrap(start.host)
        defer { host.shutdown() }
        let pid = try XCTUnwrap(Int32(String(contentsOf: pidFile, encoding: .utf8)))
        XCTAssertEqual(summary(review([("a.yaml", spec("Home"))], host: host)), ["a.yaml:3:5 house.analytics warning buy button buy names no action"])
        // Answered by the process the exited thread started, which still runs: no restart rewrote the pid file.
        XCTAssertEqual(try String(contentsOf: pidFile, encoding: .utf8), String(pid))
        XCTAssertEqual(kill(pid, 0), 0)
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        XCTAssertFalse(stat.contains(") Z "), stat)
    }

    func testShutdownEndsTheProcess() throws {
        let pidFile = FileManager.default.temporaryDirectory.appendingPathComponent("plugin-\(UUID().uuidString).pid")
        defer { try? FileManager.default.removeItem(at: pidFile) }
        let host = try host(["--pid-file", pidFile.path])
        let pid = try XCTUnwrap(Int32(String(contentsOf: pidFile, encoding: .utf8)))
        XCTAssertEqual(kill(pid, 0), 0)
        host.shutdown()
        // Reaped by the shutdown: the pid names no process of ours any more.
        XCTAssertEqual(waitpid(pid, nil, WNOHANG), -1)
    }
}
