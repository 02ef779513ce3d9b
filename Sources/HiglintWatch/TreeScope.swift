import HiglintCore
import HiglintReview

/// Which paths belong to the review, by the same rules `check` walks with
/// (SpecDiscovery): below a named root, no component starting with `.`, no
/// excluded directory or file, only `*.yaml`/`*.yml`, never the config file
/// or the live report, never through a symlink. A named root itself is taken
/// as given, link or not, like a path named on the command line.
struct TreeScope: Sendable {
    /// Absolute, lexically normalised, as SpecDiscovery makes them.
    let roots: [String]
    let discovery: SpecDiscovery
    /// The live report and any extra outputs: never reviewed.
    let reportPaths: [String]
    /// Directory → the report names in it.
    private let reportNames: [String: Set<String>]
    /// The last component of each of `discovery.excludedFiles`: a file that is not a link
    /// has a real path ending in its own name, so only a file of one of these names can be
    /// excluded, and the others skip `realpath` (a system call per path component, ten for
    /// each file of a deep tree: most of the first scan's walk at 100,000 files).
    private let excludedNames: Set<String>

    init(paths: [String], discovery: SpecDiscovery, reportPaths: [String]) {
        var seen = Set<String>()
        roots = paths.map { FileSystem.absolute($0, relativeTo: discovery.workingDirectory) }.filter { seen.insert($0).inserted }
        self.discovery = discovery
        self.reportPaths = reportPaths
        var names: [String: Set<String>] = [:]
        for path in reportPaths { names[FileSystem.directory(of: path), default: []].insert(Self.name(of: path)) }
        reportNames = names
        excludedNames = Set(discovery.excludedFiles.map(Self.name(of:)))
    }

    static func name(of path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    func isRoot(_ path: String) -> Bool {
        roots.contains { SortedPaths.same($0, path) }
    }

    func roots(containing path: String) -> [String] {
        roots.filter { SortedPaths.isPath(path, atOrUnder: $0) }
    }

    func isReportDirectory(_ directory: String) -> Bool {
        reportNames[directory] != nil
    }

    /// The live reports and their temp files: never reviewed, and their events never trigger an update.
    func isReportFile(directory: String, name: String) -> Bool {
        guard let names = reportNames[directory] else { return false }
        return names.contains(name) || name.hasPrefix(AtomicFile.tempMarker)
    }

    /// Whether an entry found while walking a directory of the tree is walked
    /// (directories) or reviewed (files).
    /// `parentRoots` is `roots(containing:)` of the entry's directory, which a walk asks
    /// once per directory rather than once per entry; a root that is the entry itself is
    /// the only one it can lack.
    func admitsEntry(_ path: String, name: String, isDirectory: Bool, inDirectoryUnder parentRoots: [String]) -> Bool {
        if name.hasPrefix(".") { return false }
        let containing = isRoot(path) ? roots(containing: path) : parentRoots
        if isDirectory {
            return containing.contains { !discovery.isExcluded(path + "/", root: $0) }
        }
        guard discovery.isReviewedName(name), !isExcludedFile(path, name: name) else { return false }
        return containing.contains { !discovery.isExcluded(path, root: $0) }
    }

    /// Whether `path` is in the review set as far as its name and every
    /// directory between it and a root go (what is on disk is checked by the walk).
    func admits(_ path: String, isDirectory: Bool) -> Bool {
        if isRoot(path) { return isDirectory || !isExcludedFile(path) }
        for root in roots(containing: path) where admits(path, below: root, isDirectory: isDirectory) {
            return true
        }
        return false
    }

    private func admits(_ path: String, below root: String, isDirectory: Bool) -> Bool {
        let relative = FileSystem.relative(path, to: root)
        let components = relative.split(separator: "/", omittingEmptySubsequences: true)
        var current = root
        for (index, component) in components.enumerated() {
            if component.hasPrefix(".") { return false }
            current = FileSystem.join(current, String(component))
            let isLast = index == components.count - 1
            if !isLast || isDirectory {
                if discovery.isExcluded(current + "/", root: root) { return false }
            } else {
                // Below a root, and called for what lstat found a regular file: not a link.
                guard discovery.isReviewedName(String(component)), !discovery.isExcluded(current, root: root),
                      !isExcludedFile(current, name: String(component))
                else { return false }
            }
        }
        return true
    }

    /// `name`, when given, is the last component of `path`, which is known not to be a link.
    private func isExcludedFile(_ path: String, name: String? = nil) -> Bool {
        if reportPaths.contains(where: { SortedPaths.same($0, path) }) { return true }
        guard !discovery.excludedFiles.isEmpty, name.map(excludedNames.contains) ?? true,
              let real = FileSystem.realPath(path)
        else { return false }
        return discovery.excludedFiles.contains(real)
    }

    /// Display path, as check names the file.
    func specFile(_ path: String) -> SpecFile {
        SpecFile(path: path, displayPath: discovery.displayPath(for: path))
    }
}
