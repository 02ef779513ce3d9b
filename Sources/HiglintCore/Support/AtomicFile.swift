#if canImport(Glibc)
import Glibc
#endif

/// Replaces a file so that a reader sees the old contents or the new, never a
/// mix: write a temp file in the same directory, then rename it over the target.
public enum AtomicFile {
    /// The prefix of our temp files, so leftovers from a crash can be found and removed.
    public static let tempMarker = ".higlint-tmp-"

    /// The prefix every temp file for `path` starts with; a random suffix follows, so that
    /// nobody who can write the directory can plant a link at the name we will choose.
    public static func tempPrefix(for path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return "\(tempMarker)\(name)."
    }

    /// How many names are tried before giving up: each is 60 random bits, so a clash is
    /// someone planting files, not chance.
    static let createAttempts = 64

    /// Creates a new temp file beside `path` the way mkstemp does, but refusing links too:
    /// `O_CREAT|O_EXCL|O_NOFOLLOW` under an unpredictable name, so the open never follows
    /// or reuses anything already there. Returns the descriptor and the name, or the errno
    /// of the failure.
    /// `suffix` chooses each name's end; tests pass their own to know every name tried.
    public static func createTemp(
        for path: String, mode: mode_t = 0o644, suffix: () -> String = randomSuffix
    ) -> Result<(fd: Int32, path: String), WriteProblem> {
        let directory = FileSystem.directory(of: path)
        let prefix = tempPrefix(for: path)
        var code = EEXIST
        for _ in 0..<createAttempts {
            let temp = FileSystem.join(directory, prefix + suffix())
            let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
            if fd >= 0 { return .success((fd, temp)) }
            code = errno
            if code != EEXIST && code != EINTR { break }
        }
        return .failure(WriteProblem(.createTemp, directory.isEmpty ? "." : directory, code: code))
    }

    private static let suffixAlphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_".utf8)

    /// Ten characters of 6 random bits each, from the system's generator (getrandom).
    public static func randomSuffix() -> String {
        var bits = UInt64.random(in: 0...UInt64.max)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(10)
        for _ in 0..<10 {
            bytes.append(suffixAlphabet[Int(bits & 63)])
            bits >>= 6
        }
        return String(decoding: bytes, as: UTF8.self)
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
        let fd: Int32
        let temp: String
        switch createTemp(for: path) {
        case .success(let created): (fd, temp) = created
        case .failure(let problem): return .failure(problem)
        }
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

    /// Pieces smaller than this are copied together into a staging buffer and written as
    /// one: the kernel's cost for each piece of a `writev` is well above a copy's at these
    /// sizes (the live report at 100,000 specs is 15 MB in some 33,000 pieces of about 450
    /// bytes; see BENCHMARKS.md).
    static let stagedPieceLimit = 4096
    static let stagingBytes = 256 << 10

    /// Writes every byte of `pieces` at the descriptor's offset, resuming after short
    /// writes and interruptions; returns the errno of a failure, or nil.
    public static func writeAll(_ pieces: [UnsafeRawBufferPointer], to fd: Int32) -> Int32? {
        var vectors: [iovec] = []
        vectors.reserveCapacity(min(pieces.count, piecesPerCall))
        let staging = UnsafeMutableRawBufferPointer.allocate(byteCount: stagingBytes, alignment: 16)
        defer { staging.deallocate() }
        // The staging buffer is filled from `runStart` to `staged` with pieces not yet in a
        // vector, and used again only once every vector pointing into it is written.
        var staged = 0
        var runStart = 0
        func closeRun() {
            guard staged > runStart, let base = staging.baseAddress else { return }
            vectors.append(iovec(iov_base: base + runStart, iov_len: staged - runStart))
            runStart = staged
        }
        func flush() -> Int32? {
            closeRun()
            let code = writeVectors(&vectors, to: fd)
            vectors.removeAll(keepingCapacity: true)
            staged = 0
            runStart = 0
            return code
        }
        for piece in pieces {
            guard let base = piece.baseAddress, !piece.isEmpty else { continue }
            if piece.count < stagedPieceLimit {
                if staged + piece.count > stagingBytes, let code = flush() { return code }
                UnsafeMutableRawBufferPointer(rebasing: staging[staged..<staged + piece.count]).copyMemory(from: piece)
                staged += piece.count
            } else {
                closeRun()
                vectors.append(iovec(iov_base: UnsafeMutableRawPointer(mutating: base), iov_len: piece.count))
            }
            if vectors.count >= piecesPerCall - 1, let code = flush() { return code }
        }
        return flush()
    }

    /// Writes every byte the vectors point at, resuming after short writes and interruptions.
    private static func writeVectors(_ vectors: inout [iovec], to fd: Int32) -> Int32? {
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

}

/// Why a file could not be written: the step that failed, on which file, and the system's reason.
public struct WriteProblem: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Step: String, Sendable {
        case create
        /// Making the temp file a write starts with; its path is then the directory.
        case createTemp
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

    public var description: String {
        switch step {
        case .createTemp: "cannot create a file in \(path): \(reason)"
        default: "cannot \(step.rawValue) \(path): \(reason)"
        }
    }
}
