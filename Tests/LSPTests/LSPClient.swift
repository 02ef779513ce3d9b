import Foundation
import TestSupport
import XCTest

/// A small JSON-RPC client that runs the real `higlint lsp` and talks to it over pipes, as
/// an editor does. Its framing and JSON are Foundation's, not the server's own, so a
/// mistake on one side is not mirrored on the other. Every wait is for a condition,
/// bounded by a generous deadline.
final class LSPClient: @unchecked Sendable {
    typealias Object = [String: Any]

    let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let errors = Pipe()
    private let condition = NSCondition()
    private var received: [Object] = []
    private var buffer = Data()
    private var ended = false
    private var nextID = 100
    private(set) var stderrText = ""
    static let deadline: TimeInterval = 60

    init(in directory: URL, arguments: [String] = []) throws {
        process.executableURL = try HiglintBinary.url()
        process.arguments = ["lsp"] + arguments
        process.currentDirectoryURL = directory
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        output.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            self?.take(data)
        }
        errors.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self else { return }
            self.condition.lock()
            self.stderrText += String(decoding: data, as: UTF8.self)
            self.condition.unlock()
        }
        try process.run()
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    private func take(_ data: Data) {
        condition.lock()
        defer {
            condition.broadcast()
            condition.unlock()
        }
        if data.isEmpty {
            ended = true
            return
        }
        buffer.append(data)
        while let headerEnd = buffer.range(of: Data("\r\n\r\n".utf8)) {
            let header = String(decoding: buffer[buffer.startIndex..<headerEnd.lowerBound], as: UTF8.self)
            guard let lengthLine = header.split(separator: "\r\n").first(where: { $0.lowercased().hasPrefix("content-length:") }),
                  let length = Int(lengthLine.split(separator: ":")[1].trimmingCharacters(in: .whitespaces))
            else { return }
            let bodyStart = headerEnd.upperBound
            guard buffer.distance(from: bodyStart, to: buffer.endIndex) >= length else { return }
            let bodyEnd = buffer.index(bodyStart, offsetBy: length)
            if let object = try? JSONSerialization.jsonObject(with: buffer[bodyStart..<bodyEnd]) as? Object {
                received.append(object)
            }
            buffer = Data(buffer[bodyEnd...])
        }
    }

    // MARK: - Sending

    func sendRaw(_ data: Data) {
        input.fileHandleForWriting.write(data)
    }

    func send(_ message: Object) {
        let body = (try? JSONSerialization.data(withJSONObject: message)) ?? Data()
        sendRaw(Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
    }

    func notify(_ method: String, _ params: Any = [String: Any]()) {
        send(["jsonrpc": "2.0", "method": method, "params": params])
    }

    /// Sends a request and waits for its response.
    @discardableResult
    func request(_ method: String, _ params: Any = [String: Any](), file: StaticString = #filePath, line: UInt = #line) throws -> Object {
        condition.lock()
        nextID += 1
        let id = nextID
        condition.unlock()
        send(["jsonrpc": "2.0", "id": id, "method": method, "params": params])
        return try waitFor("the response to \(method)", file: file, line: line) { message in
            (message["id"] as? Int) == id && message["method"] == nil
        }
    }

    func result(_ method: String, _ params: Any = [String: Any](), file: StaticString = #filePath, line: UInt = #line) throws -> Any? {
        let response = try request(method, params, file: file, line: line)
        XCTAssertNil(response["error"], "\(method) failed: \(response)", file: file, line: line)
        return response["result"]
    }

    // MARK: - Waiting

    /// The first message received that satisfies `matches`, waiting for it if need be.
    @discardableResult
    func waitFor(_ what: String, after start: Int = 0, file: StaticString = #filePath, line: UInt = #line,
                 _ matches: (Object) -> Bool) throws -> Object {
        let limit = Date().addingTimeInterval(Self.deadline)
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let found = received[min(start, received.count)...].first(where: matches) { return found }
            if ended || Date() > limit {
                XCTFail("no \(what) within \(Self.deadline) s; received \(received.count) messages; stderr: \(stderrText)",
                        file: file, line: line)
                throw SetupFailure("gave up waiting for \(what)")
            }
            _ = condition.wait(until: min(limit, Date().addingTimeInterval(1)))
        }
    }

    /// How many messages have arrived so far, to wait for one that comes after them.
    var mark: Int {
        condition.lock()
        defer { condition.unlock() }
        return received.count
    }

    var messages: [Object] {
        condition.lock()
        defer { condition.unlock() }
        return received
    }

    /// The diagnostics of the first push for `uri` after `start` that satisfies `matches`.
    @discardableResult
    func diagnostics(for uri: String, after start: Int, file: StaticString = #filePath, line: UInt = #line,
                     where matches: ([Object]) -> Bool = { _ in true }) throws -> [Object] {
        let message = try waitFor("diagnostics for \(uri)", after: start, file: file, line: line) { message in
            guard message["method"] as? String == "textDocument/publishDiagnostics",
                  let params = message["params"] as? Object, params["uri"] as? String == uri,
                  let items = params["diagnostics"] as? [Object]
            else { return false }
            return matches(items)
        }
        return ((message["params"] as? Object)?["diagnostics"] as? [Object]) ?? []
    }

    /// Waits for the process to end and returns its status.
    func waitForExit(file: StaticString = #filePath, line: UInt = #line) -> Int32? {
        let limit = Date().addingTimeInterval(Self.deadline)
        condition.lock()
        while !ended, Date() < limit { _ = condition.wait(until: min(limit, Date().addingTimeInterval(1))) }
        condition.unlock()
        // Output closed: the process is exiting; its status follows at once.
        let exited = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            self.process.waitUntilExit()
            exited.signal()
        }
        guard exited.wait(timeout: .now() + Self.deadline) == .success else {
            XCTFail("the server did not exit", file: file, line: line)
            return nil
        }
        return process.terminationStatus
    }

    // MARK: - The usual steps

    static func uri(_ url: URL) -> String { url.absoluteURL.absoluteString }

    /// `initialize` and `initialized` for a workspace folder, returning the result.
    @discardableResult
    func start(root: URL, encodings: [String]? = nil, options: Object = ["debounceMilliseconds": 0],
               capabilities: Object = [:]) throws -> Object {
        var capabilities = capabilities
        if let encodings { capabilities["general"] = ["positionEncodings": encodings] }
        let result = try result("initialize", [
            "processId": ProcessInfo.processInfo.processIdentifier,
            "rootUri": Self.uri(root),
            "workspaceFolders": [["uri": Self.uri(root), "name": root.lastPathComponent]],
            "capabilities": capabilities,
            "initializationOptions": options,
        ] as Object) as? Object ?? [:]
        notify("initialized")
        return result
    }

    func open(_ url: URL, text: String, version: Int = 1) {
        notify("textDocument/didOpen", ["textDocument": ["uri": Self.uri(url), "languageId": "yaml", "version": version, "text": text]])
    }

    func change(_ url: URL, version: Int, changes: [Object]) {
        notify("textDocument/didChange", ["textDocument": ["uri": Self.uri(url), "version": version], "contentChanges": changes])
    }

    /// `shutdown` then `exit`; the server's exit status.
    func stop(file: StaticString = #filePath, line: UInt = #line) throws -> Int32? {
        _ = try result("shutdown", NSNull(), file: file, line: line)
        notify("exit", NSNull())
        return waitForExit(file: file, line: line)
    }
}

/// Helpers for reading what the server sent.
extension Dictionary where Key == String, Value == Any {
    var range: (start: (line: Int, character: Int), end: (line: Int, character: Int))? {
        guard let range = self["range"] as? [String: Any], let start = range["start"] as? [String: Any],
              let end = range["end"] as? [String: Any],
              let startLine = start["line"] as? Int, let startCharacter = start["character"] as? Int,
              let endLine = end["line"] as? Int, let endCharacter = end["character"] as? Int
        else { return nil }
        return ((startLine, startCharacter), (endLine, endCharacter))
    }

    var code: String? { self["code"] as? String }
}

/// Applies LSP text edits (UTF-16 positions) to a text, as an editor does.
func applying(_ edits: [[String: Any]], to text: String) -> String {
    var lines = text.components(separatedBy: "\n").map { Array($0.utf16) }
    func offset(_ position: [String: Any]) -> Int {
        let line = position["line"] as? Int ?? 0
        let character = position["character"] as? Int ?? 0
        var total = 0
        for index in 0..<min(line, lines.count) { total += lines[index].count + 1 }
        return total + character
    }
    var utf16 = Array(text.utf16)
    // From the end back, so each edit's position still means what it did; of two at one
    // place the later goes in first, leaving them in the order they were listed.
    let sorted = edits.enumerated().sorted { left, right in
        let (a, b) = (offset((left.element["range"] as? [String: Any])?["start"] as? [String: Any] ?? [:]),
                      offset((right.element["range"] as? [String: Any])?["start"] as? [String: Any] ?? [:]))
        return a != b ? a > b : left.offset > right.offset
    }.map(\.element)
    for edit in sorted {
        guard let range = edit["range"] as? [String: Any], let start = range["start"] as? [String: Any],
              let end = range["end"] as? [String: Any], let newText = edit["newText"] as? String
        else { continue }
        utf16.replaceSubrange(offset(start)..<offset(end), with: Array(newText.utf16))
        lines = String(decoding: utf16, as: UTF16.self).components(separatedBy: "\n").map { Array($0.utf16) }
    }
    return String(decoding: utf16, as: UTF16.self)
}
