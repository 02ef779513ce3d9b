#if canImport(Glibc)
import HiglintReview
import Glibc
#endif

/// The kernel limits a watcher can hit, explained with their current values.
enum WatchLimits {
    /// A sysctl's value. One read: /proc/sys answers a read at a nonzero
    /// offset with end-of-file, so a reader that starts small sees "1" of "192536".
    static func read(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 128)
        let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        let text = String(decoding: buffer.prefix(count), as: UTF8.self).filter { !$0.isWhitespace }
        return text.isEmpty ? nil : text
    }

    /// ENOSPC from inotify_add_watch: the per-user watch limit. Inside a user
    /// namespace the namespace's own limit may be the lower one, so it is named too.
    static func watchLimitDescription() -> String {
        let global = read("/proc/sys/fs/inotify/max_user_watches") ?? "unknown"
        var message = "the inotify watch limit is reached (fs.inotify.max_user_watches is \(global)"
        if let namespace = read("/proc/sys/user/max_inotify_watches"), let own = Int(namespace),
           own < Int(global) ?? Int.max {
            message += "; this user namespace's user.max_inotify_watches is \(namespace)"
        }
        return message + "); raise it, e.g. `sysctl fs.inotify.max_user_watches=524288`"
    }

    static func instanceLimitMessage() -> String {
        let value = read("/proc/sys/fs/inotify/max_user_instances") ?? "unknown"
        return "cannot start inotify: too many inotify instances "
            + "(fs.inotify.max_user_instances is \(value)); raise it with sysctl"
    }
}
