import HiglintCore

/// A config as `check` would find it for a folder, and what went wrong loading it.
public struct ConfigLoad: Sendable {
    public var config: Config
    /// The config file, nil for the built-in defaults.
    public var path: String?
    /// Why the file found could not be used (the defaults are used then).
    public var problem: String?

    public init(config: Config, path: String?, problem: String?) {
        self.config = config
        self.path = path
        self.problem = problem
    }
}

/// An engine, and how to stop what it started (external plugins' processes).
public struct EngineHandle: Sendable {
    public var engine: Engine
    public var stop: @Sendable () -> Void
    /// Why some of the config's plugins did not start (an untrusted config), for the user
    /// to read once: the server shows it with `window/showMessage`.
    public var trustMessage: String?

    public init(engine: Engine, stop: @escaping @Sendable () -> Void, trustMessage: String? = nil) {
        self.engine = engine
        self.stop = stop
        self.trustMessage = trustMessage
    }
}

/// What the command line gives the server: the ways `check` finds configs, builds engines
/// and discovers files, so that the server reviews exactly as `check` does.
public struct ServerEnvironment: Sendable {
    /// The config for a folder (`.higlint.yaml` at or above it, else the defaults).
    public var loadConfig: @Sendable (_ directory: String) -> ConfigLoad
    /// `workspaceTrusted`: the client said its editor trusts the workspace
    /// (`initializationOptions.trustWorkspace`), which lets the config's external plugins run.
    public var startEngine: @Sendable (_ config: Config, _ workspaceTrusted: Bool) -> EngineHandle
    public var discovery: @Sendable (Config) -> SpecDiscovery
    /// The paths `check` reviews under a config found for `root`.
    public var reviewPaths: @Sendable (_ config: Config, _ root: String) -> [String]
    /// The names a config file goes by.
    public var configFileNames: [String]
    /// Rule ids docs/rules.md has a section for.
    public var documentedRules: Set<String>
    public var schema: SchemaCatalog?

    public init(
        loadConfig: @escaping @Sendable (String) -> ConfigLoad, startEngine: @escaping @Sendable (Config, Bool) -> EngineHandle,
        discovery: @escaping @Sendable (Config) -> SpecDiscovery,
        reviewPaths: @escaping @Sendable (Config, String) -> [String], configFileNames: [String],
        documentedRules: Set<String>, schema: SchemaCatalog?
    ) {
        self.loadConfig = loadConfig
        self.startEngine = startEngine
        self.discovery = discovery
        self.reviewPaths = reviewPaths
        self.configFileNames = configFileNames
        self.documentedRules = documentedRules
        self.schema = schema
    }
}
