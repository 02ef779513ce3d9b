#if canImport(Glibc)
import Glibc
#endif
import HiglintCore
import HiglintReview

/// One daemon's state. Not Sendable: it lives and dies on the thread that runs it.
final class WatchSession {
    let options: WatchOptions
    let inotify: Inotify
    let signals: SignalInbox
    let notifier: SystemdNotifier?
    let table: WatchTable

    var config = Config()
    var engine: Engine {
        // Kept project findings came from the old rules and config.
        didSet { results.project.isCurrent = false }
    }
    var scope: TreeScope
    var report: LiveReport
    var outputs = ExtraOutputs([], baseDirectory: "/")
    /// The config's `baseline:`, read at start and at every reload.
    var baseline: Baseline?
    var settle = Settle(settleMilliseconds: 20, maxDelayMilliseconds: 500)
    var results = ResultTable()
    /// The findings shown at the last publish, and what that publish changed, for the update's log.
    var findingChanges = FindingChanges()
    var lastDifference = FindingChanges.Difference()

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
    /// The limit is logged once when it is first hit, not at every poll that hits it again.
    var watchLimitLogged = false
    var freedWatches = false
    /// When the unwatched directories are next listed and tried again.
    var nextPoll: Int64?
    /// Directories that could not be listed, by path, with check's message.
    var listingErrors: [String: String] = [:]
    var rootErrors: [String: String] = [:]

    /// The next update written ahead while the tree settles, and the burst (its first
    /// change) it was written for: one per burst.
    var ahead: AheadUpdate?
    var aheadBurst: Int64?
    /// What was reviewed and not yet published.
    var unpublished = UnpublishedReview()

    var updates = 0
    var lastUpdate: String?
    var lastPublishedStatus: WatchStatus?
    var lastSummary: JSONReportWriter.Summary?
    /// Outputs that could not be written, and when to try again.
    var retry = WriteRetry()
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
        // Microseconds from the environment: clamped, so an absurd value cannot overflow.
        watchdogInterval = options.watchdogMicroseconds.map { max(1_000_000, min($0, Int64.max / 1000) * 1000 / 2) }
        engine = Engine(plugins: options.plugins, importers: options.importers, config: config)
        let discovery = SpecDiscovery(exclude: [])
        scope = TreeScope(paths: [], discovery: discovery, reportPaths: [])
        report = LiveReport(path: "/")
    }

    func log(_ line: String) { options.log(line) }

    func notify(_ message: String) { notifier?.send(message) }

    // MARK: - Start

    func start() -> Bool {
        let initial: Config
        switch options.loadConfig() {
        case .success(let loaded): initial = loaded
        case .failure(let error):
            error.lines.forEach(log)
            return false
        }
        let began = Clock.now()
        guard apply(initial, initial: true) else { return false }
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
    /// then a full scan. At start-up the watch limit is fatal; on a reload it
    /// degrades the report instead.
    func apply(_ newConfig: Config, initial: Bool) -> Bool {
        if let path = newConfig.baseline.map({ FileSystem.absolute($0, relativeTo: newConfig.baseDirectory) }) {
            switch Baseline.load(from: path) {
            case .success(let loaded): baseline = loaded
            case .failure(let problem):
                log(problem.description)
                // At start-up this is as fatal as for check; on a reload the old baseline stays.
                if initial { return false }
                log("higlint: note: keeping the previous baseline")
            }
        } else {
            baseline = nil
        }
        config = newConfig
        let started = options.runtimePlugins(newConfig)
        engine = Engine(
            plugins: options.plugins + started.plugins, importers: options.importers, config: newConfig,
            wireframes: newConfig.watch.outputs.contains { $0.format.writer.drawsScreens && !$0.isStandardOutput },
            configFindings: started.configFindings)
        settle = Settle(
            settleMilliseconds: newConfig.watch.settleMilliseconds, maxDelayMilliseconds: newConfig.watch.maxDelayMilliseconds)
        let reportPath = options.reportPath(newConfig)
        // The old report's draft and spare go first: the new one removes leftovers, and they are not.
        discardAhead()
        report.removeSpare()
        report = LiveReport(path: reportPath)
        outputs = ExtraOutputs(newConfig.watch.outputs, baseDirectory: newConfig.baseDirectory)
        if newConfig.watch.outputs.contains(where: \.isStandardOutput) {
            log("higlint: warning: watch.outputs: `-` (standard output) is for check; the watcher writes files only")
        }
        scope = TreeScope(
            paths: options.reviewPaths(newConfig), discovery: options.discovery(newConfig, reportPath),
            reportPaths: [reportPath] + outputs.paths)

        for root in scope.roots where root != "/" {
            table.wantAnchor(directory: FileSystem.directory(of: root), name: TreeScope.name(of: root))
        }
        // A report deleted by someone else is written again at once.
        for path in scope.reportPaths {
            table.wantAnchor(directory: FileSystem.directory(of: path), name: TreeScope.name(of: path))
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
        let leftovers = ([report] + outputs.paths.map { LiveReport(path: $0) }).flatMap { $0.removeLeftovers() }
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
        let reviewed = ResultTable.review(found.map(scope.specFile), with: engine, keepWireframes: outputs.needsWireframes)
        for index in reviewed.indices { noteReadProblem(reviewed[index].result) }
        results.store(contentsOf: reviewed)
        return true
    }

    func activateAnchors() {
        for failure in table.activateAnchors() {
            if failure.code == ENOSPC {
                if starting {
                    startupFailure = "cannot watch \(scope.discovery.displayPath(for: failure.directory)): "
                        + WatchLimits.watchLimitDescription()
                }
                watchLimit = WatchLimits.watchLimitDescription()
            } else if failure.code != ENOENT {
                log("higlint: warning: cannot watch \(scope.discovery.displayPath(for: failure.directory)): "
                    + "\(FileSystem.errorText(failure.code)); a root or config in it that is replaced may go unnoticed")
            }
        }
    }
}
