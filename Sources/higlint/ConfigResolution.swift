import HiglintCore
import HiglintPlugins

/// Finds and loads the config the way every command does: `--config FILE`,
/// else `./config.yaml` when present, else the built-in defaults.
enum ConfigResolution {
    static var loader: ConfigLoader { ConfigLoader(plugins: Registry.plugins) }

    static func resolve(_ explicit: String?) throws(ConfigError) -> Config {
        if let explicit {
            return try loader.load(path: explicit)
        }
        if FileSystem.kind(at: "config.yaml") != .missing {
            return try loader.load(path: "config.yaml")
        }
        var config = Config()
        config.baseDirectory = FileSystem.currentDirectory()
        return config
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
        return SpecDiscovery(exclude: config.exclude, excludedFiles: excluded, importedExtensions: Registry.importedExtensions)
    }
}
