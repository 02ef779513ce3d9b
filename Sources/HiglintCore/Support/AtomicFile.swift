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
    public static func write(_ contents: String, to path: String, sync: Bool = false) -> Result<Void, ReadProblem> {
        let temp = tempPath(for: path, sequence: nextSequence())
        let fd = open(temp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return .failure(.system("cannot create \(temp): \(FileSystem.errorText(errno))")) }
        var bytes = Array(contents.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeMutableBytes { buffer in
                Glibc.write(fd, buffer.baseAddress.map { $0 + written }, buffer.count - written)
            }
            if count < 0 {
                if errno == EINTR { continue }
                let message = FileSystem.errorText(errno)
                close(fd)
                unlink(temp)
                return .failure(.system("cannot write \(temp): \(message)"))
            }
            written += count
        }
        bytes = []
        if sync, fsync(fd) != 0 {
            let message = FileSystem.errorText(errno)
            close(fd)
            unlink(temp)
            return .failure(.system("cannot sync \(temp): \(message)"))
        }
        if close(fd) != 0 {
            let message = FileSystem.errorText(errno)
            unlink(temp)
            return .failure(.system("cannot write \(temp): \(message)"))
        }
        if rename(temp, path) != 0 {
            let message = FileSystem.errorText(errno)
            unlink(temp)
            return .failure(.system("cannot replace \(path): \(message)"))
        }
        return .success(())
    }

    private static let sequence = Atomic<Int>(0)
    private static func nextSequence() -> Int {
        sequence.add(1, ordering: .relaxed).newValue
    }
}
