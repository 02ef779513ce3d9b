import HiglintCore

/// Which findings an update made appear and which it made go, so the
/// watcher's terminal shows the findings themselves, not only the counts.
///
/// Each file's shown findings are kept with the rendered chunk the table
/// showed for them. The table replaces a file's chunk only when the file or
/// its project findings changed, so an unchanged chunk (the same object)
/// means unchanged findings, and an update compares only what it touched.
struct FindingChanges {
    struct Difference: Equatable {
        var appeared: [Finding] = []
        var disappeared: [Finding] = []

        var isEmpty: Bool { appeared.isEmpty && disappeared.isEmpty }
    }

    private struct Shown {
        /// Held, not only its identity, so its address cannot be reused by a new chunk.
        var chunk: RenderedFindings?
        var findings: [Finding]
    }

    private var byFile: [String: Shown] = [:]

    /// Records what the table shows now and returns what differs from the last time.
    /// With a baseline, or findings the table cannot place, `report` is what is
    /// shown: the findings are compared whole, as the report itself was built.
    mutating func update(from table: ResultTable, report: Report?) -> Difference {
        var difference = Difference()
        var next: [String: Shown] = [:]
        if let report {
            var grouped: [String: [Finding]] = [:]
            for finding in report.findings { grouped[finding.file, default: []].append(finding) }
            for (file, findings) in grouped {
                compare(byFile[file]?.findings ?? [], findings, into: &difference)
                next[file] = Shown(chunk: nil, findings: findings)
            }
        } else {
            for entry in table.entries {
                let path = entry.displayPath
                let previous = byFile[path]
                guard entry.shown != nil || previous != nil else { continue }
                if let previous, let chunk = previous.chunk, chunk === entry.shown {
                    next[path] = previous
                    continue
                }
                let findings = (entry.result.findings + entry.projectFindings).sorted(by: Finding.reportOrder)
                compare(previous?.findings ?? [], findings, into: &difference)
                if !findings.isEmpty { next[path] = Shown(chunk: entry.shown, findings: findings) }
            }
        }
        // Files no longer shown: a removed spec, or one with no findings left.
        for (file, shown) in byFile where next[file] == nil {
            compare(shown.findings, [], into: &difference)
        }
        byFile = next
        difference.appeared.sort(by: Finding.reportOrder)
        difference.disappeared.sort(by: Finding.reportOrder)
        return difference
    }

    /// Counts, not sets: two equal findings are two findings.
    private func compare(_ before: [Finding], _ after: [Finding], into difference: inout Difference) {
        if before == after { return }
        var counts: [Finding: Int] = [:]
        for finding in before { counts[finding, default: 0] += 1 }
        for finding in after {
            if let count = counts[finding], count > 0 {
                counts[finding] = count - 1
            } else {
                difference.appeared.append(finding)
            }
        }
        for finding in before where (counts[finding] ?? 0) > 0 {
            counts[finding, default: 0] -= 1
            difference.disappeared.append(finding)
        }
    }

    /// Log lines: `higlint: + finding` for each that appeared, `higlint: - finding` for
    /// each that went, in the text report's form; past `limit` of either, how many more.
    /// The prefix every log line has, so the log stays one kind of line.
    static func lines(_ difference: Difference, limit: Int = 20) -> [String] {
        var lines: [String] = []
        for (sign, findings) in [("+", difference.appeared), ("-", difference.disappeared)] {
            for finding in findings.prefix(limit) { lines.append("higlint: \(sign) " + TextReportWriter.render(finding)) }
            if findings.count > limit {
                lines.append("higlint: \(sign) ... and \(findings.count - limit) more (the live report has them all)")
            }
        }
        return lines
    }
}
