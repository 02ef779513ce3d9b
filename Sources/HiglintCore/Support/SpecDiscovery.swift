/// A spec file to review: where it is, and how reports name it.
public struct SpecFile: Sendable, Hashable {
    public var path: String
    public var displayPath: String

    public init(path: String, displayPath: String) {
        self.path = path
        self.displayPath = displayPath
    }
}

/// Finds the spec files under the paths to review.
///
/// Symlinks are never followed while walking: a link inside the tree points at
/// something already reviewed, one outside must not pull the outside in, and
/// not following them is what makes loops impossible. A path named on the
/// command line is taken as given, link or not.
public struct SpecDiscovery: Sendable {
    public var exclude: [Glob]
    /// Absolute real paths never reviewed (the config file, the live report).
    public var excludedFiles: Set<String> {
        didSet { excludedNames = Self.lastComponents(of: excludedFiles) }
    }
    /// The last path component of each excluded file. A list: it holds a name or two,
    /// and every file the walk finds is looked up in it.
    private var excludedNames: [String]
    public var workingDirectory: String
    /// The extensions importers read (`.storyboard`), reviewed beside the specs.
    public var importedExtensions: [String]
    /// The folder of the config the globs come from: a glob may also be written relative to it.
    public var configDirectory: String?
    /// Whether the globs also skip files named on the command line (`--force-exclude`, for
    /// pre-commit, which names every changed file); otherwise a named file is reviewed as asked.
    public var excludesNamedFiles = false
    /// Entry names the walk keeps, by directory (`Outcome.keptEntries`), for a reader of the
    /// reviewed files that would list the same directories again in the same run (the app
    /// facts' search for a project); nil keeps none.
    public var keepsEntry: (@Sendable (String) -> Bool)?

    public init(
        exclude: [String], excludedFiles: Set<String> = [], workingDirectory: String = FileSystem.currentDirectory(),
        importedExtensions: [String] = [], configDirectory: String? = nil
    ) {
        self.importedExtensions = importedExtensions
        self.exclude = exclude.map(Glob.init)
        self.excludedFiles = excludedFiles
        self.excludedNames = Self.lastComponents(of: excludedFiles)
        self.workingDirectory = workingDirectory
        self.configDirectory = configDirectory
    }

    public struct Outcome: Sendable {
        public var files: [SpecFile] = []
        /// What was passed over, for the log.
        public var notes: [String] = []
        /// Paths that could not be looked at all (named paths that do not exist, unreadable directories).
        public var errors: [String] = []
        /// Directories named to review that hold no spec (and could be listed): a misspelt
        /// or emptied folder, which the caller decides is an error or not.
        public var emptyDirectories: [String] = []
        /// For each directory the walk listed (its absolute path), the names of its entries,
        /// hidden ones too, that `keepsEntry` picked; empty without `keepsEntry`.
        public var keptEntries: [String: [String]] = [:]

        public init() {}
    }

    private static func lastComponents(of paths: Set<String>) -> [String] {
        Set(paths.map { String($0.split(separator: "/", omittingEmptySubsequences: false).last ?? "") }).sorted()
    }

    public static func isSpecName(_ name: String) -> Bool {
        name.hasSuffix(".yaml") || name.hasSuffix(".yml")
    }

    /// Whether a file of this name is reviewed: a spec, or a file an importer reads.
    public func isReviewedName(_ name: String) -> Bool {
        Self.isSpecName(name) || importedExtensions.contains(where: name.hasSuffix)
    }

    public func displayPath(for absolutePath: String) -> String {
        FileSystem.relative(absolutePath, to: workingDirectory)
    }

    public func discover(_ paths: [String]) -> Outcome {
        var outcome = Outcome()
        for path in paths {
            let absolute = FileSystem.absolute(path, relativeTo: workingDirectory)
            switch FileSystem.targetKind(at: absolute) {
            case .directory:
                let found = (files: outcome.files.count, errors: outcome.errors.count)
                walk(absolute, root: absolute, into: &outcome)
                if outcome.files.count == found.files, outcome.errors.count == found.errors {
                    outcome.emptyDirectories.append(displayPath(for: absolute))
                }
            case .regular:
                if excludesNamedFiles, isExcluded(absolute, root: configDirectory ?? workingDirectory) { continue }
                add(absolute, into: &outcome)
            case .missing:
                if FileSystem.kind(at: absolute) == .symlink {
                    outcome.errors.append("\(path): dangling symbolic link")
                } else {
                    outcome.errors.append("\(path): no such file or directory")
                }
            case .other(let kind):
                outcome.notes.append("\(path): skipped, it is \(kind)")
            case .symlink:
                break  // stat follows links, so it never answers "symlink"
            }
        }
        // One walk meets each file once: only several paths can name a file twice. Paths
        // compare by their bytes: `é` and `e` with a combining accent are two files.
        if paths.count > 1 {
            var seen = Set<[UInt8]>()
            outcome.files = outcome.files.filter { seen.insert(Array($0.path.utf8)).inserted }
        }
        // The walk lists one directory's files in report order already; several paths, or
        // a path above the working directory, can still need the sort.
        if !Self.isInReportOrder(outcome.files) {
            outcome.files.sort { FileSystem.precedes($0.displayPath, $1.displayPath) }
        }
        return outcome
    }

    private static func isInReportOrder(_ files: [SpecFile]) -> Bool {
        files.indices.dropFirst().allSatisfy { !FileSystem.precedes(files[$0].displayPath, files[$0 - 1].displayPath) }
    }

    /// Whether a path below `root` is excluded by a glob.
    public func isExcluded(_ absolutePath: String, root: String) -> Bool {
        if exclude.isEmpty { return false }
        let relative = FileSystem.relative(absolutePath, to: root)
        let display = displayPath(for: absolutePath)
        let fromConfig = configDirectory.map { FileSystem.relative(absolutePath, to: $0) }
        return exclude.contains { $0.matches(relative) || $0.matches(display) || fromConfig.map($0.matches) == true }
    }

    /// `name` is given for a regular file found by the walk (not a link), whose real path
    /// then ends in that name: only such a name can be an excluded file, and the
    /// other files skip `realpath`, which costs a system call per path component.
    private func add(_ absolute: String, name: String? = nil, display: String? = nil, into outcome: inout Outcome) {
        if !excludedFiles.isEmpty, name.map(excludedNames.contains) ?? true,
           let real = FileSystem.realPath(absolute), excludedFiles.contains(real) {
            return
        }
        outcome.files.append(SpecFile(path: absolute, displayPath: display ?? displayPath(for: absolute)))
    }

    /// What the walk has still to visit. `display` is the entry's display path.
    private enum Pending: Sendable {
        case directory(path: String, display: String)
        case file(path: String, name: String, display: String)
    }

    /// Walks in the order reports list files, so that `discover` has nothing left to
    /// sort: each directory's entries by the bytes of their names, a directory's name
    /// followed by the `/` its files' paths go on with, and all of a directory's files
    /// before the entry after it. Paths below one directory then come out in byte order.
    ///
    /// The subdirectories of `root` are walked on every core and their outcomes put
    /// together in that order: the walk is all system calls, before any file is reviewed.
    private func walk(_ root: String, root base: String, into outcome: inout Outcome) {
        guard let children = entries(of: root, display: displayPath(for: root), root: base, into: &outcome) else { return }
        let directories = children.filter { if case .directory = $0 { true } else { false } }
        guard directories.count > 1 else {
            walkDepthFirst(children, root: base, into: &outcome)
            return
        }
        let subtrees = ParallelReview.parallelMapChunks(directories, filesPerChunk: 1) { chunk in
            chunk.map { directory in
                var subtree = Outcome()
                walkDepthFirst([directory], root: base, into: &subtree)
                return subtree
            }
        }
        var next = subtrees.startIndex
        for child in children {
            switch child {
            case .file(let path, let name, let display):
                add(path, name: name, display: display, into: &outcome)
            case .directory:
                let subtree = subtrees[next]
                next += 1
                outcome.files += subtree.files
                outcome.notes += subtree.notes
                outcome.errors += subtree.errors
                outcome.keptEntries.merge(subtree.keptEntries) { first, _ in first }
            }
        }
    }

    /// Walks `start` in order, depth first, each directory's entries before the entry after it.
    private func walkDepthFirst(_ start: [Pending], root base: String, into outcome: inout Outcome) {
        // An explicit stack: a tree nested thousands deep must not overflow ours. Each
        // directory's entries go on it last first, so they come off in order.
        var pending = Array(start.reversed())
        while let next = pending.popLast() {
            switch next {
            case .file(let path, let name, let display):
                add(path, name: name, display: display, into: &outcome)
            case .directory(let path, let display):
                if let children = entries(of: path, display: display, root: base, into: &outcome) {
                    pending.append(contentsOf: children.reversed())
                }
            }
        }
    }

    /// Folders other tools fill with other projects' files (JavaScript packages, CocoaPods,
    /// Carthage, Xcode's build products): their YAML is never a screen spec of this app, and
    /// reviewing it would bury the app's findings. A walk passes them over with a note; a
    /// path named on the command line is reviewed as asked.
    public static let vendoredDirectories: Set<String> = ["node_modules", "Pods", "Carthage", "DerivedData"]

    /// The entries of `directory` that the walk visits, in walk order; nil when it cannot be listed.
    private func entries(of directory: String, display directoryDisplay: String, root base: String, into outcome: inout Outcome) -> [Pending]? {
        var entries: [(name: String, kind: FileSystem.Kind)]
        switch FileSystem.list(directory) {
        case .success(let list): entries = list
        case .failure(.notFound): return nil  // deleted while we walked
        case .failure(let problem):
            outcome.errors.append("\(directoryDisplay): cannot list directory: \(problem)")
            return nil
        }
        if let keepsEntry { outcome.keptEntries[directory] = entries.map(\.name).filter(keepsEntry) }
        entries.removeAll { $0.name.hasPrefix(".") }
        var children: [Pending] = []
        for entry in FileSystem.inWalkOrder(entries) {
            let path = FileSystem.join(directory, entry.name)
            switch entry.kind {
            case .directory:
                if Self.vendoredDirectories.contains(entry.name) {
                    outcome.notes.append("\(childDisplay(path, entry.name, in: directoryDisplay)): skipped, a folder of other projects' code (name it to review it)")
                    continue
                }
                if !isExcluded(path + "/", root: base) {
                    children.append(.directory(path: path, display: childDisplay(path, entry.name, in: directoryDisplay)))
                }
            case .regular:
                if isReviewedName(entry.name), !isExcluded(path, root: base) {
                    children.append(
                        .file(path: path, name: entry.name, display: childDisplay(path, entry.name, in: directoryDisplay)))
                }
            case .symlink:
                if isReviewedName(entry.name) || FileSystem.targetKind(at: path) == .directory {
                    if FileSystem.targetKind(at: path) == .missing {
                        outcome.notes.append("\(displayPath(for: path)): skipped, dangling symbolic link")
                    }
                }
            case .other(let kind):
                if isReviewedName(entry.name) {
                    outcome.notes.append("\(displayPath(for: path)): skipped, it is \(kind)")
                }
            case .missing:
                continue
            }
        }
        return children
    }

    /// `displayPath(for: path)` of an entry `name` of a directory shown as `directoryDisplay`,
    /// without searching the working directory in every path: below the working directory
    /// it is the directory's display path and the name. A directory outside it (an absolute
    /// display path) may still have entries inside it, so those ask the long way.
    private func childDisplay(_ path: String, _ name: String, in directoryDisplay: String) -> String {
        directoryDisplay.hasPrefix("/") ? displayPath(for: path) : FileSystem.join(directoryDisplay, name)
    }
}
