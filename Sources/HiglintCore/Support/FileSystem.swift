#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The few POSIX calls the core needs, in Swift terms: what is at a path, and what a directory holds.
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
            let bytes = nameBytes(of: entry)
            guard let name = String(validating: bytes, as: UTF8.self) else {
                // A String cannot hold these bytes, so no path made from it would open
                // this entry: it is listed as something that is skipped, its name escaped.
                entries.append((escapingInvalidUTF8(bytes), .other(unnamable)))
                continue
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

    /// An entry's name as `readdir` returned it. Read through a pointer to the
    /// field, up to its NUL: `entry.pointee.d_name` would copy the whole 256-byte
    /// array, and glibc allocates each record only as long as its name, so the
    /// copy of the last record in its buffer reads past the end (AddressSanitizer
    /// caught it).
    public static func nameBytes(of entry: UnsafeMutablePointer<dirent>) -> [UInt8] {
        let offset = MemoryLayout<dirent>.offset(of: \dirent.d_name) ?? 19
        let name = UnsafeRawPointer(entry).advanced(by: offset).assumingMemoryBound(to: CChar.self)
        return Array(UnsafeRawBufferPointer(start: name, count: strlen(name)))
    }

    /// What an entry whose name is not UTF-8 is called where it is skipped.
    public static let unnamable = "named with bytes that are not UTF-8"

    /// `bytes` as text, with each byte that is not part of valid UTF-8 written `\xE9`.
    public static func escapingInvalidUTF8(_ bytes: [UInt8]) -> String {
        var out = ""
        var index = 0
        while index < bytes.count {
            if bytes[index] < 0x80 {
                out.unicodeScalars.append(Unicode.Scalar(bytes[index]))
                index += 1
                continue
            }
            var length = 2
            while length <= 4, index + length <= bytes.count {
                if let scalar = String(validating: bytes[index..<index + length], as: UTF8.self) {
                    out += scalar
                    break
                }
                length += 1
            }
            if length <= 4, index + length <= bytes.count {
                index += length
            } else {
                let hex = String(bytes[index], radix: 16, uppercase: true)
                out += "\\x" + (hex.count == 1 ? "0" : "") + hex
                index += 1
            }
        }
        return out
    }
}
