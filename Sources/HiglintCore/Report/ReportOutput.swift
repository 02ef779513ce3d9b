/// One report file to write: `--output FORMAT=FILE` on the command line, and
/// the same spelling wherever the watcher's config lists its live reports.
public struct ReportOutput: Sendable, Hashable {
    public var format: ReportFormat
    /// A path, or `-` for standard output.
    public var path: String

    public init(format: ReportFormat, path: String) {
        self.format = format
        self.path = path
    }

    public var isStandardOutput: Bool { path == "-" }

    /// Reads `FORMAT=FILE`, or a plain `FILE` that takes `defaultFormat`.
    ///
    /// A value is `FORMAT=FILE` when the part before the first `=` holds no `/`
    /// and no `.`, so `reports/a=b.html` and `./x=y` stay plain paths while a
    /// misspelt format (`sarf=out.sarif`) is an error rather than a file name.
    public static func parse(_ value: String, defaultFormat: ReportFormat) -> Result<ReportOutput, ReportOutputError> {
        if let equals = value.firstIndex(of: "=") {
            let name = value[..<equals]
            let path = String(value[value.index(after: equals)...])
            if !name.contains("/"), !name.contains(".") {
                guard let format = ReportFormat(name: String(name)) else {
                    return .failure(ReportOutputError(description: "unknown report format \(quoted(String(name))) in \(quoted(value)); formats are \(ReportFormat.names.joined(separator: ", "))"))
                }
                guard !path.isEmpty else {
                    return .failure(ReportOutputError(description: "\(quoted(value)) names no file after the ="))
                }
                return .success(ReportOutput(format: format, path: path))
            }
        }
        guard !value.isEmpty else { return .failure(ReportOutputError(description: "an output needs a file name")) }
        return .success(ReportOutput(format: defaultFormat, path: value))
    }

    /// Renders the report and replaces the file atomically (a reader sees the old report or the new, never half).
    public func write(_ report: Report, options: ReportRenderOptions) -> Result<Void, WriteProblem> {
        AtomicFile.write(format.render(report, options: options), to: path)
    }
}

public struct ReportOutputError: Error, Sendable, CustomStringConvertible {
    public var description: String

    public init(description: String) {
        self.description = description
    }
}
