import HiglintCore

/// The rest of the project around the files `check` was asked about (named files, or
/// standard input with `--stdin-filename`): what the rules across screens need (a
/// parent, a duplicate name, the most common bar colour), read as the language server
/// reads a workspace, and reported on not at all.
struct ProjectContext {
    /// The reviewed files of the project the asked ones are part of, the asked ones left out.
    var files: [SpecFile] = []

    /// The files under the config's `paths` (the current directory when there is no config
    /// file) that hold at least one asked file, less the asked files: a file outside every
    /// such path is not part of the project, and gets no context.
    /// `asked` are absolute paths, standard input's under the name it stands for.
    static func around(_ asked: [String], config: Config, discovery: SpecDiscovery) -> ProjectContext {
        guard !asked.isEmpty else { return ProjectContext() }
        let real = asked.map { FileSystem.realPath($0) ?? $0 }
        let roots = ConfigResolution.reviewPaths([], config: config).filter { root in
            guard FileSystem.targetKind(at: root) == .directory else { return false }
            let resolved = FileSystem.realPath(root) ?? root
            let prefix = resolved.hasSuffix("/") ? resolved : resolved + "/"
            return real.contains { $0.hasPrefix(prefix) }
        }
        guard !roots.isEmpty else { return ProjectContext() }
        var walk = discovery
        // The excludes apply as they do to any walk of the tree; nothing is named here.
        walk.excludesNamedFiles = false
        let skipped = Set(real + asked)
        // Only a file of an asked file's name can be one under another path (a link): the
        // others are kept without resolving theirs, a system call for each part of it.
        let names = Set(asked.map { Self.name(of: $0) } + real.map { Self.name(of: $0) })
        return ProjectContext(files: walk.discover(roots).files.filter { file in
            guard !skipped.contains(file.path) else { return false }
            guard names.contains(Self.name(of: file.path)) else { return true }
            return !skipped.contains(FileSystem.realPath(file.path) ?? file.path)
        })
    }

    private static func name(of path: String) -> Substring {
        path.split(separator: "/").last ?? Substring(path)
    }

    /// Whether the command line names a file (not only directories), or standard input stands for one.
    static func isAsked(operands: [String], standardInputName: String?) -> Bool {
        standardInputName != nil || operands.contains { FileSystem.targetKind(at: FileSystem.absolute($0)) == .regular }
    }

    /// The report of the asked files alone: the context's files and findings taken out.
    static func keeping(_ asked: Set<String>, of report: Report) -> Report {
        var kept = Report(files: report.files.filter { asked.contains($0.file.displayPath) },
                          findings: report.findings.filter { asked.contains($0.file) })
        kept.baselined = report.baselined.filter { asked.contains($0.file) }
        return kept
    }
}
