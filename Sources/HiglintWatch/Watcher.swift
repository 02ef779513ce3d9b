#if canImport(Glibc)
import Glibc
#endif
import HiglintCore
import HiglintReview

/// `higlint watch`: reviews the tree once, writes the live report, then keeps
/// it current until SIGTERM or SIGINT.
///
/// Everything runs on the calling thread, which therefore owns every
/// libinotifytools call; only the reviews of many files at once fan out to
/// worker threads, which never touch the library. The thread sleeps in
/// poll(2) on the inotify and signal descriptors, with a timeout only as long
/// as the next settle or watchdog deadline: no polling when idle.
public enum Watcher {
    public static func run(_ options: WatchOptions) -> WatchExit {
        WatchSignals.block()
        guard let signals = SignalInbox() else {
            options.log("higlint: error: cannot create a signalfd: \(FileSystem.errorText(errno))")
            return .failedToStart
        }
        let inotify: Inotify
        switch Inotify.open() {
        case .success(let opened): inotify = opened
        case .failure(.initialize(let code)):
            let reason = code == EMFILE ? WatchLimits.instanceLimitMessage() : "cannot start inotify: \(FileSystem.errorText(code))"
            options.log("higlint: error: \(reason)")
            return .failedToStart
        case .failure(.descriptorNotFound):
            options.log("higlint: error: cannot find the inotify descriptor in /proc/self/fd (is /proc mounted?)")
            return .failedToStart
        }
        let session = WatchSession(options: options, inotify: inotify, signals: signals)
        guard session.start() else { return .failedToStart }
        return session.loop()
    }
}
