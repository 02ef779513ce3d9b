#if canImport(Glibc)
import Glibc
#endif
import CInotifyTools
import HiglintCore
import HiglintReview

/// An errno value, as the failure of a system call.
struct SystemError: Error, Equatable, Sendable {
    var code: Int32
}

/// One inotify event, copied out of libinotifytools' static buffer at once
/// (the next call overwrites it).
struct RawEvent: Sendable, Equatable {
    var wd: Int32
    var mask: UInt32
    var cookie: UInt32
    /// The entry's name in the watched directory; empty for events on the directory itself.
    var name: String

    func has(_ flag: Int32) -> Bool { mask & UInt32(bitPattern: flag) != 0 }
}

/// libinotifytools 3.22, wrapped for the one thread that may call it: the
/// library keeps process-global tables and a static event buffer, so an
/// `Inotify` value is never shared (it is deliberately not Sendable).
final class Inotify {
    /// The events the watcher needs: content written (IN_MODIFY too, for a
    /// writer that keeps the file open and for truncate(2), which close
    /// events never report), entries appearing, disappearing or renamed, the
    /// directory itself going away, and permission changes (a directory
    /// becoming readable changes the review).
    static let events: Int32 = IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE
        | IN_DELETE_SELF | IN_MOVE_SELF | IN_ATTRIB | IN_ONLYDIR | IN_EXCL_UNLINK

    /// The library's descriptor. It exports no getter, so it is found in
    /// /proc/self/fd; the loop polls it beside the signal descriptor, which is
    /// what gives millisecond deadlines (the library's own timeout is in whole
    /// seconds) and prompt signal handling without a signal handler.
    let descriptor: Int32

    enum OpenFailure: Error {
        case initialize(Int32)
        case descriptorNotFound
    }

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    static func open() -> Result<Inotify, OpenFailure> {
        let before = inotifyDescriptors()
        guard inotifytools_initialize() != 0 else { return .failure(.initialize(inotifytools_error())) }
        guard let found = inotifyDescriptors().subtracting(before).min() else { return .failure(.descriptorNotFound) }
        // The library opens it without close-on-exec; nothing we start should inherit it.
        _ = fcntl(found, F_SETFD, FD_CLOEXEC)
        return .success(Inotify(descriptor: found))
    }

    private static func inotifyDescriptors() -> Set<Int32> {
        guard let directory = opendir("/proc/self/fd") else { return [] }
        defer { closedir(directory) }
        var found = Set<Int32>()
        var target = [CChar](repeating: 0, count: 64)
        while let entry = readdir(directory) {
            let name = String(decoding: FileSystem.nameBytes(of: entry), as: UTF8.self)
            guard let number = Int32(name) else { continue }
            let count = readlink("/proc/self/fd/\(name)", &target, target.count - 1)
            guard count > 0 else { continue }
            let link = target.prefix(count).map { UInt8(bitPattern: $0) }
            if String(decoding: link, as: UTF8.self) == "anon_inode:inotify" { found.insert(number) }
        }
        return found
    }

    /// Adds (or refreshes) a watch. `follow` is for the paths the user named,
    /// which may be links; directories found by walking are never followed,
    /// so a directory swapped for a link between listing and watching cannot
    /// pull the outside in.
    ///
    /// `watch_file` does not return the descriptor, and the library's
    /// filename table keeps the entries of watches the kernel dropped
    /// (it never handles IN_IGNORED): a directory deleted and recreated under
    /// the same name would be looked up as its dead predecessor. `isStale`
    /// recognises such an answer; the path is then added again under an
    /// equivalent spelling (`dir/.`) that no dead entry shadows.
    func watch(_ path: String, follow: Bool, isStale: (Int32) -> Bool) -> Result<Int32, SystemError> {
        let mask = follow ? Self.events : Self.events | IN_DONT_FOLLOW
        var spelling = path
        for _ in 0..<32 {
            guard quietly({ inotifytools_watch_file(spelling, mask) }) != 0 else {
                return .failure(SystemError(code: inotifytools_error()))
            }
            var wd = inotifytools_wd_from_filename(spelling.hasSuffix("/") ? spelling : spelling + "/")
            if wd <= 0 { wd = inotifytools_wd_from_filename(spelling) }
            if wd > 0 && !isStale(wd) { return .success(wd) }
            spelling += "/."
        }
        return .failure(SystemError(code: EEXIST))
    }

    private var retired: UInt64 = 0

    /// Takes a dead watch's entry out of the library's way. The library
    /// cannot remove it (it asks the kernel first, which refuses), so its
    /// name would shadow the next directory at that path. The entry is
    /// renamed in place to its name + 0x01 + a counter running downwards:
    /// no other name sorts between the old and the new one, so the library's
    /// name-ordered tree stays valid while the path is freed.
    func retire(_ wd: Int32) {
        guard let current = inotifytools_filename_from_wd(wd), current.pointee != 0 else { return }
        retired += 1
        let counter = String(UInt64.max - retired, radix: 16)
        let suffix = String(repeating: "0", count: 16 - counter.count) + counter
        var name = Array(UnsafeBufferPointer(start: current, count: strlen(current)))
        name.append(1)
        name += suffix.utf8.map { CChar(bitPattern: $0) }
        name.append(0)
        inotifytools_set_filename_by_wd(wd, name)
    }

    /// Removes a live watch. Returns false when the kernel had already dropped
    /// it (its IN_IGNORED not read yet): the library then keeps the entry.
    @discardableResult
    func remove(_ wd: Int32) -> Bool {
        quietly { inotifytools_remove_watch_by_wd(wd) } != 0
    }

    /// The library prints to stderr where a call fails ("Failed to remove
    /// watch on ...", for one the kernel had already dropped), and stderr is
    /// the log: a line higlint did not write, unescaped. Each such failure
    /// also comes back as a return value that the callers handle, so while
    /// the library runs, descriptor 2 points at /dev/null. Only this thread
    /// writes the log, and the review's workers never run during a library call.
    private func quietly<T>(_ body: () -> T) -> T {
        let saved = fcntl(2, F_DUPFD_CLOEXEC, 3)
        let null = Glibc.open("/dev/null", O_WRONLY | O_CLOEXEC)
        guard saved >= 0, null >= 0, dup2(null, 2) >= 0 else {
            if saved >= 0 { close(saved) }
            if null >= 0 { close(null) }
            return body()
        }
        close(null)
        let result = body()
        dup2(saved, 2)
        close(saved)
        return result
    }

    enum Next {
        case event(RawEvent)
        /// Nothing queued in the library's buffer or the kernel's.
        case none
        case failure(Int32)
    }

    /// The next event without waiting: `next_events(0, 1)` is a zero timeout
    /// (unlike `next_event(0)`, which blocks forever), and one event at a time
    /// because asking for more makes the library spin past its timeout.
    func next() -> Next {
        while true {
            guard let pointer = inotifytools_next_events(0, 1) else {
                let code = inotifytools_error()
                if code == EINTR { continue }
                return code == 0 ? .none : .failure(code)
            }
            let event = pointer.pointee
            var name = ""
            if event.len > 0 {
                let bytes = UnsafeRawPointer(pointer).advanced(by: MemoryLayout<inotify_event>.size)
                    .assumingMemoryBound(to: UInt8.self)
                let buffer = UnsafeBufferPointer(start: bytes, count: Int(event.len))
                name = String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self)
            }
            return .event(RawEvent(wd: event.wd, mask: event.mask, cookie: event.cookie, name: name))
        }
    }
}
