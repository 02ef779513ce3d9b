import HiglintCore
import HiglintReview

/// The config's `watch.outputs`: more live reports in other formats (a SARIF
/// file for an IDE, an HTML page that reloads itself), each rewritten
/// atomically after every update, with the same bytes `check --output` writes
/// (the HTML page adds its reload interval and when it was updated).
///
/// Unlike the JSON report these formats are rendered whole each time, so
/// they cost time in proportion to the tree; configure them knowingly.
struct ExtraOutputs: Sendable {
    /// Absolute paths, resolved against the config's directory.
    let outputs: [ReportOutput]
    /// Seconds between the HTML page's reloads.
    static let pageRefreshSeconds = 2

    init(_ configured: [ReportOutput], baseDirectory: String) {
        outputs = configured.filter { !$0.isStandardOutput }.map {
            ReportOutput(format: $0.format, path: FileSystem.absolute($0.path, relativeTo: baseDirectory))
        }
    }

    var paths: [String] { outputs.map(\.path) }

    var isEmpty: Bool { outputs.isEmpty }

    /// Only a format that draws screens needs them; without one the watcher drops them.
    var needsWireframes: Bool { outputs.contains { $0.format.writer.drawsScreens } }

    /// Writes every output; returns the problem of each that could not be written, by path.
    func write(_ fullReport: Report, engine: Engine, baseline: Baseline?, sourceRoot: String, updatedAt: String?) -> [String: WriteProblem] {
        guard !outputs.isEmpty else { return [:] }
        var report = fullReport
        if let baseline { report = baseline.apply(to: report).report }
        let options = ReportRenderOptions(
            rules: engine.allRuleDescriptions, failOn: .error, sourceRoot: sourceRoot,
            liveRefreshSeconds: Self.pageRefreshSeconds, subtitle: updatedAt.map { "live, updated \($0)" })
        var problems: [String: WriteProblem] = [:]
        for output in outputs {
            if case .failure(let problem) = output.write(report, options: options) { problems[output.path] = problem }
        }
        return problems
    }
}
