import Glibc

/// A mutex with one condition, waited on with deadlines of the monotonic clock: the
/// threads that review files wait here for a plugin's answers, which its reader thread
/// delivers. The Synchronization module has a mutex but no condition to wait on.
final class Monitor: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init() {
        pthread_mutex_init(mutex, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    func locked<Result>(_ body: () throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Wakes every waiter; call with the lock held, after changing what they wait for.
    func broadcast() {
        pthread_cond_broadcast(condition)
    }

    /// Waits, with the lock held, until woken or `deadline` (nil: no deadline) passes.
    /// Callers loop on their condition: a wake-up says only that something changed.
    func wait(until deadline: ContinuousClock.Instant?) {
        guard let deadline else {
            pthread_cond_wait(condition, mutex)
            return
        }
        let remaining = deadline - ContinuousClock.now
        guard remaining > .zero else { return }
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let parts = remaining.components
        var nanoseconds = Int64(now.tv_nsec) + parts.attoseconds / 1_000_000_000
        var seconds = Int64(now.tv_sec) + parts.seconds + nanoseconds / 1_000_000_000
        nanoseconds %= 1_000_000_000
        if seconds < 0 { seconds = 0 }
        var until = timespec(tv_sec: Int(seconds), tv_nsec: Int(nanoseconds))
        pthread_cond_timedwait(condition, mutex, &until)
    }
}

/// Runs `body` on a thread of its own, detached: for a plugin's reader, which blocks in
/// `poll` for as long as the plugin runs and so must not hold one of Dispatch's workers.
func startThread(_ body: @escaping @Sendable () -> Void) -> Bool {
    final class Box: @unchecked Sendable {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
    let box = Unmanaged.passRetained(Box(body)).toOpaque()
    var thread = pthread_t()
    let status = pthread_create(&thread, nil, { context in
        guard let context else { return nil }
        let box = Unmanaged<Box>.fromOpaque(context).takeRetainedValue()
        box.body()
        return nil
    }, box)
    guard status == 0 else {
        Unmanaged<Box>.fromOpaque(box).release()
        return false
    }
    pthread_detach(thread)
    return true
}
