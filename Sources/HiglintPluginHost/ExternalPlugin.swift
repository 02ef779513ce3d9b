import Glibc
import HiglintCore

/// An external plugin: one long-lived process that speaks protocol version 1 (docs/plugins.md).
///
/// Every thread that reviews a file sends that file's screens as they are decoded and
/// collects the answers at the end, so the plugin works while the built-in rules run and
/// several files are in flight at once. A reader thread takes the plugin's lines and hands
/// each answer to its request.
///
/// A fault (a crash, a hang, a line that breaks the protocol) cannot be pinned on one
/// request, so every file in flight then becomes a suspect, and each suspect is reviewed
/// again alone on a new process: a file gets `plugin.failed` only when the fault happens
/// with it alone, and whether a file fails never depends on which others happened to be in
/// flight. The process is restarted after a pause that doubles with each fault in a row,
/// and given up for the run after `maxFaultsInARow`.
public final class ExternalPlugin: FileReviewer, @unchecked Sendable {
    public static let protocolVersion = 1
    static let maxFaultsInARow = 6
    /// The least time a plugin is given to say hello.
    static let startupMilliseconds = 10_000

    /// The plugin's name: the config's, or, for `plugin test`, the prefix its hello declares.
    public private(set) var name: String
    /// Set once, by `init`, before any other thread can see the plugin.
    public private(set) var ruleDescriptions: [RuleDescription] = []
    /// The ids of `ruleDescriptions` and the prefix they share, which every answer's findings are checked against.
    private var declaredRules: Set<String> = []
    private var rulePrefix = ""
    private var thresholdDeclarations: [ThresholdDeclaration] = []
    /// Why the plugin could not start, when it could not; every file then gets `plugin.failed`.
    public private(set) var startFailure: String?
    public let settings: ExternalPluginSettings
    private let directory: String
    private let log: @Sendable (String) -> Void
    private let monitor = Monitor()

    // Everything below is guarded by `monitor`.
    private var connection: Connection?
    private var connecting = false
    private var faultsInARow = 0
    private var givenUp: String?
    /// A suspect file is being reviewed alone: no other request may be sent meanwhile.
    private var isolating = false
    private var shuttingDown = false
    private var nextID = 1
    private var nextGeneration = 1
    /// Requests in flight, by id.
    private var pending: [Int: Pending] = [:]

    private struct Pending {
        /// The process it was sent to.
        var generation: Int
        var deadline: ContinuousClock.Instant
    }
    /// Answers not yet collected, by request id.
    private var answers: [Int: JSONValue] = [:]
    /// Why each broken generation broke.
    private var breaks: [Int: String] = [:]

    /// One process of the plugin.
    private final class Connection: @unchecked Sendable {
        let process: PluginProcess
        let generation: Int
        /// Guarded by the plugin's monitor, like all that follows.
        var hello: PluginProcess.Line?
        /// How it ended ("exited with status 3"), once the reader thread has reaped it.
        var ended: String?

        init(_ process: PluginProcess, generation: Int) {
            self.process = process
            self.generation = generation
        }
    }

    /// Starts the process and reads its hello; `directory` is where it runs (the config's).
    /// An empty name takes the prefix of the first rule the hello declares.
    /// `known` holds the thresholds other rules declare: one the plugin declares otherwise
    /// is a conflict, and the plugin does not start.
    public init(
        _ settings: ExternalPluginSettings, directory: String, known: ThresholdCatalog = ThresholdCatalog(rules: []),
        log: @escaping @Sendable (String) -> Void
    ) {
        self.settings = settings
        self.name = settings.name
        self.directory = directory
        self.log = log
        monitor.locked {
            connecting = true
            switch connect() {
            case .success(let (connection, rules, name)):
                if let conflict = known.adding(rules).conflicts.dropFirst(known.conflicts.count).first {
                    connection.process.kill()
                    startFailure = "it failed to start: its hello conflicts with another rule: \(conflict)"
                    givenUp = startFailure
                    log("higlint: plugin \(Self.tag(settings.name)): its hello conflicts with another rule: \(conflict)")
                    break
                }
                self.connection = connection
                self.ruleDescriptions = rules
                self.name = name
                declaredRules = Set(rules.map(\.id))
                rulePrefix = name + "."
                thresholdDeclarations = ThresholdCatalog(rules: rules).entries.map(\.declaration)
            case .failure(let reason):
                startFailure = "it failed to start: \(reason)"
                givenUp = startFailure
                log("higlint: plugin \(Self.tag(settings.name)): \(reason)")
            }
            connecting = false
        }
    }

    /// The plugin as the engine takes it.
    public var plugin: Plugin {
        Plugin(name: name, summary: "external plugin: \(settings.command.joined(separator: " "))", screenRules: [],
               reviewers: [self])
    }

    /// Asks it to exit, and kills it if it has not within a second. Whether it exited
    /// on its own (true when it was not running).
    @discardableResult
    public func shutdown() -> Bool {
        guard let connection = monitor.locked({ () -> Connection? in
            shuttingDown = true
            givenUp = "it was shut down"
            defer { self.connection = nil }
            return self.connection
        }) else { return true }
        let deadline = ContinuousClock.now + .seconds(1)
        _ = connection.process.write(#"{"type":"shutdown"}"#, until: deadline)
        connection.process.closeInput()
        return monitor.locked {
            while connection.ended == nil, ContinuousClock.now < deadline { monitor.wait(until: deadline) }
            let exited = connection.ended != nil
            if !exited { connection.process.kill() }
            while connection.ended == nil { monitor.wait(until: nil) }
            return exited
        }
    }

    // MARK: - Reviewing

    public func begin(file: String, enabled: Set<String>, in context: RuleContext) -> any FileReview {
        ExternalReview(plugin: self, file: file, enabled: enabled, thresholds: thresholdsJSON(context.thresholds))
    }

    /// `,"thresholds":{...}`: the value of each threshold its rules declare, the config's or
    /// the default; nothing when they declare none.
    private func thresholdsJSON(_ values: ThresholdValues) -> String {
        guard !thresholdDeclarations.isEmpty else { return "" }
        let members = thresholdDeclarations.map { declaration in
            JSONText.string(declaration.key) + ":" + (values[key: declaration.key] ?? declaration.defaultValue).description
        }
        return ",\"thresholds\":{" + members.joined(separator: ",") + "}"
    }

    private struct ExternalReview: FileReview {
        let plugin: ExternalPlugin
        let file: String
        let enabled: Set<String>
        let thresholds: String
        var screens: [Screen] = []
        var requests: [Request] = []
        /// Why a screen could not be sent, when one could not.
        var failure: String?

        init(plugin: ExternalPlugin, file: String, enabled: Set<String>, thresholds: String) {
            self.plugin = plugin
            self.file = file
            self.enabled = enabled
            self.thresholds = thresholds
        }

        mutating func add(_ screen: Screen) {
            screens.append(screen)
            guard failure == nil else { return }
            switch plugin.send(screen, file: file, thresholds: thresholds, alone: false) {
            case .success(let request): requests.append(request)
            case .failure(let reason): failure = reason.description
            }
        }

        mutating func finish() -> [RuleViolation] {
            plugin.collect(self)
        }
    }

    struct Request {
        var id: Int
        var generation: Int
        /// `timeout_ms` from when it was sent, for it and for each request ahead of it on the
        /// process (the plugin answers in turn), so that waiting in line is not a hang.
        var deadline: ContinuousClock.Instant
    }

    /// Sends one review request. `alone` is the suspect being reviewed by itself, which
    /// is not held back by its own isolation.
    private func send(_ screen: Screen, file: String, thresholds: String, alone: Bool) -> Result<Request, PluginFault> {
        let sent = monitor.locked { () -> Result<(Request, Connection), PluginFault> in
            var connected: Result<Connection, PluginFault>
            repeat {
                while !alone && isolating { monitor.wait(until: nil) }
                // Starting a process lets go of the lock, and an isolation may have begun meanwhile.
                connected = ensureConnection()
            } while !alone && isolating
            switch connected {
            case .success(let connection):
                let ahead = pending.values.lazy.filter { $0.generation == connection.generation }.count
                let deadline = ContinuousClock.now + .milliseconds(settings.timeoutMilliseconds) * (ahead + 1)
                let request = Request(id: nextID, generation: connection.generation, deadline: deadline)
                nextID += 1
                pending[request.id] = Pending(generation: request.generation, deadline: deadline)
                return .success((request, connection))
            case .failure(let reason):
                return .failure(reason)
            }
        }
        switch sent {
        case .failure(let reason): return .failure(reason)
        case .success(let (request, connection)):
            // Rendered into the request itself, outside the lock, so that the threads that
            // review files render their screens at once; the bytes are copied once, into the pipe.
            var text = Array(#"{"type":"review","id":\#(request.id),"file":\#(JSONText.string(file)),"screen":"#.utf8)
            ScreenJSON.append(screen, to: &text)
            text += thresholds.utf8
            text.append(UInt8(ascii: "}"))
            let deadline = ContinuousClock.now + .milliseconds(settings.timeoutMilliseconds)
            if case .timedOut = connection.process.write(line: text, until: deadline) {
                monitor.locked { breakConnection(connection, "it took no input for \(settings.timeoutMilliseconds) ms") }
            }
            // A closed pipe means it exited: the reader thread sees that and breaks the connection.
            return .success(request)
        }
    }

    private func collect(_ review: ExternalReview) -> [RuleViolation] {
        if let failure = review.failure {
            monitor.locked { review.requests.forEach { answers[$0.id] = nil } }
            return failed(review, failure)
        }
        switch wait(for: review.requests) {
        case .success(let replies): return violations(replies, review)
        case .failure:
            // A suspect: reviewed again, alone, on a process of its own.
            return isolated(review)
        }
    }

    /// The answers to `requests`, or the fault that broke the process they were sent to.
    private func wait(for requests: [Request]) -> Result<[JSONValue], PluginFault> {
        monitor.locked {
            while true {
                if let broken = requests.lazy.compactMap({ self.breaks[$0.generation] }).first {
                    requests.forEach { answers[$0.id] = nil }
                    return .failure(PluginFault(broken))
                }
                let replies = requests.compactMap { answers[$0.id] }
                if replies.count == requests.count {
                    requests.forEach { answers[$0.id] = nil }
                    faultsInARow = 0
                    return .success(replies)
                }
                guard let stalled = requests.filter({ answers[$0.id] == nil }).min(by: { $0.deadline < $1.deadline }) else { continue }
                if ContinuousClock.now >= stalled.deadline {
                    let reason = "it did not answer within \(settings.timeoutMilliseconds) ms a screen"
                    if let connection, connection.generation == stalled.generation {
                        breakConnection(connection, reason)
                    } else if breaks[stalled.generation] == nil {
                        breaks[stalled.generation] = reason
                    }
                    continue
                }
                monitor.wait(until: stalled.deadline)
            }
        }
    }

    private func isolated(_ review: ExternalReview) -> [RuleViolation] {
        monitor.locked {
            while isolating { monitor.wait(until: nil) }
            isolating = true
            // Alone: the other files' requests are answered, or broken, first. Their senders
            // may be held back by this isolation before they wait for the answers, so the
            // deadline of a request that gets none is kept here too.
            while let oldest = pending.values.min(by: { $0.deadline < $1.deadline }) {
                let deadline = oldest.deadline
                if ContinuousClock.now >= deadline {
                    if let connection, connection.generation == oldest.generation {
                        breakConnection(connection, "it did not answer within \(settings.timeoutMilliseconds) ms a screen")
                    } else {
                        pending = pending.filter { $0.value.generation != oldest.generation }
                    }
                } else {
                    monitor.wait(until: deadline)
                }
            }
        }
        defer {
            monitor.locked {
                isolating = false
                monitor.broadcast()
            }
        }
        var requests: [Request] = []
        for screen in review.screens {
            switch send(screen, file: review.file, thresholds: review.thresholds, alone: true) {
            case .success(let request): requests.append(request)
            case .failure(let reason):
                monitor.locked { requests.forEach { answers[$0.id] = nil } }
                return failed(review, reason.description)
            }
        }
        switch wait(for: requests) {
        case .success(let replies): return violations(replies, review)
        case .failure(let fault):
            // Alone, the fault is this file's own.
            monitor.locked { recordFault(fault.description) }
            return failed(review, fault.description)
        }
    }

    private func failed(_ review: ExternalReview, _ reason: String) -> [RuleViolation] {
        // A plugin given up was logged once, when it was; its files are not logged one by one.
        if monitor.locked({ givenUp != reason }) { log("higlint: plugin \(name): \(review.file): \(reason)") }
        let mark = review.screens.first?.marks.map ?? .start
        return [RuleViolation(rule: PluginFailure.ruleID, screen: 0, Violation(message: "plugin \(quoted(name)) failed: \(reason)", at: mark))]
    }

    /// The findings of every answer, with one `plugin.failed` when some finding broke the protocol.
    private func violations(_ replies: [JSONValue], _ review: ExternalReview) -> [RuleViolation] {
        var out: [RuleViolation] = []
        var fault: String?
        for (index, reply) in replies.enumerated() {
            let read = findings(in: reply, screen: review.screens[index], index: index)
            out += read.violations.filter { review.enabled.contains($0.rule) }
            if fault == nil { fault = read.fault }
        }
        if let fault { out += failed(review, fault) }
        return out
    }

    private func findings(in message: JSONValue, screen: Screen, index: Int) -> (violations: [RuleViolation], fault: String?) {
        guard let findings = message["findings"]?.array else { return ([], "its answer has no \"findings\" list") }
        var violations: [RuleViolation] = []
        var fault: String?
        let prefix = rulePrefix
        let declared = declaredRules
        for finding in findings {
            guard let rule = finding["rule"]?.string, let text = finding["message"]?.string else {
                fault = fault ?? "a finding lacks its \"rule\" or \"message\" text"
                continue
            }
            guard rule.hasPrefix(prefix) else {
                fault = fault ?? "it named the rule \(quoted(rule)), outside its prefix \(quoted(prefix + "*"))"
                continue
            }
            guard declared.contains(rule) else {
                fault = fault ?? "it named the rule \(quoted(rule)), which its hello did not declare"
                continue
            }
            var violation = Violation(message: text, at: screen.marks.map)
            // `null` is absent, as a plugin's None or nil is written.
            if let given = Self.given(finding["element"]) {
                guard let element = given.string else {
                    fault = fault ?? "a finding's \"element\" is not text"
                    continue
                }
                guard let found = screen.allElements.first(where: { $0.path == element || $0.id == element }) else {
                    fault = fault ?? "it named the element \(quoted(element)), which the screen does not have"
                    continue
                }
                violation = Violation(message: text, on: found)
            }
            if let at = Self.given(finding["at"]) {
                guard let line = at["line"]?.integer, let column = at["column"]?.integer, line > 0, column > 0 else {
                    fault = fault ?? "a finding's \"at\" is not {\"line\": L, \"column\": C}, both whole numbers from 1"
                    continue
                }
                violation.mark = Mark(line: line, column: column)
            }
            violations.append(RuleViolation(rule: rule, screen: index, violation))
        }
        return (violations, fault)
    }

    // MARK: - The process

    /// The running process, started (again) when there is none. Called with the lock held.
    private func ensureConnection() -> Result<Connection, PluginFault> {
        while connecting { monitor.wait(until: nil) }
        if let givenUp { return .failure(PluginFault(givenUp)) }
        if let connection { return .success(connection) }
        connecting = true
        defer {
            connecting = false
            monitor.broadcast()
        }
        // A growing pause before each restart, so that a plugin that dies at once is not restarted in a loop.
        if faultsInARow > 0 {
            let pause = ContinuousClock.now + .milliseconds(50 << min(faultsInARow, 6))
            while ContinuousClock.now < pause { monitor.wait(until: pause) }
        }
        switch connect() {
        case .success(let (connection, rules, _)):
            guard rules.map(\.id) == ruleDescriptions.map(\.id) else {
                connection.process.kill()
                givenUp = "it declared other rules when restarted"
                return .failure(PluginFault(givenUp ?? ""))
            }
            self.connection = connection
            return .success(connection)
        case .failure(let reason):
            recordFault()
            return .failure(PluginFault("it could not be restarted: \(reason)"))
        }
    }

    /// Starts a process and reads its hello. Called with the lock held, which the wait for the hello releases.
    private func connect() -> Result<(Connection, [RuleDescription], String), PluginFault> {
        let tag = Self.tag(name)
        let process: PluginProcess
        switch PluginProcess.start(settings.command, in: directory, log: { [log] in log("plugin \(tag): \($0)") }) {
        case .success(let started): process = started
        case .failure(let reason): return .failure(reason)
        }
        let connection = Connection(process, generation: nextGeneration)
        nextGeneration += 1
        guard startThread({ [self] in
            let how = process.readUntilEnd { line in deliver(line, from: connection) }
            ended(connection, how: how)
        }) else {
            process.kill()
            return .failure(PluginFault("could not start a thread to read it"))
        }
        // Starting an interpreter can take longer than answering about a screen.
        let deadline = ContinuousClock.now + .milliseconds(max(settings.timeoutMilliseconds, Self.startupMilliseconds))
        let hello = #"{"type":"hello","protocol":\#(Self.protocolVersion),"higlint":\#(JSONText.string(HiglintVersion.current))}"#
        _ = process.write(hello, until: deadline)
        while connection.hello == nil, connection.ended == nil, ContinuousClock.now < deadline { monitor.wait(until: deadline) }
        let failure: String
        switch connection.hello {
        case nil where connection.ended != nil: failure = "it \(connection.ended ?? "ended") before saying hello"
        case nil: failure = "it did not say hello within \(max(settings.timeoutMilliseconds, Self.startupMilliseconds)) ms"
        case .tooLong?: failure = "its hello is over 1 MiB"
        case .line(let bytes)?:
            switch Self.hello(bytes, prefix: name) {
            case .success(let (rules, name)): return .success((connection, rules, name))
            case .failure(let reason): failure = reason.description
            }
        }
        process.kill()
        return .failure(PluginFault(failure))
    }

    /// The reader thread's hand-over of one line.
    private func deliver(_ line: PluginProcess.Line, from connection: Connection) {
        var parsed: JSONValue?
        if case .line(let bytes) = line { parsed = JSONValue.parse(bytes) }
        monitor.locked {
            defer { monitor.broadcast() }
            if connection.hello == nil {
                connection.hello = line
                return
            }
            guard self.connection === connection, breaks[connection.generation] == nil else { return }
            guard case .line(let bytes) = line else {
                return breakConnection(connection, "it printed a line over 1 MiB")
            }
            guard let message = parsed, message.isObject else {
                let text = String(decoding: bytes.prefix(80), as: UTF8.self)
                return breakConnection(connection, "it printed a line that is not a JSON object: \(quoted(text))")
            }
            guard message["type"]?.string == "findings" else {
                let type = message["type"]?.string.map { quoted($0) } ?? "a message without a type"
                return breakConnection(connection, "it sent \(type) where findings were expected")
            }
            guard let id = message["id"]?.integer, pending[id]?.generation == connection.generation else {
                // The id itself stays out of the finding: which ids a file gets depends on scheduling.
                log("higlint: plugin \(name): an answer to request \(message["id"].map(Self.describe) ?? "(no id)"), which is not in flight")
                return breakConnection(connection, "it answered a request id that is not in flight")
            }
            pending[id] = nil
            answers[id] = message
        }
    }

    /// The reader thread's last word: the process is gone.
    private func ended(_ connection: Connection, how: String) {
        monitor.locked {
            connection.ended = how
            if self.connection === connection, !shuttingDown { breakConnection(connection, "it crashed (\(how))") }
            monitor.broadcast()
        }
    }

    /// Ends a process that broke the protocol: its requests' files become suspects. Called with the lock held.
    private func breakConnection(_ connection: Connection, _ reason: String) {
        guard breaks[connection.generation] == nil else { return }
        breaks[connection.generation] = reason
        pending = pending.filter { $0.value.generation != connection.generation }
        if self.connection === connection { self.connection = nil }
        connection.process.kill()
        monitor.broadcast()
    }

    private func recordFault(_ reason: String? = nil) {
        faultsInARow += 1
        if faultsInARow >= Self.maxFaultsInARow, givenUp == nil {
            let reason = "it was given up after \(Self.maxFaultsInARow) faults in a row" + (reason.map { " (the last: \($0))" } ?? "")
            givenUp = reason
            log("higlint: plugin \(name): \(reason)")
        }
    }

    /// How the log names it; `plugin test` runs a plugin before its name is known.
    private static func tag(_ name: String) -> String {
        name.isEmpty ? "under test" : name
    }

    private static func given(_ value: JSONValue?) -> JSONValue? {
        if case .null? = value { return nil }
        return value
    }

    private static func describe(_ value: JSONValue) -> String {
        switch value {
        case .number(let number): return formatPoints(number)
        case .string(let text): return quoted(text)
        default: return "of the wrong type"
        }
    }

    /// The rules a hello declares, each under the prefix (or, when the prefix is empty,
    /// under the first rule's), and the prefix.
    static func hello(_ bytes: [UInt8], prefix given: String) -> Result<([RuleDescription], String), PluginFault> {
        guard let message = JSONValue.parse(bytes), message.isObject else {
            return .failure(PluginFault("its first line is not a JSON object: \(quoted(String(decoding: bytes.prefix(80), as: UTF8.self)))"))
        }
        guard message["type"]?.string == "hello" else { return .failure(PluginFault("its first message is not a hello")) }
        guard message["protocol"]?.integer == protocolVersion else {
            return .failure(PluginFault("it speaks protocol \(message["protocol"].map(describe) ?? "(none given)"), not \(protocolVersion)"))
        }
        guard let entries = message["rules"]?.array else { return .failure(PluginFault("its hello has no \"rules\" list")) }
        var prefix = given
        if prefix.isEmpty, let first = entries.first?["id"]?.string { prefix = String(first.prefix { $0 != "." }) }
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
            var thresholds: [ThresholdDeclaration] = []
            for item in entry["thresholds"]?.array ?? [] {
                guard let key = item["key"]?.string, !key.isEmpty, let value = item["default"]?.number, value >= 0,
                      let meaning = item["meaning"]?.string
                else {
                    return .failure(PluginFault("a threshold of the rule \(quoted(id)) lacks its \"key\", \"default\" (a number of at least 0) or \"meaning\""))
                }
                thresholds.append(ThresholdDeclaration(
                    key: key, defaultValue: .decimal(value), unit: item["unit"]?.string ?? "pt", meaning: meaning))
            }
            rules.append(RuleDescription(
                id: id, severity: severity, summary: entry["summary"]?.string ?? "", rationale: entry["rationale"]?.string ?? "",
                seed: "external plugin \(prefix)", hint: entry["hint"]?.string ?? "", triggeringExamples: [],
                nonTriggeringExamples: [], thresholds: thresholds))
        }
        return .success((rules, prefix))
    }
}
