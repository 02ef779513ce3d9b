#if canImport(Glibc)
import HiglintReview
import Glibc
#endif

/// The sd_notify protocol, spoken directly: one datagram per message to the
/// socket systemd named in NOTIFY_SOCKET (a path, or `@name` for an abstract
/// socket). Without libsystemd, so the binary runs where systemd is absent.
final class SystemdNotifier {
    private let socket: Int32
    private var address = sockaddr_un()
    private let addressLength: socklen_t
    private var reportedFailure = false
    private let log: (String) -> Void

    /// Nil when `path` cannot name a unix socket address.
    init?(path: String, log: @escaping (String) -> Void) {
        var bytes = Array(path.utf8)
        let abstract = bytes.first == UInt8(ascii: "@")
        if abstract { bytes[0] = 0 }
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard !bytes.isEmpty, bytes.count < capacity, abstract || bytes.first == UInt8(ascii: "/") else { return nil }
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in bytes.enumerated() { raw[index] = byte }
        }
        // An abstract name is exactly its bytes; a path ends at its terminating NUL.
        let pathOffset = MemoryLayout<sockaddr_un>.offset(of: \sockaddr_un.sun_path) ?? 2
        addressLength = socklen_t(pathOffset + bytes.count + (abstract ? 0 : 1))
        socket = Glibc.socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socket >= 0 else { return nil }
        self.log = log
    }

    deinit {
        close(socket)
    }

    /// Sends one message; a failure is logged once, never fatal: the review
    /// goes on whether or not systemd is listening.
    func send(_ message: String) {
        var bytes = Array(message.utf8)
        let sent = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bytes.withUnsafeMutableBytes { buffer in
                    sendto(socket, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL), socketAddress, addressLength)
                }
            }
        }
        if sent < 0, !reportedFailure {
            reportedFailure = true
            log("higlint: warning: cannot notify systemd: \(String(cString: strerror(errno)))")
        }
    }
}
