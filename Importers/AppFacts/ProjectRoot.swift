import HiglintCore

/// The directory an app's facts may be read from: the one holding its `.xcodeproj`. A
/// project under review may come from anyone (a pull request), and what it names is read
/// and reasoned about, so it names nothing outside: no absolute include, no `..` out of
/// the root, no link that leads out, no `/proc` or device (those are outside too). What
/// lies outside stays unknown, with a note that names the setting, never its value.
struct ProjectRoot: Sendable, Equatable {
    /// Absolute, links resolved.
    let path: String

    init(bundle: String) {
        let directory = FileSystem.directory(of: FileSystem.absolute(bundle))
        path = FileSystem.realPath(directory) ?? directory
    }

    init(path: String) {
        self.path = FileSystem.realPath(path) ?? path
    }

    /// Whether `candidate` (absolute) is inside, after `..` and links: a file that exists is
    /// judged by its real path, one that does not by the nearest directory above it that does.
    func contains(_ candidate: String) -> Bool {
        let normal = FileSystem.absolute(candidate)
        var probe = normal
        var rest: [String] = []
        while FileSystem.realPath(probe) == nil, probe != "/" {
            rest.insert(String(probe.split(separator: "/").last ?? ""), at: 0)
            probe = FileSystem.directory(of: probe)
        }
        let real = ([FileSystem.realPath(probe) ?? probe] + rest).joined(separator: "/")
        let prefix = path.hasSuffix("/") ? path : path + "/"
        return real.hasPrefix(prefix) || real == path
    }
}
