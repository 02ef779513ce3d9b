import HiglintCore
import HiglintReview

/// One update: re-examine what settled, rewrite the report, say what happened.
extension WatchSession {
    /// `polled`: the unwatched directories this update looks at because
    /// their poll was due; their files are read again only if their stamp changed.
    func update(polled: Set<String> = []) {
        let stamp = settle.lastChange
        settle.reset()
        let ahead = self.ahead
        self.ahead = nil
        if configChanged {
            ahead?.discard(from: &report)
            configChanged = false
            reload(because: "the config file changed")
            // A reload that took the new config rescanned everything; one that
            // kept the old config leaves the pending paths to review below.
            if pending.isEmpty && fullRescanReason == nil { return }
        }
        let began = Clock.now()
        let reviewedNow = review(polled: polled)
        let status = currentStatus()
        guard hasNewsToPublish(status) else {
            ahead?.discard(from: &report)
            return
        }
        var work = (ahead?.work ?? 0) + Clock.now() - began
        let written: Bool
        if let ahead, let prepared = ahead.prepared, ahead.stamp == stamp, reviewedNow.isEmpty, ahead.status == status {
            // Nothing happened since the report was written ahead: it is the one to publish.
            updates = ahead.number
            lastUpdate = ahead.time
            let committing = Clock.now()
            written = finishPublish(prepared)
            work = ahead.work + Clock.now() - committing
        } else {
            ahead?.discard(from: &report)
            updates += 1
            lastUpdate = Clock.timestamp()
            let publishing = Clock.now()
            written = publish()
            work += Clock.now() - publishing
        }
        var line = "higlint: update \(updates): "
        if let rescan = unpublished.rescan { line += "\(rescan), full rescan: " }
        line += describe(unpublished.changes)
        line += " (\(Clock.milliseconds(work))): \(lastSummaryText)"
        if !written { line += "; the live report was not updated" }
        unpublished = UnpublishedReview()
        log(line)
        logDifference()
        notify("STATUS=\(statusText)")
    }

    /// Reviews what is pending (the paths events named, a full rescan, the polled
    /// directories) into the table, and keeps what changed for the next update's log line.
    private func review(polled: Set<String>) -> UnpublishedReview {
        var tops = pending
        pending = [:]
        let rescan = fullRescanReason
        fullRescanReason = nil
        if rescan != nil {
            for root in scope.roots { tops[root] = true }
        }
        if table.hasInactiveAnchors { activateAnchors() }
        freedWatches = false
        let changes = reconcile(tops, polled: polled)
        if freedWatches && !unwatched.isEmpty {
            // Watches were released: the directories left out at the limit may fit now.
            for directory in unwatched { mark(directory, suspect: true) }
            settle.noteChange(at: Clock.now())
        }
        schedulePoll()
        let reviewed = UnpublishedReview(changes: changes, rescan: rescan)
        unpublished.absorb(reviewed)
        return reviewed
    }

    private func hasNewsToPublish(_ status: WatchStatus) -> Bool {
        !unpublished.isEmpty || status != lastPublishedStatus || retry.isFailing
    }

    // MARK: - Writing ahead

    /// How long the tree must have been quiet before the next report is written ahead.
    /// The events of one save (write, close, rename) come within a fraction of a
    /// millisecond, so after 2 ms of quiet the save is most likely whole; the settle
    /// time after it still decides when the report is published.
    static let aheadDelay: Int64 = 2_000_000

    /// When the next report is due to be written ahead: once per burst of changes,
    /// `aheadDelay` after its last change so far, when that comes before the settle's
    /// deadline; nil when nothing is to be written ahead.
    var aheadDeadline: Int64? {
        guard !configChanged, let first = settle.firstChange, let last = settle.lastChange,
              let due = settle.deadline, aheadBurst != first
        else { return nil }
        let at = last + Self.aheadDelay
        return at < due ? at : nil
    }

    /// Reviews what is pending and writes the report it makes into a draft, while the
    /// tree settles, so that at the settle's deadline the update only has to swap it
    /// in. A change noted after this began makes the draft stale: the update then
    /// reviews and writes as usual, and drops it. Once per burst, so a stream of
    /// changes costs at most one report written in vain per update.
    func prepareAhead() {
        guard let stamp = settle.lastChange else { return }
        aheadBurst = settle.firstChange
        ahead?.discard(from: &report)
        ahead = nil
        let began = Clock.now()
        _ = review(polled: [])
        let status = currentStatus()
        var prepared: PreparedReport?
        var number = updates
        var time = lastUpdate
        if hasNewsToPublish(status) {
            // The draft names the update it will be; until it is published, this one is the last.
            let published = (updates, lastUpdate)
            updates += 1
            lastUpdate = Clock.timestamp()
            (number, time) = (updates, lastUpdate)
            prepared = preparePublish(startingUp: false)
            (updates, lastUpdate) = published
        }
        ahead = AheadUpdate(stamp: stamp, status: status, prepared: prepared, number: number, time: time, work: Clock.now() - began)
    }

    /// Drops a report written ahead (a reload, a retry, the daemon stopping).
    func discardAhead() {
        ahead?.discard(from: &report)
        ahead = nil
    }

    func describe(_ changes: Changes) -> String {
        if changes.isEmpty { return "no file changed" }
        var parts: [String] = []
        func list(_ paths: [String], _ verb: String) {
            guard !paths.isEmpty else { return }
            let names = paths.sorted(by: SortedPaths.precedes).map(scope.discovery.displayPath)
            let shown = names.prefix(3).joined(separator: ", ")
            parts.append(names.count > 3 ? "\(names.count) \(verb) (\(shown), ...)" : "\(shown) \(verb)")
        }
        list(changes.added, "added")
        list(changes.changed, "changed")
        list(changes.removed, "removed")
        return parts.joined(separator: "; ")
    }

    /// The status the report and systemd show. `writeFailures` are the
    /// outputs that cannot be written (path → why), which degrade it too.
    func currentStatus(writeFailures: [String: String]? = nil) -> WatchStatus {
        var status = WatchStatus()
        var reasons: [String] = []
        if !unwatched.isEmpty, let watchLimit {
            let first = unwatched.sorted(by: SortedPaths.precedes).first.map(scope.discovery.displayPath) ?? ""
            reasons.append("\(unwatched.count) director\(unwatched.count == 1 ? "y is" : "ies are") not watched "
                + "(\(first)\(unwatched.count > 1 ? ", ..." : "")), so changes in them are seen only by looking every "
                + "\(pollIntervalText): \(watchLimit); they are watched again as soon as watches are free")
        }
        for (path, problem) in (writeFailures ?? retry.failures).sorted(by: { SortedPaths.precedes($0.key, $1.key) }) {
            let name = path == report.path ? "the live report" : scope.discovery.displayPath(for: path)
            reasons.append("\(name) cannot be written (\(problem)); retrying")
        }
        status.degradedReason = reasons.isEmpty ? nil : reasons.joined(separator: "; ")
        // As the summary counts them: a file that cannot be read is not reviewed.
        status.files = results.readableCount
        status.directories = table.directoryCount
        status.updates = updates
        status.lastUpdate = lastUpdate
        status.errors = (Array(rootErrors.values) + Array(listingErrors.values) + results.readErrors).sorted()
        status.unwatched = unwatched.sorted(by: SortedPaths.precedes).map(scope.discovery.displayPath)
        return status
    }

    /// Writes the report, then the extra outputs. A write that fails leaves
    /// the previous file as it was and is tried again with back-off
    /// (`retry`) until it succeeds; meanwhile the report, when it can be
    /// written, and systemd's status say which output is failing and why.
    @discardableResult
    func publish(startingUp: Bool = false) -> Bool {
        discardAhead()
        return finishPublish(preparePublish(startingUp: startingUp), startingUp: startingUp)
    }

    /// The first half of a publish: the report written into its draft, not yet in place.
    func preparePublish(startingUp: Bool) -> PreparedReport {
        // Its directory must exist at the start; later, one that was deleted is made again.
        if !startingUp { recreateOutputDirectories() }
        let assembly = results.assemble(with: engine, baseline: baseline)
        lastSummary = assembly.summary
        let others = retry.failures.filter { $0.key != report.path }
        let status = currentStatus(writeFailures: others)
        let draft = report.prepare(assembly, status: status, generatedAt: Clock.timestamp())
        return PreparedReport(assembly: assembly, others: others, draft: draft)
    }

    /// The second half: the draft put in place, the extra outputs written after it.
    func finishPublish(_ prepared: PreparedReport, startingUp: Bool = false) -> Bool {
        let assembly = prepared.assembly
        var failures: [String: String] = [:]
        var others = prepared.others
        var status = currentStatus(writeFailures: others)
        switch prepared.draft.flatMap({ report.commit($0, spareAfter: !startingUp) }) {
        case .success:
            break
        case .failure(let problem) where startingUp:
            log("higlint: error: cannot write the live report: \(problem)")
            return false
        case .failure(let problem):
            failures[report.path] = WriteRetry.describe(problem)
        }
        // After the JSON report, which readers wait for; these are rendered whole.
        if !outputs.isEmpty {
            let full = results.report(with: engine)
            let problems = outputs.write(
                full, engine: engine, baseline: baseline, sourceRoot: scope.discovery.workingDirectory, updatedAt: lastUpdate)
            for (path, problem) in problems { failures[path] = WriteRetry.describe(problem) }
        }
        if failures[report.path] == nil {
            // The report named the other outputs' last state; if that changed, it says so now.
            if failures != others {
                others = failures
                status = currentStatus(writeFailures: others)
                if case .failure(let problem) = report.write(assembly, status: status, generatedAt: Clock.timestamp()) {
                    failures[report.path] = WriteRetry.describe(problem)
                }
            }
        }
        let written = failures[report.path] == nil
        if written { lastPublishedStatus = status }
        noteWriteOutcome(failures)
        // After every report is written, so telling the terminal costs a reader nothing. As the
        // assembly was made: the whole report when a baseline or an unplaced finding needs it.
        var whole: Report?
        if baseline != nil || results.project.hasUnplaced {
            let report = results.report(with: engine)
            whole = baseline.map { $0.apply(to: report).report } ?? report
        }
        lastDifference = findingChanges.update(from: results, changed: results.takeShownChanges(), report: whole)
        return written
    }

    /// The findings the last publish made appear and go, a log line each, after the update's line.
    func logDifference() {
        for line in FindingChanges.lines(lastDifference) { log(line) }
    }

    /// Logs each output that starts failing or fails differently, and each
    /// that is written again; then schedules the next attempt.
    private func noteWriteOutcome(_ failures: [String: String]) {
        let before = retry.failures
        for (path, problem) in failures.sorted(by: { SortedPaths.precedes($0.key, $1.key) }) where before[path] != problem {
            let what = path == report.path ? "the live report" : path
            let stays = path == report.path ? "the previous report stays as it was" : "the previous file stays as it was"
            log("higlint: error: cannot update \(what): \(problem); \(stays), and the write is retried until it succeeds")
        }
        // An output a reload took away is not written again, and not said to be.
        let current = Set([report.path] + outputs.paths)
        for path in before.keys.sorted(by: SortedPaths.precedes) where failures[path] == nil && current.contains(path) {
            log("higlint: note: \(path == report.path ? "the live report" : path) is written again")
        }
        retry.record(failures, at: Clock.now())
    }

    /// Makes again the directories of outputs someone deleted, and watches them
    /// again (their watches went with them), so the next deletion is seen too.
    private func recreateOutputDirectories() {
        var created = false
        for path in [report.path] + outputs.paths {
            guard let directory = LiveReport.recreateDirectory(of: path) else { continue }
            log("higlint: note: \(directory) was deleted; created it again for \(path)")
            created = true
        }
        if created || table.hasInactiveAnchors { activateAnchors() }
    }

    /// Directories left unwatched are listed again every poll interval while
    /// there are any; once all are watched, the limit is news again.
    func schedulePoll() {
        if unwatched.isEmpty {
            if watchLimitLogged { log("higlint: note: every directory is watched again") }
            nextPoll = nil
            watchLimitLogged = false
        } else if nextPoll == nil {
            nextPoll = Clock.now() + Int64(config.watch.pollIntervalMilliseconds) * 1_000_000
        }
    }

    var pollIntervalText: String {
        let milliseconds = config.watch.pollIntervalMilliseconds
        return milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(milliseconds) ms"
    }

    /// The poll timer: each unwatched directory is walked again, which also
    /// tries to watch it (the limit may have been raised, or watches freed).
    func pollUnwatched() {
        nextPoll = nil
        let polled = unwatched
        for directory in polled { mark(directory, suspect: true) }
        update(polled: polled)
    }

    /// The retry timer: writes everything again from what the table holds, without a review.
    func retryWrites() {
        let before = statusText
        publish()
        if statusText != before { notify("STATUS=\(statusText)") }
    }

    var lastSummaryText: String {
        guard let summary = lastSummary else { return "nothing reviewed yet" }
        func plural(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }
        return "\(plural(summary.files, "file")), \(plural(summary.screens, "screen")): "
            + "\(plural(summary.errors, "error")), \(plural(summary.warnings, "warning")), \(plural(summary.infos, "info"))"
    }

    /// The one line systemctl status shows; escaped, because a line break in a
    /// directory's name would end the STATUS field and start another of the notify message.
    var statusText: String {
        var text = lastSummaryText
        if let reason = currentStatus().degradedReason { text += "; degraded: \(reason)" }
        return LineText.escape(text)
    }
}
