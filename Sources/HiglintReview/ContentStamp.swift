#if canImport(Glibc)
import Glibc
#endif

/// Which inode a path is: a directory that keeps its identity was renamed
/// at most, one whose identity changed was replaced.
public struct FileIdentity: Hashable, Sendable {
    public var device: UInt64
    public var inode: UInt64

    public init(device: UInt64, inode: UInt64) {
        self.device = device
        self.inode = inode
    }
}

/// What a file's content is known by without reading it: which inode, how
/// long and when last written. Mode and owner are left out: a chmod changes
/// no content.
public struct ContentStamp: Equatable, Sendable {
    public var identity: FileIdentity
    public var size: Int64
    public var modified: Int64

    public static func of(_ path: String) -> ContentStamp? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return ContentStamp(
            identity: FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino)),
            size: Int64(info.st_size),
            modified: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec))
    }
}
