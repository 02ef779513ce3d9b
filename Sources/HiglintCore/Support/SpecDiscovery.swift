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
    /// The last path component of each excluded file.
    private var excludedNames: Set<String>
    public var workingDirectory: String

    public init(exclude: [String], excludedFiles: Set<String> = [], workingDirectory: String = FileSystem.currentDirectory()) {
        self.exclude = exclude.map(Glob.init)
        self.excludedFiles = excludedFiles
        self.excludedNames = Self.lastComponents(of: excludedFiles)
        self.workingDirectory = workingDirectory
    }

    public struct Outcome: Sendable {
        public var files: [SpecFile] = []
        /// What was passed over, for the log.
        public var notes: [String] = []
        /// Paths that could not be looked at all (named paths that do not exist, unreadable directories).
        public var errors: [String] = []
    }

    private static func lastComponents(of paths: Set<String>) -> Set<String> {
        Set(paths.map { String($0.split(separator: "/", omittingEmptySubsequences: false).last ?? "") })
    }

    public static func isSpecName(_ name: String) -> Bool {
        name.hasSuffix(".yaml") || name.hasSuffix(".yml")
    }

    public func displayPath(for absolutePath: String) -> String {
        FileSystem.relative(absolutePath, to: workingDirectory)
    }

    public func discover(_ paths: [String]) -> Outcome {
        var outcome = Outcome()
        var seen = Set<String>()
        for path in paths {
            let absolute = FileSystem.absolute(path, relativeTo: workingDirectory)
            switch FileSystem.targetKind(at: absolute) {
            case .directory:
                walk(absolute, root: absolute, into: &outcome)
            case .regular:
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
        outcome.files = outcome.files.filter { seen.insert($0.path).inserted }
        outcome.files.sort { FileSystem.precedes($0.displayPath, $1.displayPath) }
        return outcome
    }

    /// Whether a path below `root` is excluded by a glob.
    public func isExcluded(_ absolutePath: String, root: String) -> Bool {
        if exclude.isEmpty { return false }
        let relative = FileSystem.relative(absolutePath, to: root)
        let display = displayPath(for: absolutePath)
        return exclude.contains { $0.matches(relative) || $0.matches(display) }
    }

    /// `name` is given for a regular file found by the walk (not a link), whose real path
    /// then ends in that name: only such a name can be an excluded file, and the
    /// other files skip `realpath`, which costs a system call per path component.
    private func add(_ absolute: String, name: String? = nil, into outcome: inout Outcome) {
        if !excludedFiles.isEmpty, name.map(excludedNames.contains) ?? true,
           let real = FileSystem.realPath(absolute), excludedFiles.contains(real) {
            return
        }
        outcome.files.append(SpecFile(path: absolute, displayPath: displayPath(for: absolute)))
    }

    private func walk(_ root: String, root base: String, into outcome: inout Outcome) {
        // An explicit stack: a tree nested thousands deep must not overflow ours.
        var pending = [root]
        while let directory = pending.popLast() {
            let entries: [(name: String, kind: FileSystem.Kind)]
            switch FileSystem.list(directory) {
            case .success(let list): entries = list
            case .failure(.notFound): continue  // deleted while we walked
            case .failure(let problem):
                outcome.errors.append("\(displayPath(for: directory)): cannot list directory: \(problem)")
                continue
            }
            for entry in entries where !entry.name.hasPrefix(".") {
                let path = FileSystem.join(directory, entry.name)
                switch entry.kind {
                case .directory:
                    if !isExcluded(path + "/", root: base) { pending.append(path) }
                case .regular:
                    if Self.isSpecName(entry.name), !isExcluded(path, root: base) {
                        add(path, name: entry.name, into: &outcome)
                    }
                case .symlink:
                    if Self.isSpecName(entry.name) || FileSystem.targetKind(at: path) == .directory {
                        if FileSystem.targetKind(at: path) == .missing {
                            outcome.notes.append("\(displayPath(for: path)): skipped, dangling symbolic link")
                        }
                    }
                case .other(let kind):
                    if Self.isSpecName(entry.name) {
                        outcome.notes.append("\(displayPath(for: path)): skipped, it is \(kind)")
                    }
                case .missing:
                    continue
                }
            }
        }
    }
}
