import Foundation
import XCTest

/// A datagram socket standing in for systemd's NOTIFY_SOCKET: a path in the
/// workspace, or an abstract `@name`.
final class NotifyListener {
    let address: String
    private let socket: Int32
    private(set) var messages: [String] = []

    init(in workspace: Workspace, abstract: Bool = false) throws {
        socket = Foundation.socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socket >= 0 else { throw WorkspaceError("socket: \(String(cString: strerror(errno)))") }
        address = abstract ? "@higlint-test-\(UUID().uuidString)" : workspace.at("notify.sock")
        var socketAddress = sockaddr_un()
        socketAddress.sun_family = sa_family_t(AF_UNIX)
        var bytes = Array(address.utf8)
        if abstract { bytes[0] = 0 }
        withUnsafeMutableBytes(of: &socketAddress.sun_path) { raw in
            for (index, byte) in bytes.enumerated() { raw[index] = byte }
        }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count + (abstract ? 0 : 1))
        let bound = withUnsafePointer(to: &socketAddress) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) }
        }
        guard bound == 0 else { throw WorkspaceError("bind \(address): \(String(cString: strerror(errno)))") }
        if !abstract { _ = chmod(address, 0o777) }
    }

    deinit {
        close(socket)
    }

    /// Reads what has arrived, waiting up to `milliseconds` for the first datagram.
    private func receive(waiting milliseconds: Int32) {
        var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        var timeout = milliseconds
        while poll(&descriptor, 1, timeout) > 0 {
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            messages.append(String(decoding: buffer.prefix(count), as: UTF8.self))
            timeout = 0
        }
    }

    /// Waits for a message that `matches`, and returns its index in `messages`.
    @discardableResult
    func waitFor(_ what: String, after index: Int = -1, _ matches: (String) -> Bool) throws -> Int {
        let deadline = Date().addingTimeInterval(30)
        while true {
            if let found = messages.indices.first(where: { $0 > index && matches(messages[$0]) }) { return found }
            guard Date() < deadline else {
                throw WorkspaceError("no notify message \(what) within 30 s; got \(messages)")
            }
            receive(waiting: 50)
        }
    }

    /// The fields of one message (`READY=1\nSTATUS=...`).
    static func fields(_ message: String) -> [String: String] {
        var fields: [String: String] = [:]
        for line in message.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            fields[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        return fields
    }
}
