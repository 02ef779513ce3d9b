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
    /// Directories left unwatched at the watch limit, polled instead.
    var unwatched: [String] = []

    var state: String { degradedReason == nil ? "watching" : "degraded" }

    /// One line, so the report keeps check's layout with two extra lines.
    var json: String {
        var out = "{\"state\": " + JSONText.string(state)
        out += ", \"files\": \(files), \"directories\": \(directories), \"updates\": \(updates)"
        out += ", \"last_update\": " + JSONText.optional(lastUpdate)
        out += ", \"degraded_reason\": " + JSONText.optional(degradedReason)
        out += ", \"errors\": [" + errors.map(JSONText.string).joined(separator: ", ") + "]"
        out += ", \"unwatched\": [" + unwatched.map(JSONText.string).joined(separator: ", ") + "]}"
        return out
    }
}

/// Writes the live report: the JSON of `check --format json` plus
/// `generated_at` and `watch`, replaced atomically (temp file in the same
/// directory, then exchanged with the old one or renamed over it, `ReportSwap`)
/// so a reader sees the previous report or the new one, never a part.
///
/// No fsync: the report is derived data rebuilt at every start, and the
/// rename alone already gives readers whole files; syncing would add a disk
/// flush to the latency of every save for no reader's benefit. After a power
/// loss the next start rewrites it.
struct LiveReport: Sendable {
    let path: String
    /// The file this value last put at `path`: finding it there means the report is in place.
    private(set) var written: FileIdentity?
    /// How the new file takes the old one's place (tests make the exchange fail).
    var exchange: ReportSwap.Exchange = ReportSwap.systemExchange

    init(path: String) {
        self.path = path
    }

    /// Whether the file at `path` now is the one this value wrote last.
    var isInPlace: Bool {
        written != nil && PathStatus.of(path, follow: false)?.identity == written
    }

    static func extra(status: WatchStatus, generatedAt: String) -> [(key: String, json: String)] {
        [("generated_at", JSONText.string(generatedAt)), ("watch", status.json)]
    }

    /// A report written to its temp file beside `path` and not yet put there: what the
    /// watcher writes while the tree settles, to swap in when it has (`commit`) or drop.
    struct Draft: Sendable, Equatable {
        let temp: String
    }

    /// Writes the report, then puts it in place.
    mutating func write(_ assembly: ResultTable.Assembly, status: WatchStatus, generatedAt: String) -> Result<Void, WriteProblem> {
        prepare(assembly, status: status, generatedAt: generatedAt).flatMap { commit($0) }
    }

    /// Writes the report into a draft from the kept chunks: the JSON writer's own document
    /// without findings gives the head, then the chunks follow as they are (the last without
    /// its comma) and the closing brackets, gathered by `writev`. No copy of the whole
    /// report is made.
    func prepare(_ assembly: ResultTable.Assembly, status: WatchStatus, generatedAt: String) -> Result<Draft, WriteProblem> {
        let extra = Self.extra(status: status, generatedAt: generatedAt)
        let empty = JSONReportWriter.document(summary: assembly.summary, renderedFindings: [], extra: extra + assembly.skipped)
        guard let last = assembly.findings.last else { return prepare(whole: empty) }
        guard empty.utf8.suffix(Self.noFindings.utf8.count).elementsEqual(Self.noFindings.utf8),
              var head = String(empty.utf8.dropLast(Self.noFindings.utf8.count))
        else {
            // Not the layout this was written against: take the writer's word for the whole document.
            return prepare(whole: assembly.document(extra: extra))
        }
        head += Self.opening
        var tail = Self.closing
        return withExtendedLifetime(assembly.findings) {
            head.withUTF8 { headBytes in
                tail.withUTF8 { tailBytes in
                    var pieces: [UnsafeRawBufferPointer] = [UnsafeRawBufferPointer(headBytes)]
                    pieces.reserveCapacity(assembly.findings.count + 2)
                    for chunk in assembly.findings.dropLast() { pieces.append(chunk.bytes) }
                    pieces.append(UnsafeRawBufferPointer(rebasing: last.bytes.dropLast(RenderedFindings.separator.count)))
                    pieces.append(UnsafeRawBufferPointer(tailBytes))
                    return prepare(pieces: pieces)
                }
            }
        }
    }

    private func prepare(whole text: String) -> Result<Draft, WriteProblem> {
        var text = text
        return text.withUTF8 { prepare(pieces: [UnsafeRawBufferPointer($0)]) }
    }

    private func prepare(pieces: [UnsafeRawBufferPointer]) -> Result<Draft, WriteProblem> {
        AtomicFile.writeTemp(pieces: pieces, for: path, sync: false).map(Draft.init)
    }

    /// Puts the draft at `path`; a draft that cannot be put there is removed.
    mutating func commit(_ draft: Draft) -> Result<Void, WriteProblem> {
        var identity: FileIdentity?
        let code = ReportSwap.replace(draft.temp, at: path, exchange: exchange, identity: &identity)
        guard code == 0 else {
            unlink(draft.temp)
            return .failure(WriteProblem(.replace, path, code: code))
        }
        written = identity
        return .success(())
    }

    /// Removes a draft that will not be put in place.
    func discard(_ draft: Draft) {
        unlink(draft.temp)
    }

    /// How the JSON writer ends a document with no findings; with findings,
    /// its `[]` becomes the opening, the findings and the closing.
    static let noFindings = "[]\n}\n"
    static let opening = "[\n"
    static let closing = "\n  ]\n}\n"

    /// Creates the directories of `path` that are missing (someone deleted
    /// the report's directory while the watcher ran); returns the first one
    /// created, or nil when nothing was missing or it could not be made (the
    /// write that follows then fails and says why).
    static func recreateDirectory(of path: String) -> String? {
        var missing: [String] = []
        var directory = FileSystem.directory(of: path)
        while directory != "/" && !directory.isEmpty && PathStatus.of(directory, follow: true) == nil {
            missing.append(directory)
            directory = FileSystem.directory(of: directory)
        }
        for directory in missing.reversed() where mkdir(directory, 0o755) != 0 && errno != EEXIST {
            return nil
        }
        return missing.last
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
