import HiglintCore

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

    init(paths: [String], discovery: SpecDiscovery, reportPaths: [String]) {
        var seen = Set<String>()
        roots = paths.map { FileSystem.absolute($0, relativeTo: discovery.workingDirectory) }.filter { seen.insert($0).inserted }
        self.discovery = discovery
        self.reportPaths = reportPaths
        var names: [String: Set<String>] = [:]
        for path in reportPaths { names[FileSystem.directory(of: path), default: []].insert(Self.name(of: path)) }
        reportNames = names
    }

    static func name(of path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    func isRoot(_ path: String) -> Bool {
        roots.contains { $0.utf8.elementsEqual(path.utf8) }
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
    func admitsEntry(_ path: String, name: String, isDirectory: Bool) -> Bool {
        if name.hasPrefix(".") { return false }
        let containing = roots(containing: path)
        if isDirectory {
            return containing.contains { !discovery.isExcluded(path + "/", root: $0) }
        }
        guard discovery.isReviewedName(name), !isExcludedFile(path) else { return false }
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
                guard discovery.isReviewedName(String(component)), !discovery.isExcluded(current, root: root),
                      !isExcludedFile(current)
                else { return false }
            }
        }
        return true
    }

    private func isExcludedFile(_ path: String) -> Bool {
        if reportPaths.contains(where: { $0.utf8.elementsEqual(path.utf8) }) { return true }
        guard !discovery.excludedFiles.isEmpty, let real = FileSystem.realPath(path) else { return false }
        return discovery.excludedFiles.contains(real)
    }

    /// Display path, as check names the file.
    func specFile(_ path: String) -> SpecFile {
        SpecFile(path: path, displayPath: discovery.displayPath(for: path))
    }
}
