import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// SIGINT and SIGTERM, taken by a thread of their own (blocked in every other thread, so a
/// library's thread never takes one and dies): each stops the pull, cancelling the request
/// under way and ending any wait.
final class StopSignal: Sendable {
    private struct State {
        var stopped = false
        var task: URLSessionTask?
    }

    private let state = Mutex(State())
    private let semaphore = DispatchSemaphore(value: 0)

    /// Blocks the signals in the calling thread, which every thread it starts inherits: call
    /// it before anything starts a thread.
    static func block() {
        var set = signals
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    private static var signals: sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        return set
    }

    /// Starts the thread that waits for the signals.
    func listen() {
        Thread.detachNewThread { [self] in
            var set = Self.signals
            var number: Int32 = 0
            while sigwait(&set, &number) != 0 {}
            stop()
        }
    }

    func stop() {
        let task = state.withLock { state in
            state.stopped = true
            return state.task
        }
        task?.cancel()
        semaphore.signal()
    }

    var isStopped: Bool { state.withLock { $0.stopped } }

    /// Records the request under way, so a signal cancels it; false when stopped already.
    func track(_ task: URLSessionTask) -> Bool {
        state.withLock { state in
            if state.stopped { return false }
            state.task = task
            return true
        }
    }

    func untrack() { state.withLock { $0.task = nil } }

    func wake() { semaphore.signal() }

    /// Until `wake` or `stop`; a wake-up may be an earlier one's, so callers look again.
    func wait() { semaphore.wait() }

    /// Sleeps for `seconds`, or less when stopped; true when stopped.
    func sleep(_ seconds: Double) -> Bool {
        let deadline = DispatchTime.now() + seconds
        while !isStopped {
            if semaphore.wait(timeout: deadline) == .timedOut { return isStopped }
        }
        return true
    }
}
