#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Replaces a file so that a reader sees the old contents or the new, never a
/// mix: write a temp file in the same directory, then rename it over the target.
public enum AtomicFile {
    /// The prefix of our temp files, so leftovers from a crash can be found and removed.
    public static let tempMarker = ".higlint-tmp-"

    public static func tempPath(for path: String, sequence: Int) -> String {
        let directory = FileSystem.directory(of: path)
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return FileSystem.join(directory, "\(tempMarker)\(name).\(getpid()).\(sequence)")
    }

    /// Writes `contents` to `path` atomically. `sync` forces the data to disk
    /// before the rename (only worth its latency when a crash must not lose it).
    public static func write(_ contents: String, to path: String, sync: Bool = false) -> Result<Void, WriteProblem> {
        var contents = contents
        return contents.withUTF8 { write(pieces: [UnsafeRawBufferPointer($0)], to: path, sync: sync) }
    }

    /// Writes the concatenation of `pieces` to `path` atomically, gathered by
    /// `writev`, so a caller that keeps its output in parts never joins them
    /// into one more copy. The memory the pieces point at must stay valid
    /// during the call. `permissions`, when given, are the new file's exactly
    /// (a file being replaced keeps its own), whatever the umask says.
    public static func write(
        pieces: [UnsafeRawBufferPointer], to path: String, sync: Bool = false, permissions: mode_t? = nil
    ) -> Result<Void, WriteProblem> {
        write(pieces: pieces, to: path, sync: sync, permissions: permissions) { temp, path in
            rename(temp, path) == 0 ? 0 : errno
        }
    }

    /// `write(pieces:to:)` with its last step, putting the temp file at `path` atomically,
    /// done by `replace(temp, path)`, which returns 0 or the errno of its failure (the temp
    /// file is then removed). The watcher swaps its report in this way (renameat2).
    public static func write(
        pieces: [UnsafeRawBufferPointer], to path: String, sync: Bool = false, permissions: mode_t? = nil,
        replace: (_ temp: String, _ path: String) -> Int32
    ) -> Result<Void, WriteProblem> {
        writeTemp(pieces: pieces, for: path, sync: sync, permissions: permissions).flatMap { temp in
            let code = replace(temp, path)
            if code != 0 {
                unlink(temp)
                return .failure(WriteProblem(.replace, path, code: code))
            }
            return .success(())
        }
    }

    /// The first half of an atomic write: the concatenation of `pieces` in a new temp
    /// file beside `path`, closed, and its path; nothing is at `path` yet. The caller puts
    /// it there or unlinks it (the watcher writes its next report ahead this way).
    public static func writeTemp(
        pieces: [UnsafeRawBufferPointer], for path: String, sync: Bool = false, permissions: mode_t? = nil
    ) -> Result<String, WriteProblem> {
        let temp = tempPath(for: path, sequence: nextSequence())
        let fd = open(temp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return .failure(WriteProblem(.create, temp, code: errno)) }
        if let permissions, fchmod(fd, permissions) != 0 {
            let code = errno
            close(fd)
            unlink(temp)
            return .failure(WriteProblem(.create, temp, code: code))
        }
        if let code = writeAll(pieces, to: fd) {
            close(fd)
            unlink(temp)
            return .failure(WriteProblem(.write, temp, code: code))
        }
        if sync, fsync(fd) != 0 {
            let code = errno
            close(fd)
            unlink(temp)
            return .failure(WriteProblem(.sync, temp, code: code))
        }
        if close(fd) != 0 {
            let code = errno
            unlink(temp)
            return .failure(WriteProblem(.write, temp, code: code))
        }
        return .success(temp)
    }

    /// The kernel takes at most this many pieces per `writev` (IOV_MAX on Linux).
    public static let piecesPerCall = 1024

    /// Writes every byte of `pieces` at the descriptor's offset, resuming after short
    /// writes and interruptions; returns the errno of a failure, or nil.
    public static func writeAll(_ pieces: [UnsafeRawBufferPointer], to fd: Int32) -> Int32? {
        var vectors = pieces.compactMap { piece -> iovec? in
            guard let base = piece.baseAddress, !piece.isEmpty else { return nil }
            return iovec(iov_base: UnsafeMutableRawPointer(mutating: base), iov_len: piece.count)
        }
        var first = 0
        while first < vectors.count {
            let batch = min(piecesPerCall, vectors.count - first)
            let written = vectors.withUnsafeBufferPointer { buffer in
                writev(fd, buffer.baseAddress.map { $0 + first }, Int32(batch))
            }
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            // A regular file never takes nothing; if it does, stop rather than spin.
            if written == 0 { return EIO }
            // Skip what went out whole, then trim the piece it stopped in.
            var left = written
            while left > 0, first < vectors.count, vectors[first].iov_len <= left {
                left -= vectors[first].iov_len
                first += 1
            }
            if left > 0, first < vectors.count {
                vectors[first].iov_base = vectors[first].iov_base.map { $0 + left }
                vectors[first].iov_len -= left
            }
        }
        return nil
    }

    private static let sequence = Atomic<Int>(0)
    private static func nextSequence() -> Int {
        sequence.add(1, ordering: .relaxed).newValue
    }
}

/// Why a file could not be written: the step that failed, on which file, and the system's reason.
public struct WriteProblem: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Step: String, Sendable {
        case create
        case write
        case sync
        case replace
    }

    public var step: Step
    public var path: String
    public var reason: String

    public init(_ step: Step, _ path: String, code: Int32) {
        self.step = step
        self.path = path
        reason = FileSystem.errorText(code)
    }

    public var description: String { "cannot \(step.rawValue) \(path): \(reason)" }
}
