#if canImport(Glibc)
import Glibc
#endif
import HiglintCore

/// The server's one thread and its only I/O: waits on standard input until a message
/// arrives or the debounce deadline comes, hands either to `LanguageServer`, and writes
/// what it answers to standard output.
public enum StdioLoop {
    /// Serves until `exit` or the end of input; returns the exit status (0 only after `shutdown`).
    public static func run(_ server: consuming LanguageServer, input: Int32 = 0, output: Int32 = 1) -> Int32 {
        var server = server
        var reader = MessageReader(maxBodyBytes: server.maxMessageBytes)
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        let clock = ContinuousClock()
        while true {
            var timeout: Int32 = -1
            if let deadline = server.deadline {
                let left = deadline - clock.now
                let (seconds, attoseconds) = left.components
                timeout = left <= .zero ? 0 : Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1)
            }
            var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, timeout)
            if ready < 0 {
                if errno == EINTR { continue }
                return 1
            }
            if ready > 0 {
                let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR || errno == EAGAIN { continue }
                // The client went away without `exit`.
                if count <= 0 { return server.phase == .shutDown ? 0 : 1 }
                for frame in reader.feed(buffer[0..<count]) {
                    write(server.handle(frame, now: clock.now), to: output)
                    if let status = server.exitStatus { return status }
                }
            }
            write(server.fire(now: clock.now), to: output)
        }
    }

    private static func write(_ messages: [JSONValue], to output: Int32) {
        for message in messages {
            let bytes = MessageReader.frame(message)
            var written = 0
            while written < bytes.count {
                let count = bytes.withUnsafeBytes { raw -> Int in
                    guard let base = raw.baseAddress else { return 0 }
                    return Glibc.write(output, base + written, raw.count - written)
                }
                if count < 0, errno == EINTR { continue }
                if count <= 0 { return }
                written += count
            }
        }
    }
}
