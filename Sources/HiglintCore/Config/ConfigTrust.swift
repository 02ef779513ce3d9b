#if canImport(Glibc)
import Glibc
#endif

/// Whether a config may start programs (its `plugins.external`). A config found in the
/// reviewed tree came with the tree, from whoever wrote the tree (a cloned repository, a
/// pull request), so it runs nothing until the user says so, as VS Code's workspace trust
/// and the linters that honour it do. Everything else a config says (thresholds, custom
/// rules) is data and always applies.
public enum ConfigTrust {
    public enum Verdict: Sendable, Equatable {
        /// The config starts no program: there is nothing to trust.
        case notNeeded
        /// The external plugins run; the reason, for the log.
        case trusted(String)
        /// Found in the tree and not trusted: the external plugins are not started.
        case untrusted
        /// Named for this run but unsafe to take (others can write it): the one-line reason.
        case refused(String)

        public var runsPlugins: Bool {
            switch self {
            case .notNeeded, .trusted: true
            case .untrusted, .refused: false
            }
        }
    }

    /// Decides for `config`. `overridden`: `--trust-config`, `HIGLINT_TRUST_CONFIG=1`, or a
    /// language client's word for a workspace its editor trusts.
    public static func verdict(for config: Config, overridden: Bool, store: TrustStore) -> Verdict {
        guard !config.externalPlugins.isEmpty, let path = config.sourcePath else { return .notNeeded }
        if overridden { return .trusted("trusted for this run") }
        if config.isNamed {
            // The user pointed at it, so its content is theirs, unless others can change it
            // under them: the check sshd makes of its own files.
            if let problem = ownershipProblem(of: path, named: config.sourceName) { return .refused(problem) }
            return .trusted("named for this run")
        }
        if let digest = config.sourceDigest, store.trusts(path: path, digest: digest) {
            return .trusted("trusted with `higlint trust`")
        }
        return .untrusted
    }

    /// Why a file others could change is not taken as the user's own word: the file and
    /// each directory above it must belong to root or to us and be writable by no one else
    /// (a directory with the sticky bit, as /tmp, keeps others from replacing what is in it).
    public static func ownershipProblem(of path: String, named display: String? = nil) -> String? {
        let owners: Set<uid_t> = [0, geteuid()]
        let name = display ?? path
        let absolute = FileSystem.realPath(path) ?? FileSystem.absolute(path)
        var info = stat()
        guard stat(absolute, &info) == 0 else { return "\(name): \(FileSystem.errorText(errno))" }
        if !owners.contains(info.st_uid) {
            return "\(name) belongs to user \(info.st_uid), not to root or to this user (\(geteuid())); its external plugins are not run"
        }
        if info.st_mode & 0o022 != 0 {
            let who = info.st_mode & 0o002 != 0 ? "everyone" : "its group"
            return "\(name) is writable by \(who) (mode \(octal(info.st_mode & 0o7777))); its external plugins are not run until `chmod go-w` makes it ours alone"
        }
        var directory = FileSystem.directory(of: absolute)
        while !directory.isEmpty {
            guard stat(directory, &info) == 0 else { return "\(directory): \(FileSystem.errorText(errno))" }
            if !owners.contains(info.st_uid) {
                return "\(name) lies in \(directory), which belongs to user \(info.st_uid); its external plugins are not run"
            }
            if info.st_mode & 0o022 != 0, info.st_mode & S_ISVTX == 0 {
                return "\(name) lies in \(directory), which others can write (mode \(octal(info.st_mode & 0o7777))); its external plugins are not run"
            }
            if directory == "/" { break }
            directory = FileSystem.directory(of: directory)
        }
        return nil
    }

    /// What an untrusted config's finding says: the commands not run, and the ways to trust it.
    public static func untrustedMessage(_ config: Config) -> (message: String, hint: String) {
        let commands = config.externalPlugins.map { "\(quoted($0.name)) (\($0.command.joined(separator: " ")))" }
        let name = config.sourceName ?? config.sourcePath ?? "the config"
        let message = "external plugin\(commands.count == 1 ? "" : "s") \(commands.joined(separator: ", ")) not run: "
            + "this config came with the reviewed files and is not trusted"
        let hint = "Read \(name), then run `higlint trust \(name)` to let its plugins run (again after each change to it); "
            + "or pass --config \(name), or --trust-config in a CI job that reviews its own repository."
        return (message, hint)
    }

    public static let ruleID = "plugin.untrusted"

    public static let description = RuleDescription(
        id: ruleID, severity: .warning, summary: "A config found in the reviewed tree names external plugins that were not run.",
        rationale: "An external plugin is a program: a config that came with a cloned repository or a pull request would run its author's code as the reviewer. Until the user trusts the file, its plugins stay off and this finding says that their rules did not review anything.",
        seed: "the plugin protocol (docs/plugins.md)",
        hint: "Run `higlint trust CONFIG` after reading it, or name it with --config.",
        triggeringExamples: [], nonTriggeringExamples: [])

    /// The finding at the config's `plugins.external` key.
    public static func finding(for config: Config) -> Finding? {
        guard let path = config.sourcePath else { return nil }
        let severity = config.severity(of: description)
        guard let severity else { return nil }
        let (message, hint) = untrustedMessage(config)
        let mark = config.externalPluginsMark ?? config.externalPlugins.first?.mark ?? .start
        return Finding(
            file: config.sourceName ?? path, line: mark.line, column: mark.column, rule: ruleID, severity: severity,
            message: message, hint: hint)
    }

    private static func octal(_ mode: mode_t) -> String {
        var digits = ""
        var value = mode
        repeat {
            digits = String(value & 7) + digits
            value >>= 3
        } while value > 0
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}

/// The configs the user trusted (`higlint trust`): each by its real path and the SHA-256 of
/// its content when trusted, so an edit after the trust makes it untrusted again. One line
/// each, `DIGEST  PATH`, as `sha256sum` writes; kept in the user's config directory.
public struct TrustStore: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public var digest: String
        public var path: String
    }

    public var entries: [Entry]
    /// Set when the store could not be used (others can write it): nothing in it is trusted.
    public var problem: String?

    public init(entries: [Entry] = [], problem: String? = nil) {
        self.entries = entries
        self.problem = problem
    }

    /// `$XDG_CONFIG_HOME/higlint/trusted`, else `~/.config/higlint/trusted`; nil without either.
    public static func defaultPath(environment: (String) -> String?) -> String? {
        if let base = environment("XDG_CONFIG_HOME"), base.hasPrefix("/") { return base + "/higlint/trusted" }
        if let home = environment("HOME"), home.hasPrefix("/") { return home + "/.config/higlint/trusted" }
        return nil
    }

    /// The store at `path`; a missing one is empty. A store others can write trusts nothing
    /// (they could add their own configs to it).
    public static func load(from path: String) -> TrustStore {
        switch FileReader.read(path, maxBytes: 1 << 20) {
        case .failure(.notFound): return TrustStore()
        case .failure(let problem): return TrustStore(problem: "\(path): \(problem)")
        case .success(let bytes):
            if let problem = ConfigTrust.ownershipProblem(of: path) {
                return TrustStore(problem: "the trust store \(path) is not used: \(problem)")
            }
            return TrustStore(entries: parse(String(decoding: bytes, as: UTF8.self)))
        }
    }

    static func parse(_ text: String) -> [Entry] {
        text.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, parts[0].count == 64 else { return nil }
            let path = String(parts[1].drop { $0 == " " })
            guard path.hasPrefix("/") else { return nil }
            return Entry(digest: String(parts[0]), path: path)
        }
    }

    public func render() -> String {
        entries.sorted { $0.path < $1.path }.map { "\($0.digest)  \($0.path)\n" }.joined()
    }

    public func trusts(path: String, digest: String) -> Bool {
        guard problem == nil else { return false }
        let real = FileSystem.realPath(path) ?? path
        return entries.contains { $0.path == real && $0.digest == digest }
    }

    /// Trusts `path` as its content is now (a trusted older version is replaced).
    public mutating func trust(path: String, digest: String) {
        entries.removeAll { $0.path == path }
        entries.append(Entry(digest: digest, path: path))
        entries.sort { $0.path < $1.path }
    }

    /// Forgets `path`; false when it was not trusted.
    public mutating func revoke(path: String) -> Bool {
        let count = entries.count
        entries.removeAll { $0.path == path }
        return entries.count != count
    }
}

/// What a command started for a config: its external plugins as the engine takes them, and
/// the findings about the config itself (`plugin.untrusted` when they were not started).
public struct StartedPlugins: Sendable {
    public var plugins: [Plugin]
    public var configFindings: [Finding]

    public init(plugins: [Plugin] = [], configFindings: [Finding] = []) {
        self.plugins = plugins
        self.configFindings = configFindings
    }
}
