#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Path arithmetic: joining, normalising and relating paths, and the two calls that anchor them (the
/// working directory, the real path).
extension FileSystem {
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
        if let base, let joined = normalJoinedASCII(path, base) { return joined }
        let joined = path.hasPrefix("/") ? path : join(base ?? currentDirectory(), path)
        if isNormalAbsolute(joined) { return joined }
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

    /// `base` and the relative `path` joined by bytes, when the result is ASCII and already
    /// normal: what the general way below gives, without its character-by-character `hasPrefix`,
    /// `hasSuffix` and concatenations (5,000 instructions a call, and the IB importer's app
    /// facts resolve every path of a project this way). Nil for anything else.
    private static func normalJoinedASCII(_ path: String, _ base: String) -> String? {
        guard let first = path.utf8.first, first != UInt8(ascii: "/"), let last = base.utf8.last, base != "." else {
            return nil
        }
        var joined = base
        joined.reserveCapacity(base.utf8.count + path.utf8.count + 1)
        if last != UInt8(ascii: "/") { joined += "/" }
        joined += path
        return isNormalAbsolute(joined) ? joined : nil
    }

    /// Whether `path` is already what `absolute` makes of it: it starts with a slash and has no
    /// empty, `.` or `..` component. Checked on the bytes, and only for ASCII, where each byte
    /// is a character (the splitting above is by character): most paths take this way, and
    /// splitting them into parts and joining them again costs a hundred times as much.
    private static func isNormalAbsolute(_ path: String) -> Bool {
        let answer = path.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            guard bytes.count > 1, bytes[0] == UInt8(ascii: "/") else { return false }
            // The current component's length so far, and how many of its bytes are dots.
            var length = 0
            var dots = 0
            for byte in bytes.dropFirst() {
                if byte >= 0x80 { return false }
                if byte == UInt8(ascii: "/") {
                    if length == 0 || (length == dots && dots <= 2) { return false }
                    length = 0
                    dots = 0
                } else {
                    length += 1
                    if byte == UInt8(ascii: ".") { dots += 1 }
                }
            }
            return length > 0 && !(length == dots && dots <= 2)
        }
        return answer ?? false
    }

    /// The real path, with symlinks resolved, or nil when it does not exist.
    public static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    public static func directory(of path: String) -> String {
        var path = path
        // ASCII, read by bytes: every byte is a character, so the last slash byte is the last
        // slash character. Anything else steps through characters below.
        let lastSlash: Int?? = path.withUTF8 { bytes in
            var slash: Int?
            for (offset, byte) in bytes.enumerated() {
                if byte >= 0x80 { return nil }
                if byte == UInt8(ascii: "/") { slash = offset }
            }
            return .some(slash)
        }
        if let lastSlash {
            guard let slash = lastSlash else { return "." }
            if slash == 0 { return "/" }
            if let directory = String(path.utf8.prefix(slash)) { return directory }
        }
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
