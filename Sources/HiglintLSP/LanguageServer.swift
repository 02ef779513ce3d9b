import HiglintCore
import HiglintReview

/// The language server's state and its answer to each message, without I/O: the loop
/// hands it messages and the time, and writes what it returns. So every behaviour is a
/// function of the messages, which the tests drive through the real binary as well.
public struct LanguageServer: Sendable {
    public enum Phase: Sendable, Equatable {
        case starting
        case running
        case shutDown
    }

    /// JSON-RPC and LSP error codes.
    enum ErrorCode {
        static let parseError = -32700
        static let invalidRequest = -32600
        static let methodNotFound = -32601
        static let serverNotInitialized = -32002
    }

    /// A workspace folder: its config, engine and every file's result, kept current.
    struct Folder: Sendable {
        var root: String
        var load: ConfigLoad
        var handle: EngineHandle
        var discovery: SpecDiscovery
        var table = ProjectTable()
        /// Whether the folder was scanned (a workspace folder) or only holds open files
        /// outside every folder.
        var scanned: Bool
        var engine: Engine { handle.engine }
    }

    struct OpenDocument: Sendable {
        var text: TextDocument
        var folder: Int
        var file: SpecFile
        var isImported: Bool
        /// Reviewed from the editor's text as it is typed: a spec, or source an importer reads
        /// as typed (Swift); other imported files are reviewed from disk, on open and on save.
        var reviewsText: Bool
        /// Whether the table held the file before it was opened (it was found by the scan).
        var wasScanned: Bool
        var result: FileResult?
        /// The text's documents as its last review loaded them; nil once the text changed
        /// (or when it did not load), so ranges are never read from an older text.
        var documents: [YAMLDocument]?
    }

    let environment: ServerEnvironment
    public private(set) var phase = Phase.starting
    /// Set by `exit`: the process's status.
    public private(set) var exitStatus: Int32?
    public private(set) var encoding = PositionEncoding.utf16
    public private(set) var debounce = Duration.milliseconds(50)
    var rulesPage: String?
    var folders: [Folder] = []
    var documents: [String: OpenDocument] = [:]
    /// Documents changed since their last review, by URI.
    var dirty = Set<String>()
    /// When the dirty documents are reviewed and the diagnostics pushed.
    public internal(set) var deadline: ContinuousClock.Instant?
    var canRegisterWatchers = false
    /// False for a client that pulls diagnostics itself: pushing too would show them twice.
    var pushes = true
    /// Whether a pulling client takes `workspace/diagnostic/refresh` when other files' findings move.
    var canRefreshPulls = false
    var nextRequestID = 1
    /// Whether the client passed `trustWorkspace: true`: its editor trusts the workspace.
    var workspaceTrusted = false
    /// Messages for the user waiting to go out with the next answer (`window/showMessage`).
    var pendingMessages: [JSONValue] = []
    /// The trust messages shown already: each once per session, not at every reload.
    var shownTrustMessages = Set<String>()
    public let maxMessageBytes: Int

    public init(environment: ServerEnvironment, maxMessageBytes: Int = 64 << 20) {
        self.environment = environment
        self.maxMessageBytes = maxMessageBytes
    }

    // MARK: - Messages

    /// What the server says back to a framing problem.
    public mutating func handle(_ frame: Frame, now: ContinuousClock.Instant) -> [JSONValue] {
        switch frame {
        case .message(let message): return handle(message, now: now)
        case .malformed(let reason): return [Self.error(id: .null, ErrorCode.parseError, "unreadable message: \(reason)")]
        case .tooLarge(let size):
            return [Self.error(id: .null, ErrorCode.invalidRequest,
                               "a message of \(size) bytes is over the limit of \(maxMessageBytes); it was skipped")]
        }
    }

    public mutating func handle(_ message: JSONValue, now: ContinuousClock.Instant) -> [JSONValue] {
        var out = answer(message, now: now)
        if !pendingMessages.isEmpty, phase != .starting {
            out += pendingMessages
            pendingMessages.removeAll()
        }
        return out
    }

    private mutating func answer(_ message: JSONValue, now: ContinuousClock.Instant) -> [JSONValue] {
        guard message.isObject, let method = message["method"]?.string else {
            // A response to one of our requests (registering watchers) needs nothing.
            if message.isObject, message["id"] != nil, message["result"] != nil || message["error"] != nil { return [] }
            return [Self.error(id: message["id"] ?? .null, ErrorCode.invalidRequest, "not a JSON-RPC request or notification")]
        }
        let params = message["params"] ?? .null
        guard let id = message["id"] else {
            return notification(method, params, now: now)
        }
        switch phase {
        case .starting where method != "initialize":
            return [Self.error(id: id, ErrorCode.serverNotInitialized, "the server is not initialized yet")]
        case .running where method == "initialize":
            return [Self.error(id: id, ErrorCode.invalidRequest, "the server is already initialized")]
        case .shutDown:
            return [Self.error(id: id, ErrorCode.invalidRequest, "the server is shut down")]
        default: break
        }
        switch method {
        case "initialize": return [Self.result(id: id, initialize(params))]
        case "shutdown":
            phase = .shutDown
            for folder in folders { folder.handle.stop() }
            return [Self.result(id: id, .null)]
        case "textDocument/diagnostic":
            var out = flush(now: now)
            out.append(Self.result(id: id, pullDiagnostics(params)))
            return out
        case "textDocument/hover":
            var out = flush(now: now)
            out.append(Self.result(id: id, hover(params)))
            return out
        case "textDocument/codeAction":
            var out = flush(now: now)
            out.append(Self.result(id: id, codeActions(params)))
            return out
        case "textDocument/completion":
            return [Self.result(id: id, completion(params))]
        default:
            return [Self.error(id: id, ErrorCode.methodNotFound, "no method \(quoted(method))")]
        }
    }

    private mutating func notification(_ method: String, _ params: JSONValue, now: ContinuousClock.Instant) -> [JSONValue] {
        if method == "exit" {
            exitStatus = phase == .shutDown ? 0 : 1
            return []
        }
        guard phase == .running else { return [] }
        switch method {
        case "initialized": return registerWatchers()
        case "textDocument/didOpen": return didOpen(params, now: now)
        case "textDocument/didChange": return didChange(params, now: now)
        case "textDocument/didSave": return didSave(params, now: now)
        case "textDocument/didClose": return didClose(params, now: now)
        case "workspace/didChangeWatchedFiles": return didChangeWatchedFiles(params, now: now)
        case "workspace/didChangeWorkspaceFolders": return didChangeWorkspaceFolders(params, now: now)
        default:
            // `$/cancelRequest`, `$/setTrace` and the rest: every request is answered at once, nothing to cancel.
            return []
        }
    }

    static func result(id: JSONValue, _ result: JSONValue) -> JSONValue {
        ["jsonrpc": "2.0", "id": id, "result": result]
    }

    static func error(id: JSONValue, _ code: Int, _ message: String) -> JSONValue {
        ["jsonrpc": "2.0", "id": id, "error": ["code": .int(code), "message": .string(message)]]
    }

    static func notification(_ method: String, _ params: JSONValue) -> JSONValue {
        ["jsonrpc": "2.0", "method": .string(method), "params": params]
    }

    func logMessage(_ text: String, type: Int = 3) -> JSONValue {
        Self.notification("window/logMessage", ["type": .int(type), "message": .string(text)])
    }

    // MARK: - Lifecycle

    private mutating func initialize(_ params: JSONValue) -> JSONValue {
        phase = .running
        let offered = params["capabilities"]?["general"]?["positionEncodings"]?.array?.compactMap(\.string) ?? []
        encoding = PositionEncoding.negotiate(offered: offered)
        canRegisterWatchers = params["capabilities"]?["workspace"]?["didChangeWatchedFiles"]?["dynamicRegistration"]?.bool ?? false
        pushes = params["capabilities"]?["textDocument"]?["diagnostic"] == nil
        canRefreshPulls = params["capabilities"]?["workspace"]?["diagnostics"]?["refreshSupport"]?.bool ?? false
        let options = params["initializationOptions"]
        if let milliseconds = options?["debounceMilliseconds"]?.number, milliseconds >= 0, milliseconds <= 60_000 {
            debounce = .microseconds(Int64(milliseconds * 1000))
        }
        rulesPage = options?["rulesPage"]?.string
        workspaceTrusted = options?["trustWorkspace"]?.bool ?? false
        var roots = (params["workspaceFolders"]?.array ?? []).compactMap { $0["uri"]?.string.flatMap(FileURI.path) }
        if roots.isEmpty, let root = params["rootUri"]?.string.flatMap(FileURI.path) ?? params["rootPath"]?.string {
            roots = [root]
        }
        for root in roots { addFolder(root, scanned: true) }
        let capabilities: JSONValue = [
            "positionEncoding": .string(encoding.rawValue),
            "textDocumentSync": ["openClose": true, "change": 2, "save": ["includeText": false]],
            "hoverProvider": true,
            "codeActionProvider": ["codeActionKinds": ["quickfix"]],
            "completionProvider": ["triggerCharacters": [":", " "]],
            "diagnosticProvider": ["interFileDependencies": true, "workspaceDiagnostics": false, "identifier": "higlint"],
            "workspace": ["workspaceFolders": ["supported": true, "changeNotifications": true]],
        ]
        return ["capabilities": capabilities, "serverInfo": ["name": "higlint", "version": .string(HiglintVersion.current)]]
    }

    /// Asks the client to report changes to configs and reviewed files, when it can.
    private mutating func registerWatchers() -> [JSONValue] {
        var out: [JSONValue] = []
        for folder in folders where folder.load.problem != nil {
            out.append(logMessage("higlint: \(folder.load.problem ?? ""); using the defaults", type: 1))
        }
        guard canRegisterWatchers else { return out }
        // Every file the review reads: specs, and each importer's own (storyboards, xibs, Swift
        // source, Figma file responses), as `check` and `watch` find them.
        let imported = environment.discovery(Config()).importedExtensions.map { "**/*\($0)" }
        let globs = ["**/*.yaml", "**/*.yml"] + imported + environment.configFileNames.map { "**/\($0)" }
        let watchers = JSONValue.array(globs.map { ["globPattern": .string($0)] })
        let registration: JSONValue = [
            "id": "higlint-watched-files", "method": "workspace/didChangeWatchedFiles",
            "registerOptions": ["watchers": watchers],
        ]
        nextRequestID += 1
        out.append(["jsonrpc": "2.0", "id": .int(nextRequestID), "method": "client/registerCapability",
                    "params": ["registrations": [registration]]])
        return out
    }

    /// Starts a config's engine, and queues its trust message when it has one not shown yet.
    private mutating func startEngine(_ config: Config) -> EngineHandle {
        let handle = environment.startEngine(config, workspaceTrusted)
        if let message = handle.trustMessage, shownTrustMessages.insert(message).inserted {
            pendingMessages.append(Self.notification("window/showMessage", ["type": .int(2), "message": .string(message)]))
        }
        return handle
    }

    /// Loads the folder's config, starts its engine and, for a workspace folder, reviews its files.
    @discardableResult
    mutating func addFolder(_ root: String, scanned: Bool) -> Int {
        let root = FileSystem.absolute(root)
        let load = environment.loadConfig(root)
        let handle = startEngine(load.config)
        var folder = Folder(root: root, load: load, handle: handle, discovery: environment.discovery(load.config), scanned: scanned)
        if scanned { scan(&folder) }
        folders.append(folder)
        return folders.count - 1
    }

    private func scan(_ folder: inout Folder) {
        let paths = environment.reviewPaths(folder.load.config, folder.root)
        let files = folder.discovery.discover(paths).files.map {
            SpecFile(path: FileSystem.absolute($0.path), displayPath: $0.displayPath)
        }
        folder.table = ProjectTable()
        folder.table.scan(files, with: folder.engine)
        _ = folder.table.refreshProject(with: folder.engine)
    }

    /// The folder a file belongs to: the workspace folder nearest above it, else one made
    /// for its own directory, whose config is found from there and which reviews only open files.
    mutating func folder(for path: String) -> Int {
        var best: (index: Int, length: Int)?
        for (index, folder) in folders.enumerated() {
            let prefix = folder.root.hasSuffix("/") ? folder.root : folder.root + "/"
            if path.hasPrefix(prefix), folder.root.count > best?.length ?? -1 { best = (index, folder.root.count) }
        }
        if let best { return best.index }
        let directory = FileSystem.directory(of: path)
        if let loose = folders.firstIndex(where: { !$0.scanned && $0.root == directory }) { return loose }
        return addFolder(directory, scanned: false)
    }

    /// Reloads the config of each folder the changed config file governs, and reviews it again.
    mutating func reloadConfigs(changed path: String) -> [JSONValue] {
        var out: [JSONValue] = []
        for index in folders.indices {
            let folder = folders[index]
            // The file the folder's config came from, or a new one at or above the folder,
            // which `check` would now find first.
            let directory = FileSystem.directory(of: path)
            let isItsConfig = folder.load.path.map { FileSystem.absolute($0) == path } ?? false
            guard isItsConfig || folder.root == directory || folder.root.hasPrefix(directory == "/" ? "/" : directory + "/")
            else { continue }
            folder.handle.stop()
            let load = environment.loadConfig(folder.root)
            var reloaded = Folder(
                root: folder.root, load: load, handle: startEngine(load.config),
                discovery: environment.discovery(load.config), scanned: folder.scanned)
            if folder.scanned { scan(&reloaded) }
            folders[index] = reloaded
            if let problem = load.problem { out.append(logMessage("higlint: \(problem); using the defaults", type: 1)) }
            out.append(logMessage("higlint: reloaded the config for \(folder.root)"))
            for (uri, document) in documents where document.folder == index {
                // The open text, not the file on disk, is what the table holds for it.
                documents[uri]?.wasScanned = reloaded.table.contains(document.file.path)
                dirty.insert(uri)
            }
        }
        return out
    }
}
