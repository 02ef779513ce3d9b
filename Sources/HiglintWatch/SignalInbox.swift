#if canImport(Glibc)
import Glibc
#endif

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

    private typealias SignalFD = @convention(c) (Int32, UnsafePointer<sigset_t>?, Int32) -> Int32

    /// Glibc's Swift module does not export signalfd, so it is looked up by name.
    init?() {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "signalfd") else { return nil }
        let signalfd = unsafeBitCast(symbol, to: SignalFD.self)
        var set = sigset_t()
        sigemptyset(&set)
        for signal in WatchSignals.handled { sigaddset(&set, signal) }
        let descriptor = signalfd(-1, &set, O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// Every signal queued since the last call.
    func drain() -> [Int32] {
        var signals: [Int32] = []
        // struct signalfd_siginfo is 128 bytes; ssi_signo is its first field.
        var record = [UInt8](repeating: 0, count: 128)
        while true {
            let count = record.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count == 128 else { break }
            let number = record.withUnsafeBytes { $0.load(as: UInt32.self) }
            signals.append(Int32(bitPattern: number))
        }
        return signals
    }
}
