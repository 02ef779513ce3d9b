import HiglintCore
import HiglintPlugins

/// Finds and loads the config the way every command does: `--config FILE`,
/// else `.higlint.yaml` (or `.higlint.yml`) in the starting folder or the
/// nearest folder above it, else the built-in defaults. A dot-name of its own,
/// so another tool's `config.yaml` is never taken for higlint's, and a
/// subfolder of a project finds the project's config.
enum ConfigResolution {
    static var loader: ConfigLoader { ConfigLoader(plugins: Registry.plugins) }

    /// The names looked for in each folder, in this order.
    static let fileNames = [".higlint.yaml", ".higlint.yml"]

    static func resolve(_ explicit: String?, searchingFrom start: String? = nil) throws(ConfigError) -> Config {
        if let named = explicit ?? Environment.value("HIGLINT_CONFIG") {
            var config = try loader.load(path: named)
            config.isNamed = true
            return config
        }
        if let found = discover(from: start ?? FileSystem.currentDirectory()) {
            return try loader.load(path: found)
        }
        var config = Config()
        config.baseDirectory = FileSystem.currentDirectory()
        return config
    }

    /// The trust a command grants the config it loaded: `--trust-config` or
    /// `HIGLINT_TRUST_CONFIG=1` for the run, and the user's trust store.
    static func trust(_ arguments: ParsedArguments) -> TrustContext {
        TrustContext(overridden: arguments.isSet(.trustConfig) || Environment.value("HIGLINT_TRUST_CONFIG") == "1")
    }

    /// The nearest config file at or above `directory`, named relative to the
    /// working directory when it lies below it (as messages then show it).
    static func discover(from directory: String) -> String? {
        var folder = FileSystem.absolute(directory)
        while true {
            for name in fileNames {
                let candidate = FileSystem.join(folder, name)
                if FileSystem.kind(at: candidate) != .missing {
                    return FileSystem.relative(candidate, to: FileSystem.currentDirectory())
                }
            }
            if folder == "/" { return nil }
            folder = FileSystem.directory(of: folder)
        }
    }

    /// The paths to review: the command line's, else the config's (relative to the config file).
    static func reviewPaths(_ positional: [String], config: Config) -> [String] {
        if !positional.isEmpty { return positional }
        return config.paths.map { FileSystem.absolute($0, relativeTo: config.baseDirectory) }
    }

    static func discovery(for config: Config, alsoExcluding extra: [String] = []) -> SpecDiscovery {
        var excluded = Set<String>()
        for path in [config.sourcePath].compactMap({ $0 }) + extra {
            if let real = FileSystem.realPath(path) { excluded.insert(real) }
        }
        return SpecDiscovery(
            exclude: config.exclude, excludedFiles: excluded, importedExtensions: Registry.importedExtensions,
            configDirectory: config.sourcePath == nil ? nil : config.baseDirectory)
    }
}
