#if canImport(Glibc)
import Glibc
#endif
import HiglintCore

/// `higlint watch`: reviews the tree once, writes the live report, then keeps
/// it current until SIGTERM or SIGINT.
///
/// Everything runs on the calling thread, which therefore owns every
/// libinotifytools call; only the reviews of many files at once fan out to
/// worker threads, which never touch the library. The thread sleeps in
/// poll(2) on the inotify and signal descriptors, with a timeout only as long
/// as the next settle or watchdog deadline: no polling when idle.
public enum Watcher {
    public static func run(_ options: WatchOptions) -> WatchExit {
        WatchSignals.block()
        guard let signals = SignalInbox() else {
            options.log("higlint: error: cannot create a signalfd: \(FileSystem.errorText(errno))")
            return .failedToStart
        }
        let inotify: Inotify
        switch Inotify.open() {
        case .success(let opened): inotify = opened
        case .failure(.initialize(let code)):
            let reason = code == EMFILE ? WatchLimits.instanceLimitMessage() : "cannot start inotify: \(FileSystem.errorText(code))"
            options.log("higlint: error: \(reason)")
            return .failedToStart
        case .failure(.descriptorNotFound):
            options.log("higlint: error: cannot find the inotify descriptor in /proc/self/fd (is /proc mounted?)")
            return .failedToStart
        }
        let session = WatchSession(options: options, inotify: inotify, signals: signals)
        guard session.start() else { return .failedToStart }
        return session.loop()
    }
}

/// One daemon's state. Not Sendable: it lives and dies on the thread that runs it.
final class WatchSession {
    let options: WatchOptions
    let inotify: Inotify
    let signals: SignalInbox
    let notifier: SystemdNotifier?
    let table: WatchTable

    var config = Config()
    var engine: Engine
    var scope: TreeScope
    var report: LiveReport
    var settle = Settle(settleMilliseconds: 20, maxDelayMilliseconds: 500)
    var results = ResultTable()

    /// Paths that may have changed, each with whether its directory watch is
    /// suspect (then it is walked again even when it looks unchanged).
    var pending: [String: Bool] = [:]
    var fullRescanReason: String?
    var configChanged = false
    /// Set while the first scan runs: a watch limit then stops the start.
    var starting = false
    var startupFailure: String?

    /// Directories left unwatched at the watch limit, and the limit's explanation.
    var unwatched = Set<String>()
    var watchLimit: String?
    var freedWatches = false
    /// Directories that could not be listed, by path, with check's message.
    var listingErrors: [String: String] = [:]
    var rootErrors: [String: String] = [:]

    var updates = 0
    var lastUpdate: String?
    var lastPublishedStatus: WatchStatus?
    var lastSummary: JSONReportWriter.Summary?
    var reportFailing = false
    /// The library may still hold read events after a bounded drain.
    var mayHaveBuffered = false
    let watchdogInterval: Int64?
    var nextWatchdog: Int64?

    init(options: WatchOptions, inotify: Inotify, signals: SignalInbox) {
        self.options = options
        self.inotify = inotify
        self.signals = signals
        table = WatchTable(inotify: inotify)
        notifier = options.notifySocket.flatMap { SystemdNotifier(path: $0, log: options.log) }
        if options.notifySocket != nil && notifier == nil {
            options.log("higlint: warning: NOTIFY_SOCKET \(options.notifySocket ?? "") is not a usable socket address; not notifying")
        }
        watchdogInterval = options.watchdogMicroseconds.map { max(1_000_000, $0 * 1000 / 2) }
        engine = Engine(plugins: options.plugins, config: config)
        let discovery = SpecDiscovery(exclude: [])
        scope = TreeScope(paths: [], discovery: discovery, reportPath: "/")
        report = LiveReport(path: "/")
    }

    func log(_ line: String) { options.log(line) }

    func notify(_ message: String) { notifier?.send(message) }

    // MARK: - Start

    func start() -> Bool {
        let config: Config
        switch options.loadConfig() {
        case .success(let loaded): config = loaded
        case .failure(let error):
            log(error.description)
            return false
        }
        let began = Clock.now()
        guard apply(config, initial: true) else { return false }
        lastUpdate = Clock.timestamp()
        guard publish(startingUp: true) else { return false }
        let summary = lastSummaryText
        log("higlint: watching \(scope.roots.map(scope.discovery.displayPath).joined(separator: ", ")) "
            + "(\(Clock.milliseconds(Clock.now() - began))): \(summary); live report: \(report.path)")
        notify("READY=1\nSTATUS=\(statusText)")
        if let watchdogInterval {
            notify("WATCHDOG=1")
            nextWatchdog = Clock.now() + watchdogInterval
        }
        return true
    }

    /// Takes a config: the engine, the scope, the report path, the anchors,
    /// then a full scan. At start-up a watch limit or a missing report
    /// directory is fatal; on a reload it degrades the report instead.
    func apply(_ newConfig: Config, initial: Bool) -> Bool {
        config = newConfig
        engine = Engine(plugins: options.plugins, config: newConfig)
        settle = Settle(
            settleMilliseconds: newConfig.watch.settleMilliseconds, maxDelayMilliseconds: newConfig.watch.maxDelayMilliseconds)
        let reportPath = options.reportPath(newConfig)
        report = LiveReport(path: reportPath)
        scope = TreeScope(
            paths: options.reviewPaths(newConfig), discovery: options.discovery(newConfig, reportPath), reportPath: reportPath)

        for root in scope.roots where root != "/" {
            table.wantAnchor(directory: FileSystem.directory(of: root), name: TreeScope.name(of: root))
        }
        if let configPath = newConfig.sourcePath {
            table.wantAnchor(directory: FileSystem.directory(of: configPath), name: TreeScope.name(of: configPath))
        }
        starting = initial
        startupFailure = nil
        defer { starting = false }
        activateAnchors()
        if let startupFailure {
            log("higlint: error: \(startupFailure)")
            return false
        }
        let leftovers = report.removeLeftovers()
        if !leftovers.isEmpty {
            log("higlint: note: removed \(leftovers.count) leftover temp file\(leftovers.count == 1 ? "" : "s") of the live report: \(leftovers.joined(separator: ", "))")
        }
        var found: [String] = []
        for root in scope.roots {
            examine(root, into: &found)
            if let startupFailure {
                log("higlint: error: \(startupFailure)")
                return false
            }
        }
        for result in ParallelReview.review(found.map(scope.specFile), with: engine) {
            results.store(result)
            noteReadProblem(result)
        }
        return true
    }

    func activateAnchors() {
        for failure in table.activateAnchors() {
            if failure.code == ENOSPC {
                if starting {
                    startupFailure = "cannot watch \(failure.directory): \(WatchLimits.watchLimitDescription())"
                }
                watchLimit = WatchLimits.watchLimitDescription()
            } else if failure.code != ENOENT {
                log("higlint: warning: cannot watch \(failure.directory) for \(scope.discovery.displayPath(for: failure.directory)) "
                    + "to reappear: \(FileSystem.errorText(failure.code))")
            }
        }
    }

    // MARK: - The loop

    func loop() -> WatchExit {
        while true {
            let now = Clock.now()
            var deadline = settle.deadline
            if let nextWatchdog { deadline = min(deadline ?? nextWatchdog, nextWatchdog) }
            var timeout: Int32 = -1
            if mayHaveBuffered {
                timeout = 0
            } else if let deadline {
                timeout = Int32(clamping: max(0, (deadline - now + 999_999) / 1_000_000))
            }
            var descriptors = [
                pollfd(fd: inotify.descriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: signals.descriptor, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&descriptors, 2, timeout)
            if ready < 0 && errno != EINTR {
                log("higlint: warning: poll failed: \(FileSystem.errorText(errno))")
            }

            var hangup = false
            if descriptors[1].revents != 0 {
                for signal in signals.drain() {
                    if signal == SIGHUP {
                        hangup = true
                    } else {
                        // Nothing is being written now: every write finishes before the loop comes back here.
                        notify("STOPPING=1")
                        log("higlint: stopping on \(signal == SIGINT ? "SIGINT" : "SIGTERM")")
                        return .stopped
                    }
                }
            }
            if mayHaveBuffered || descriptors[0].revents != 0 {
                drainEvents()
            }
            if hangup {
                reload(because: "SIGHUP")
            } else if settle.isDue(at: Clock.now()) {
                update()
            }
            if let watchdogInterval, let next = nextWatchdog, Clock.now() >= next {
                notify("WATCHDOG=1")
                nextWatchdog = Clock.now() + watchdogInterval
            }
        }
    }

    /// Reads what is queued, a bounded number at a time so a flood of events
    /// cannot hold off a review past its deadline.
    func drainEvents() {
        mayHaveBuffered = false
        for _ in 0..<8192 {
            switch inotify.next() {
            case .event(let event):
                if handle(event) { settle.noteChange(at: Clock.now()) }
            case .none:
                return
            case .failure(let code):
                fullRescanReason = "reading inotify events failed (\(FileSystem.errorText(code)))"
                settle.noteChange(at: Clock.now())
                return
            }
        }
        mayHaveBuffered = true
    }

    // MARK: - Reload

    /// SIGHUP or a changed config file. An invalid config keeps the one in
    /// use and says why, with the file, line and column.
    func reload(because reason: String) {
        notify("RELOADING=1\nMONOTONIC_USEC=\(Clock.monotonicMicroseconds())")
        let began = Clock.now()
        switch options.loadConfig() {
        case .failure(let error):
            log("\(error.description)")
            log("higlint: note: \(reason): the new config is not used; the previous one stays in effect")
        case .success(let newConfig):
            table.removeAll()
            results.removeAll()
            pending = [:]
            fullRescanReason = nil
            configChanged = false
            unwatched = []
            watchLimit = nil
            listingErrors = [:]
            rootErrors = [:]
            _ = apply(newConfig, initial: false)
            updates += 1
            lastUpdate = Clock.timestamp()
            _ = publish()
            log("higlint: update \(updates): config reloaded (\(reason)), everything reviewed again "
                + "(\(Clock.milliseconds(Clock.now() - began))): \(lastSummaryText)")
        }
        notify("READY=1\nSTATUS=\(statusText)")
    }
}
