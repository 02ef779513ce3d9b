import Glibc
import HiglintCore
import Synchronization

/// An external plugin: one long-lived process that speaks protocol version 1 (docs/plugins.md).
///
/// Files are reviewed one at a time per plugin, each file's screens in flight together: a
/// plugin is one process, so it gains nothing from more, and a fault is then always the
/// fault of the file being reviewed, which gets one `plugin.failed` finding and nothing
/// else is lost. After a crash, a hang or a broken line the process is killed and the next
/// file starts a new one, after a back-off that doubles with each fault in a row; after
/// `maxRestarts` faults in a row it is given up for the rest of the run.
public final class ExternalPlugin: FileReviewer {
    public static let protocolVersion = 1
    static let maxRestarts = 5

    public let settings: ExternalPluginSettings
    public let ruleDescriptions: [RuleDescription]
    /// Why the plugin could not start, when it could not; every file then gets `plugin.failed`.
    public let startFailure: String?
    private let directory: String
    private let log: @Sendable (String) -> Void
    private let state: Mutex<State>

    private struct State: ~Copyable {
        var process: PluginProcess?
        var nextID = 1
        var faultsInARow = 0
        var givenUp: String?
    }

    /// Starts the process and reads its hello; `directory` is where it runs (the config's).
    public init(_ settings: ExternalPluginSettings, directory: String, log: @escaping @Sendable (String) -> Void) {
        self.settings = settings
        self.directory = directory
        self.log = log
        let name = settings.name
        switch Self.launch(settings, directory: directory, log: log) {
        case .success(let (process, rules)):
            ruleDescriptions = rules
            startFailure = nil
            state = Mutex(State(process: process))
        case .failure(let reason):
            log("higlint: plugin \(name): \(reason)")
            ruleDescriptions = []
            startFailure = "it failed to start: \(reason)"
            state = Mutex(State(givenUp: "it failed to start: \(reason)"))
        }
    }

    /// The plugin as the engine takes it.
    public var plugin: Plugin {
        Plugin(name: settings.name, summary: "external plugin: \(settings.command.joined(separator: " "))", screenRules: [],
               reviewers: [self])
    }

    /// Asks it to exit, and kills it if it has not within a second. Whether it exited
    /// on its own (true when it was not running).
    @discardableResult
    public func shutdown() -> Bool {
        state.withLock { state in
            guard let process = state.process else { return true }
            process.send(#"{"type":"shutdown"}"#)
            let exited = process.finish(until: ContinuousClock.now + .seconds(1))
            state.process = nil
            state.givenUp = "it was shut down"
            return exited
        }
    }

    deinit {
        shutdown()
    }

    // MARK: - Reviewing

    public func review(_ screens: [Screen], file: String, enabled: Set<String>, in context: RuleContext) -> [RuleViolation] {
        state.withLock { state in
            let outcome = exchange(screens, file: file, &state)
            if let fault = outcome.fault {
                log("higlint: plugin \(settings.name): \(file): \(fault)")
                let failure = Violation(message: "plugin \(quoted(settings.name)) failed: \(fault)", at: screens[0].marks.map)
                return outcome.violations.filter { enabled.contains($0.rule) }
                    + [RuleViolation(rule: PluginFailure.ruleID, screen: 0, failure)]
            }
            return outcome.violations.filter { enabled.contains($0.rule) }
        }
    }

    private struct Outcome {
        var violations: [RuleViolation] = []
        /// The first way the plugin broke the protocol on this file.
        var fault: String?
    }

    private func exchange(_ screens: [Screen], file: String, _ state: inout State) -> Outcome {
        if let reason = state.givenUp { return Outcome(fault: reason) }
        if state.process == nil {
            // A growing pause before each restart, so a plugin that crashes at once is not restarted in a loop.
            let pause = Duration.milliseconds(50 << min(state.faultsInARow, 6))
            if pause > .zero { sleep(for: pause) }
            switch Self.launch(settings, directory: directory, log: log) {
            case .success(let (process, rules)):
                if rules.map({ $0.id }) != ruleDescriptions.map({ $0.id }) {
                    process.kill()
                    return giveUp("it declared other rules when restarted", &state)
                }
                state.process = process
            case .failure(let reason):
                return giveUp("it could not be restarted: \(reason)", &state)
            }
        }
        guard let process = state.process else { return Outcome(fault: "it is not running") }
        var pending: [Int: Int] = [:]
        for (index, screen) in screens.enumerated() {
            let id = state.nextID
            state.nextID += 1
            pending[id] = index
            process.send(#"{"type":"review","id":\#(id),"file":\#(JSONText.string(file)),"screen":\#(ScreenJSON.render(screen))}"#)
        }
        let deadline = ContinuousClock.now + .milliseconds(settings.timeoutMilliseconds) * screens.count
        var outcome = Outcome()
        var broken: String?
        while !pending.isEmpty, broken == nil {
            switch process.next(until: deadline) {
            case .timedOut: broken = "it did not answer within \(settings.timeoutMilliseconds) ms a screen"
            case .lineTooLong: broken = "it printed a line over 1 MiB"
            case .exited(let how): broken = "it crashed (\(how))"
            case .line(let bytes):
                guard let message = JSONValue.parse(bytes), message.isObject else {
                    broken = "it printed a line that is not a JSON object: \(quoted(String(decoding: bytes.prefix(80), as: UTF8.self)))"
                    break
                }
                guard message["type"]?.string == "findings" else {
                    broken = "it sent \(quoted(message["type"]?.string ?? "a message without a type")) where findings were expected"
                    break
                }
                guard let id = message["id"]?.integer, let index = pending.removeValue(forKey: id) else {
                    broken = "it answered request \(message["id"].map(Self.describe) ?? "without an id"), which is not one in flight"
                    break
                }
                let read = violations(in: message, screen: screens[index], index: index)
                outcome.violations += read.violations
                if outcome.fault == nil { outcome.fault = read.fault }
            }
        }
        if let broken {
            process.kill()
            state.process = nil
            state.faultsInARow += 1
            if state.faultsInARow > Self.maxRestarts {
                state.givenUp = "it was given up after \(Self.maxRestarts + 1) faults in a row (the last: \(broken))"
            }
            outcome.fault = broken
        } else {
            state.faultsInARow = 0
        }
        return outcome
    }

    private func giveUp(_ reason: String, _ state: inout State) -> Outcome {
        state.givenUp = reason
        return Outcome(fault: reason)
    }

    /// The findings of one answer; a finding the protocol does not allow is left out and named as the fault.
    private func violations(in message: JSONValue, screen: Screen, index: Int) -> Outcome {
        guard let findings = message["findings"]?.array else {
            return Outcome(fault: "its answer has no \"findings\" list")
        }
        var outcome = Outcome()
        let prefix = settings.name + "."
        let declared = Set(ruleDescriptions.map(\.id))
        for finding in findings {
            guard let rule = finding["rule"]?.string, let text = finding["message"]?.string else {
                outcome.fault = outcome.fault ?? "a finding lacks its \"rule\" or \"message\" text"
                continue
            }
            guard rule.hasPrefix(prefix) else {
                outcome.fault = outcome.fault ?? "it named the rule \(quoted(rule)), outside its prefix \(quoted(prefix + "*"))"
                continue
            }
            guard declared.contains(rule) else {
                outcome.fault = outcome.fault ?? "it named the rule \(quoted(rule)), which its hello did not declare"
                continue
            }
            var violation = Violation(message: text, at: screen.marks.map, suppressed: [])
            if let name = finding["element"]?.string {
                guard let element = screen.allElements.first(where: { $0.path == name || $0.id == name }) else {
                    outcome.fault = outcome.fault ?? "it named the element \(quoted(name)), which the screen does not have"
                    continue
                }
                violation = Violation(message: text, on: element)
            }
            if let at = finding["at"], let line = at["line"]?.integer, let column = at["column"]?.integer, line > 0, column > 0 {
                violation.mark = Mark(line: line, column: column)
            }
            outcome.violations.append(RuleViolation(rule: rule, screen: index, violation))
        }
        return outcome
    }

    private static func describe(_ value: JSONValue) -> String {
        switch value {
        case .number(let number): return formatPoints(number)
        case .string(let text): return quoted(text)
        default: return "of the wrong type"
        }
    }

    // MARK: - Starting

    /// Starts the process and reads its hello: the rules it declares, each under its prefix.
    static func launch(
        _ settings: ExternalPluginSettings, directory: String, log: @escaping @Sendable (String) -> Void
    ) -> Result<(PluginProcess, [RuleDescription]), PluginFault> {
        let name = settings.name
        let process: PluginProcess
        switch PluginProcess.start(settings.command, in: directory, log: { log("plugin \(name): \($0)") }) {
        case .success(let started): process = started
        case .failure(let reason): return .failure(reason)
        }
        process.send(#"{"type":"hello","protocol":\#(protocolVersion),"higlint":\#(JSONText.string(HiglintVersion.current))}"#)
        let deadline = ContinuousClock.now + .milliseconds(settings.timeoutMilliseconds)
        let failure: String
        switch process.next(until: deadline) {
        case .timedOut: failure = "it did not say hello within \(settings.timeoutMilliseconds) ms"
        case .lineTooLong: failure = "its hello is over 1 MiB"
        case .exited(let how): failure = "it \(how) before saying hello"
        case .line(let bytes):
            switch hello(bytes, prefix: name) {
            case .success(let rules): return .success((process, rules))
            case .failure(let reason): failure = reason.description
            }
        }
        process.kill()
        return .failure(PluginFault(failure))
    }

    static func hello(_ bytes: [UInt8], prefix: String) -> Result<[RuleDescription], PluginFault> {
        guard let message = JSONValue.parse(bytes), message.isObject else {
            return .failure(PluginFault("its first line is not a JSON object: \(quoted(String(decoding: bytes.prefix(80), as: UTF8.self)))"))
        }
        guard message["type"]?.string == "hello" else { return .failure(PluginFault("its first message is not a hello")) }
        guard message["protocol"]?.integer == protocolVersion else {
            return .failure(PluginFault("it speaks protocol \(message["protocol"].map(describe) ?? "(none given)"), not \(protocolVersion)"))
        }
        guard let entries = message["rules"]?.array else { return .failure(PluginFault("its hello has no \"rules\" list")) }
        var rules: [RuleDescription] = []
        for entry in entries {
            guard let id = entry["id"]?.string else { return .failure(PluginFault("a rule of its hello has no \"id\"")) }
            guard id.hasPrefix(prefix + "."), id.count > prefix.count + 1 else {
                return .failure(PluginFault("it declared the rule \(quoted(id)), outside its prefix \(quoted(prefix + ".*"))"))
            }
            guard !rules.contains(where: { $0.id == id }) else { return .failure(PluginFault("it declared the rule \(quoted(id)) twice")) }
            var severity = Severity.warning
            if let text = entry["severity"]?.string {
                guard let given = Severity(rawValue: text) else {
                    return .failure(PluginFault("the rule \(quoted(id)) has the severity \(quoted(text)); it takes info, warning or error"))
                }
                severity = given
            }
            rules.append(RuleDescription(
                id: id, severity: severity, summary: entry["summary"]?.string ?? "", rationale: entry["rationale"]?.string ?? "",
                seed: "external plugin \(prefix)", hint: entry["hint"]?.string ?? "", triggeringExamples: [],
                nonTriggeringExamples: []))
        }
        return .success(rules)
    }
}

private func sleep(for duration: Duration) {
    let parts = duration.components
    var time = timespec(tv_sec: Int(parts.seconds), tv_nsec: Int(parts.attoseconds / 1_000_000_000))
    var left = timespec()
    while nanosleep(&time, &left) != 0 && errno == EINTR { time = left }
}
