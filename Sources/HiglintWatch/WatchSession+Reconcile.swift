#if canImport(Glibc)
import Glibc
#endif
import HiglintCore
import HiglintReview

/// Turns the settled set of paths into the truth: stat, list and read them,
/// then update the watches and the result table to match.
extension WatchSession {
    struct Changes {
        var added: [String] = []
        var changed: [String] = []
        var removed: [String] = []

        var isEmpty: Bool { added.isEmpty && changed.isEmpty && removed.isEmpty }
        var count: Int { added.count + changed.count + removed.count }

        /// These changes followed by `later`, as one: a path's last word wins, except that
        /// a path added and then changed is still new, one added and then removed was never
        /// published, and one removed and then added again has changed.
        func followed(by later: Changes) -> Changes {
            if isEmpty { return later }
            if later.isEmpty { return self }
            var state: [String: Kind] = [:]
            var order: [String] = []
            func note(_ path: String, _ kind: Kind) {
                if state[path] == nil { order.append(path) }
                switch (state[path], kind) {
                case (.added?, .changed): break
                case (.added?, .removed): state[path] = .gone
                case (.removed?, .added): state[path] = .changed
                default: state[path] = kind
                }
            }
            for (paths, kind) in [(added, Kind.added), (changed, .changed), (removed, .removed)] {
                for path in paths { note(path, kind) }
            }
            for (paths, kind) in [(later.added, Kind.added), (later.changed, .changed), (later.removed, .removed)] {
                for path in paths { note(path, kind) }
            }
            var merged = Changes()
            for path in order {
                switch state[path] {
                case .added?: merged.added.append(path)
                case .changed?: merged.changed.append(path)
                case .removed?: merged.removed.append(path)
                case .gone?, nil: break
                }
            }
            return merged
        }

        private enum Kind { case added, changed, removed, gone }
    }

    /// Re-examines `tops` (path → whether its watch is suspect). A path whose
    /// ancestor is walked needs no look of its own; a known directory that
    /// kept its identity and permissions needs none either, unless suspect.
    func reconcile(_ tops: [String: Bool], polled: Set<String> = []) -> Changes {
        // Read what arrived since the settle: an IN_IGNORED among it means a
        // watch is dead already, and asking the library to remove a dead
        // watch makes it print to stderr. New paths go to the next update.
        drainEvents()
        var walked = Set<String>()
        var order: [String] = []
        for path in tops.keys.sorted(by: SortedPaths.precedes) {
            if hasAncestor(of: path, in: walked) { continue }
            if tops[path] != true, let known = table.directories[path],
               let now = PathStatus.of(path, follow: scope.isRoot(path)), now == known.status {
                continue
            }
            walked.insert(path)
            order.append(path)
        }

        // Forget what is gone first: a directory renamed inside the tree then
        // gets a fresh watch at its new path, and no watch outlives its path.
        for top in order {
            for directory in table.directoryPaths(atOrUnder: top) {
                let now = PathStatus.of(directory, follow: scope.isRoot(directory))
                if now?.kind != .directory || now?.identity != table.directories[directory]?.status.identity {
                    table.remove(directory: directory)
                    freedWatches = true
                }
            }
            for path in listingErrors.keys where SortedPaths.isPath(path, atOrUnder: top) { listingErrors[path] = nil }
            for path in rootErrors.keys where SortedPaths.isPath(path, atOrUnder: top) { rootErrors[path] = nil }
            for path in unwatched where SortedPaths.isPath(path, atOrUnder: top) { unwatched.remove(path) }
        }

        var found: [String] = []
        for top in order { examine(top, into: &found) }

        var changes = Changes()
        let present = Set(found)
        for top in order {
            for path in results.paths(atOrUnder: top) where !present.contains(path) {
                results.remove(path)
                changes.removed.append(path)
            }
        }
        // A poll lists unwatched directories to find what changed; a file there
        // whose stamp is as it was is not read again.
        if !polled.isEmpty {
            found.removeAll { path in
                hasAncestor(of: path, in: polled) && ContentStamp.of(path).map { results.stamp(of: path) == $0 } == true
            }
        }
        var reviewed: [ResultTable.Stored] = []
        for stored in ResultTable.review(found.map(scope.specFile), with: engine, keepWireframes: outputs.needsWireframes) {
            let path = stored.result.file.path
            let known = results.contains(path)
            if stored.result.readProblem == .notFound {
                // Gone between the listing and the read; its deletion event follows.
                if results.remove(path) { changes.removed.append(path) }
                continue
            }
            noteReadProblem(stored.result)
            // Only what really changed is named: a rescan looks at every file again.
            if !known { changes.added.append(path) } else if !results.isUnchanged(stored) { changes.changed.append(path) }
            reviewed.append(stored)
        }
        results.store(contentsOf: reviewed)
        return changes
    }

    private func hasAncestor(of path: String, in set: Set<String>) -> Bool {
        if set.isEmpty { return false }
        var current = path
        while current != "/" && !current.isEmpty {
            current = FileSystem.directory(of: current)
            if set.contains(current) { return true }
        }
        return false
    }

    /// Looks at one path: a spec file is collected, a directory is walked,
    /// anything else (missing, a link, outside the scope) contributes nothing.
    func examine(_ path: String, into found: inout [String]) {
        let isRoot = scope.isRoot(path)
        guard isRoot || parentsAreDirectories(path) else { return }
        guard let status = PathStatus.of(path, follow: isRoot) else {
            if isRoot { rootErrors[path] = "\(scope.discovery.displayPath(for: path)): no such file or directory" }
            return
        }
        switch status.kind {
        case .regular:
            if scope.admits(path, isDirectory: false) { found.append(path) }
        case .directory:
            if scope.admits(path, isDirectory: true) { walk(path, into: &found) }
        case .symlink, .other:
            return
        }
    }

    /// A path below a root counts only if every directory on the way down is
    /// a real directory: check never walks through a link, so neither do we,
    /// even when an event names a path whose parent became one.
    private func parentsAreDirectories(_ path: String) -> Bool {
        guard let root = scope.roots(containing: path).first else { return false }
        var current = FileSystem.directory(of: path)
        while current.utf8.count > root.utf8.count {
            guard PathStatus.of(current, follow: false)?.kind == .directory else { return false }
            current = FileSystem.directory(of: current)
        }
        return true
    }

    /// Watches then lists every directory below `top`, as check's walk would
    /// see it. The watch comes before the listing, so a file created in a new
    /// directory is either listed or reported by the new watch (the library's
    /// recursive walk, which stops at the first error, is not used).
    func walk(_ top: String, into found: inout [String]) {
        // Files come out in path order, as check walks: each directory's entries sorted by
        // name, a directory's name with the `/` its paths go on with, and all of a directory
        // before the entry after it. The first scan's table then needs no sort.
        var stack = [Pending.directory(top)]
        while let next = stack.popLast() {
            let directory: String
            switch next {
            case .file(let path):
                found.append(path)
                continue
            case .directory(let path):
                directory = path
            }
            let isRoot = scope.isRoot(directory)
            guard let status = PathStatus.of(directory, follow: isRoot), status.kind == .directory else { continue }
            switch table.add(directory: directory, follow: isRoot, status: status) {
            case .success:
                break
            case .failure(let error) where error.code == ENOSPC:
                let description = WatchLimits.watchLimitDescription()
                if starting {
                    startupFailure = "cannot watch \(scope.discovery.displayPath(for: directory)): \(description)"
                    return
                }
                if !watchLimitLogged {
                    log("higlint: warning: cannot watch \(scope.discovery.displayPath(for: directory)): \(description); "
                        + "the directories left unwatched are looked at every \(pollIntervalText) instead")
                    watchLimitLogged = true
                }
                watchLimit = description
                unwatched.insert(directory)
            case .failure(let error) where error.code == ENOENT || error.code == ENOTDIR:
                continue  // gone already; its parent's event says so
            case .failure(let error) where error.code == EACCES:
                break  // the listing below fails the same way and is reported as check reports it
            case .failure(let error):
                log("higlint: warning: cannot watch \(scope.discovery.displayPath(for: directory)): \(FileSystem.errorText(error.code))")
            }
            let entries: [(name: String, kind: FileSystem.Kind)]
            switch FileSystem.list(directory) {
            case .success(let list): entries = list
            case .failure(.notFound): continue
            case .failure(let problem):
                let message = "\(scope.discovery.displayPath(for: directory)): cannot list directory: \(problem)"
                if listingErrors[directory] == nil { log("higlint: error: \(message)") }
                listingErrors[directory] = message
                continue
            }
            let parentRoots = scope.roots(containing: directory)
            var children: [Pending] = []
            for entry in FileSystem.inWalkOrder(entries) {
                let path = FileSystem.join(directory, entry.name)
                switch entry.kind {
                case .directory:
                    if scope.admitsEntry(path, name: entry.name, isDirectory: true, inDirectoryUnder: parentRoots) {
                        children.append(.directory(path))
                    }
                case .regular:
                    if scope.admitsEntry(path, name: entry.name, isDirectory: false, inDirectoryUnder: parentRoots) {
                        children.append(.file(path))
                    }
                case .symlink, .other, .missing:
                    continue
                }
            }
            stack.append(contentsOf: children.reversed())
        }
    }

    private enum Pending {
        case directory(String)
        case file(String)
    }

    /// Files that exist but cannot be read, and files an importer skips, are logged the way check reports them.
    func noteReadProblem(_ result: FileResult) {
        if let reason = result.skipped { log("higlint: \(result.file.displayPath): skipped, \(reason)") }
        for note in result.notes { log("higlint: note: \(note)") }
        guard let problem = result.readProblem else { return }
        switch problem {
        case .notFound, .notRegular: return
        default: log("higlint: error: \(result.file.displayPath): \(problem)")
        }
    }
}
