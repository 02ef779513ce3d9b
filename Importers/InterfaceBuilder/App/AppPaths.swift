import HiglintCore

/// `FileSystem.absolute` and `FileSystem.directory` for the paths the app facts handle most:
/// ASCII, already normal, read byte by byte. Anything else goes to `FileSystem`, so the answer
/// is always the one it gives; the core's versions step through characters, which cost
/// 5,000 instructions a call on a project's 700 paths and a document's walk up to its project.
enum AppPaths {
    /// What `FileSystem.absolute(path, relativeTo: base)` gives.
    static func absolute(_ path: String, relativeTo base: String) -> String {
        guard let first = path.utf8.first, first != UInt8(ascii: "/"), let last = base.utf8.last, base != "." else {
            return FileSystem.absolute(path, relativeTo: base)
        }
        var joined = base
        joined.reserveCapacity(base.utf8.count + path.utf8.count + 1)
        if last != UInt8(ascii: "/") { joined += "/" }
        joined += path
        return isNormalAbsoluteASCII(&joined) ? joined : FileSystem.absolute(path, relativeTo: base)
    }

    /// What `FileSystem.directory(of:)` gives.
    static func directory(of path: String) -> String {
        var path = path
        let slash: Int? = path.withUTF8 { bytes in
            var slash = -1
            for (offset, byte) in bytes.enumerated() {
                if byte >= 0x80 { return nil }
                if byte == UInt8(ascii: "/") { slash = offset }
            }
            return slash
        }
        guard let slash else { return FileSystem.directory(of: path) }
        if slash < 0 { return "." }
        if slash == 0 { return "/" }
        // ASCII: every byte is a character, so a byte offset is a character boundary.
        return String(path.utf8.prefix(slash)) ?? FileSystem.directory(of: path)
    }

    /// Starts with `/`, has no empty, `.` or `..` component, and is ASCII: what
    /// `FileSystem.absolute` returns unchanged.
    static func isNormalAbsoluteASCII(_ path: inout String) -> Bool {
        path.withUTF8 { bytes in
            guard bytes.count > 1, bytes[0] == UInt8(ascii: "/") else { return false }
            // The current component's length so far, and how many of its bytes are dots.
            var length = 0
            var dots = 0
            for byte in bytes[1...] {
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
    }
}
