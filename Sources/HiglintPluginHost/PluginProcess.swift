import CPluginSpawn
import Glibc

/// One running plugin process and its three pipes. Lines go to its stdin from any thread
/// (one at a time, under `writing`); its stdout and stderr are read by one reader thread
/// (`readUntilEnd`), so the plugin can never block on a full pipe while higlint waits.
final class PluginProcess: @unchecked Sendable {
    /// A line of the plugin's stdout longer than this breaks the protocol.
    static let maxLineBytes = 1 << 20

    let pid: pid_t
    /// Guarded by `writing`.
    private var input: Int32
    /// Used by the reader thread only.
    private let output: Int32
    private let errors: Int32
    private let writing = Monitor()
    private let reaping = Monitor()
    /// Guarded by `reaping`.
    private var reaped = false
    private let logLine: @Sendable (String) -> Void

    private init(pid: pid_t, input: Int32, output: Int32, errors: Int32, log: @escaping @Sendable (String) -> Void) {
        self.pid = pid
        self.input = input
        self.output = output
        self.errors = errors
        self.logLine = log
    }

    /// Starts `command` in `directory`; `log` takes each line of its stderr. Fails with
    /// the reason when there is no such program or it cannot be run.
    static func start(_ command: [String], in directory: String, log: @escaping @Sendable (String) -> Void) -> Result<PluginProcess, PluginFault> {
        guard let program = command.first else { return .failure(PluginFault("the command is empty")) }
        var pipes: [[Int32]] = []
        for _ in 0..<4 {
            var ends: [Int32] = [-1, -1]
            guard higlint_pipe(&ends) == 0 else {
                let reason = String(cString: strerror(errno))
                pipes.flatMap { $0 }.forEach { _ = close($0) }
                return .failure(PluginFault("could not make a pipe: \(reason)"))
            }
            pipes.append(ends)
        }
        let (stdinPipe, stdoutPipe, stderrPipe, reportPipe) = (pipes[0], pipes[1], pipes[2], pipes[3])
        var arguments: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) }
        arguments.append(nil)
        let pid = SpawnThread.shared.run {
            higlint_spawn(&arguments, directory, stdinPipe[0], stdoutPipe[1], stderrPipe[1], reportPipe[1])
        }
        arguments.forEach { free($0) }
        for end in [stdinPipe[0], stdoutPipe[1], stderrPipe[1], reportPipe[1]] { close(end) }
        guard pid > 0 else {
            for end in [stdinPipe[1], stdoutPipe[0], stderrPipe[0], reportPipe[0]] { close(end) }
            return .failure(PluginFault("could not start \(program): \(String(cString: strerror(-pid)))"))
        }
        // End of file here means the exec worked; four bytes are the child's errno.
        var childError: Int32 = 0
        var count: Int
        repeat { count = read(reportPipe[0], &childError, MemoryLayout<Int32>.size) } while count < 0 && errno == EINTR
        close(reportPipe[0])
        if count == MemoryLayout<Int32>.size {
            // The child exits at once; reaped here, as no reader thread will be.
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            for end in [stdinPipe[1], stdoutPipe[0], stderrPipe[0]] { close(end) }
            return .failure(PluginFault("could not start \(program): \(String(cString: strerror(childError)))"))
        }
        for end in [stdinPipe[1], stdoutPipe[0], stderrPipe[0]] {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        return .success(PluginProcess(pid: pid, input: stdinPipe[1], output: stdoutPipe[0], errors: stderrPipe[0], log: log))
    }

    enum WriteOutcome {
        case written
        /// Its stdin is closed: it exited, or is exiting.
        case closed
        /// It took no more input before the deadline.
        case timedOut
    }

    /// Writes one line (a newline is added), waiting for room in the pipe until the deadline.
    func write(_ line: String, until deadline: ContinuousClock.Instant) -> WriteOutcome {
        write(line: Array(line.utf8), until: deadline)
    }

    /// `line` is taken as it is, so that the newline is appended in place rather than to a copy.
    func write(line: consuming [UInt8], until deadline: ContinuousClock.Instant) -> WriteOutcome {
        var bytes = line
        bytes.append(0x0A)
        return writing.locked {
            var offset = 0
            while offset < bytes.count {
                guard input >= 0 else { return .closed }
                let count = bytes.withUnsafeBytes { Glibc.write(input, $0.baseAddress.map { $0 + offset }, bytes.count - offset) }
                if count > 0 {
                    offset += count
                    continue
                }
                if count < 0 && errno == EINTR { continue }
                guard count < 0 && errno == EAGAIN else { return .closed }
                let remaining = deadline - ContinuousClock.now
                if remaining <= .zero { return .timedOut }
                var ready = pollfd(fd: input, events: Int16(POLLOUT), revents: 0)
                _ = poll(&ready, 1, Self.milliseconds(remaining))
            }
            return .written
        }
    }

    /// Closes its stdin, which tells it no more requests are coming.
    func closeInput() {
        writing.locked {
            if input >= 0 { close(input) }
            input = -1
        }
    }

    enum Line {
        case line([UInt8])
        /// Over `maxLineBytes` without a newline; the rest of the line is skipped.
        case tooLong
    }

    /// The reader thread's loop: each line of stdout to `onLine`, each line of stderr to the
    /// log, until stdout ends. Then reaps the process (killing it if it lives on without its
    /// stdout) and says how it ended: "exited with status 3", "was killed by signal 9".
    func readUntilEnd(_ onLine: (Line) -> Void) -> String {
        var lineBuffer: [UInt8] = []
        var errorBuffer: [UInt8] = []
        var skipping = false
        var chunk = [UInt8](repeating: 0, count: 65536)
        var errorsOpen = true
        while true {
            var fds = [
                pollfd(fd: output, events: Int16(POLLIN), revents: 0),
                pollfd(fd: errorsOpen ? errors : -1, events: Int16(POLLIN), revents: 0),
            ]
            if poll(&fds, 2, -1) < 0 {
                if errno == EINTR { continue }
                break
            }
            if fds[1].revents != 0 {
                let count = read(errors, &chunk, chunk.count)
                if count > 0 {
                    errorBuffer.append(contentsOf: chunk[..<count])
                    logCompleteLines(&errorBuffer)
                } else if count == 0 || errno != EINTR && errno != EAGAIN {
                    errorsOpen = false
                }
            }
            guard fds[0].revents != 0 else { continue }
            let count = read(output, &chunk, chunk.count)
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            if count <= 0 { break }
            var start = 0
            for index in 0..<count where chunk[index] == 0x0A {
                if !skipping {
                    lineBuffer.append(contentsOf: chunk[start..<index])
                    onLine(lineBuffer.count > Self.maxLineBytes ? .tooLong : .line(lineBuffer))
                }
                lineBuffer.removeAll(keepingCapacity: true)
                skipping = false
                start = index + 1
            }
            if !skipping {
                lineBuffer.append(contentsOf: chunk[start..<count])
                if lineBuffer.count > Self.maxLineBytes {
                    onLine(.tooLong)
                    lineBuffer = []
                    skipping = true
                }
            }
        }
        // What it still has to say on stderr, to the end.
        while errorsOpen {
            let count = read(errors, &chunk, chunk.count)
            if count > 0 {
                errorBuffer.append(contentsOf: chunk[..<count])
                logCompleteLines(&errorBuffer)
            } else if count < 0 && errno == EINTR {
                continue
            } else if count < 0 && errno == EAGAIN {
                var ready = pollfd(fd: errors, events: Int16(POLLIN), revents: 0)
                if poll(&ready, 1, 100) <= 0 { break }
            } else {
                break
            }
        }
        for line in errorBuffer.split(separator: 0x0A) {
            logLine(String(decoding: line, as: UTF8.self))
        }
        close(output)
        close(errors)
        closeInput()
        return reap()
    }

    /// Logs each whole line of `buffer` and keeps the rest, removing the logged bytes once
    /// per read rather than once per line. A line longer than `maxLineBytes` is logged in
    /// pieces: a plugin that writes to stderr without newlines must not grow it without bound.
    private func logCompleteLines(_ buffer: inout [UInt8]) {
        var start = 0
        while let newline = buffer[start...].firstIndex(of: 0x0A) {
            logLine(String(decoding: buffer[start..<newline], as: UTF8.self))
            start = newline + 1
        }
        while buffer.count - start > Self.maxLineBytes {
            logLine(String(decoding: buffer[start..<start + Self.maxLineBytes], as: UTF8.self))
            start += Self.maxLineBytes
        }
        buffer.removeSubrange(..<start)
    }

    /// SIGKILL; the reader thread reaps it. Never once it is reaped: its pid may then be
    /// another process's.
    func kill() {
        reaping.locked {
            if !reaped { _ = Glibc.kill(pid, SIGKILL) }
        }
    }

    /// Each `waitpid` and `reaped` under one lock with `kill`: until `waitpid` has taken the
    /// zombie, the pid cannot be reused, so a signal sent under the lock reaches the plugin.
    private func reap() -> String {
        var status: Int32 = 0
        func poll() -> Bool {
            reaping.locked {
                let waited = waitpid(pid, &status, WNOHANG)
                if waited == pid || (waited < 0 && errno == ECHILD) { reaped = true }
                return reaped
            }
        }
        // Its stdout is closed: it is exiting, or lives on without it (then it is killed).
        var tries = 0
        while !poll() && tries < 50 {
            var pause = timespec(tv_sec: 0, tv_nsec: 2_000_000)
            nanosleep(&pause, nil)
            tries += 1
        }
        if !reaped {
            kill()
            reaping.locked {
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
                reaped = true
            }
            return "closed its output"
        }
        let signal = status & 0x7F
        if signal == 0 { return "exited with status \((status >> 8) & 0xFF)" }
        return "was killed by signal \(signal)"
    }

    static func milliseconds(_ duration: Duration) -> Int32 {
        let parts = duration.components
        return Int32(clamping: parts.seconds * 1000 + parts.attoseconds / 1_000_000_000_000_000 + 1)
    }
}

/// Why a plugin could not do its part, in words for a finding and the log.
struct PluginFault: Error, Sendable, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}

/// The thread every plugin is forked from. The parent-death signal follows the thread that
/// forked the child, not the process: a plugin forked on one of Dispatch's workers (a restart,
/// from the review that found the fault) was killed as soon as that worker exited, idle, and
/// so lived only seconds. This thread never exits.
private final class SpawnThread: @unchecked Sendable {
    static let shared = SpawnThread()

    private final class Job {
        /// Let go of before `pid` is set: the caller's closure must not outlive its call.
        var body: (() -> pid_t)?
        var pid: pid_t?
        init(_ body: @escaping () -> pid_t) { self.body = body }
    }

    private let monitor = Monitor()
    // Guarded by `monitor`.
    private var jobs: [Job] = []
    private var started = false

    /// Runs `body` on the thread and waits for it; here, when that thread cannot be started.
    func run(_ body: () -> pid_t) -> pid_t {
        withoutActuallyEscaping(body) { body in
            monitor.locked {
                if !started { started = startThread { [self] in loop() } }
                guard started else { return body() }
                let job = Job(body)
                jobs.append(job)
                monitor.broadcast()
                while job.pid == nil { monitor.wait(until: nil) }
                return job.pid ?? -ESRCH
            }
        }
    }

    private func loop() {
        while true {
            let job = monitor.locked { () -> Job in
                while jobs.isEmpty { monitor.wait(until: nil) }
                return jobs.removeFirst()
            }
            let pid = job.body?() ?? -ESRCH
            monitor.locked {
                job.body = nil
                job.pid = pid
                monitor.broadcast()
            }
        }
    }
}
