#if canImport(Glibc)
import Glibc
#endif
import CGNUCalls
import HiglintCore
import HiglintReview

/// The daemon's life after the first report: sleep until an event, a signal
/// or a deadline, then do what is due.
extension WatchSession {
    func loop() -> WatchExit {
        while true {
            let now = Clock.now()
            var deadline = settle.deadline
            for next in [aheadDeadline, nextWatchdog, retry.deadline, nextPoll].compactMap({ $0 }) { deadline = min(deadline ?? next, next) }
            // To the nanosecond (ppoll): poll's whole milliseconds, rounded up, made every
            // update start up to a millisecond after the settle time.
            var timeout: Int64 = -1
            if mayHaveBuffered || isSpareDue {
                timeout = 0
            } else if let deadline {
                timeout = max(0, deadline - now)
            }
            var descriptors = [
                pollfd(fd: inotify.descriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: signals.descriptor, events: Int16(POLLIN), revents: 0),
            ]
            let ready = higlint_poll_nanoseconds(&descriptors, 2, timeout)
            if ready < 0 && errno != EINTR {
                log("higlint: warning: poll failed: \(FileSystem.errorText(errno))")
            }

            var hangup = false
            if descriptors[1].revents != 0 {
                for signal in signals.drain() {
                    if signal == SIGHUP {
                        hangup = true
                    } else {
                        // Nothing is being written now: every write finishes before the loop comes back here.
                        discardAhead()
                        report.removeSpare()
                        notify("STOPPING=1")
                        log("higlint: stopping on \(signal == SIGINT ? "SIGINT" : "SIGTERM")")
                        return .stopped
                    }
                }
            }
            if mayHaveBuffered || descriptors[0].revents != 0 {
                drainEvents()
            }
            if hangup {
                reload(because: "SIGHUP")
            } else if settle.isDue(at: Clock.now()) {
                update()
            } else if let aheadDeadline, Clock.now() >= aheadDeadline {
                prepareAhead()
            } else if let nextPoll, Clock.now() >= nextPoll {
                pollUnwatched()
            } else if retry.isDue(at: Clock.now()) {
                retryWrites()
            } else if isSpareDue {
                report.writeSpare()
            }
            if let watchdogInterval, let next = nextWatchdog, Clock.now() >= next {
                notify("WATCHDOG=1")
                nextWatchdog = Clock.now() + watchdogInterval
            }
        }
    }

    /// The spare copy of a large report is written when nothing else waits: no change
    /// settling, no event unread.
    private var isSpareDue: Bool {
        report.needsSpare && !settle.isPending && ahead == nil && !mayHaveBuffered
    }

    /// Reads what is queued, a bounded number at a time so a flood of events
    /// cannot hold off a review past its deadline.
    func drainEvents() {
        mayHaveBuffered = false
        for _ in 0..<8192 {
            switch inotify.next() {
            case .event(let event):
                if handle(event) { settle.noteChange(at: Clock.now()) }
            case .none:
                return
            case .failure(let code):
                fullRescanReason = "reading inotify events failed (\(FileSystem.errorText(code)))"
                settle.noteChange(at: Clock.now())
                return
            }
        }
        mayHaveBuffered = true
    }

    // MARK: - Reload

    /// SIGHUP or a changed config file. An invalid config keeps the one in
    /// use and says why, with the file, line and column.
    func reload(because reason: String) {
        notify("RELOADING=1\nMONOTONIC_USEC=\(Clock.monotonicMicroseconds())")
        let began = Clock.now()
        switch options.loadConfig() {
        case .failure(let error):
            error.lines.forEach(log)
            log("higlint: note: \(reason): the new config is not used; the previous one stays in effect")
        case .success(let newConfig):
            table.removeAll()
            results.removeAll()
            pending = [:]
            fullRescanReason = nil
            configChanged = false
            unwatched = []
            watchLimit = nil
            nextPoll = nil
            listingErrors = [:]
            rootErrors = [:]
            _ = apply(newConfig, initial: false)
            schedulePoll()
            updates += 1
            lastUpdate = Clock.timestamp()
            _ = publish()
            log("higlint: update \(updates): config reloaded (\(reason)), everything reviewed again "
                + "(\(Clock.milliseconds(Clock.now() - began))): \(lastSummaryText)")
            logDifference()
        }
        notify("READY=1\nSTATUS=\(statusText)")
    }
}
