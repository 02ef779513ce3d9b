#if canImport(Glibc)
import Glibc
#endif
import HiglintCore
import HiglintReview

/// Every watch the daemon holds, in its own tables: the library's are not
/// trusted for paths (a renamed directory keeps its old name there, a dead
/// watch keeps its entry). Two kinds of user share kernel watches:
///
/// - tree directories, watched so their entries' changes are seen;
/// - anchors, the parents of the reviewed roots and of the config file,
///   watched only for those names, so a root or config that is deleted,
///   replaced by rename or created later is noticed.
///
/// A watch is removed from the kernel when its last user lets go.
final class WatchTable {
    struct Directory: Equatable {
        var wd: Int32
        var status: PathStatus
    }

    private let inotify: Inotify
    private var users: [Int32: Int] = [:]
    private var identities: [Int32: FileIdentity] = [:]
    /// Watches the kernel dropped whose entries the library keeps.
    private var dead: Set<Int32> = []

    private(set) var directories: [String: Directory] = [:]
    private var sortedDirectories = SortedPaths()
    private var directoryPathsByWd: [Int32: [String]] = [:]

    /// Anchor directory → the names watched for in it.
    private(set) var anchorsWanted: [String: Set<String>] = [:]
    /// What is watched for the anchors, by the directory watched: each wanted
    /// directory that exists, and for one that does not, its nearest existing
    /// ancestor, for the name that leads down to it (a stand-in).
    private var anchorWatches: [String: AnchorWatch] = [:]
    private var anchorPathsByWd: [Int32: [String]] = [:]

    private struct AnchorWatch {
        var wd: Int32
        var identity: FileIdentity
        var names: Set<String>
    }

    init(inotify: Inotify) {
        self.inotify = inotify
    }

    var directoryCount: Int { directories.count }

    // MARK: - Kernel watches

    private func acquire(_ path: String, follow: Bool, identity: FileIdentity) -> Result<Int32, SystemError> {
        let result = inotify.watch(path, follow: follow) { wd in
            self.dead.contains(wd) || (self.identities[wd].map { $0 != identity } ?? false)
        }
        if case .success(let wd) = result {
            users[wd, default: 0] += 1
            identities[wd] = identity
        }
        return result
    }

    private func release(_ wd: Int32) {
        guard let count = users[wd] else { return }
        if count > 1 {
            users[wd] = count - 1
            return
        }
        users[wd] = nil
        identities[wd] = nil
        if !inotify.remove(wd) {
            dead.insert(wd)
            inotify.retire(wd)
        }
    }

    // MARK: - Tree directories

    func add(directory path: String, follow: Bool, status: PathStatus) -> Result<Int32, SystemError> {
        if let existing = directories[path] {
            if existing.status.identity == status.identity {
                directories[path]?.status = status
                return .success(existing.wd)
            }
            remove(directory: path)
        }
        let result = acquire(path, follow: follow, identity: status.identity)
        if case .success(let wd) = result {
            directories[path] = Directory(wd: wd, status: status)
            sortedDirectories.insert(path)
            directoryPathsByWd[wd, default: []].append(path)
        }
        return result
    }

    func remove(directory path: String) {
        guard let directory = directories.removeValue(forKey: path) else { return }
        sortedDirectories.remove(path)
        directoryPathsByWd[directory.wd]?.removeAll { $0 == path }
        if directoryPathsByWd[directory.wd]?.isEmpty == true { directoryPathsByWd[directory.wd] = nil }
        release(directory.wd)
    }

    func directoryPaths(atOrUnder path: String) -> [String] {
        sortedDirectories.paths(atOrUnder: path)
    }

    func directoryPaths(for wd: Int32) -> [String] {
        directoryPathsByWd[wd] ?? []
    }

    // MARK: - Anchors

    func wantAnchor(directory: String, name: String) {
        anchorsWanted[directory, default: []].insert(name)
    }

    /// Where each wanted anchor is watched now: the directory itself, or for
    /// one that is missing, the nearest ancestor that exists, for the next
    /// name down. When that name appears, the next activation moves down.
    private func anchorPlan() -> [String: (identity: FileIdentity, names: Set<String>)] {
        var plan: [String: (identity: FileIdentity, names: Set<String>)] = [:]
        for (directory, names) in anchorsWanted {
            var watched = directory
            var wanted = names
            while true {
                if let status = PathStatus.of(watched, follow: true), status.kind == .directory {
                    plan[watched, default: (status.identity, [])].names.formUnion(wanted)
                    break
                }
                guard watched != "/" && !watched.isEmpty else { break }
                wanted = [TreeScope.name(of: watched)]
                watched = FileSystem.directory(of: watched)
            }
        }
        return plan
    }

    /// Watches the anchors as the disk stands now (see `anchorPlan`), and lets
    /// go of stand-ins no longer needed; returns the errors of those that failed.
    func activateAnchors() -> [(directory: String, code: Int32)] {
        var failures: [(directory: String, code: Int32)] = []
        // A directory made between the look and the watch would go unseen by
        // a stand-in watched too late: look again until the plan holds still.
        for _ in 0..<8 {
            failures = []
            let plan = anchorPlan()
            for (directory, watch) in anchorWatches where plan[directory]?.identity != watch.identity {
                // No longer needed, or replaced by another directory of that name.
                dropAnchor(directory)
            }
            for directory in plan.keys.sorted(by: SortedPaths.precedes) {
                guard let wanted = plan[directory] else { continue }
                if anchorWatches[directory] != nil {
                    anchorWatches[directory]?.names = wanted.names
                    continue
                }
                switch acquire(directory, follow: true, identity: wanted.identity) {
                case .success(let wd):
                    anchorWatches[directory] = AnchorWatch(wd: wd, identity: wanted.identity, names: wanted.names)
                    anchorPathsByWd[wd, default: []].append(directory)
                case .failure(let error):
                    failures.append((directory, error.code))
                }
            }
            if anchorPlan().mapValues(\.identity) == plan.mapValues(\.identity) { break }
        }
        return failures
    }

    /// Lets go of an anchor's watch (its directory moved away); the next
    /// activation watches the path again.
    func forgetAnchor(_ directory: String) {
        dropAnchor(directory)
    }

    private func dropAnchor(_ directory: String) {
        guard let watch = anchorWatches.removeValue(forKey: directory) else { return }
        anchorPathsByWd[watch.wd]?.removeAll { $0 == directory }
        if anchorPathsByWd[watch.wd]?.isEmpty == true { anchorPathsByWd[watch.wd] = nil }
        release(watch.wd)
    }

    /// Some wanted anchor is not watched itself (missing, so only a stand-in, or its watch failed).
    var hasInactiveAnchors: Bool {
        anchorsWanted.keys.contains { anchorWatches[$0] == nil }
    }

    /// The names an anchor event may concern, with the directory they are in.
    func anchorDirectories(for wd: Int32) -> [(directory: String, names: Set<String>)] {
        (anchorPathsByWd[wd] ?? []).compactMap { directory in anchorWatches[directory].map { (directory, $0.names) } }
    }

    // MARK: - Watches the kernel dropped

    /// IN_IGNORED: the watch is gone (directory deleted, file system
    /// unmounted). Forgets it everywhere without asking the library to remove
    /// it, and returns the tree directories it served, which must be re-examined.
    func dropped(_ wd: Int32) -> [String] {
        guard users[wd] != nil else { return [] }
        users[wd] = nil
        identities[wd] = nil
        dead.insert(wd)
        inotify.retire(wd)
        let paths = directoryPathsByWd.removeValue(forKey: wd) ?? []
        for path in paths {
            directories[path] = nil
            sortedDirectories.remove(path)
        }
        for directory in anchorPathsByWd.removeValue(forKey: wd) ?? [] {
            anchorWatches[directory] = nil
        }
        return paths
    }

    /// Lets go of every watch (a reload starts again from nothing).
    func removeAll() {
        for path in directories.keys { remove(directory: path) }
        for directory in Array(anchorWatches.keys) { dropAnchor(directory) }
        anchorsWanted = [:]
    }
}
