#if canImport(Glibc)
import Glibc
#endif
import HiglintReview

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
