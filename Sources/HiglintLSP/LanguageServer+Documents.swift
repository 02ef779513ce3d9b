import HiglintCore

/// Open documents, their reviews and the diagnostics pushed for them.
extension LanguageServer {
    private static func textDocument(_ params: JSONValue) -> (uri: String, path: String)? {
        guard let uri = params["textDocument"]?["uri"]?.string, let path = FileURI.path(of: uri) else { return nil }
        return (uri, path)
    }

    mutating func didOpen(_ params: JSONValue, now: ContinuousClock.Instant) -> [JSONValue] {
        guard let (uri, path) = Self.textDocument(params), let text = params["textDocument"]?["text"]?.string else {
            return [logMessage("higlint: didOpen without a file URI and a text; ignored", type: 2)]
        }
        let name = String(path.split(separator: "/").last ?? "")
        guard !environment.configFileNames.contains(name) else { return [] }
        let index = folder(for: path)
        let folder = folders[index]
        let isSpec = SpecDiscovery.isSpecName(name)
        guard isSpec || folder.discovery.isReviewedName(name),
              !folder.discovery.isExcluded(path, root: folder.load.path == nil ? folder.root : folder.load.config.baseDirectory)
        else { return [] }
        let file = SpecFile(path: path, displayPath: folder.discovery.displayPath(for: path))
        let reviewsText = isSpec || folder.engine.importer(for: path)?.isSourceText == true
        documents[uri] = OpenDocument(
            text: TextDocument(uri: uri, path: path, version: params["textDocument"]?["version"]?.integer ?? 0, text: text),
            folder: index, file: file, isImported: !isSpec, reviewsText: reviewsText, wasScanned: folder.table.contains(path))
        return schedule(uri, now: now)
    }

    mutating func didChange(_ params: JSONValue, now: ContinuousClock.Instant) -> [JSONValue] {
        guard let (uri, _) = Self.textDocument(params), var document = documents[uri] else { return [] }
        let entries = params["contentChanges"]?.array ?? []
        let changes = entries.compactMap(TextDocument.Change.init)
        document.text.apply(changes, version: params["textDocument"]?["version"]?.integer ?? document.text.version + 1,
                            encoding: encoding)
        document.documents = nil
        documents[uri] = document
        // A change that cannot be read leaves the text unlike the editor's: said, not hidden.
        var out: [JSONValue] = []
        if changes.count != entries.count {
            out.append(logMessage(
                "higlint: \(uri): \(entries.count - changes.count) of \(entries.count) changes have no text or an unreadable range "
                    + "and were skipped; the diagnostics may not match the editor's text until the file is reopened", type: 2))
        }
        // Other imported files are reviewed from disk, on open and on save.
        return out + (document.reviewsText ? schedule(uri, now: now) : [])
    }

    mutating func didSave(_ params: JSONValue, now: ContinuousClock.Instant) -> [JSONValue] {
        guard let (uri, path) = Self.textDocument(params) else { return [] }
        // A config saved in the editor is reloaded even by a client that does not watch files
        // for the server (Neovim on Linux, or before 0.10), so no restart is needed there either.
        if environment.configFileNames.contains(String(path.split(separator: "/").last ?? "")) {
            return reloadConfigs(changed: path) + flush(now: now)
        }
        guard let document = documents[uri], document.isImported else { return [] }
        return schedule(uri, now: now)
    }

    mutating func didClose(_ params: JSONValue, now: ContinuousClock.Instant) -> [JSONValue] {
        guard let (uri, path) = Self.textDocument(params), let document = documents.removeValue(forKey: uri) else { return [] }
        dirty.remove(uri)
        var out = flush(now: now)
        // The table goes back to what is on disk, or forgets a file only the editor had.
        let index = document.folder
        if document.wasScanned, FileSystem.kind(at: path) != .missing {
            folders[index].table.store(folders[index].engine.review(document.file))
        } else {
            folders[index].table.remove(path)
        }
        out += publishProjectChanges(in: [index])
        if pushes { out.append(Self.notification("textDocument/publishDiagnostics", ["uri": .string(uri), "diagnostics": []])) }
        return out
    }

    mutating func didChangeWatchedFiles(_ params: JSONValue, now: ContinuousClock.Instant) -> [JSONValue] {
        var out: [JSONValue] = []
        var touched = Set<Int>()
        for change in params["changes"]?.array ?? [] {
            guard let uri = change["uri"]?.string, let path = FileURI.path(of: uri) else { continue }
            let name = String(path.split(separator: "/").last ?? "")
            if environment.configFileNames.contains(name) {
                out += reloadConfigs(changed: path)
                continue
            }
            // An open document's text is the editor's: the file on disk is older or the same.
            guard !documents.values.contains(where: { $0.text.path == path && $0.reviewsText }) else { continue }
            for index in folders.indices where folders[index].scanned && path.hasPrefix(folders[index].root + "/") {
                let discovery = folders[index].discovery
                guard discovery.isReviewedName(name) else { continue }
                if change["type"]?.integer == 3 || FileSystem.kind(at: path) == .missing {
                    folders[index].table.remove(path)
                } else if !discovery.isExcluded(path, root: folders[index].load.config.baseDirectory) {
                    folders[index].table.store(folders[index].engine.review(SpecFile(path: path, displayPath: discovery.displayPath(for: path))))
                }
                touched.insert(index)
            }
        }
        out += flush(now: now)
        out += publishProjectChanges(in: touched)
        return out
    }

    mutating func didChangeWorkspaceFolders(_ params: JSONValue, now: ContinuousClock.Instant) -> [JSONValue] {
        let removed = Set((params["event"]?["removed"]?.array ?? []).compactMap { $0["uri"]?.string.flatMap(FileURI.path) }
            .map { FileSystem.absolute($0) })
        let added = (params["event"]?["added"]?.array ?? []).compactMap { $0["uri"]?.string.flatMap(FileURI.path) }
        for folder in folders where removed.contains(folder.root) { folder.handle.stop() }
        folders.removeAll { removed.contains($0.root) }
        for root in added { addFolder(root, scanned: true) }
        // Folder positions moved: each open document finds its folder again.
        for uri in documents.keys.sorted() {
            guard let path = documents[uri]?.text.path else { continue }
            let index = folder(for: path)
            documents[uri]?.folder = index
            documents[uri]?.wasScanned = folders[index].table.contains(path)
            dirty.insert(uri)
        }
        return flush(now: now)
    }

    /// Marks the document for review and pushes its diagnostics once the debounce has passed
    /// since the last change (at once when the debounce is zero).
    mutating func schedule(_ uri: String, now: ContinuousClock.Instant) -> [JSONValue] {
        dirty.insert(uri)
        if debounce <= .zero { return flush(now: now) }
        deadline = now + debounce
        return []
    }

    /// What the loop calls when the deadline has come.
    public mutating func fire(now: ContinuousClock.Instant) -> [JSONValue] {
        guard let deadline, deadline <= now else { return [] }
        return flush(now: now)
    }

    /// Reviews every changed document, reruns the project passes they touched, and pushes
    /// the diagnostics of the reviewed documents and of every open one whose project findings moved.
    mutating func flush(now: ContinuousClock.Instant) -> [JSONValue] {
        deadline = nil
        guard !dirty.isEmpty else { return [] }
        var reviewed: [String] = []
        var touched = Set<Int>()
        for uri in dirty.sorted() {
            guard var document = documents[uri] else { continue }
            let engine = folders[document.folder].engine
            let bytes = document.text.bytes
            let result: FileResult
            if !document.reviewsText {
                result = engine.review(document.file)
            } else if bytes.count > engine.config.limits.maxFileBytes {
                // As `check` would say of the file on disk: one finding, nothing read.
                result = engine.review(tooLarge: bytes.count, file: document.file)
            } else if document.isImported {
                result = engine.importer(for: document.file.path).map { engine.review(bytes, file: document.file, with: $0) }
                    ?? engine.review(document.file)
            } else {
                // Loaded here, once, for the review and for the diagnostics' ranges.
                let loaded = YAMLLoader.load(bytes, limits: engine.config.limits)
                result = engine.review(loaded, bytes: bytes, file: document.file)
                document.documents = (try? loaded.get()) ?? []
            }
            document.result = result
            documents[uri] = document
            folders[document.folder].table.store(result)
            touched.insert(document.folder)
            reviewed.append(uri)
        }
        dirty = []
        var out = publishProjectChanges(in: touched, besides: Set(reviewed))
        if pushes { out += reviewed.map(publication) }
        return out
    }

    /// Reruns the project pass of each folder and pushes the diagnostics of the open documents
    /// whose project findings changed (asking a pull client to pull again instead).
    mutating func publishProjectChanges(in touched: Set<Int>, besides skipped: Set<String> = []) -> [JSONValue] {
        var changed = Set<String>()
        for index in touched.sorted() {
            let paths = folders[index].table.refreshProject(with: folders[index].engine)
            for (uri, document) in documents where document.folder == index && paths.contains(document.file.displayPath) {
                changed.insert(uri)
            }
        }
        changed.subtract(skipped)
        if changed.isEmpty { return [] }
        if !pushes {
            guard canRefreshPulls else { return [] }
            nextRequestID += 1
            return [["jsonrpc": "2.0", "id": .int(nextRequestID), "method": "workspace/diagnostic/refresh"]]
        }
        return changed.sorted().map(publication)
    }

    /// The findings the document shows: its own review's and the project pass's on it.
    func findings(of document: OpenDocument) -> [Finding] {
        let own = document.result?.findings ?? []
        let project = folders[document.folder].table.projectFindings(of: document.file.displayPath)
        return (own + project).sorted(by: Finding.reportOrder)
    }

    /// Ranges for `findings` (for the nodes they point at only), or for any finding when nil.
    func maker(for document: OpenDocument, findings: [Finding]? = nil) -> DiagnosticMaker {
        let limits = folders[document.folder].load.config.limits
        let places = findings?.map { (line: $0.line, column: $0.column) }
        var spans: NodeSpans?
        if let documents = document.documents {
            spans = NodeSpans(documents: documents, places: places)
        } else if !document.isImported {
            spans = NodeSpans(document.text.bytes, limits: limits, places: places)
        }
        return DiagnosticMaker(
            lines: document.text.lines, spans: spans,
            encoding: encoding, documented: environment.documentedRules, rulesPage: rulesPage)
    }

    func diagnostics(of uri: String) -> [JSONValue] {
        guard let document = documents[uri] else { return [] }
        let shown = findings(of: document)
        let maker = maker(for: document, findings: shown)
        return shown.map(maker.diagnostic)
    }

    func publication(_ uri: String) -> JSONValue {
        var params: JSONValue = ["uri": .string(uri), "diagnostics": .array(diagnostics(of: uri))]
        if let version = documents[uri]?.text.version, case .object(var members) = params {
            members["version"] = .int(version)
            params = .object(members)
        }
        return Self.notification("textDocument/publishDiagnostics", params)
    }

    func pullDiagnostics(_ params: JSONValue) -> JSONValue {
        let uri = params["textDocument"]?["uri"]?.string ?? ""
        return ["kind": "full", "items": .array(diagnostics(of: uri))]
    }
}
