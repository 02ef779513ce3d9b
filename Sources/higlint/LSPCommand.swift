#if canImport(Glibc)
import Glibc
#endif
import HiglintCore
import HiglintLSP

/// `higlint lsp`: the language server, over standard input and output.
enum LSPCommand {
    static let stdio = Option(
        name: "stdio", value: .none, summary: "accepted for clients that pass it; standard input and output are the only transport")

    static let declaration = CommandDeclaration(
        name: "lsp", operands: .none,
        summary: "serve findings to an editor (Language Server Protocol)",
        description: """
            Speaks the Language Server Protocol 3.17 over standard input and output:
            diagnostics for the unsaved text of open specs (project rules included),
            hover with a rule's explanation or a key's meaning, quick fixes and
            ignore entries as code actions, and completion of keys and values.
            Each workspace folder's config is found as `check` finds it and reloaded
            when it changes. Interface Builder files are reviewed on open and save.
            Editor set-up: docs/editors.md.
            """,
        options: [.config, .trustConfig, stdio],
        epilogue: """
            initializationOptions: "debounceMilliseconds" (default 50), the wait
            after an edit before diagnostics are pushed; "rulesPage", the address
            of docs/rules.md that diagnostics link each rule to; "trustWorkspace"
            (default false): true only when the editor trusts the workspace, and
            the config found there may then run its external plugins.

            exit status: 0 after shutdown and exit; 1 when the client exits or
            goes away without shutdown; 2 usage error.
            """)

    static let command = Command(declaration: declaration, run: run)

    static func run(_ arguments: ParsedArguments) -> Int32 {
        // A client that goes away must not kill the server mid-write: the write fails instead.
        signal(SIGPIPE, SIG_IGN)
        let explicit = arguments.value(.config)
        let trust = ConfigResolution.trust(arguments)
        let documented = Set(CoreRules.descriptions(with: Registry.plugins).map(\.id))
        let environment = ServerEnvironment(
            loadConfig: { directory in load(explicit, from: directory) },
            startEngine: { config, workspaceTrusted in
                let plugins = RuntimePlugins(config, trust: trust, workspaceTrusted: workspaceTrusted)
                let engine = Engine(
                    plugins: plugins.all, importers: Registry.importers, config: config, wireframes: false,
                    configFindings: plugins.configFindings)
                return EngineHandle(engine: engine, stop: { plugins.shutdown() }, trustMessage: plugins.logLine)
            },
            discovery: { config in ConfigResolution.discovery(for: config) },
            reviewPaths: { config, root in config.sourcePath == nil ? [root] : ConfigResolution.reviewPaths([], config: config) },
            configFileNames: ConfigResolution.fileNames, documentedRules: documented,
            schema: SchemaCatalog.bundled)
        return StdioLoop.run(LanguageServer(environment: environment))
    }

    private static func load(_ explicit: String?, from directory: String) -> ConfigLoad {
        let explicit = explicit ?? Environment.value("HIGLINT_CONFIG")
        let path = explicit ?? ConfigResolution.discover(from: directory)
        guard let path else {
            var config = Config()
            config.baseDirectory = directory
            return ConfigLoad(config: config, path: nil, problem: nil)
        }
        do throws(ConfigError) {
            var config = try ConfigResolution.loader.load(path: path)
            config.isNamed = explicit != nil
            return ConfigLoad(config: config, path: config.sourcePath, problem: nil)
        } catch {
            var config = Config()
            config.baseDirectory = directory
            return ConfigLoad(config: config, path: FileSystem.absolute(path), problem: error.description)
        }
    }
}
