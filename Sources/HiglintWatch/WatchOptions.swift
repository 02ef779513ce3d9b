import HiglintCore
import HiglintReview

/// Everything the watcher is told by the command line. The library reads no
/// argument and no environment variable: the CLI resolves them and passes
/// the values (and the ways to load the config and find the files) down.
public struct WatchOptions: Sendable {
    public var plugins: [Plugin]
    /// The plugins a config brings (its external plugins, started), called at start and at
    /// every reload after the config loaded; the caller stops the previous ones.
    public var runtimePlugins: @Sendable (Config) -> StartedPlugins
    /// Readers of other formats (Interface Builder), as `check` uses them.
    public var importers: [any ScreenImporter]
    /// Loads the config, at start and at every reload (SIGHUP, or the config file changed).
    public var loadConfig: @Sendable () -> Result<Config, ConfigError>
    /// The paths to review under a config (the command line's, else the config's).
    public var reviewPaths: @Sendable (Config) -> [String]
    /// How files are found under a config; the report path is passed so it is never reviewed.
    public var discovery: @Sendable (Config, _ reportPath: String) -> SpecDiscovery
    /// Where the live report goes under a config (absolute).
    public var reportPath: @Sendable (Config) -> String
    /// NOTIFY_SOCKET, when systemd (or a test) listens.
    public var notifySocket: String?
    /// WATCHDOG_USEC, when systemd expects a keep-alive; one is sent every half of it.
    public var watchdogMicroseconds: Int64?
    /// Where the log's lines go (stderr); `log(_:)` is the one way to them.
    private var logSink: @Sendable (String) -> Void

    public init(
        plugins: [Plugin], importers: [any ScreenImporter] = [], loadConfig: @escaping @Sendable () -> Result<Config, ConfigError>,
        reviewPaths: @escaping @Sendable (Config) -> [String],
        discovery: @escaping @Sendable (Config, String) -> SpecDiscovery,
        reportPath: @escaping @Sendable (Config) -> String,
        notifySocket: String? = nil, watchdogMicroseconds: Int64? = nil,
        runtimePlugins: @escaping @Sendable (Config) -> StartedPlugins = { _ in StartedPlugins() },
        log: @escaping @Sendable (String) -> Void
    ) {
        self.plugins = plugins
        self.runtimePlugins = runtimePlugins
        self.importers = importers
        self.loadConfig = loadConfig
        self.reviewPaths = reviewPaths
        self.discovery = discovery
        self.reportPath = reportPath
        self.notifySocket = notifySocket
        self.watchdogMicroseconds = watchdogMicroseconds
        logSink = log
    }

    /// Writes one line of the log, escaped (`LineText`) so that a file name or
    /// config text with a line break cannot split it or forge another line.
    public func log(_ line: String) {
        logSink(LineText.escape(line))
    }
}

/// How a watch ended.
public enum WatchExit: Sendable, Equatable {
    /// SIGTERM or SIGINT: the current write was finished.
    case stopped
    /// It could not start: config, inotify, watch limit or report problem (already logged).
    case failedToStart
}
