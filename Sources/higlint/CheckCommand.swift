import HiglintCore
import HiglintPlugins

enum CheckCommand {
    /// The formats `--format` and `--output FORMAT=FILE` take: the writers' list.
    static let formats = ReportFormat.names

    static let format = Option(
        name: "format", shortName: "f",
        value: .choice(placeholder: "FORMAT", values: formats, defaultValue: ReportFormat.text.name),
        summary: "the format of the report on stdout (see formats below)")
    static let output = Option(
        name: "output", shortName: "o", value: .report(formats: formats),
        summary: "write the --format report to FILE instead of stdout or, given FORMAT=, also write a FORMAT report "
            + "to FILE; repeat for several (-o sarif=out.sarif -o html=report.html); FILE - is stdout")
    static let failOn = Option(
        name: "fail-on", value: .choice(
            placeholder: "LEVEL", values: Severity.allCases.reversed().map(\.rawValue) + ["never"], defaultValue: "error"),
        summary: "the lowest severity that makes the exit status 1 (and, in junit, a failure)")
    static let baseline = Option(
        name: "baseline", value: .file,
        summary: "hide the findings recorded in FILE, report only new ones, and list recorded ones that no longer match")
    static let writeBaseline = Option(
        name: "write-baseline", value: .file,
        summary: "record every finding of this run in FILE; the run then reports as if given --baseline FILE")
    static let quiet = Option(
        name: "quiet", shortName: "q", value: .none,
        summary: "no summary line on stderr, and no notes about what was read beside the files (an app's missing xcconfig)")
    static let fix = Option(
        name: "fix", value: .none,
        summary: "apply the safe fixes to the spec files, then report the findings left")
    static let unsafeFixes = Option(
        name: "unsafe-fixes", value: .none,
        summary: "with --fix, also apply the unsafe fixes (they change the design or guess; see higlint rules)")
    static let diff = Option(
        name: "diff", value: .none,
        summary: "with --fix, print the fixes as a unified diff and write nothing; exit 1 when there is a diff")
    static let color = Option(
        name: "color", value: .choice(placeholder: "WHEN", values: Terminal.ColorChoice.allCases.map(\.rawValue), defaultValue: "auto"),
        summary: "colour the text report on stdout (auto: when it is a terminal, unless NO_COLOR or FORCE_COLOR says otherwise)")
    static let hints = Option(
        name: "hints", value: .none,
        summary: "each finding's hint on an indented line after it in text reports (on by itself on a terminal)")
    static let allowEmpty = Option(
        name: "allow-empty", value: .none,
        summary: "a directory with no specs is not an error (by default it is: exit 2, \"no specs under DIR\")")

    static let stdinFilename = Option(
        name: "stdin-filename", value: .file,
        summary: "the path the spec read from standard input (PATH -) stands for: it finds the config, "
            + "meets the excludes and names the findings")
    static let forceExclude = Option(
        name: "force-exclude", value: .none,
        summary: "apply the config's exclude globs to files named on the command line and to --stdin-filename too (pre-commit)")

    static let printConfig = Option(
        name: "print-config", value: .none,
        summary: "print the config this run would use, every key with the file:line:col it came from or `default`, and review nothing")
    static let timings = Option(
        name: "timings", value: .none,
        summary: "print on stderr the time spent in each rule and external plugin, the slowest first")

    static let declaration = CommandDeclaration(
        name: "check", operands: Operands(placeholder: "PATH", count: .any),
        summary: "review specs once and print the findings",
        description: """
            Reviews screen specs (*.yaml, *.yml), Interface Builder files
            (*.storyboard, *.xib) and SwiftUI source (*.swift that imports
            SwiftUI, in a build with the SwiftUI importer), directories
            recursively, and prints every finding. With no PATH, reviews the
            config's `paths`. A PATH of - reads one spec from standard input.
            A named file, or standard input named by --stdin-filename, is
            reviewed with the rest of its project (the config's `paths` that
            hold it) for the rules across screens, and only the files asked
            for are reported on.
            """,
        options: [
            .config, .trustConfig, format, output, failOn, baseline, writeBaseline, quiet, timings, fix, unsafeFixes, diff, color, hints,
            allowEmpty, stdinFilename, forceExclude, printConfig,
        ],
        epilogue: """
            --fix edits only the value a finding is about, in place: comments, key
            order, quoting, styles and line ends stay as written, and a file with
            nothing to fix is not written. A file saved by someone else during the
            run is left alone with a warning. Interface Builder and Swift files are never edited.
            With --fix, a PATH of - is a filter: the fixed spec is printed on stdout
            and the report goes to stderr (with --diff, the diff is printed).

            Report files are replaced atomically. The stdout report is the --format
            one, unless a plain --output FILE takes it or an output names `-`.

            formats:
            \(formatLines)

            exit status: 0 no finding at or above --fail-on, 1 there are, 2 usage,
            config or I/O error, or a directory with no specs (unless --allow-empty).

            environment: NO_COLOR (non-empty) turns colour off, FORCE_COLOR (not
            empty or 0) on, unless --color says otherwise.
            """)

    /// A line per format from the format list: name, usual file extension, what it is.
    private static var formatLines: String {
        func padded(_ text: String, to width: Int) -> String { text + String(repeating: " ", count: max(0, width - text.count)) }
        let width = ReportFormat.names.map(\.count).max() ?? 0
        return ReportFormat.all.map { format in
            "  \(padded(format.name, to: width))  \(padded("." + format.writer.fileExtension, to: 8))\(format.writer.summary)"
        }.joined(separator: "\n")
    }

    static let command = Command(declaration: declaration, run: run)

    /// A note that starts with an absolute path below `here`, with that path made relative.
    static func relativeToHere(_ note: String, _ here: String) -> String {
        let prefix = here.hasSuffix("/") ? here : here + "/"
        return note.hasPrefix(prefix) ? String(note.dropFirst(prefix.count)) : note
    }

    static func run(_ arguments: ParsedArguments) -> Int32 {
        guard let format = arguments.value(Self.format).flatMap(ReportFormat.init(name:)) else {
            Console.error("higlint check: --format takes \(HelpText.alternatives(formats))")
            return ExitStatus.failure
        }
        let outputs: [ReportOutput]
        switch OutputFormat.outputs(arguments.values(Self.output), format: format) {
        case .success(let parsed): outputs = parsed
        case .failure(let problem):
            Console.error("higlint check: --output: \(problem)")
            return ExitStatus.failure
        }
        let failOn = arguments.value(Self.failOn).flatMap(Severity.init(rawValue:))
        let stdinName = arguments.value(Self.stdinFilename)
        // `-` is standard input; `--stdin-filename` alone implies it.
        let readsStandardInput = arguments.operands.contains("-") || (stdinName != nil && arguments.operands.isEmpty)
        let paths = arguments.operands.filter { $0 != "-" }
        if arguments.operands.filter({ $0 == "-" }).count > 1 {
            Console.error("higlint check: - (standard input) can be named once")
            return ExitStatus.failure
        }
        if stdinName != nil, !readsStandardInput {
            Console.error("higlint check: --stdin-filename names the spec read from standard input; add - to the paths")
            return ExitStatus.failure
        }
        let config: Config
        do {
            // A spec from standard input finds its config from where it says it lives.
            let start = stdinName.map { FileSystem.directory(of: FileSystem.absolute($0)) }
            config = try ConfigResolution.resolve(arguments.value(.config), searchingFrom: start)
        } catch {
            Console.error(error.description)
            return ExitStatus.failure
        }

        if arguments.isSet(Self.printConfig) {
            let fileName = config.sourcePath.map { FileSystem.relative($0, to: FileSystem.currentDirectory()) }
            Console.out(EffectiveConfig(config, fileName: fileName, thresholds: ThresholdCatalog(plugins: Registry.plugins)).render())
            return ExitStatus.clean
        }

        var discovery = ConfigResolution.discovery(for: config)
        discovery.excludesNamedFiles = arguments.isSet(Self.forceExclude)
        discovery.keepsEntry = Registry.keptByDiscovery
        let outcome = readsStandardInput && paths.isEmpty
            ? SpecDiscovery.Outcome()
            : discovery.discover(ConfigResolution.reviewPaths(paths, config: config))
        outcome.notes.forEach(Console.note)
        outcome.errors.forEach(Console.problem)
        if !Registry.reviewsSwiftUI,
           let note = SwiftUIAbsence.note(count: SwiftUIAbsence.count(SwiftUIAbsence.swiftFiles(in: outcome.keptEntries))) {
            Console.note(note)
        }
        let allowEmpty = arguments.isSet(Self.allowEmpty)
        if !allowEmpty {
            for directory in outcome.emptyDirectories {
                Console.problem("no specs under \(directory) (\(reviewedNames)); --allow-empty makes this no error")
            }
        }

        // The command line's baseline wins over the config's.
        let baselinePath = arguments.value(Self.baseline)
            ?? config.baseline.map { FileSystem.absolute($0, relativeTo: config.baseDirectory) }
        var baseline: Baseline?
        if let baselinePath {
            switch Baseline.load(from: baselinePath) {
            case .success(let loaded): baseline = loaded
            case .failure(let problem):
                Console.error(problem.description)
                return ExitStatus.failure
            }
        }

        let fixing = arguments.isSet(Self.fix)
        if !fixing, let needless = [Self.unsafeFixes, Self.diff].first(where: arguments.isSet) {
            Console.error("higlint check: \(needless.longSpelling) needs --fix")
            return ExitStatus.failure
        }
        let plugins = RuntimePlugins(config, trust: ConfigResolution.trust(arguments))
        if case .refused(let reason) = plugins.verdict { Console.problem(reason) }
        if !plugins.configErrors.isEmpty {
            plugins.shutdown()
            plugins.configErrors.forEach { Console.error($0.description) }
            return ExitStatus.failure
        }
        let timings = arguments.isSet(Self.timings) ? RuleTimings() : nil
        // Shared by the fixing passes and the review after them: fixes edit only specs, never
        // a file the app facts come from.
        let importers = Registry.importersForOnePass(after: outcome)
        let engine = Engine(
            plugins: plugins.all, importers: importers, config: config,
            wireframes: outputs.contains { $0.format.writer.drawsScreens }, timings: timings,
            configFindings: plugins.configFindings)
        let safeties: Set<FixSafety> = arguments.isSet(Self.unsafeFixes) ? [.safe, .unsafe] : [.safe]
        var fixed: Int?
        var fixFailed = false
        // Standard input can be read once: when fixing, its text is fixed first and the
        // fixed text is what is reviewed (and printed on stdout, the report going to stderr).
        var standardInput: (file: SpecFile, contents: StandardInput.Contents)?
        if readsStandardInput {
            switch readStandardInput(named: stdinName, limit: engine.config.limits.maxFileBytes, discovery: discovery) {
            case .success(let read): standardInput = read
            case .failure(let problem):
                plugins.shutdown()
                Console.problem("standard input: \(problem)")
                return ExitStatus.failure
            }
        }
        // A file asked for alone is still part of its project: the rest is reviewed for the
        // rules across screens, and the report keeps the asked files only.
        var asked: Set<String>?
        var contextResults: [FileResult] = []
        if ProjectContext.isAsked(operands: paths, standardInputName: stdinName) {
            let standardInputPath = stdinName == nil ? nil : standardInput?.file.path
            let context = ProjectContext.around(
                outcome.files.map(\.path) + [standardInputPath].compactMap { $0 }, config: config, discovery: discovery)
            // Only the screens' summaries are read of these: no plugin, in process or not, runs on them.
            let reader = Engine(plugins: [], importers: importers, config: config, wireframes: false)
            contextResults = ParallelReview.review(context.files, with: reader)
            asked = Set(outcome.files.map(\.displayPath) + [standardInput?.file.displayPath].compactMap { $0 })
        }
        var fixedStandardInput: [UInt8]?
        if fixing {
            // Its passes review each file several times, and draw nothing.
            let fixer = CheckFixing(
                engine: Engine(plugins: plugins.all, importers: importers, config: config, wireframes: false),
                safeties: safeties, showsDiff: arguments.isSet(Self.diff))
            var fixRun = fixer.run(outcome.files, context: contextResults)
            if readsStandardInput, standardInput == nil, !fixer.showsDiff {
                // Excluded by the config: passed through unchanged, as a filter should.
                if case .success(.bytes(let bytes)) = StandardInput.read(limit: engine.config.limits.maxFileBytes) {
                    fixedStandardInput = bytes
                }
            }
            if let (file, contents) = standardInput {
                var text: [UInt8] = []
                if case .bytes(let bytes) = contents {
                    let fixedInput = fixer.fix(standardInput: bytes, file: file, among: fixRun.summaries)
                    text = fixedInput.text
                    if fixedInput.text != bytes {
                        fixRun.fixed += fixedInput.fixed
                        fixRun.changedFiles += 1
                        if fixer.showsDiff { fixRun.diff += UnifiedDiff.render(bytes, fixedInput.text, path: file.displayPath) }
                    }
                    standardInput = (file, .bytes(fixedInput.text))
                }
                // Too large to keep: nothing is printed, and its spec.limits finding says why.
                fixedStandardInput = text
            }
            if fixer.showsDiff {
                plugins.shutdown()
                Console.out(fixRun.diff)
                if !arguments.isSet(Self.quiet) {
                    Console.error("\(fixRun.fixed) fix\(fixRun.fixed == 1 ? "" : "es") in \(fixRun.changedFiles) file\(fixRun.changedFiles == 1 ? "" : "s") would be applied")
                }
                return fixRun.changedFiles > 0 ? ExitStatus.findings : ExitStatus.clean
            }
            fixFailed = fixRun.failed
            fixed = fixRun.fixed
        }
        var results = ParallelReview.review(outcome.files, with: engine)
        if let (file, contents) = standardInput {
            switch contents {
            case .bytes(let bytes): results.append(engine.review(bytes, file: file))
            case .tooLarge(let size): results.append(engine.review(tooLarge: size, file: file))
            }
        }
        if standardInput != nil || !contextResults.isEmpty {
            results += consume contextResults
            results.sort { FileSystem.precedes($0.file.displayPath, $1.file.displayPath) }
        }
        // Standard input cannot be read again for a project fix: its text is handed over.
        let stdinText: [UInt8]? = standardInput.flatMap { input in
            if case .bytes(let bytes) = input.contents { return bytes } else { return nil }
        }
        let stdinDisplay = standardInput?.file.displayPath
        var fullReport = engine.report(consume results, sources: { $0 == stdinDisplay ? stdinText : nil })
        if let asked { fullReport = ProjectContext.keeping(asked, of: fullReport) }
        plugins.shutdown()
        if let timings { Console.error(timings.table()) }
        var report = fullReport
        var baselined = 0
        if let baseline {
            let applied = baseline.apply(to: fullReport)
            report = applied.report
            baselined = applied.hidden
            noteStale(applied.stale, in: baselinePath ?? "")
        }
        if let path = arguments.value(Self.writeBaseline) {
            let recorded = Baseline(recording: fullReport.findings)
            if case .failure(let problem) = AtomicFile.write(recorded.render(), to: path) {
                Console.problem("\(problem)")
                return ExitStatus.failure
            }
            Console.note("wrote \(fullReport.findings.count) finding\(fullReport.findings.count == 1 ? "" : "s") to the baseline \(path)")
            let applied = recorded.apply(to: fullReport)
            report = applied.report
            baselined = applied.hidden
        }
        var ioFailed = !outcome.errors.isEmpty || (!allowEmpty && !outcome.emptyDirectories.isEmpty)
        // Positions, so looking for read problems copies no result.
        // An app's notes come with each of its files; each is logged once, its path as the
        // findings name theirs (relative to here), and not at all under --quiet.
        var logged = Set<String>()
        let quiet = arguments.isSet(Self.quiet)
        let here = FileSystem.currentDirectory()
        for position in report.files.indices {
            for note in report.files[position].notes where !quiet && logged.insert(note).inserted {
                Console.note(Self.relativeToHere(note, here))
            }
            if let reason = report.files[position].skipped {
                Console.note("\(report.files[position].file.displayPath): skipped, \(reason)")
            }
            guard let problem = report.files[position].readProblem else { continue }
            let path = report.files[position].file.displayPath
            switch problem {
            case .notFound:
                Console.note("\(path): deleted before it could be read; skipped")
            case .notRegular:
                Console.note("\(path): \(problem)")
            default:
                Console.problem("\(path): \(problem)")
                ioFailed = true
            }
        }

        var options = ReportRenderOptions(
            rules: engine.allRuleDescriptions, failOn: failOn, sourceRoot: FileSystem.currentDirectory())
        options.showsHints = arguments.isSet(Self.hints)
        // A person at a terminal reads the hints and the colours; a file or a pipe gets plain lines.
        var terminalOptions = options
        let isTerminal = Terminal.standardOutputIsTerminal
        terminalOptions.showsHints = options.showsHints || isTerminal
        terminalOptions.usesColor = Terminal.usesColor(
            arguments.value(Self.color).flatMap(Terminal.ColorChoice.init(rawValue:)) ?? .auto,
            environment: Terminal.colorEnvironment, isTerminal: isTerminal)
        var outputFailed = false
        if let fixedStandardInput {
            // `check --fix -` is a filter: stdout is the fixed spec, so the report moves to stderr.
            Console.out(bytes: fixedStandardInput)
        }
        for output in outputs {
            if output.isStandardOutput, fixedStandardInput != nil {
                let rendered = output.format.render(report, options: options)
                if !rendered.isEmpty { Console.error(rendered) }
            } else if output.isStandardOutput {
                var out = Console.PieceWriter()
                output.format.writePieces(report, options: terminalOptions) { out.add($0) }
                out.finish()
            } else if case .failure(let problem) = output.write(report, options: options) {
                Console.problem("\(problem)")
                outputFailed = true
            }
        }
        // The process exits as soon as this returns. Freeing every result, finding and
        // string of a big review one by one would only delay that (about 3 ms at 10,000
        // specs), so the reports are left for the exit to reclaim; so are the importers, which
        // keep every app's parsed project for the run (about 2 ms to free on the IB bench).
        abandon((fullReport, report, importers))
        if outputFailed { return ExitStatus.failure }
        if !arguments.isSet(Self.quiet) {
            var summary = TextReportWriter.summaryLine(report)
            summary += CheckFixing.summary(fixed: fixed, report: report, safeties: safeties, baselined: baselined)
            Console.error(summary)
        }
        if ioFailed || fixFailed { return ExitStatus.failure }
        return report.fails(at: failOn) ? ExitStatus.findings : ExitStatus.clean
    }

    /// The names a walk reviews: `*.yaml, *.yml` and each importer's.
    private static var reviewedNames: String {
        ([".yaml", ".yml"] + Registry.importedExtensions).map { "*" + $0 }.joined(separator: ", ")
    }

    /// What standard input holds, as the file `name` (or `<stdin>`); nil when
    /// `--force-exclude` and the config's excludes say that file is not reviewed.
    private static func readStandardInput(
        named name: String?, limit: Int, discovery: SpecDiscovery
    ) -> Result<(file: SpecFile, contents: StandardInput.Contents)?, ReadProblem> {
        let absolute = name.map { FileSystem.absolute($0) }
        if let absolute, discovery.excludesNamedFiles,
           discovery.isExcluded(absolute, root: discovery.configDirectory ?? discovery.workingDirectory) {
            return .success(nil)
        }
        let file = SpecFile(path: absolute ?? "-", displayPath: absolute.map(discovery.displayPath(for:)) ?? "<stdin>")
        return StandardInput.read(limit: limit).map { (file, $0) }
    }

    /// Keeps `value` alive until the process ends, without freeing it then.
    /// Held by a global rather than by nothing, so that a leak checker
    /// (`make sanitize`) sees memory still in use, not memory lost. Only the
    /// main thread, on its way out, touches it.
    private static func abandon<Value>(_ value: Value) {
        abandoned.append(Abandoned(value))
    }

    nonisolated(unsafe) private static var abandoned: [AnyObject] = []

    private final class Abandoned<Value> {
        let value: Value

        init(_ value: Value) {
            self.value = value
        }
    }

    /// Baseline entries that matched nothing: the problem was fixed, or changed past recognition.
    private static func noteStale(_ stale: [Baseline.Entry], in path: String) {
        guard !stale.isEmpty else { return }
        let count = stale.reduce(0) { $0 + $1.count }
        Console.note("\(path): \(count) baseline finding\(count == 1 ? " no longer matches" : "s no longer match"); rewrite it with --write-baseline to tidy it:")
        for entry in stale {
            Console.error("  \(entry.key.description)\(entry.count > 1 ? " (\(entry.count) times)" : "")")
        }
    }
}

/// The formats `check --format` and `--output FORMAT=FILE` can write.
typealias OutputFormat = ReportFormat

extension ReportFormat {
    /// The report files of the `--output` values, plus stdout for `--format`
    /// unless a plain `--output FILE` takes that report or an output names `-`.
    static func outputs(_ values: [String], format: ReportFormat) -> Result<[ReportOutput], ReportOutputError> {
        var outputs: [ReportOutput] = []
        var formatTaken = false
        for value in values {
            switch ReportOutput.parse(value, defaultFormat: format) {
            case .success(let output):
                if output.path == value { formatTaken = true }
                outputs.append(output)
            case .failure(let problem): return .failure(problem)
            }
        }
        if !formatTaken, !outputs.contains(where: \.isStandardOutput) {
            outputs.insert(ReportOutput(format: format, path: "-"), at: 0)
        }
        var seen = Set<String>()
        for output in outputs where !seen.insert(output.path).inserted {
            let what = output.isStandardOutput ? "standard output (-)" : output.path
            return .failure(ReportOutputError(description: "two reports would both be written to \(what)"))
        }
        return .success(outputs)
    }
}
