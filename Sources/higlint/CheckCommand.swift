import HiglintCore
import HiglintPlugins

enum CheckCommand {
    static let help = """
        usage: higlint check [PATH...] [options]

        Reviews screen specs (*.yaml, *.yml; directories recursively) and prints
        every finding. With no PATH, reviews the config's `paths`.

        options:
          --config FILE      config file (default: ./config.yaml if present)
          --format FORMAT    text (default) or json
          --output FILE      write the findings to FILE instead of stdout
          --fail-on LEVEL    error (default), warning, info or never: the lowest
                             severity that makes the exit status 1
          --quiet            no summary line on stderr
          -h, --help         this help

        exit status: 0 no finding at or above --fail-on, 1 there are, 2 usage,
        config or I/O error.

        """

    static func run(_ argv: [String]) -> Int32 {
        let arguments: Arguments
        do {
            arguments = try Arguments(
                argv, valued: ["--config", "--format", "--output", "--fail-on"], boolean: ["--help", "-h", "--quiet"])
        } catch {
            Console.error("higlint check: \(error)\n\(help)")
            return ExitStatus.failure
        }
        if arguments.has("--help") || arguments.has("-h") {
            Console.out(help)
            return ExitStatus.clean
        }
        guard let format = OutputFormat(rawValue: arguments.value("--format") ?? "text") else {
            Console.error("higlint check: --format takes \(OutputFormat.allCases.map(\.rawValue).joined(separator: ", "))")
            return ExitStatus.failure
        }
        let failOn: Severity?
        switch arguments.value("--fail-on") ?? "error" {
        case "never": failOn = nil
        case let level:
            guard let severity = Severity(rawValue: level) else {
                Console.error("higlint check: --fail-on takes error, warning, info or never")
                return ExitStatus.failure
            }
            failOn = severity
        }
        let config: Config
        do {
            config = try ConfigResolution.resolve(arguments.value("--config"))
        } catch {
            Console.error(error.description)
            return ExitStatus.failure
        }

        let discovery = ConfigResolution.discovery(for: config)
        let outcome = discovery.discover(ConfigResolution.reviewPaths(arguments.positional, config: config))
        outcome.notes.forEach(Console.note)
        outcome.errors.forEach { Console.error("higlint: error: \($0)") }

        let engine = Engine(plugins: BuiltinPlugins.all, config: config)
        let report = engine.report(ParallelReview.review(outcome.files, with: engine))
        var ioFailed = !outcome.errors.isEmpty
        for result in report.files {
            guard let problem = result.readProblem else { continue }
            switch problem {
            case .notFound:
                Console.note("\(result.file.displayPath): deleted before it could be read; skipped")
            case .notRegular:
                Console.note("\(result.file.displayPath): \(problem)")
            default:
                Console.error("higlint: error: \(result.file.displayPath): \(problem)")
                ioFailed = true
            }
        }

        let rendered = format.render(report)
        if let output = arguments.value("--output") {
            if case .failure(let problem) = AtomicFile.write(rendered, to: output) {
                Console.error("higlint: error: \(problem)")
                return ExitStatus.failure
            }
        } else {
            Console.out(rendered)
        }
        if !arguments.has("--quiet") { Console.error(TextReportWriter.summaryLine(report)) }
        if ioFailed { return ExitStatus.failure }
        return report.fails(at: failOn) ? ExitStatus.findings : ExitStatus.clean
    }
}

/// The formats `check --format` can write.
enum OutputFormat: String, CaseIterable {
    case text
    case json

    func render(_ report: Report) -> String {
        switch self {
        case .text: return TextReportWriter.write(report)
        case .json: return JSONReportWriter.write(report)
        }
    }
}
