#if canImport(Glibc)
import Glibc
#endif
import HiglintCore

/// The `watch` member of the live report: what the daemon is doing and
/// whether the report can be trusted to follow the tree.
struct WatchStatus: Sendable, Equatable {
    var degradedReason: String?
    var files = 0
    var directories = 0
    var updates = 0
    var lastUpdate: String?
    /// Paths that could not be looked at (unreadable directories), as check reports them.
    var errors: [String] = []

    var state: String { degradedReason == nil ? "watching" : "degraded" }

    /// One line, so the report keeps check's layout with two extra lines.
    var json: String {
        var out = "{\"state\": " + JSONText.string(state)
        out += ", \"files\": \(files), \"directories\": \(directories), \"updates\": \(updates)"
        out += ", \"last_update\": " + JSONText.optional(lastUpdate)
        out += ", \"degraded_reason\": " + JSONText.optional(degradedReason)
        out += ", \"errors\": [" + errors.map(JSONText.string).joined(separator: ", ") + "]}"
        return out
    }
}

/// Writes the live report: the JSON of `check --format json` plus
/// `generated_at` and `watch`, replaced atomically (temp file in the same
/// directory, then rename) so a reader sees the previous report or the new
/// one, never a part.
///
/// No fsync: the report is derived data rebuilt at every start, and the
/// rename alone already gives readers whole files; syncing would add a disk
/// flush to the latency of every save for no reader's benefit. After a power
/// loss the next start rewrites it.
struct LiveReport: Sendable {
    let path: String

    func document(_ assembly: ResultTable.Assembly, status: WatchStatus, generatedAt: String) -> String {
        JSONReportWriter.document(
            summary: assembly.summary, renderedFindings: assembly.lines,
            extra: [("generated_at", JSONText.string(generatedAt)), ("watch", status.json)])
    }

    func write(_ text: String) -> Result<Void, ReadProblem> {
        AtomicFile.write(text, to: path, sync: false)
    }

    /// Removes the temp files a killed writer of this report left behind; returns their names.
    func removeLeftovers() -> [String] {
        let directory = FileSystem.directory(of: path)
        let prefix = AtomicFile.tempMarker + TreeScope.name(of: path) + "."
        guard case .success(let entries) = FileSystem.list(directory) else { return [] }
        var removed: [String] = []
        for entry in entries where entry.name.hasPrefix(prefix) && entry.kind == .regular {
            if unlink(FileSystem.join(directory, entry.name)) == 0 { removed.append(entry.name) }
        }
        return removed.sorted()
    }
}
