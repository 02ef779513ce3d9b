import HiglintCore
import HiglintReview

/// Which findings an update made appear and which it made go, so the
/// watcher's terminal shows the findings themselves, not only the counts.
///
/// Each file's shown findings are kept with the rendered chunk the table
/// showed for them. The table replaces a file's chunk only when the file or
/// its project findings changed, so an unchanged chunk (the same object)
/// means unchanged findings: an update looks up the files that show findings
/// and compares only those whose chunk is new.
struct FindingChanges {
    struct Difference {
        var appeared: [Finding] = []
        var disappeared: [Finding] = []
    }

    private struct Shown {
        /// Held, not only its identity, so its address cannot be reused by a new chunk.
        var chunk: RenderedFindings?
        var findings: [Finding]
    }

    /// Display path → what it showed at the last update; files with findings only.
    private var byFile: [String: Shown] = [:]
    /// The last update compared whole reports: its files are not the table's chunks.
    private var lastWasWhole = false

    /// Records what the table shows now and returns what differs from the last time.
    /// `changed` names the files whose shown findings may differ since the last update
    /// (`ResultTable.takeShownChanges`), nil for any: only those are looked at, so a save
    /// costs its own files, not a walk over the tree. With a baseline, or findings the
    /// table cannot place, `report` is what is shown: the findings are compared whole, as
    /// the report itself was built.
    mutating func update(from table: ResultTable, changed: Set<String>? = nil, report: Report?) -> Difference {
        var difference = Difference()
        let wasWhole = lastWasWhole
        lastWasWhole = report != nil
        if let changed, report == nil, !wasWhole {
            for path in changed {
                let place = table.position(of: path)
                let entry = place.found ? table.entries[place.index] : nil
                if let shown = entry?.shown, let entry {
                    let previous = byFile[path]
                    if let chunk = previous?.chunk, chunk === shown { continue }
                    let findings = Self.shown(entry)
                    compare(previous?.findings ?? [], findings, into: &difference)
                    byFile[path] = Shown(chunk: shown, findings: findings)
                } else if let previous = byFile.removeValue(forKey: path) {
                    compare(previous.findings, [], into: &difference)
                }
            }
        } else if let report {
            var grouped: [String: [Finding]] = [:]
            for finding in report.findings { grouped[finding.file, default: []].append(finding) }
            for (file, findings) in grouped {
                compare(byFile[file]?.findings ?? [], findings, into: &difference)
            }
            for (file, shown) in byFile where grouped[file] == nil { compare(shown.findings, [], into: &difference) }
            byFile = grouped.mapValues { Shown(chunk: nil, findings: $0) }
        } else {
            var showing = 0
            for entry in table.entries where entry.shown != nil {
                showing += 1
                let path = entry.displayPath
                let previous = byFile[path]
                if let chunk = previous?.chunk, chunk === entry.shown { continue }
                let findings = Self.shown(entry)
                compare(previous?.findings ?? [], findings, into: &difference)
                byFile[path] = Shown(chunk: entry.shown, findings: findings)
            }
            // More files kept than showing: some were removed or show nothing now.
            if byFile.count > showing {
                let current = Set(table.entries.lazy.filter { $0.shown != nil }.map(\.displayPath))
                for (file, shown) in byFile where !current.contains(file) {
                    compare(shown.findings, [], into: &difference)
                    byFile[file] = nil
                }
            }
        }
        difference.appeared.sort(by: Finding.reportOrder)
        difference.disappeared.sort(by: Finding.reportOrder)
        return difference
    }

    /// The entry's findings as the report shows them: its own and its project findings, in
    /// report order (sorted in place, stably, as `sorted(by: Finding.reportOrder)` would).
    private static func shown(_ entry: ResultTable.Stored) -> [Finding] {
        var findings = entry.result.findings
        findings += entry.projectFindings
        Finding.sortInReportOrder(&findings)
        return findings
    }

    /// Counts, not sets: two equal findings are two findings.
    private func compare(_ before: [Finding], _ after: [Finding], into difference: inout Difference) {
        // A file new to the report, or showing nothing now, needs no counting: the first
        // scan at 100,000 specs hashed each of its 36,000 findings here.
        if before.isEmpty {
            difference.appeared += after
            return
        }
        if after.isEmpty {
            difference.disappeared += before
            return
        }
        if before == after { return }
        // Both in report order, as kept and shown: one walk down both instead of hashing each.
        if Finding.isInReportOrder(before), Finding.isInReportOrder(after) {
            let (appeared, disappeared) = Finding.difference(from: before, to: after)
            difference.appeared += appeared
            difference.disappeared += disappeared
            return
        }
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
    /// Each has the prefix every log line has, so the log stays one kind of line.
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
