import Foundation
import HiglintCore
import HiglintPlugins
import TestSupport
import XCTest

/// Reports built in-process from YAML, the way `higlint check` builds them.
enum Reports {
    static var rules: [RuleDescription] { CoreRules.descriptions(with: BuiltinPlugins.all) }

    static func report(_ files: [String: String], config: Config = Config()) -> Report {
        let engine = Engine(plugins: BuiltinPlugins.all, config: config)
        let results = files.keys.sorted().map { name in
            engine.review(Array(files[name, default: ""].utf8), file: SpecFile(path: name, displayPath: name))
        }
        return engine.report(results)
    }

    static func options(failOn: Severity? = .error, sourceRoot: String? = "/work/app") -> ReportRenderOptions {
        ReportRenderOptions(rules: rules, failOn: failOn, sourceRoot: sourceRoot)
    }

    static func render(_ report: Report, _ format: ReportFormat, failOn: Severity? = .error) -> String {
        format.render(report, options: options(failOn: failOn))
    }

    /// A small app with a finding of each severity, a project finding and a file that does not parse.
    static let app: [String: String] = [
        "app/home.yaml": """
            screen: Home
            navigation_bar:
              title: Home
              items:
                - {id: edit, type: button, action: edit, icon: system:edit, frame: [320, 20, 30, 30]}
            elements:
              - {id: save, type: button, label: Save, frame: [16, 100, 40, 40]}
              - {id: body, type: text, label: Hello, frame: [16, 160, 200, 20], font: {size: 15, weight: light}}
            """,
        "app/detail.yaml": """
            screen: Detail
            parent: Nowhere
            elements:
              - {id: ok, type: button, label: OK, frame: [16, 100, 120, 44]}
            """,
        "app/broken.yaml": "screen: Broken\nelements: [\n",
    ]

    /// The repository's root, from this file's path.
    static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// `../shared` beside the repository, where the product contract lives on the development machine.
    static var shared: URL { repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared") }
}

/// A temporary directory, removed after the test.
final class TempDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("higlint-report-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    @discardableResult
    func write(_ relativePath: String, _ contents: String) throws -> URL {
        let file = url.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try contents.write(to: file, atomically: false, encoding: .utf8)
        return file
    }

    func read(_ relativePath: String) throws -> String {
        try String(contentsOf: url.appendingPathComponent(relativePath), encoding: .utf8)
    }
}

/// Runs programs: the built `higlint`, the Python consumers, Chromium.
enum Tool {
    typealias Outcome = ProcessOutcome

    /// Runs `executable` to the end. A hung child is killed after `timeout`
    /// seconds, a generous bound that only a broken tool reaches.
    @discardableResult
    static func run(
        _ executable: URL, _ arguments: [String], in directory: URL? = nil, environment: [String: String]? = nil,
        timeout: Double = 300
    ) throws -> Outcome {
        try ChildProcess.run(executable, arguments, in: directory, environment: environment, timeout: timeout)
    }

    /// The built binary: beside the test bundle, or `HIGLINT_BINARY`.
    static func higlint() throws -> URL { try HiglintBinary.url() }

    static func higlint(_ arguments: [String], in directory: URL) throws -> Outcome {
        try run(try higlint(), arguments, in: directory)
    }

    /// The program `name` on PATH.
    static func onPath(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// `python3` (or `HIGLINT_PYTHON`) with the given modules importable. A
    /// missing one fails the test with the command that installs it: a format
    /// check that silently does not run would prove nothing.
    static func python(modules: [String]) throws -> URL {
        let override = ProcessInfo.processInfo.environment["HIGLINT_PYTHON"]
        guard let python = override.map({ URL(fileURLWithPath: $0) }) ?? onPath("python3") else {
            throw MissingTool(description: "python3 is not on PATH; run `make test-deps`")
        }
        let check = try run(python, ["-c", "import " + modules.joined(separator: ", ")])
        if check.status != 0 {
            throw MissingTool(
                description: "\(python.path) cannot import \(modules.joined(separator: ", ")); run `make test-deps`, which pip-installs them into this python3: \(check.stderr)")
        }
        return python
    }

    /// Debian's `chromium`. Missing, it fails the test with the install command.
    static func chromium() throws -> URL {
        let override = ProcessInfo.processInfo.environment["HIGLINT_CHROMIUM"]
        guard let chromium = override.map({ URL(fileURLWithPath: $0) }) ?? onPath("chromium") ?? onPath("chromium-browser") else {
            throw MissingTool(description: "chromium is not installed; run `make test-deps` (it installs Debian's chromium package)")
        }
        return chromium
    }
}

extension Tool {
    /// Node.js: `node`, or `nodejs` as some Debian releases name it (package `nodejs`).
    static func node() throws -> URL {
        let override = ProcessInfo.processInfo.environment["HIGLINT_NODE"]
        guard let node = override.map({ URL(fileURLWithPath: $0) }) ?? onPath("node") ?? onPath("nodejs") else {
            throw MissingTool(description: "node is not installed; run `make test-deps` (it installs Debian's nodejs package)")
        }
        return node
    }
}

/// A consumer a test needs is not installed: the test fails and says how to install it.
struct MissingTool: Error, CustomStringConvertible {
    var description: String
}

/// Headless Chromium on a local file: its DOM after the scripts ran, or a screenshot.
enum Browser {
    struct Page {
        var dom: String
        /// Console messages and uncaught errors the page produced.
        var console: [String]
    }

    private static func arguments(_ profile: URL) -> [String] {
        [
            "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
            "--user-data-dir=\(profile.path)", "--enable-logging=stderr", "--v=0", "--hide-scrollbars",
            // Timers and the observer that draws more cards get their chance before the DOM is read.
            "--virtual-time-budget=5000",
        ]
    }

    /// Chromium's own temporary files (its singleton socket's directory) in the profile, which
    /// the test removes: in /tmp, each run left one behind.
    private static func environment(_ profile: URL) -> [String: String] {
        ProcessInfo.processInfo.environment.merging(["TMPDIR": profile.path]) { _, profile in profile }
    }

    static func load(_ page: URL, extraArguments: [String] = []) throws -> Page {
        let chromium = try Tool.chromium()
        let profile = try TempDirectory()
        let outcome = try Tool.run(chromium, arguments(profile.url) + extraArguments + ["--dump-dom", page.absoluteString],
                                   environment: environment(profile.url))
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        return Page(dom: outcome.stdout, console: consoleLines(outcome.stderr))
    }

    static func screenshot(_ page: URL, to png: URL, width: Int = 1280, height: Int = 1800) throws -> [String] {
        let chromium = try Tool.chromium()
        let profile = try TempDirectory()
        let outcome = try Tool.run(
            chromium, arguments(profile.url) + ["--window-size=\(width),\(height)", "--screenshot=\(png.path)", page.absoluteString],
            environment: environment(profile.url))
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        return consoleLines(outcome.stderr)
    }

    /// Chromium logs each console message and uncaught error as a `CONSOLE` line.
    private static func consoleLines(_ stderr: String) -> [String] {
        stderr.split(separator: "\n").filter { $0.contains(":CONSOLE") }.map(String.init)
    }
}
