import HiglintCore

/// Each reviewed file's result with its findings already rendered as JSON
/// lines, so an update re-renders only the files that changed; the report is
/// then a concatenation of kept lines plus the (cheap) project pass.
struct ResultTable: Sendable {
    struct Stored: Sendable {
        var result: FileResult
        var lines: [String]
        var errors: Int
        var warnings: Int
        var infos: Int

        init(_ result: FileResult) {
            self.result = result
            lines = result.findings.map(JSONReportWriter.render)
            errors = result.findings.reduce(0) { $0 + ($1.severity == .error ? 1 : 0) }
            warnings = result.findings.reduce(0) { $0 + ($1.severity == .warning ? 1 : 0) }
            infos = result.findings.reduce(0) { $0 + ($1.severity == .info ? 1 : 0) }
        }
    }

    /// In report order (check sorts files by display path), so assembling
    /// the report walks an array instead of looking every file up.
    private(set) var entries: [Stored] = []
    /// Path → display path, for lookups by path.
    private var displayByPath: [String: String] = [:]
    private var sortedPaths = SortedPaths()

    var count: Int { entries.count }

    func contains(_ path: String) -> Bool { displayByPath[path] != nil }

    /// Where `display` is, or would be inserted, in `entries`.
    private func position(of display: String) -> (index: Int, found: Bool) {
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if SortedPaths.precedes(entries[middle].result.file.displayPath, display) { low = middle + 1 } else { high = middle }
        }
        let found = low < entries.count && entries[low].result.file.displayPath.utf8.elementsEqual(display.utf8)
        return (low, found)
    }

    /// Keeps a review's result. A file that vanished before it could be read
    /// is removed instead, as check leaves it out. Returns whether the file was new.
    @discardableResult
    mutating func store(_ result: FileResult) -> Bool {
        let path = result.file.path
        if result.readProblem == .notFound {
            remove(path)
            return false
        }
        let display = result.file.displayPath
        let place = position(of: display)
        if place.found {
            entries[place.index] = Stored(result)
            return false
        }
        entries.insert(Stored(result), at: place.index)
        displayByPath[path] = display
        sortedPaths.insert(path)
        return true
    }

    @discardableResult
    mutating func remove(_ path: String) -> Bool {
        guard let display = displayByPath.removeValue(forKey: path) else { return false }
        sortedPaths.remove(path)
        let place = position(of: display)
        if place.found { entries.remove(at: place.index) }
        return true
    }

    func paths(atOrUnder path: String) -> [String] {
        sortedPaths.paths(atOrUnder: path)
    }

    mutating func removeAll() {
        self = ResultTable()
    }

    /// What the report holds: the JSON summary and the finding lines in check's order.
    struct Assembly {
        var summary: JSONReportWriter.Summary
        var lines: [String]
    }

    /// The report body for the whole tree. The project pass runs over every
    /// screen summary (it reads summaries, never specs); its findings are
    /// merged into each file's kept lines in report order.
    func assemble(with engine: Engine, baseline: Baseline? = nil) -> Assembly {
        if let baseline {
            // Baselined findings are matched by meaning across the whole tree,
            // so the kept lines cannot be reused; this renders everything, as check does.
            let report = baseline.apply(to: engine.report(entries.map(\.result))).report
            return Assembly(summary: JSONReportWriter.Summary(report), lines: report.findings.map(JSONReportWriter.render))
        }
        let ordered = entries
        let project = engine.projectFindings(ordered.flatMap(\.result.summaries)).sorted(by: Finding.reportOrder)

        var summary = JSONReportWriter.Summary(files: 0, screens: 0, errors: 0, warnings: 0, infos: 0)
        var projectByFile: [String: [Finding]] = [:]
        for finding in project {
            projectByFile[finding.file, default: []].append(finding)
            switch finding.severity {
            case .error: summary.errors += 1
            case .warning: summary.warnings += 1
            case .info: summary.infos += 1
            }
        }
        var lines: [String] = []
        lines.reserveCapacity(ordered.reduce(project.count) { $0 + $1.lines.count })
        var placed = 0
        for stored in ordered {
            if stored.result.readProblem == nil { summary.files += 1 }
            summary.screens += stored.result.screenCount
            summary.errors += stored.errors
            summary.warnings += stored.warnings
            summary.infos += stored.infos
            guard let extra = projectByFile[stored.result.file.displayPath] else {
                lines += stored.lines
                continue
            }
            placed += extra.count
            Self.merge(stored, extra, into: &lines)
        }
        if placed < project.count {
            // A project finding on a file the table does not hold cannot be
            // placed by file; sorting everything is slower but exactly check's order.
            let all = (ordered.flatMap(\.result.findings) + project).sorted(by: Finding.reportOrder)
            lines = all.map(JSONReportWriter.render)
        }
        return Assembly(summary: summary, lines: lines)
    }

    private static func merge(_ stored: Stored, _ extra: [Finding], into lines: inout [String]) {
        let own = stored.result.findings
        var i = 0
        var j = 0
        while i < own.count || j < extra.count {
            if j >= extra.count || (i < own.count && !Finding.reportOrder(extra[j], own[i])) {
                lines.append(stored.lines[i])
                i += 1
            } else {
                lines.append(JSONReportWriter.render(extra[j]))
                j += 1
            }
        }
    }
}
