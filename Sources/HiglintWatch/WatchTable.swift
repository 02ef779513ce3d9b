#if canImport(Glibc)
import Glibc
#endif

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
    private var anchorWd: [String: Int32] = [:]
    private var anchorPathsByWd: [Int32: [String]] = [:]

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

    /// Watches the anchors not watched yet; returns the errors of those that failed.
    func activateAnchors() -> [(directory: String, code: Int32)] {
        var failures: [(directory: String, code: Int32)] = []
        for directory in anchorsWanted.keys.sorted() where anchorWd[directory] == nil {
            guard let status = PathStatus.of(directory, follow: true), status.kind == .directory else {
                failures.append((directory, ENOENT))
                continue
            }
            switch acquire(directory, follow: true, identity: status.identity) {
            case .success(let wd):
                anchorWd[directory] = wd
                anchorPathsByWd[wd, default: []].append(directory)
            case .failure(let error):
                failures.append((directory, error.code))
            }
        }
        return failures
    }

    var hasInactiveAnchors: Bool { anchorWd.count < anchorsWanted.count }

    /// The anchored names an event names, with the directory they are in.
    func anchorDirectories(for wd: Int32) -> [(directory: String, names: Set<String>)] {
        (anchorPathsByWd[wd] ?? []).map { ($0, anchorsWanted[$0] ?? []) }
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
            anchorWd[directory] = nil
        }
        return paths
    }

    /// Lets go of every watch (a reload starts again from nothing).
    func removeAll() {
        for path in directories.keys { remove(directory: path) }
        for (directory, wd) in anchorWd {
            anchorPathsByWd[wd] = nil
            anchorWd[directory] = nil
            release(wd)
        }
        anchorsWanted = [:]
    }
}
