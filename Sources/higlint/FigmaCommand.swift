import HiglintCore

/// `higlint figma pull`: saves the file responses the config lists under `figma.files`
/// (`higlint-figma-pull`, FigmaPullLauncher, does the fetching).
enum FigmaCommand {
    static let every = Option(
        name: "every", value: .duration,
        summary: "keep pulling, this long after each answer (60s, 5m), until SIGINT or SIGTERM; without it, pull once")
    static let timeout = Option(
        name: "timeout", value: .duration,
        summary: "the longest wait for the next bytes of an answer (default: 60s)")

    static let defaultTimeout = 60.0
    static let defaultAPI = "https://api.figma.com"

    static let declaration = CommandDeclaration(
        name: "figma", operands: Operands(placeholder: "pull", count: .exactlyOne, completion: .words(["pull"])),
        summary: "save the Figma files the config lists, when they change",
        description: """
            Fetches each file of the config's figma.files (GET /v1/files/KEY) and
            saves the answer at its path, atomically, when its version differs from
            the saved file's; an answer that is not a whole file response never
            replaces a saved file. With --every, keeps doing so, so that `watch`
            reviews the design as it changes. Each failure (401, 403, 404, 429,
            5xx, a time-out) is one line, then a wait that doubles from 2 s up to
            5 minutes, and never shorter than the server's Retry-After; without
            --every, a failure that may pass is tried 3 times in all.
            """,
        options: [.config, every, timeout],
        epilogue: """
            environment: FIGMA_TOKEN, a personal access token with the
            file_content:read scope, sent as X-Figma-Token (it is read from nowhere
            else, and never written); HIGLINT_FIGMA_API, another API root than
            https://api.figma.com (https, or http to the loopback interface).

            exit status: 0 every file saved or up to date, or stopped by SIGTERM or
            SIGINT with --every; 1 a file could not be pulled; 2 usage or config
            error, or no FIGMA_TOKEN.
            """)

    static let command = Command(declaration: declaration, run: run)

    static func run(_ arguments: ParsedArguments) -> Int32 {
        guard arguments.operands.first == "pull" else {
            Console.error("higlint figma: the only subcommand is `pull`: higlint figma pull [--every 60s]")
            return ExitStatus.failure
        }
        let config: Config
        do {
            config = try ConfigResolution.resolve(arguments.value(.config))
        } catch {
            Console.error(error.description)
            return ExitStatus.failure
        }
        guard !config.figmaFiles.isEmpty else {
            let place = config.sourceName.map { "\($0) lists" } ?? "no config found, so nothing lists"
            Console.problem("\(place) no figma.files: add each as {key: KEY, path: design/app.figma.json} (docs/figma.md)")
            return ExitStatus.failure
        }
        guard let token = Environment.value("FIGMA_TOKEN") else {
            Console.problem("FIGMA_TOKEN is not set: make a personal access token (Figma, Settings, Security) with the file_content:read scope and export it")
            return ExitStatus.failure
        }
        // A line break would end the header and start another.
        guard token.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }) else {
            Console.problem("FIGMA_TOKEN holds a space, a line break or a character that is not ASCII; a Figma token has none")
            return ExitStatus.failure
        }
        let root: String
        switch FigmaAPIRoot.check(Environment.value("HIGLINT_FIGMA_API") ?? defaultAPI) {
        case .success(let checked): root = checked
        case .failure(let problem):
            Console.problem("HIGLINT_FIGMA_API: \(problem.description)")
            return ExitStatus.failure
        }
        let here = FileSystem.currentDirectory()
        let files = config.figmaFiles.map { entry in
            let path = FileSystem.absolute(entry.resolvedPath(against: config.baseDirectory))
            return FigmaPullRequest.File(key: entry.key, path: path, displayPath: FileSystem.relative(path, to: here))
        }
        let request = FigmaPullRequest(
            files: files, apiRoot: root, timeout: arguments.seconds(timeout) ?? defaultTimeout, every: arguments.seconds(every),
            maxFileBytes: config.limits.maxFileBytes)
        return FigmaPullLauncher.run(request)
    }
}

/// The API root a pull may send the token to: https anywhere, plain http only to this
/// machine (a test's server), where nobody on the way can read it.
enum FigmaAPIRoot {
    struct Problem: Error, CustomStringConvertible {
        var description: String
    }

    static func check(_ text: String) -> Result<String, Problem> {
        var root = text
        while root.hasSuffix("/") { root.removeLast() }
        let lower = root.lowercased()
        if lower.hasPrefix("https://"), root.count > "https://".count { return .success(root) }
        guard lower.hasPrefix("http://") else {
            return .failure(Problem(description: "\(quoted(text)) is not an https:// address"))
        }
        let rest = lower.dropFirst("http://".count)
        let host: Substring
        if rest.hasPrefix("[") {
            host = rest.prefix { $0 != "]" } + "]"
        } else {
            host = rest.prefix { $0 != ":" && $0 != "/" }
        }
        guard ["127.0.0.1", "localhost", "[::1]"].contains(String(host)) else {
            return .failure(Problem(description: "\(quoted(text)) is plain http to another machine: the token would cross the network unencrypted; use https://"))
        }
        return .success(root)
    }
}
