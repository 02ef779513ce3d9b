import FigmaImporter
import Foundation
import HiglintCore

/// `higlint figma pull`: fetches each listed file's response and saves it, atomically and
/// only when its `version` changed; with `every`, keeps doing so until SIGINT or SIGTERM.
/// A failure is one line and a wait (`Backoff`); a saved file is only ever replaced by a
/// whole file response.
public struct FigmaPull: Sendable {
    public struct File: Sendable, Equatable {
        public var key: String
        /// Where the response is saved, absolute.
        public var path: String
        /// The path as the log lines show it.
        public var displayPath: String

        public init(key: String, path: String, displayPath: String) {
            self.key = key
            self.path = path
            self.displayPath = displayPath
        }
    }

    public enum Outcome: Sendable, Equatable {
        /// Every file saved or up to date (or, with `every`, stopped by a signal).
        case done
        /// A file could not be pulled (without `every`).
        case failed
    }

    public var files: [File]
    public var token: String
    /// `https://api.figma.com`, or another root (`HIGLINT_FIGMA_API`); the requests go to `ROOT/v1/files/KEY`.
    public var apiRoot: URL
    public var timeout: Double
    public var every: Double?
    /// The review's `limits.max_file_bytes`: a saved file past it is said to be, since
    /// `check` would not review it.
    public var maxFileBytes: Int
    public var userAgent: String

    /// Without `every`, a failure that may pass is tried this many times in all.
    public static let attempts = 3
    /// Without `every`, a longer wait than this is not waited: the run says so and fails.
    public static let longestOneShotWait = 60.0
    /// The bytes an existing file is read up to, to learn its version.
    static let largestSavedFile = 1 << 30

    public init(files: [File], token: String, apiRoot: URL, timeout: Double, every: Double?, maxFileBytes: Int, userAgent: String) {
        self.files = files
        self.token = token
        self.apiRoot = apiRoot
        self.timeout = timeout
        self.every = every
        self.maxFileBytes = maxFileBytes
        self.userAgent = userAgent
    }

    /// Blocks SIGINT and SIGTERM in this thread (and so in every thread started after),
    /// which `run` takes: call it first, before anything can start a thread.
    public static func blockSignals() { StopSignal.block() }

    /// - Parameter log: one line at a time, `note: ...`, `warning: ...` or `error: ...`
    ///   (the caller adds its prefix); the token never appears in one.
    public func run(log: @escaping @Sendable (String) -> Void) -> Outcome {
        let say: @Sendable (String) -> Void = { [token] line in log(Self.redacting(token, in: line)) }
        let stop = StopSignal()
        stop.listen()
        let client = FigmaAPIClient(token: token, timeout: timeout, userAgent: userAgent)
        var states = files.map { FileState(file: $0, saved: Self.savedVersion(at: $0.path)) }
        let start = DispatchTime.now()
        func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9 }
        if let every { say("note: figma pull: pulling \(counted(files.count, "file")) every \(PullDuration.text(every)) (SIGINT or SIGTERM stops)") }
        while true {
            guard let index = states.indices.filter({ !states[$0].finished }).min(by: { states[$0].due < states[$1].due }) else { break }
            let wait = states[index].due - now()
            if wait > 0, stop.sleep(wait) { break }
            if stop.isStopped { break }
            let answer = PullAnswer.read(client.get(url(for: states[index].file.key), stop: stop), timeout: timeout)
            let clock = now()
            switch answer {
            case .stopped:
                break
            case .file(let body, let version):
                handle(body: body, version: version, state: &states[index], now: clock, say: say)
            case .problem(let problem):
                handle(problem, index: index, states: &states, now: clock, say: say)
            }
            if stop.isStopped { break }
        }
        if stop.isStopped {
            say("note: figma pull: stopped")
            return every == nil && states.contains(where: { !$0.finished || $0.failed }) ? .failed : .done
        }
        return states.contains(where: \.failed) ? .failed : .done
    }

    private struct FileState {
        var file: File
        /// The version of what is at the path, as read at start or written since.
        var saved: SavedVersion
        var due = 0.0
        var backoff = Backoff()
        /// Whether the last attempt failed (so the next success is said even when nothing changed).
        var failing = false
        var said = false
        var attempts = 0
        var finished = false
        var failed = false
    }

    private enum SavedVersion: Equatable {
        case none
        case version(String)
        /// A file response without a version: compared by its bytes' SHA-256.
        case bytes(String)
    }

    private func url(for key: String) -> URL {
        apiRoot.appendingPathComponent("v1").appendingPathComponent("files").appendingPathComponent(key)
    }

    private func handle(body: [UInt8], version: String?, state: inout FileState, now: Double, say: (String) -> Void) {
        let file = state.file
        let fresh: SavedVersion = version.map(SavedVersion.version) ?? .bytes(SHA256.hex(body))
        let present = FileSystem.kind(at: file.path) != .missing
        if fresh == state.saved, present {
            if !state.said || state.failing {
                say("note: figma pull: \(file.displayPath) is up to date (\(Self.describe(version)))")
            }
        } else if let problem = Self.save(body, to: file.path) {
            fail(PullProblem("could not save the file: \(problem)", permanent: false), state: &state, now: now, say: say)
            return
        } else {
            state.saved = fresh
            var line = "note: figma pull: wrote \(file.displayPath) (\(Self.describe(version)))"
            if body.count > maxFileBytes {
                line += "; it is \(body.count) bytes, over limits.max_file_bytes (\(maxFileBytes)): raise the limit, or check will not review it"
            }
            say(line)
        }
        state.said = true
        state.failing = false
        state.backoff.reset()
        state.attempts = 0
        if let every { state.due = now + every } else { state.finished = true }
    }

    private func handle(_ problem: PullProblem, index: Int, states: inout [FileState], now: Double, say: (String) -> Void) {
        fail(problem, state: &states[index], now: now, say: say)
        // A rate limit is the token's, not the file's: every request waits.
        if let wait = problem.retryAfter {
            for other in states.indices where other != index { states[other].due = max(states[other].due, now + wait) }
        }
    }

    private func fail(_ problem: PullProblem, state: inout FileState, now: Double, say: (String) -> Void) {
        let subject = "figma pull: \(state.file.displayPath) (\(state.file.key))"
        state.failing = true
        state.attempts += 1
        let wait = state.backoff.next(retryAfter: problem.retryAfter)
        if every == nil {
            if problem.permanent || state.attempts >= Self.attempts || wait > Self.longestOneShotWait {
                let more = !problem.permanent && wait > Self.longestOneShotWait ? "; pull again later" : ""
                say("error: \(subject): \(problem.text)\(more)")
                state.finished = true
                state.failed = true
                return
            }
        }
        say("warning: \(subject): \(problem.text); trying again in \(PullDuration.text(wait))")
        state.due = now + wait
    }

    private static func describe(_ version: String?) -> String {
        version.map { "version \(LineText.escape($0))" } ?? "no version"
    }

    /// The version of the file response saved at `path`; none when there is none, or what
    /// is there is no whole file response (it is then replaced by the first good answer).
    private static func savedVersion(at path: String) -> SavedVersion {
        guard case .success(let bytes) = FileReader.read(path, maxBytes: largestSavedFile) else { return .none }
        switch FigmaFileResponse.check(bytes) {
        case .file(let version?): return .version(version)
        case .file(nil): return .bytes(SHA256.hex(bytes))
        case .notAFile: return .none
        }
    }

    /// Nil when saved: the bytes at `path` are the old file's or all the new one's, never a part.
    private static func save(_ body: [UInt8], to path: String) -> String? {
        if case .failure(let problem) = FileSystem.makeDirectories(FileSystem.directory(of: path)) { return "\(problem)" }
        let written = body.withUnsafeBytes { AtomicFile.write(pieces: [$0], to: path, sync: true) }
        if case .failure(let problem) = written { return "\(problem)" }
        return nil
    }

    /// Every line passes here: whatever a server or a library puts in a message, the token
    /// is not written.
    static func redacting(_ token: String, in line: String) -> String {
        guard !token.isEmpty, line.contains(token) else { return line }
        return line.replacing(token, with: "(FIGMA_TOKEN)")
    }
}
