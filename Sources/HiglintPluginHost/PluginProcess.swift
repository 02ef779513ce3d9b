import CPluginSpawn
import Glibc

/// One running plugin process and its three pipes, driven by `poll` from the thread that
/// holds its plugin's lock. Lines out are queued and written as the pipe takes them, while
/// its answers and its stderr are read: neither side can block the other on a full pipe.
final class PluginProcess {
    /// A line of the plugin's stdout longer than this breaks the protocol.
    static let maxLineBytes = 1 << 20

    enum Event {
        case line([UInt8])
        case timedOut
        case lineTooLong
        /// Its stdout ended, or its stdin no longer takes lines: it exited or is exiting.
        case exited(String)
    }

    let pid: pid_t
    private var input: Int32
    private var output: Int32
    private var errors: Int32
    private var outbox: [UInt8] = []
    private var lineBuffer: [UInt8] = []
    private var errorBuffer: [UInt8] = []
    private var ended = false
    private var reaped = false
    private let logLine: (String) -> Void

    private init(pid: pid_t, input: Int32, output: Int32, errors: Int32, log: @escaping (String) -> Void) {
        self.pid = pid
        self.input = input
        self.output = output
        self.errors = errors
        self.logLine = log
    }

    deinit {
        kill()
    }

    /// Starts `command` in `directory`; `log` takes each line of its stderr. Fails with
    /// the reason when there is no such program or it cannot be run.
    static func start(_ command: [String], in directory: String, log: @escaping (String) -> Void) -> Result<PluginProcess, PluginFault> {
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
        let pid = higlint_spawn(&arguments, directory, stdinPipe[0], stdoutPipe[1], stderrPipe[1], reportPipe[1])
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
        let process = PluginProcess(pid: pid, input: stdinPipe[1], output: stdoutPipe[0], errors: stderrPipe[0], log: log)
        for end in [process.input, process.output, process.errors] {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        if count == MemoryLayout<Int32>.size {
            process.kill()
            return .failure(PluginFault("could not start \(program): \(String(cString: strerror(childError)))"))
        }
        return .success(process)
    }

    /// Queues one line (a newline is added); it is written by the next `next(until:)`.
    func send(_ line: String) {
        outbox.append(contentsOf: Array(line.utf8))
        outbox.append(0x0A)
    }

    /// Writes what is queued and reads until one whole line of stdout is there, the
    /// deadline (a `ContinuousClock` instant) passes, or the process ends.
    func next(until deadline: ContinuousClock.Instant) -> Event {
        while true {
            if let line = takeLine() { return line }
            if ended { return .exited(exitDescription()) }
            let remaining = deadline - ContinuousClock.now
            if remaining <= .zero { return .timedOut }
            let parts = remaining.components
            let milliseconds = Int32(clamping: parts.seconds * 1000 + parts.attoseconds / 1_000_000_000_000_000 + 1)
            var fds = [
                pollfd(fd: output, events: Int16(POLLIN), revents: 0),
                pollfd(fd: errors, events: Int16(POLLIN), revents: 0),
                pollfd(fd: outbox.isEmpty ? -1 : input, events: Int16(POLLOUT), revents: 0),
            ]
            let ready = poll(&fds, nfds_t(fds.count), milliseconds)
            if ready < 0 {
                if errno == EINTR { continue }
                ended = true
                continue
            }
            if fds[1].revents != 0 { drainErrors() }
            if fds[2].revents & Int16(POLLOUT) != 0 { flush() }
            if fds[2].revents & Int16(POLLERR | POLLHUP) != 0 { ended = true }
            if fds[0].revents != 0 { readOutput() }
        }
    }

    /// Whether a line longer than the limit is being read (it is then not a line at all).
    private func takeLine() -> Event? {
        if let newline = lineBuffer.firstIndex(of: 0x0A) {
            let line = Array(lineBuffer[..<newline])
            lineBuffer.removeSubrange(...newline)
            if line.count > Self.maxLineBytes { return .lineTooLong }
            return .line(line)
        }
        if lineBuffer.count > Self.maxLineBytes { return .lineTooLong }
        return nil
    }

    private func readOutput() {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(output, &chunk, chunk.count)
            if count > 0 {
                lineBuffer.append(contentsOf: chunk[..<count])
                if lineBuffer.count > Self.maxLineBytes + 1 { return }
                continue
            }
            if count == 0 || (errno != EINTR && errno != EAGAIN) {
                ended = true
                drainErrors()
            }
            if count < 0 && errno == EINTR { continue }
            return
        }
    }

    private func flush() {
        while !outbox.isEmpty {
            let count = outbox.withUnsafeBytes { write(input, $0.baseAddress, $0.count) }
            if count > 0 {
                outbox.removeFirst(count)
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                if count < 0 && errno != EAGAIN { ended = true }
                return
            }
        }
    }

    /// Logs each whole line of stderr; a last line without newline is logged once the process ends.
    func drainErrors() {
        guard errors >= 0 else { return }
        var chunk = [UInt8](repeating: 0, count: 8192)
        var finished = false
        while true {
            let count = read(errors, &chunk, chunk.count)
            if count > 0 {
                errorBuffer.append(contentsOf: chunk[..<count])
                continue
            }
            if count < 0 && errno == EINTR { continue }
            finished = count == 0
            break
        }
        while let newline = errorBuffer.firstIndex(of: 0x0A) {
            logLine(String(decoding: errorBuffer[..<newline], as: UTF8.self))
            errorBuffer.removeSubrange(...newline)
        }
        if finished {
            if !errorBuffer.isEmpty { logLine(String(decoding: errorBuffer, as: UTF8.self)) }
            errorBuffer = []
            close(errors)
            errors = -1
        }
    }

    /// Closes its stdin and gives it until the deadline to exit on its own, then kills it.
    /// Whether it exited on its own; lines it still prints are dropped.
    @discardableResult
    func finish(until deadline: ContinuousClock.Instant) -> Bool {
        while !outbox.isEmpty, !ended, ContinuousClock.now < deadline {
            if case .timedOut = next(until: deadline) { break }
        }
        if input >= 0 {
            close(input)
            input = -1
        }
        while !ended, ContinuousClock.now < deadline {
            if case .timedOut = next(until: deadline) { break }
        }
        let exited = ended
        drainErrors()
        kill()
        return exited
    }

    /// SIGKILL, then reaps it; idempotent.
    func kill() {
        if !reaped {
            _ = Glibc.kill(pid, SIGKILL)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            reaped = true
        }
        for end in [input, output, errors] where end >= 0 { close(end) }
        input = -1
        output = -1
        errors = -1
    }

    /// "exited with status 3", "was killed by signal 9": reaped when it has exited, else still running.
    private func exitDescription() -> String {
        guard !reaped else { return "ended" }
        var status: Int32 = 0
        // Its stdout is closed; it is exiting, or has closed stdout and lives on (then it is killed).
        var waited: pid_t = 0
        for _ in 0..<50 {
            waited = waitpid(pid, &status, WNOHANG)
            if waited != 0 { break }
            var none = timespec(tv_sec: 0, tv_nsec: 2_000_000)
            nanosleep(&none, nil)
        }
        if waited == 0 {
            kill()
            return "closed its output"
        }
        reaped = true
        let signal = status & 0x7F
        if signal == 0 { return "exited with status \((status >> 8) & 0xFF)" }
        return "was killed by signal \(signal)"
    }
}

/// Why a plugin could not do its part, in words for a finding and the log.
struct PluginFault: Error, Sendable, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
