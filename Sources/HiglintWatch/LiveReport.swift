#if canImport(Glibc)
import Glibc
#endif
import HiglintCore
import HiglintReview

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
///
/// A large report is double-buffered: after each publish a spare copy of it is written
/// beside it while the watcher is idle (`writeSpare`), a private temp file no reader
/// knows of, and the next report is made by patching that copy in place (its head, then
/// everything from the first file whose findings changed) rather than by writing all of
/// it into a new file. The report that is replaced is never touched: a reader may still
/// hold it open.
struct LiveReport: Sendable {
    let path: String
    /// The file this value last put at `path`: finding it there means the report is in place.
    private(set) var written: FileIdentity?
    /// How the new file takes the old one's place (tests make the exchange fail).
    var exchange: ReportSwap.Exchange = ReportSwap.systemExchange
    /// Reports smaller than this get no spare: writing them whole costs next to nothing,
    /// and a copy left beside every small report would only be clutter.
    let spareMinimumBytes: Int
    static let defaultSpareMinimumBytes = 4 << 20
    /// The layout of the report last put at `path`, until its spare is written.
    private var published: ReportLayout?
    private var spare: Spare?

    init(path: String, spareMinimumBytes: Int = LiveReport.defaultSpareMinimumBytes) {
        self.path = path
        self.spareMinimumBytes = spareMinimumBytes
    }

    /// A private copy of a report: its temp file, what it holds, and its stamp, which must
    /// still be the file's for it to be patched (anything else means someone touched it).
    private struct Spare: Sendable {
        let temp: String
        let layout: ReportLayout
        let stamp: ContentStamp
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
    struct Draft: Sendable {
        let temp: String
        let layout: ReportLayout
    }

    /// Writes the report, then puts it in place.
    mutating func write(_ assembly: ResultTable.Assembly, status: WatchStatus, generatedAt: String) -> Result<Void, WriteProblem> {
        prepare(assembly, status: status, generatedAt: generatedAt).flatMap { commit($0) }
    }

    /// Writes the report into a draft, from the kept chunks gathered by `writev` (no copy
    /// of the whole report is made): by patching the spare when there is one, else whole.
    mutating func prepare(_ assembly: ResultTable.Assembly, status: WatchStatus, generatedAt: String) -> Result<Draft, WriteProblem> {
        let layout = Self.layout(of: assembly, status: status, generatedAt: generatedAt)
        if let spare, let draft = patch(spare, into: layout) {
            self.spare = nil
            return .success(draft)
        }
        if let spare {
            unlink(spare.temp)
            self.spare = nil
        }
        return layout.withPieces { AtomicFile.writeTemp(pieces: $0, for: path, sync: false) }
            .map { Draft(temp: $0, layout: layout) }
    }

    /// The JSON writer's own document without findings gives the head; the chunks follow
    /// as they are (the last without its comma), then the closing brackets.
    static func layout(of assembly: ResultTable.Assembly, status: WatchStatus, generatedAt: String) -> ReportLayout {
        let extra = Self.extra(status: status, generatedAt: generatedAt)
        let empty = JSONReportWriter.document(summary: assembly.summary, renderedFindings: [], extra: extra + assembly.skipped)
        guard !assembly.findings.isEmpty else { return ReportLayout(head: Array(empty.utf8)) }
        guard empty.utf8.suffix(Self.noFindings.utf8.count).elementsEqual(Self.noFindings.utf8) else {
            // Not the layout this was written against: take the writer's word for the whole document.
            return ReportLayout(head: Array(assembly.document(extra: extra).utf8))
        }
        return ReportLayout(
            head: Array(empty.utf8.dropLast(Self.noFindings.utf8.count)) + Array(Self.opening.utf8),
            chunks: assembly.findings, tail: Array(Self.closing.utf8))
    }

    /// The spare rewritten into `layout` in place: the head, then everything from the first
    /// chunk that differs, then cut to length. Nil when it cannot be (the spare was touched,
    /// or a write failed), and the report is then written whole.
    private func patch(_ spare: Spare, into layout: ReportLayout) -> Draft? {
        guard ContentStamp.of(spare.temp) == spare.stamp else { return nil }
        // The spare sits in a directory others may write: never through a link, and only
        // the very file written (a file swapped in after the stamp was taken is not ours).
        let fd = open(spare.temp, O_WRONLY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        var opened = stat()
        guard fstat(fd, &opened) == 0,
            FileIdentity(device: UInt64(opened.st_dev), inode: UInt64(opened.st_ino)) == spare.stamp.identity
        else {
            close(fd)
            return nil
        }
        let (first, offset) = layout.firstDifference(from: spare.layout) ?? (0, 0)
        let written = layout.withPieces { pieces -> Bool in
            // A head as long as the spare's goes over it; from the first difference on, the rest.
            let rest = offset == 0 ? pieces : Array(pieces[(1 + first)...])
            if offset > 0 {
                guard lseek(fd, 0, SEEK_SET) == 0, AtomicFile.writeAll([pieces[0]], to: fd) == nil else { return false }
            }
            return lseek(fd, off_t(offset), SEEK_SET) == off_t(offset) && AtomicFile.writeAll(rest, to: fd) == nil
                && ftruncate(fd, off_t(layout.count)) == 0
        }
        guard close(fd) == 0, written else { return nil }
        return Draft(temp: spare.temp, layout: layout)
    }

    /// Puts the draft at `path`; a draft that cannot be put there is removed. `spareAfter`:
    /// whether a spare copy of it is to be written (not after the first report: a tree
    /// nobody edits needs none, and an idle watcher writes nothing).
    mutating func commit(_ draft: Draft, spareAfter: Bool = true) -> Result<Void, WriteProblem> {
        var identity: FileIdentity?
        let code = ReportSwap.replace(draft.temp, at: path, exchange: exchange, identity: &identity)
        guard code == 0 else {
            unlink(draft.temp)
            return .failure(WriteProblem(.replace, path, code: code))
        }
        written = identity
        published = spareAfter ? draft.layout : nil
        return .success(())
    }

    /// A draft that will not be put in place: kept as the spare when the report is large
    /// (what it holds is known exactly), else removed.
    mutating func discard(_ draft: Draft) {
        if spare == nil, draft.layout.count >= spareMinimumBytes, let stamp = ContentStamp.of(draft.temp) {
            spare = Spare(temp: draft.temp, layout: draft.layout, stamp: stamp)
        } else {
            unlink(draft.temp)
        }
    }

    /// Whether the report in place is large enough for a spare and has none yet.
    var needsSpare: Bool {
        spare == nil && (published?.count ?? 0) >= spareMinimumBytes
    }

    /// Writes the spare copy of the report in place, once per publish: one that cannot
    /// be written leaves the next report to be written whole, as without spares.
    mutating func writeSpare() {
        guard needsSpare, let published else { return }
        // Its own copy of the chunk list: sharing the result table's would make the table
        // copy the whole list at its next change, in the middle of the next update.
        let layout = ReportLayout(head: published.head, chunks: published.chunks.map { $0 }, tail: published.tail)
        self.published = nil
        guard case .success(let temp) = layout.withPieces({ AtomicFile.writeTemp(pieces: $0, for: path, sync: false) }) else { return }
        if let stamp = ContentStamp.of(temp) {
            spare = Spare(temp: temp, layout: layout, stamp: stamp)
        } else {
            unlink(temp)
        }
    }

    /// Removes the spare (a reload, the watcher stopping).
    mutating func removeSpare() {
        if let spare { unlink(spare.temp) }
        spare = nil
        published = nil
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
        let prefix = AtomicFile.tempPrefix(for: path)
        guard case .success(let entries) = FileSystem.list(directory) else { return [] }
        var removed: [String] = []
        for entry in entries where entry.name.hasPrefix(prefix) && entry.kind == .regular {
            if unlink(FileSystem.join(directory, entry.name)) == 0 { removed.append(entry.name) }
        }
        return removed.sorted()
    }
}
