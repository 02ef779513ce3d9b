import HiglintCore

/// The report body for the whole tree, from what the table keeps.
extension ResultTable {
    /// What the report holds: the JSON summary and the findings in check's
    /// order, as the kept chunks that hold them (not copied).
    public struct Assembly {
        public var summary: JSONReportWriter.Summary
        public var findings: [RenderedFindings]
        /// The `skipped` member, as check writes it (none when no file was skipped).
        public var skipped: [(key: String, json: String)] = []

        /// Each finding's line as `JSONReportWriter.render` makes it.
        public var lines: [String] {
            let indent = RenderedFindings.indent.count
            let separator = RenderedFindings.separator.count
            var lines: [String] = []
            for chunk in findings {
                chunk.withLines { found in
                    for line in found {
                        lines.append(String(decoding: UnsafeRawBufferPointer(rebasing: line.dropFirst(indent).dropLast(separator)), as: UTF8.self))
                    }
                }
            }
            return lines
        }

        /// The whole document as one string, the slow way (tests, and a writer
        /// whose layout the fast path does not know).
        public func document(extra: [(key: String, json: String)]) -> String {
            JSONReportWriter.document(summary: summary, renderedFindings: lines, extra: extra + skipped)
        }
    }

    /// Refreshes the project pass if it is out of date, then gives the kept sums and
    /// chunks (`totals`, `shownChunks`): no walk over the table, no result copied.
    public mutating func assemble(with engine: Engine, baseline: Baseline? = nil) -> Assembly {
        refreshProject(with: engine)
        if baseline != nil || project.hasUnplaced {
            // Baselined findings are matched by meaning across the whole tree, and an
            // unplaced finding has no file to go with: render everything, as check does.
            var report = self.report(with: engine)
            if let baseline { report = baseline.apply(to: report).report }
            var assembly = Assembly(summary: JSONReportWriter.Summary(report), findings: RenderedFindings.make(report.findings).map { [$0] } ?? [])
            assembly.skipped = JSONReportWriter.skippedMember(report.files) + JSONReportWriter.unknownMember(report.files)
            return assembly
        }
        // Kept up to date as entries change: nothing here walks the table.
        var summary = totals
        summary.errors += project.errors
        summary.warnings += project.warnings
        summary.infos += project.infos
        var assembly = Assembly(summary: summary, findings: shownChunks)
        if !skippedFiles.isEmpty {
            let skipped = skippedFiles.sorted { SortedPaths.precedes($0.key, $1.key) }.map { (file: $0.key, reason: $0.value) }
            assembly.skipped = JSONReportWriter.skippedMember(skipped)
        }
        if !unknownByFile.isEmpty {
            let files = unknownByFile.sorted { SortedPaths.precedes($0.key, $1.key) }.map { (file: $0.key, counts: $0.value) }
            assembly.skipped += JSONReportWriter.unknownMember(files)
        }
        return assembly
    }
}
