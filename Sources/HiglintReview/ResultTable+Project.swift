import HiglintCore

/// The project pass (duplicate screens, parents, bar consistency) reads the
/// screen summaries only, so its findings hold until a summary changes: an
/// edit to a screen's body reuses them, and the pass runs again only when a
/// file's summaries differ from the ones it last saw, or files with screens
/// come or go.
extension ResultTable {
    public struct ProjectState: Sendable {
        /// False when `summaries` changed since the findings below were made.
        public var isCurrent = false
        /// In report order (the engine's order kept between equals, as a stable sort keeps it,
        /// so sorting them again among the file findings gives what `check` gives).
        public var findings: [Finding] = []
        public var errors = 0
        public var warnings = 0
        public var infos = 0
        /// Some finding names a file the table does not hold, so it cannot be
        /// placed among a file's findings (only a plugin that invents a screen could do this).
        public var hasUnplaced = false
        /// How many times the pass ran, for tests.
        public var passes = 0
        /// Display paths of the entries that hold project findings, so a new
        /// pass visits those and the files it names rather than every file.
        public var holders = Set<String>()
    }

    /// Runs the project pass if a summary changed since it last ran, then puts
    /// each file's project findings among its own, re-rendering only the files
    /// whose project findings changed.
    public mutating func refreshProject(with engine: Engine) {
        guard !project.isCurrent else { return }
        // A project finding's fix is resolved against its file as it is now on disk.
        let limit = engine.config.limits.maxFileBytes
        let findings = engine.projectFindings(summaries) { display in
            let place = position(of: display)
            guard place.found, FixedFile.isEditable(entries[place.index].result.file.path),
                  case .success(let bytes) = FileReader.read(entries[place.index].result.file.path, maxBytes: limit)
            else { return nil }
            return bytes
        }
        // Sorted in place and kept so: one array, not the engine's and a sorted copy.
        var sorted = findings
        Finding.sortInReportOrder(&sorted)
        let previousHolders = project.holders
        project = ProjectState(isCurrent: true, findings: [], passes: project.passes + 1)
        for finding in sorted {
            switch finding.severity {
            case .error: project.errors += 1
            case .warning: project.warnings += 1
            case .info: project.infos += 1
            }
        }
        // Report order starts with the file, so each file's findings are one run.
        var start = 0
        while start < sorted.count {
            let file = sorted[start].file
            var end = start + 1
            while end < sorted.count, SortedPaths.same(sorted[end].file, file) { end += 1 }
            let place = position(of: file)
            if place.found {
                project.holders.insert(file)
                let mine = sorted[start..<end]
                if !entries[place.index].projectFindings.elementsEqual(mine) {
                    entries[place.index].merge(Array(mine))
                    shownChanged(at: place.index)
                }
            } else {
                project.hasUnplaced = true
            }
            start = end
        }
        project.findings = sorted
        for file in previousHolders where !project.holders.contains(file) {
            let place = position(of: file)
            if place.found {
                entries[place.index].merge([])
                shownChanged(at: place.index)
            }
        }
    }

    /// The whole report as `check` builds it (files in path order, every finding
    /// sorted), from the kept results and the kept project findings: for the
    /// baseline and the other report formats, which need findings, not bytes.
    public mutating func report(with engine: Engine) -> Report {
        refreshProject(with: engine)
        let files = entries.map(\.result)
        var findings = files.flatMap(\.findings)
        findings += project.findings
        findings.sort(by: Finding.reportOrder)
        return Report(files: files, findings: findings)
    }
}
