#if canImport(Glibc)
import HiglintReview
import Glibc
#endif

enum Clock {
    /// Monotonic nanoseconds: deadlines must not jump with the wall clock.
    static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    /// Microseconds on the monotonic clock, as systemd's MONOTONIC_USEC wants them.
    static func monotonicMicroseconds() -> Int64 {
        now() / 1000
    }

    /// The wall clock in UTC, `2025-01-31T09:30:00.123Z`.
    static func timestamp() -> String {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        var seconds = time_t(time.tv_sec)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func pad(_ value: Int32, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        let millis = Int32(time.tv_nsec / 1_000_000)
        return "\(pad(parts.tm_year + 1900, 4))-\(pad(parts.tm_mon + 1, 2))-\(pad(parts.tm_mday, 2))T"
            + "\(pad(parts.tm_hour, 2)):\(pad(parts.tm_min, 2)):\(pad(parts.tm_sec, 2)).\(pad(millis, 3))Z"
    }

    /// Milliseconds with one decimal, for log lines.
    static func milliseconds(_ nanoseconds: Int64) -> String {
        let tenths = (nanoseconds + 50_000) / 100_000
        return "\(tenths / 10).\(tenths % 10) ms"
    }
}
