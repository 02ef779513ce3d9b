#if canImport(Glibc)
import Glibc
#endif

/// Which inode a path is: a directory that keeps its identity was renamed
/// at most, one whose identity changed was replaced.
struct FileIdentity: Hashable, Sendable {
    var device: UInt64
    var inode: UInt64
}

/// What the watcher needs to know about a path, from one stat call.
struct PathStatus: Equatable, Sendable {
    enum Kind: Equatable, Sendable {
        case regular
        case directory
        case symlink
        case other
    }

    var kind: Kind
    var identity: FileIdentity
    /// Mode and owner: a directory whose permissions change may become
    /// readable or unreadable, which changes what a review can see.
    var mode: UInt32
    var owner: UInt32
    var group: UInt32

    /// `follow` stats what a link points to, as for the paths the user named.
    static func of(_ path: String, follow: Bool) -> PathStatus? {
        var info = stat()
        let result = follow ? stat(path, &info) : lstat(path, &info)
        guard result == 0 else { return nil }
        let kind: Kind
        switch info.st_mode & S_IFMT {
        case S_IFREG: kind = .regular
        case S_IFDIR: kind = .directory
        case S_IFLNK: kind = .symlink
        default: kind = .other
        }
        return PathStatus(
            kind: kind, identity: FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino)),
            mode: UInt32(info.st_mode), owner: UInt32(info.st_uid), group: UInt32(info.st_gid))
    }
}

/// What a file's content is known by without reading it: which inode, how
/// long and when last written. Mode and owner are left out: a chmod changes
/// no content.
struct ContentStamp: Equatable, Sendable {
    var identity: FileIdentity
    var size: Int64
    var modified: Int64

    static func of(_ path: String) -> ContentStamp? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return ContentStamp(
            identity: FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino)),
            size: Int64(info.st_size),
            modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec))
    }
}
