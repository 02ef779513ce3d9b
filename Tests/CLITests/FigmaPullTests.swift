import Foundation
import TestSupport
import XCTest

/// `higlint figma pull`, the built binary against the loopback server of
/// Tests/Fixtures/figma/figma_server.py: what it saves and when, the one line each fault gets
/// and the wait after it, a saved file never replaced by less than a whole file response,
/// and the token nowhere but in the request's header.
final class FigmaPullTests: XCTestCase {
    static let design = "Kq3ZPwLrB7mVxTn2aYdE9s"
    static let tokens = "Mt8RvXq2LpB0sWc4ZyHn1J"
    /// Long and unlike any word, as Figma's are: a search for it finds only the token.
    let token = "figd_" + UUID().uuidString.replacing("-", with: "") + "Qz7"

    static let config = """
        figma:
          files:
            - {key: \(design), path: design/app.figma.json}
            - {key: \(tokens), path: design/tokens.figma.json}

        """

    private func setUp(faults: [String: [String]] = [:]) throws -> (SpecTree, FigmaServer) {
        let server = try FigmaServer(token: token, files: [Self.design: "figmagic-figma.json", Self.tokens: "material.json"])
        for (key, list) in faults { try server.send("fault \(key) " + list.joined(separator: " ")) }
        let tree = try SpecTree()
        try tree.write(".higlint.yaml", Self.config)
        return (tree, server)
    }

    private func environment(_ server: FigmaServer, token: String? = nil) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["FIGMA_TOKEN"] = token ?? self.token
        environment["HIGLINT_FIGMA_API"] = server.root
        environment["HIGLINT_CONFIG"] = nil
        // libcurl would send even a loopback request through a proxy from the environment.
        for name in ["http_proxy", "HTTP_PROXY", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"] { environment[name] = nil }
        environment["no_proxy"] = "*"
        return environment
    }

    private func pull(_ tree: SpecTree, _ server: FigmaServer, _ arguments: [String] = []) throws -> ProcessOutcome {
        let outcome = try ChildProcess.run(
            try HiglintProcess.binary(), ["figma", "pull"] + arguments, in: tree.url, environment: environment(server))
        try assertNoToken(in: outcome.stdout + outcome.stderr, tree: tree)
        return outcome
    }

    /// Not in what the run printed, nor in any file of the tree.
    private func assertNoToken(in text: String, tree: SpecTree, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertFalse(text.contains(token), "the token is in the output:\n\(text)", file: file, line: line)
        let files = FileManager.default.enumerator(at: tree.url, includingPropertiesForKeys: nil)
        while let url = files?.nextObject() as? URL {
            guard let data = FileManager.default.contents(atPath: url.path) else { continue }
            XCTAssertNil(data.range(of: Data(token.utf8)), "the token is in \(url.lastPathComponent)", file: file, line: line)
        }
    }

    private func fixture(_ name: String) throws -> Data {
        try Data(contentsOf: FigmaServer.fixtures.appendingPathComponent(name))
    }

    private func saved(_ tree: SpecTree, _ name: String) -> Data? {
        FileManager.default.contents(atPath: tree.url.appendingPathComponent("design/\(name)").path)
    }

    private func inode(_ tree: SpecTree, _ name: String) throws -> UInt64 {
        let attributes = try FileManager.default.attributesOfItem(atPath: tree.url.appendingPathComponent("design/\(name)").path)
        return try XCTUnwrap(attributes[.systemFileNumber] as? UInt64)
    }

    func testPullSavesEachFileAndAgainOnlyWhenItsVersionChanged() throws {
        let (tree, server) = try setUp()
        let first = try pull(tree, server)
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertEqual(first.stdout, "")
        XCTAssertEqual(first.stderr, """
            higlint: note: figma pull: wrote design/app.figma.json (version 2167930658); it is 2099063 bytes, over limits.max_file_bytes (1048576): raise the limit, or check will not review it
            higlint: note: figma pull: wrote design/tokens.figma.json (version 916436445)

            """)
        XCTAssertEqual(saved(tree, "app.figma.json"), try fixture("figmagic-figma.json"))
        XCTAssertEqual(saved(tree, "tokens.figma.json"), try fixture("material.json"))
        XCTAssertEqual(server.requests, ["\(Self.design) 200", "\(Self.tokens) 200"])

        let app = try inode(tree, "app.figma.json")
        let tokens = try inode(tree, "tokens.figma.json")
        let again = try pull(tree, server)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(again.stderr, """
            higlint: note: figma pull: design/app.figma.json is up to date (version 2167930658)
            higlint: note: figma pull: design/tokens.figma.json is up to date (version 916436445)

            """)
        XCTAssertEqual(try inode(tree, "app.figma.json"), app, "an unchanged file is not written again")
        XCTAssertEqual(try inode(tree, "tokens.figma.json"), tokens)

        try server.send("version \(Self.tokens) 916436999")
        let changed = try pull(tree, server)
        XCTAssertEqual(changed.status, 0, changed.stderr)
        XCTAssertEqual(changed.stderr.split(separator: "\n").last, "higlint: note: figma pull: wrote design/tokens.figma.json (version 916436999)")
        XCTAssertEqual(try inode(tree, "app.figma.json"), app)
        XCTAssertNotEqual(try inode(tree, "tokens.figma.json"), tokens, "replaced by a rename, not written in place")
        XCTAssertTrue(String(decoding: saved(tree, "tokens.figma.json") ?? Data(), as: UTF8.self).contains("\"version\": \"916436999\""))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: tree.url.appendingPathComponent("design").path).sorted(),
                       ["app.figma.json", "tokens.figma.json"], "no temp file is left")
    }

    /// 401, 403 and 404 are not tried again without --every: one line each, exit 1, and
    /// the saved file is as it was.
    func testEachRefusalIsOneLineAndKeepsTheSavedFile() throws {
        let (tree, server) = try setUp()
        XCTAssertEqual(try pull(tree, server).status, 0)
        let kept = try XCTUnwrap(saved(tree, "app.figma.json"))
        try server.send("version \(Self.design) 3000000000")
        let cases = [
            ("401", "401 Unauthorized: Figma refused FIGMA_TOKEN (expired, revoked or mistyped: make a new one in Settings, Security) (Figma says \"Unauthorized\")"),
            ("403", "403 Forbidden: the token may not read this file (it needs the file_content:read scope, and its owner access to the file) (Figma says \"Invalid token\")"),
            ("404", "404 Not Found: no file has this key (the letters and digits after /design/ in the file's link; see figma.files) (Figma says \"Not found\")"),
            ("redirect", "HTTP 302: redirected to \"http://198.51.100.7/v1/files/\(Self.design)\", not followed (the token goes to the API's address only)"),
        ]
        for (fault, message) in cases {
            try server.send("fault \(Self.design) \(fault)")
            let outcome = try pull(tree, server)
            XCTAssertEqual(outcome.status, 1, fault)
            XCTAssertEqual(outcome.stderr, """
                higlint: error: figma pull: design/app.figma.json (\(Self.design)): \(message)
                higlint: note: figma pull: design/tokens.figma.json is up to date (version 916436445)

                """, fault)
            XCTAssertEqual(saved(tree, "app.figma.json"), kept, fault)
        }
    }

    /// A server that quotes the token back has it taken out of the line.
    func testATokenInTheServersAnswerIsNotWritten() throws {
        let (tree, server) = try setUp(faults: [Self.design: ["echo"]])
        let outcome = try pull(tree, server)
        XCTAssertEqual(outcome.status, 1)
        XCTAssertTrue(outcome.stderr.contains("(Figma says \"Invalid token (FIGMA_TOKEN)\")"), outcome.stderr)
    }

    /// 5xx and 429 may pass: each is a line and a wait that doubles, or Retry-After's when
    /// that is longer, then the request again.
    func testFailuresThatMayPassAreTriedAgainAfterAWait() throws {
        let (tree, server) = try setUp(faults: [Self.design: ["429:5"], Self.tokens: ["503"]])
        let outcome = try pull(tree, server)
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        XCTAssertEqual(outcome.stderr.split(separator: "\n").map(String.init), [
            "higlint: warning: figma pull: design/app.figma.json (\(Self.design)): 429 Too Many Requests: over Figma's rate limit; Retry-After 5 s (Figma says \"Rate limit exceeded\"); trying again in 5 s",
            "higlint: note: figma pull: wrote design/app.figma.json (version 2167930658); it is 2099063 bytes, over limits.max_file_bytes (1048576): raise the limit, or check will not review it",
            "higlint: warning: figma pull: design/tokens.figma.json (\(Self.tokens)): HTTP 503: Figma's server failed (Figma says \"Service unavailable\"); trying again in 2 s",
            "higlint: note: figma pull: wrote design/tokens.figma.json (version 916436445)",
        ])
        // A rate limit is the token's: the other file waited for it too, and came after.
        XCTAssertEqual(server.requests, ["\(Self.design) 429", "\(Self.design) 200", "\(Self.tokens) 503", "\(Self.tokens) 200"])
    }

    /// Each failure doubles the wait, from 2 s.
    func testTheWaitDoubles() throws {
        let (tree, server) = try setUp(faults: [Self.tokens: ["500", "500"]])
        let outcome = try pull(tree, server)
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        let waits = outcome.stderr.split(separator: "\n").filter { $0.contains("HTTP 500") }.map { $0.split(separator: ";").last ?? "" }
        XCTAssertEqual(waits, [" trying again in 2 s", " trying again in 4 s"], outcome.stderr)
    }

    /// A body cut short (the connection closed early, or half a body sent as if whole) is
    /// never saved; after three tries the run fails, the saved file untouched.
    func testAPartialBodyNeverReplacesASavedFile() throws {
        let (tree, server) = try setUp()
        XCTAssertEqual(try pull(tree, server).status, 0)
        let kept = try XCTUnwrap(saved(tree, "app.figma.json"))
        try server.send("version \(Self.design) 3000000000")
        try server.send("fault \(Self.design) short cut short")
        let outcome = try pull(tree, server)
        XCTAssertEqual(outcome.status, 1, outcome.stderr)
        let place = "figma pull: design/app.figma.json (\(Self.design))"
        let lines = outcome.stderr.split(separator: "\n").map(String.init).filter { $0.contains("app.figma.json") }
        XCTAssertEqual(lines.count, 3, outcome.stderr)
        XCTAssertTrue(lines[0].hasPrefix("higlint: warning: \(place): the answer is not a whole file response ("), lines[0])
        XCTAssertTrue(lines[0].hasSuffix("not valid JSON: the file ends inside an object (a truncated download?)); trying again in 2 s"), lines[0])
        XCTAssertEqual(lines[1], "higlint: warning: \(place): the connection was cut before the answer ended; trying again in 4 s")
        XCTAssertTrue(lines[2].hasPrefix("higlint: error: \(place): the answer is not a whole file response ("), lines[2])
        XCTAssertEqual(saved(tree, "app.figma.json"), kept)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: tree.url.appendingPathComponent("design").path).sorted(),
                       ["app.figma.json", "tokens.figma.json"], "no temp file is left")
    }

    func testAnAnswerPastTheTimeOutIsOneLineAndTriedAgain() throws {
        let (tree, server) = try setUp(faults: [Self.tokens: ["slow:30"]])
        let outcome = try pull(tree, server, ["--timeout", "1s"])
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        XCTAssertTrue(outcome.stderr.contains(
            "higlint: warning: figma pull: design/tokens.figma.json (\(Self.tokens)): no answer within 1 s (--timeout); trying again in 2 s\n"),
            outcome.stderr)
        XCTAssertEqual(saved(tree, "tokens.figma.json"), try fixture("material.json"))
    }

    /// With --every the pull goes on: a new version is saved, a server that goes away is
    /// waited for and the pull recovers when it is back, and SIGTERM or SIGINT ends it
    /// cleanly, even in the middle of a request.
    func testEveryKeepsPullingRecoversAndStopsOnASignal() throws {
        let (tree, server) = try setUp()
        let daemon = try FigmaPullDaemon(["--every", "1s"], in: tree.url, environment: environment(server))
        try daemon.waitForLine({ $0.hasPrefix("higlint: note: figma pull: wrote design/tokens.figma.json") }, "the first pull")
        XCTAssertEqual(daemon.lines.first, "higlint: note: figma pull: pulling 2 files every 1 s (SIGINT or SIGTERM stops)")

        try server.send("version \(Self.tokens) 916436999")
        try daemon.waitForLine({ $0 == "higlint: note: figma pull: wrote design/tokens.figma.json (version 916436999)" }, "the new version")

        try server.send("down")
        try daemon.waitForLine({ $0.contains("could not connect to the API (connection refused); trying again in") }, "a failed connection")
        try server.send("up")
        // After a failure, the next answer is said even when the file has not changed.
        try daemon.waitForLine({ $0 == "higlint: note: figma pull: design/app.figma.json is up to date (version 2167930658)" }, "the recovery")
        try server.send("version \(Self.tokens) 916437000")
        try daemon.waitForLine({ $0 == "higlint: note: figma pull: wrote design/tokens.figma.json (version 916437000)" }, "a version after the recovery")

        // Stopped while a request waits for an answer that would take ten minutes.
        try server.send("fault \(Self.design) slow:600")
        try server.send("fault \(Self.tokens) slow:600")
        try FigmaPullWait.until("a request to the slow server") { server.received.contains { $0.hasSuffix(" slow:600") } }
        XCTAssertEqual(try daemon.stop(SIGTERM), 0, daemon.log)
        XCTAssertEqual(daemon.lines.last, "higlint: note: figma pull: stopped")
        try assertNoToken(in: daemon.log, tree: tree)
        XCTAssertEqual(saved(tree, "app.figma.json"), try fixture("figmagic-figma.json"))
    }

    func testSIGINTStopsIt() throws {
        let (tree, server) = try setUp()
        let daemon = try FigmaPullDaemon(["--every", "10m"], in: tree.url, environment: environment(server))
        try daemon.waitForLine({ $0.hasPrefix("higlint: note: figma pull: wrote design/tokens.figma.json") }, "the first pull")
        XCTAssertEqual(try daemon.stop(SIGINT), 0, daemon.log)
        XCTAssertEqual(daemon.lines.last, "higlint: note: figma pull: stopped")
    }

    func testWhatIsMissingOrWrongIsSaidBeforeAnyRequest() throws {
        let (tree, server) = try setUp()
        func run(_ arguments: [String], _ change: (inout [String: String]) -> Void = { _ in }) throws -> ProcessOutcome {
            var environment = environment(server)
            change(&environment)
            return try ChildProcess.run(try HiglintProcess.binary(), arguments, in: tree.url, environment: environment)
        }
        let cases: [(outcome: ProcessOutcome, message: String)] = [
            (try run(["figma", "pull"]) { $0["FIGMA_TOKEN"] = nil },
             "higlint: error: FIGMA_TOKEN is not set: make a personal access token (Figma, Settings, Security) with the file_content:read scope and export it\n"),
            (try run(["figma", "pull"]) { $0["FIGMA_TOKEN"] = "figd_a\r\nX-Other: 1" },
             "higlint: error: FIGMA_TOKEN holds a space, a line break or a character that is not ASCII; a Figma token has none\n"),
            (try run(["figma", "pull"]) { $0["HIGLINT_FIGMA_API"] = "http://api.example.com" },
             "higlint: error: HIGLINT_FIGMA_API: \"http://api.example.com\" is plain http to another machine: the token would cross the network unencrypted; use https://\n"),
            (try run(["figma", "pull", "--config", "none.yaml"]), "none.yaml: error: no such file"),
            (try run(["figma", "pull", "--every", "60"]),
             "higlint figma: --every takes a duration: a number and ms, s, m or h (60s, 5m), not 60\n"),
            (try run(["figma", "pull", "--timeout", "0s"]),
             "higlint figma: --timeout takes a duration: a number and ms, s, m or h (60s, 5m), not 0s\n"),
            (try run(["figma", "push"]), "higlint figma: the only subcommand is `pull`: higlint figma pull [--every 60s]\n"),
        ]
        for (outcome, message) in cases {
            XCTAssertEqual(outcome.status, 2, outcome.stderr)
            XCTAssertTrue(outcome.stderr.hasPrefix(message), outcome.stderr)
        }
        try tree.write(".higlint.yaml", "paths: [.]\n")
        let empty = try run(["figma", "pull"])
        XCTAssertEqual(empty.status, 2)
        XCTAssertEqual(empty.stderr, "higlint: error: .higlint.yaml lists no figma.files: add each as {key: KEY, path: design/app.figma.json} (docs/figma.md)\n")
        XCTAssertEqual(server.requests, [])
    }
}
