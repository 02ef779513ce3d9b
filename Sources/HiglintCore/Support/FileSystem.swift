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

/// The few POSIX calls the core needs, in Swift terms.
public enum FileSystem {
    public enum Kind: Sendable, Equatable {
        case regular
        case directory
        case symlink
        case other(String)
        case missing
    }

    public static func errorText(_ code: Int32) -> String {
        String(cString: strerror(code))
    }

    static func isRegular(_ mode: mode_t) -> Bool { mode & S_IFMT == S_IFREG }

    static func kindName(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: return "a FIFO"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        case S_IFDIR: return "a directory"
        case S_IFLNK: return "a symbolic link"
        default: return "a special file"
        }
    }

    /// What is at `path`, without following a final symlink.
    public static func kind(at path: String) -> Kind {
        var info = stat()
        guard lstat(path, &info) == 0 else { return .missing }
        return kind(of: info.st_mode)
    }

    /// What `path` points to, following symlinks.
    public static func targetKind(at path: String) -> Kind {
        var info = stat()
        guard stat(path, &info) == 0 else { return .missing }
        return kind(of: info.st_mode)
    }

    static func kind(of mode: mode_t) -> Kind {
        switch mode & S_IFMT {
        case S_IFREG: return .regular
        case S_IFDIR: return .directory
        case S_IFLNK: return .symlink
        default: return .other(kindName(mode))
        }
    }

    /// Entry names of a directory (no `.` or `..`), or the error that stopped the listing.
    public static func list(_ path: String) -> Result<[(name: String, kind: Kind)], ReadProblem> {
        guard let dir = opendir(path) else {
            let code = errno
            return .failure(code == ENOENT ? .notFound : .system(errorText(code)))
        }
        defer { closedir(dir) }
        var entries: [(name: String, kind: Kind)] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            let kind: Kind
            switch Int32(entry.pointee.d_type) {
            case Int32(DT_REG): kind = .regular
            case Int32(DT_DIR): kind = .directory
            case Int32(DT_LNK): kind = .symlink
            default: kind = self.kind(at: join(path, name))
            }
            entries.append((name, kind))
        }
        return .success(entries)
    }

    /// Whether `lhs` sorts before `rhs` by their UTF-8 bytes: the order reports list
    /// files in. The same answer as `lhs.utf8.lexicographicallyPrecedes(rhs.utf8)`,
    /// from one memcmp instead of a generic loop over both views.
    public static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        var lhs = lhs
        var rhs = rhs
        return lhs.withUTF8 { left in rhs.withUTF8 { right in precedes(left, left.indices, right, right.indices) } }
    }

    /// Whether the bytes `left[leftRange]` sort before `right[rightRange]`, as `precedes` orders strings.
    static func precedes(
        _ left: UnsafeBufferPointer<UInt8>, _ leftRange: Range<Int>, _ right: UnsafeBufferPointer<UInt8>,
        _ rightRange: Range<Int>
    ) -> Bool {
        let common = min(leftRange.count, rightRange.count)
        if common > 0, let leftBase = left.baseAddress, let rightBase = right.baseAddress {
            let order = memcmp(leftBase + leftRange.lowerBound, rightBase + rightRange.lowerBound, common)
            if order != 0 { return order < 0 }
        }
        return leftRange.count < rightRange.count
    }

    public static func join(_ directory: String, _ name: String) -> String {
        if directory.isEmpty || directory == "." { return name }
        return directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    public static func currentDirectory() -> String {
        guard let pointer = getcwd(nil, 0) else { return "." }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    /// An absolute, lexically normalised path (no symlinks resolved).
    public static func absolute(_ path: String, relativeTo base: String? = nil) -> String {
        let joined = path.hasPrefix("/") ? path : join(base ?? currentDirectory(), path)
        var parts: [Substring] = []
        for part in joined.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." {
                if !parts.isEmpty { parts.removeLast() }
                continue
            }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }

    /// The real path, with symlinks resolved, or nil when it does not exist.
    public static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    public static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        if slash == path.startIndex { return "/" }
        return String(path[..<slash])
    }

    /// `path` relative to `base` when it lies below it, else `path` unchanged. Both absolute.
    public static func relative(_ path: String, to base: String) -> String {
        if path == base { return "." }
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}
