#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Why a file could not be read.
public enum ReadProblem: Error, Sendable, Equatable, CustomStringConvertible {
    case notFound
    case notRegular(String)
    case tooLarge(Int)
    case system(String)

    public var description: String {
        switch self {
        case .notFound: return "no such file"
        case .notRegular(let kind): return "not a regular file (\(kind)); skipped"
        case .tooLarge(let size): return "file is \(size) bytes"
        case .system(let message): return message
        }
    }
}

public enum FileReader {
    /// Reads a regular file whole. Never blocks on a FIFO or device: it opens
    /// without waiting and checks what it opened before reading.
    public static func read(_ path: String, maxBytes: Int) -> Result<[UInt8], ReadProblem> {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { return .failure(.notFound) }
            return .failure(.system(FileSystem.errorText(code)))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .failure(.system(FileSystem.errorText(errno))) }
        guard FileSystem.isRegular(info.st_mode) else {
            return .failure(.notRegular(FileSystem.kindName(info.st_mode)))
        }
        let size = Int(info.st_size)
        if size > maxBytes { return .failure(.tooLarge(size)) }
        // The file may grow while we read; read until EOF but never past the limit.
        // One read usually suffices; files that report no size (procfs) get a page to start with.
        return readToEnd(fd, capacity: size > 0 ? size + 1 : 4096, maxBytes: maxBytes)
    }

    /// Reads `fd` until EOF into buffers that are never zero-filled first (the zeroing was
    /// 27 M instructions of the IB bench's 1,913 M): each buffer is created uninitialised
    /// and only the bytes `read` wrote are counted as its elements. A buffer that fills
    /// up is replaced by a larger one holding a copy of what was read so far.
    /// `read` is a parameter so tests can hand out short reads, EINTR and growing input.
    static func readToEnd(
        _ fd: Int32, capacity initialCapacity: Int, maxBytes: Int,
        read: (Int32, UnsafeMutableRawPointer, Int) -> Int = { Glibc.read($0, $1, $2) }
    ) -> Result<[UInt8], ReadProblem> {
        var bytes: [UInt8] = []
        var capacity = max(1, initialCapacity)
        while true {
            var problem: ReadProblem?
            var ended = false
            let previous = bytes
            bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, filled in
                filled = 0
                guard let base = buffer.baseAddress else { return }
                previous.withUnsafeBufferPointer { old in
                    if let from = old.baseAddress { base.initialize(from: from, count: old.count) }
                }
                filled = previous.count
                while filled < buffer.count {
                    let count = read(fd, UnsafeMutableRawPointer(base + filled), buffer.count - filled)
                    if count < 0 {
                        let code = errno
                        if code == EINTR || code == EAGAIN { continue }
                        problem = .system(FileSystem.errorText(code))
                        return
                    }
                    if count == 0 {
                        ended = true
                        return
                    }
                    filled += count
                }
            }
            if let problem { return .failure(problem) }
            if ended { break }
            if bytes.count > maxBytes { return .failure(.tooLarge(bytes.count)) }
            capacity = bytes.count + max(4096, bytes.count)
        }
        if bytes.count > maxBytes { return .failure(.tooLarge(bytes.count)) }
        return .success(bytes)
    }
}
