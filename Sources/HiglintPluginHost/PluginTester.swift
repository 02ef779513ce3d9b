import HiglintCore
import Synchronization

/// `higlint plugin test`: runs a plugin through the protocol on sample screens and lists
/// every way it breaks the protocol, so that a plugin author sees them before a review does.
public enum PluginTester {
    public struct Report: Sendable {
        /// What went well, in order.
        public var passed: [String] = []
        /// Each break of the protocol, in order.
        public var problems: [String] = []
        /// The plugin's stderr, prefixed with its name.
        public var log: [String] = []
    }

    /// Sample files, each of one or more screens, that touch every part of the screen JSON.
    static let samples: [(file: String, spec: String)] = [
        ("samples/home.yaml", """
            screen: Home
            device: iphone
            navigation_bar:
              title: Home
              items:
                - {id: edit, type: button, action: edit, icon: system:edit, frame: [319, 20, 44, 44]}
            tab_bar:
              tabs:
                - {title: Home, icon: system:house, badge: 3}
                - {title: Search, icon: system:magnifyingglass}
            elements:
              - {id: title, type: text, label: Welcome, font: {style: title1}, frame: [16, 100, 343, 40]}
              - {id: buy, type: button, role: primary, label: Buy, frame: [16, 600, 343, 44]}
              - id: list
                type: list
                scroll: vertical
                frame: [0, 160, 375, 400]
                children:
                  - {type: text, label: Lorem ipsum, font: {size: 11, weight: heavy}, frame: [16, 170, 200, 20]}
                  - {type: button, label: More, frame: [16, 200, 30, 30], ignore: [buttons.hit-target]}
            """),
        ("samples/two-screens.yaml", """
            screen: Login
            kind: login
            login: {required: on-action, explanation: Sign in to save your lists., methods: [apple, email]}
            elements:
              - {id: email, type: text-field, label: Email, frame: [16, 200, 343, 44]}
            ---
            screen: Empty
            parent: Home
            elements: []
            """),
    ]

    /// Runs `command` (in `directory`) as the plugin `name`, or, without one, as the plugin
    /// its hello's first rule names.
    public static func run(_ command: [String], name: String?, directory: String, timeoutMilliseconds: Int = 5000) -> Report {
        var report = Report()
        let log = LogLines()
        let settings = ExternalPluginSettings(name: name ?? "", command: command, timeoutMilliseconds: timeoutMilliseconds)
        let plugin = ExternalPlugin(settings, directory: directory, log: log.append)
        let name = plugin.name
        if let failure = plugin.startFailure {
            report.problems.append(failure)
            report.log = log.all
            return report
        }
        report.passed.append("hello: protocol 1, \(counted(plugin.ruleDescriptions.count, "rule")) under \(quoted(name + ".*"))")
        for rule in plugin.ruleDescriptions {
            if rule.summary.nonBlank == nil { report.problems.append("rule \(quoted(rule.id)) has no summary") }
            if rule.hint.nonBlank == nil { report.problems.append("rule \(quoted(rule.id)) has no hint") }
        }
        let engine = Engine(plugins: [plugin.plugin], config: Config(), wireframes: false)
        for sample in samples {
            let result = engine.review(Array(sample.spec.utf8), file: SpecFile(path: sample.file, displayPath: sample.file))
            let failures = result.findings.filter { $0.rule == PluginFailure.ruleID }
            if failures.isEmpty {
                let count = result.findings.filter { $0.rule.hasPrefix(name + ".") }.count
                report.passed.append("\(sample.file): answered every screen (\(counted(count, "finding")))")
            } else {
                report.problems += failures.map { "\(sample.file): \($0.message)" }
            }
        }
        if !plugin.shutdown() { report.problems.append("it did not exit within a second of the shutdown message") } else {
            report.passed.append("shutdown: it exited")
        }
        report.log = log.all
        return report
    }

}

private final class LogLines: Sendable {
    private let lines = Mutex<[String]>([])

    func append(_ line: String) { lines.withLock { $0.append(line) } }

    var all: [String] { lines.withLock { $0 } }
}
