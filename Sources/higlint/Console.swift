#if canImport(Glibc)
import Glibc
#endif
import HiglintCore

/// Output and exit statuses, in one place. Writes go straight to the file
/// descriptors: one write per call, so lines from threads never interleave.
enum Console {
    static func out(_ text: String) {
        write(text, to: 1)
    }

    /// Pieces of one text, written to stdout in order as if joined (the JSON report of many
    /// findings comes in pieces, so it never has to be joined into a second copy), gathered
    /// into writes of about a megabyte: one write per small piece would cost a system call
    /// for every few kilobytes of a big report.
    struct PieceWriter: ~Copyable {
        private static let batchBytes = 1 << 20
        private var batch = ""

        mutating func add(_ piece: String) {
            if !batch.isEmpty, batch.utf8.count + piece.utf8.count > Self.batchBytes {
                Console.write(batch, to: 1)
                batch.removeAll(keepingCapacity: true)
            }
            if piece.utf8.count >= Self.batchBytes {
                Console.write(piece, to: 1)
            } else {
                if batch.isEmpty { batch.reserveCapacity(Self.batchBytes) }
                batch += piece
            }
        }

        consuming func finish() {
            if !batch.isEmpty { Console.write(batch, to: 1) }
        }
    }

    static func error(_ text: String) {
        write(text.hasSuffix("\n") ? text : text + "\n", to: 2)
    }

    /// A log line: `higlint: note: ...`. Escaped like the text report, since it
    /// names files, whose names may hold line breaks.
    static func note(_ text: String) {
        error("higlint: note: \(LineText.escape(text))")
    }

    /// A log line: `higlint: warning: ...`, escaped as a note is: something went less
    /// well than asked, though the run goes on.
    static func warning(_ text: String) {
        error("higlint: warning: \(LineText.escape(text))")
    }

    /// A log line: `higlint: error: ...`, escaped as a note is.
    static func problem(_ text: String) {
        error("higlint: error: \(LineText.escape(text))")
    }

    /// Bytes as they are, for a filter's output (`check --fix -`): a text that is not
    /// UTF-8 passes through unchanged rather than with its bytes replaced.
    static func out(bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { write($0, to: 1) }
    }

    private static func write(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { write($0, to: descriptor) }
    }

    private static func write(_ buffer: UnsafeBufferPointer<UInt8>, to descriptor: Int32) {
        var offset = 0
        while offset < buffer.count {
            let count = Glibc.write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
            if count < 0 {
                if errno == EINTR { continue }
                return  // a closed pipe: nothing more can be said
            }
            offset += count
        }
    }
}

enum ExitStatus {
    static let clean: Int32 = 0
    static let findings: Int32 = 1
    static let failure: Int32 = 2
}
