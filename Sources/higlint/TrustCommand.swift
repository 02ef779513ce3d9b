import HiglintCore

/// `higlint trust`: lets a config found in a reviewed tree start its external plugins
/// (`ConfigTrust`), by recording its path and content in the user's trust store.
enum TrustCommand {
    static let list = Option(name: "list", value: .none, summary: "list the trusted configs, and whether each is unchanged since")
    static let revoke = Option(name: "revoke", value: .none, summary: "forget the trust given to FILE")

    static let declaration = CommandDeclaration(
        name: "trust", operands: Operands(placeholder: "FILE", count: .optionalOne),
        summary: "let a config's external plugins run",
        description: """
            A config found in the reviewed tree (.higlint.yaml in a cloned
            repository, say) starts no program: its plugins.external entries are
            reported as plugin.untrusted and the rest of the review runs. Read the
            file, then trust it: its path and a SHA-256 of its content go to the
            trust store, and its plugins run until the file changes. FILE defaults
            to the config `check` would find here.
            """,
        options: [list, revoke],
        epilogue: """
            The store is $XDG_CONFIG_HOME/higlint/trusted (else
            ~/.config/higlint/trusted), one `DIGEST  PATH` line per config. A config
            named with --config or HIGLINT_CONFIG, and --trust-config
            (HIGLINT_TRUST_CONFIG=1) for a CI job, need no entry.

            exit status: 0 done; 2 usage error, or a file or store that cannot be
            read or written.
            """)

    static let command = Command(declaration: declaration, run: run)

    static func run(_ arguments: ParsedArguments) -> Int32 {
        guard let storePath = TrustContext.storePath else {
            Console.problem("the trust store needs $XDG_CONFIG_HOME or $HOME to be an absolute path")
            return ExitStatus.failure
        }
        var store = TrustStore.load(from: storePath)
        if let problem = store.problem {
            Console.problem(problem)
            return ExitStatus.failure
        }
        if arguments.isSet(list) {
            guard arguments.operands.isEmpty, !arguments.isSet(revoke) else {
                Console.error("higlint trust: --list takes no FILE and no --revoke")
                return ExitStatus.failure
            }
            for entry in store.entries {
                let state: String
                switch FileReader.read(entry.path, maxBytes: 1 << 20) {
                case .success(let bytes): state = SHA256.hex(bytes) == entry.digest ? "trusted" : "changed since (not trusted)"
                case .failure(let problem): state = "\(problem)"
                }
                Console.out("\(entry.path): \(state)\n")
            }
            return ExitStatus.clean
        }
        guard let named = arguments.operands.first ?? ConfigResolution.discover(from: FileSystem.currentDirectory()) else {
            Console.problem("no .higlint.yaml here or in a folder above; name the config to trust")
            return ExitStatus.failure
        }
        guard let path = FileSystem.realPath(named) else {
            if arguments.isSet(revoke), store.revoke(path: FileSystem.absolute(named)) { return save(store, at: storePath, "revoked \(named)") }
            Console.problem("\(named): no such file")
            return ExitStatus.failure
        }
        if arguments.isSet(revoke) {
            guard store.revoke(path: path) else {
                Console.note("\(named) was not trusted")
                return ExitStatus.clean
            }
            return save(store, at: storePath, "revoked \(named)")
        }
        // The bytes hashed are the bytes checked: it must load as a config, or there is
        // nothing to trust (and a typo in the name is caught here, not at the next review).
        let bytes: [UInt8]
        switch FileReader.read(path, maxBytes: 1 << 20) {
        case .success(let read): bytes = read
        case .failure(let problem):
            Console.problem("\(named): \(problem)")
            return ExitStatus.failure
        }
        do throws(ConfigError) {
            _ = try ConfigResolution.loader.parse(bytes, file: named)
        } catch {
            Console.error(error.description)
            return ExitStatus.failure
        }
        store.trust(path: path, digest: SHA256.hex(bytes))
        return save(store, at: storePath, "trusted \(named) as it is now; it is untrusted again when it changes")
    }

    private static func save(_ store: TrustStore, at path: String, _ done: String) -> Int32 {
        if case .failure(let problem) = FileSystem.makeDirectories(FileSystem.directory(of: path)) {
            Console.problem("\(problem)")
            return ExitStatus.failure
        }
        let bytes = Array(store.render().utf8)
        let written = bytes.withUnsafeBytes { AtomicFile.write(pieces: [$0], to: path, permissions: 0o600) }
        if case .failure(let problem) = written {
            Console.problem("\(problem)")
            return ExitStatus.failure
        }
        Console.note(done)
        return ExitStatus.clean
    }
}
