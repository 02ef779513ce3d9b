import CInotifyTools
import HiglintCore
import HiglintReview

/// Events are hints: each only adds paths to re-examine (or asks for a full
/// rescan); what is true is read from the disk when the set has settled.
extension WatchSession {
    func mark(_ path: String, suspect: Bool) {
        pending[path] = (pending[path] ?? false) || suspect
    }

    /// Returns whether the event may change the report (then the settle clock restarts).
    func handle(_ event: RawEvent) -> Bool {
        // The library ignores overflow (wd -1): events were lost, so nothing is known.
        if event.has(IN_Q_OVERFLOW) {
            fullRescanReason = "the inotify event queue overflowed"
            return true
        }
        var relevant = handleAnchor(event)
        if event.has(IN_IGNORED) {
            // The library never handles IN_IGNORED: the kernel dropped this
            // watch (its directory was deleted, or the watch removed). Whatever
            // is at those paths now needs a new watch and a fresh look.
            for path in table.dropped(event.wd) {
                mark(path, suspect: true)
                relevant = true
            }
            return relevant || table.hasInactiveAnchors
        }
        for directory in table.directoryPaths(for: event.wd) {
            if event.name.isEmpty {
                // The directory itself: deleted or moved (its path in our
                // table is now stale), or its permissions changed.
                mark(directory, suspect: event.has(IN_DELETE_SELF) || event.has(IN_MOVE_SELF))
                relevant = true
                continue
            }
            let name = event.name
            if name.hasPrefix(".") || scope.isReportFile(directory: directory, name: name) { continue }
            if !event.has(IN_ISDIR) && !scope.discovery.isReviewedName(name) {
                // Not a file to review, but perhaps one that reviewed files read.
                guard !results.dependencies.isEmpty else { continue }
                let dependents = results.dependencies.dependents(of: FileSystem.join(directory, name))
                for dependent in dependents { mark(dependent, suspect: false) }
                relevant = relevant || !dependents.isEmpty
                continue
            }
            mark(FileSystem.join(directory, name), suspect: false)
            relevant = true
        }
        return relevant
    }

    /// An anchor directory itself deleted or moved away. An output in it is
    /// made again and rewritten; the roots and config below it are looked at
    /// afresh. A moved anchor's watch follows the directory to its new name,
    /// so it is let go of: the update watches the path again, or a stand-in above it.
    private func handleAnchorItself(_ event: RawEvent) -> Bool {
        guard event.has(IN_DELETE_SELF) || event.has(IN_MOVE_SELF) || event.has(IN_IGNORED) else { return false }
        let anchors = table.anchorDirectories(for: event.wd).map(\.directory)
        var relevant = false
        for directory in anchors {
            if scope.isReportDirectory(directory) { retry.writeSoon(at: Clock.now()) }
            if let configPath = config.sourcePath, SortedPaths.isPath(configPath, atOrUnder: directory) { configChanged = true }
            for root in scope.roots where SortedPaths.isPath(root, atOrUnder: directory) {
                mark(root, suspect: true)
                relevant = true
            }
            if event.has(IN_MOVE_SELF) { table.forgetAnchor(directory) }
        }
        return relevant || configChanged
    }

    /// Events in the parents of the roots, of the config file and of the
    /// outputs, for those names only.
    private func handleAnchor(_ event: RawEvent) -> Bool {
        guard !event.name.isEmpty else { return handleAnchorItself(event) }
        var relevant = false
        for anchor in table.anchorDirectories(for: event.wd) where anchor.names.contains(event.name) {
            let path = FileSystem.join(anchor.directory, event.name)
            // Deleting an output or moving it away is someone else, unless the live report we
            // wrote last is there: our own swap moves the old one away (`ReportSwap`).
            if event.has(IN_DELETE) || event.has(IN_MOVED_FROM), scope.reportPaths.contains(where: { SortedPaths.same($0, path) }),
               !(SortedPaths.same(path, report.path) && report.isInPlace) {
                retry.writeSoon(at: Clock.now())
            }
            if let configPath = config.sourcePath, SortedPaths.isPath(configPath, atOrUnder: path) {
                configChanged = true
                relevant = true
            }
            if scope.isRoot(path) {
                mark(path, suspect: false)
                relevant = true
            }
            // A stand-in: a directory on the way down to a root came or went.
            // The update moves the anchor down and looks at the root afresh.
            for root in scope.roots where !SortedPaths.same(root, path) && SortedPaths.isPath(root, atOrUnder: path) {
                mark(root, suspect: true)
                relevant = true
            }
        }
        return relevant
    }
}
