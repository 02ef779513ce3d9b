#if canImport(Glibc)
import Glibc
#endif
import HiglintCore
import HiglintPlugins
import HiglintWatch
import Synchronization

enum WatchCommand {
    static let report = Option(
        name: "report", value: .file,
        summary: "the live report (default: the config's watch.report, else report.json in $STATE_DIRECTORY "
            + "when systemd gives one, else ./higlint-report.json)")

    static let output = Option(
        name: "output", shortName: "o", value: .report(formats: ReportFormat.names),
        summary: "also keep a FORMAT report in FILE current, besides the config's watch.outputs; "
            + "FORMAT=FILE as for check, repeat for several")

    static let declaration = CommandDeclaration(
        name: "watch", operands: Operands(placeholder: "PATH", count: .any),
        summary: "review, then keep a live report current as specs change",
        description: """
            Reviews screen specs like `check`, writes a live report, then keeps it
            current as files change, until SIGTERM or SIGINT. SIGHUP, or an edit
            of the config file, reloads the config. With no PATH, watches the
            config's `paths`.

            The live report is what `check --format json` prints, plus
            "generated_at" and a "watch" section (state, files, directories,
            updates, last update, degraded reason, unreadable paths). It is
            replaced atomically: readers never see a partial file.

            Each update logs a line with what changed and the counts, then a line
            per finding that appeared (+) or went away (-).
            """,
        options: [.config, .trustConfig, report, output],
        epilogue: """
            Under systemd (Type=notify) it reports READY, STATUS, RELOADING,
            STOPPING and WATCHDOG through $NOTIFY_SOCKET.

            exit status: 0 stopped by SIGTERM or SIGINT; 2 usage error, or a
            config, inotify, watch-limit or report error at start-up.
            """)

    static let command = Command(declaration: declaration, run: run)

    static func run(_ arguments: ParsedArguments) -> Int32 {
        // Before anything can start a thread: every thread must inherit the mask.
        WatchSignals.block()
        let explicitConfig = arguments.value(.config)
        let trust = ConfigResolution.trust(arguments)
        let positional = arguments.operands
        let reportFlag = arguments.value(Self.report).map { FileSystem.absolute($0) }
        guard let extraOutputs = commandLineOutputs(arguments.values(Self.output)) else { return ExitStatus.failure }
        // As in check, a path that is not there is a mistake at start; once watching, a root
        // that goes away is watched for its return (and the report says it is missing).
        if let config = try? ConfigResolution.resolve(explicitConfig) {
            let missing = ConfigResolution.reviewPaths(positional, config: config).filter {
                FileSystem.targetKind(at: FileSystem.absolute($0)) == .missing
            }
            // A path from the config (the service's, at first) is mended in the config: say which.
            let fromConfig = positional.isEmpty ? config.sourceName.map { "; point `paths` in \($0) at the spec tree" } : nil
            for path in missing {
                let shown = FileSystem.relative(FileSystem.absolute(path), to: FileSystem.currentDirectory())
                Console.problem("\(shown): no such file or directory" + (fromConfig ?? ""))
            }
            if !missing.isEmpty { return ExitStatus.failure }
        }
        let stateDirectory = environment("STATE_DIRECTORY").flatMap { $0.split(separator: ":").first.map(String.init) }
        let defaultReport = stateDirectory.map { FileSystem.join($0, "report.json") }
            ?? FileSystem.absolute("higlint-report.json")

        let options = WatchOptions(
            plugins: Registry.plugins, importers: Registry.importers,
            loadConfig: {
                Result { () throws(ConfigError) -> Config in
                    var config = try ConfigResolution.resolve(explicitConfig)
                    config.watch.outputs += extraOutputs
                    return config
                }
            },
            reviewPaths: { ConfigResolution.reviewPaths(positional, config: $0) },
            discovery: { config, report in ConfigResolution.discovery(for: config, alsoExcluding: [report]) },
            reportPath: { config in
                reportFlag ?? config.watch.report.map { FileSystem.absolute($0, relativeTo: config.baseDirectory) } ?? defaultReport
            },
            notifySocket: environment("NOTIFY_SOCKET"),
            watchdogMicroseconds: watchdogMicroseconds(),
            runtimePlugins: { config in running.replace(with: config, trust: trust) },
            log: { Console.error($0) })

        let exit = Watcher.run(options)
        running.stop()
        switch exit {
        case .stopped: return ExitStatus.clean
        case .failedToStart: return ExitStatus.failure
        }
    }

    /// The `--output` values as absolute `FORMAT=FILE` outputs, or nil (said why) for one that is not.
    private static func commandLineOutputs(_ values: [String]) -> [ReportOutput]? {
        var outputs: [ReportOutput] = []
        for value in values {
            let parsed: ReportOutput
            switch ReportOutput.parse(value, defaultFormat: .json) {
            case .success(let output): parsed = output
            case .failure(let problem):
                Console.error("higlint watch: --output: \(problem)")
                return nil
            }
            // The live JSON report is --report; here every file names its format.
            guard parsed.path != value else {
                Console.error("higlint watch: --output takes FORMAT=FILE (the live JSON report is --report FILE)")
                return nil
            }
            guard !parsed.isStandardOutput else {
                Console.error("higlint watch: --output: the watcher writes files; - (standard output) is for check")
                return nil
            }
            // Relative to where the command runs, not to the config's folder as the config's own outputs are.
            outputs.append(ReportOutput(format: parsed.format, path: FileSystem.absolute(parsed.path)))
        }
        return outputs
    }

    /// The external plugins of the config in force: each load starts the new config's and stops the old.
    private static let running = RunningPlugins()

    private final class RunningPlugins: Sendable {
        private let current = Mutex<RuntimePlugins?>(nil)

        /// Trust is decided at every load: a config changed since it was trusted runs nothing.
        func replace(with config: Config, trust: TrustContext) -> StartedPlugins {
            let started = RuntimePlugins(config, trust: trust)
            if let line = started.logLine { Console.error(line) }
            // The config has loaded already; an unknown key left for the plugins is logged, and its value unused.
            started.configErrors.forEach { Console.error($0.description) }
            current.withLock { current in
                current?.shutdown()
                current = started
            }
            return StartedPlugins(plugins: started.host?.enginePlugins ?? [], configFindings: started.configFindings)
        }

        func stop() {
            current.withLock { current in
                current?.shutdown()
                current = nil
            }
        }
    }

    private static func environment(_ name: String) -> String? { Environment.value(name) }

    /// WATCHDOG_USEC, when it is meant for this process (WATCHDOG_PID unset or ours).
    private static func watchdogMicroseconds() -> Int64? {
        guard let text = environment("WATCHDOG_USEC"), let value = Int64(text), value > 0 else { return nil }
        if let pid = environment("WATCHDOG_PID"), Int32(pid) != getpid() { return nil }
        return value
    }
}
