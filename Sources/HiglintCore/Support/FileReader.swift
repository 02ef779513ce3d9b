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
        var bytes = [UInt8](repeating: 0, count: size > 0 ? size + 1 : 4096)
        var filled = 0
        while true {
            if filled == bytes.count {
                if bytes.count > maxBytes { return .failure(.tooLarge(filled)) }
                bytes.append(contentsOf: repeatElement(0, count: max(4096, bytes.count)))
            }
            let count = bytes.withUnsafeMutableBytes { buffer -> Int in
                guard let base = buffer.baseAddress else { return 0 }
                return Glibc.read(fd, base + filled, buffer.count - filled)
            }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return .failure(.system(FileSystem.errorText(errno)))
            }
            if count == 0 { break }
            filled += count
        }
        if filled > maxBytes { return .failure(.tooLarge(filled)) }
        bytes.removeSubrange(filled...)
        return .success(bytes)
    }
}
