import HiglintCore

/// One unit read off the stream: a message, or what went wrong with one. The stream
/// goes on after a bad one, so the server answers it and keeps serving.
public enum Frame: Sendable, Equatable {
    case message(JSONValue)
    /// The body is not JSON, or the header has no usable `Content-Length`.
    case malformed(String)
    /// The body is over the limit: its bytes are skipped unread.
    case tooLarge(Int)
}

/// Splits a byte stream into JSON-RPC messages framed by `Content-Length` headers, as
/// bytes arrive in pieces of any size. Pure: the loop feeds it what `read` returned.
public struct MessageReader: Sendable {
    public let maxBodyBytes: Int
    private var buffer: [UInt8] = []
    private var start = 0
    /// Bytes of an over-long body still to throw away.
    private var discarding = 0

    public init(maxBodyBytes: Int) {
        self.maxBodyBytes = maxBodyBytes
    }

    public mutating func feed(_ bytes: some Collection<UInt8>) -> [Frame] {
        var bytes = bytes[...]
        if discarding > 0 {
            let dropped = min(discarding, bytes.count)
            discarding -= dropped
            bytes = bytes.dropFirst(dropped)
        }
        buffer.append(contentsOf: bytes)
        var frames: [Frame] = []
        while let frame = next() { frames.append(frame) }
        if start > 0, start * 2 >= buffer.count {
            buffer.removeSubrange(0..<start)
            start = 0
        }
        return frames
    }

    static let maxHeaderBytes = 8192
    private static let headerEnd: [UInt8] = Array("\r\n\r\n".utf8)

    private mutating func next() -> Frame? {
        guard discarding == 0 else { return nil }
        guard let end = headerEndIndex() else {
            // Headers are a line or two; this much without their end is no header at all.
            if buffer.count - start > Self.maxHeaderBytes {
                start = buffer.count
                return .malformed("\(Self.maxHeaderBytes) bytes without the blank line that ends a message header")
            }
            return nil
        }
        let header = String(decoding: buffer[start..<end], as: UTF8.self)
        var length: Int?
        for line in header.split(separator: "\r\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == "content-length" else { continue }
            length = Int(parts[1].trimmingPrefix(" ").filter { $0 != " " && $0 != "\t" })
        }
        let bodyStart = end + Self.headerEnd.count
        guard let length, length >= 0 else {
            start = bodyStart
            return .malformed("a message header without a valid Content-Length: \(quoted(header))")
        }
        if length > maxBodyBytes {
            let available = buffer.count - bodyStart
            if available >= length {
                start = bodyStart + length
            } else {
                discarding = length - available
                start = buffer.count
            }
            return .tooLarge(length)
        }
        guard buffer.count - bodyStart >= length else { return nil }
        let body = buffer[bodyStart..<bodyStart + length]
        start = bodyStart + length
        guard let value = JSONValue.parse(body) else { return .malformed("a message body that is not JSON") }
        return .message(value)
    }

    private func headerEndIndex() -> Int? {
        let marker = Self.headerEnd
        guard buffer.count - start >= marker.count else { return nil }
        var position = start
        while position + marker.count <= buffer.count {
            if buffer[position] == marker[0], buffer[position + 1] == marker[1], buffer[position + 2] == marker[2],
               buffer[position + 3] == marker[3] {
                return position
            }
            position += 1
        }
        return nil
    }

    /// `value` framed for the wire.
    public static func frame(_ value: JSONValue) -> [UInt8] {
        let body = Array(value.text.utf8)
        return Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }
}
