#if canImport(Glibc)
import HiglintReview
import Glibc
#endif
import CSignalFD

/// SIGHUP, SIGTERM and SIGINT, read from a signalfd in the watcher's loop:
/// no code runs in a signal handler, and a signal arriving while the loop
/// blocks wakes it like any event.
public enum WatchSignals {
    static let handled: [Int32] = [SIGHUP, SIGTERM, SIGINT]

    /// Blocks the signals for this thread and every thread it starts. Call it
    /// before any other thread exists (the review's workers inherit the mask),
    /// or a signal may land on a thread that would take the default action.
    public static func block() {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in handled { sigaddset(&set, signal) }
        pthread_sigmask(SIG_BLOCK, &set, nil)
        // A report write over a file size limit must fail with EFBIG, not kill us.
        signal(SIGXFSZ, SIG_IGN)
    }
}

final class SignalInbox {
    let descriptor: Int32

    init?() {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in WatchSignals.handled { sigaddset(&set, signal) }
        let descriptor = signalfd(-1, &set, Int32(SFD_CLOEXEC | SFD_NONBLOCK))
        guard descriptor >= 0 else { return nil }
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// Every signal queued since the last call.
    func drain() -> [Int32] {
        var signals: [Int32] = []
        var record = signalfd_siginfo()
        let size = MemoryLayout<signalfd_siginfo>.size
        while true {
            let count = withUnsafeMutableBytes(of: &record) { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count == size else { break }
            signals.append(Int32(bitPattern: record.ssi_signo))
        }
        return signals
    }
}
