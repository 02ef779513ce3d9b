import HiglintCore

/// One update: re-examine what settled, rewrite the report, say what happened.
extension WatchSession {
    func update() {
        settle.reset()
        if configChanged {
            configChanged = false
            reload(because: "the config file changed")
            // A reload that took the new config rescanned everything; one that
            // kept the old config leaves the pending paths to review below.
            if pending.isEmpty && fullRescanReason == nil { return }
        }
        let began = Clock.now()
        var tops = pending
        pending = [:]
        let rescan = fullRescanReason
        fullRescanReason = nil
        if rescan != nil {
            for root in scope.roots { tops[root] = true }
        }
        if table.hasInactiveAnchors { activateAnchors() }
        freedWatches = false
        let changes = reconcile(tops)
        if freedWatches && !unwatched.isEmpty {
            // Watches were released: the directories left out at the limit may fit now.
            for directory in unwatched { mark(directory, suspect: true) }
            settle.noteChange(at: Clock.now())
        }
        let status = currentStatus()
        if changes.isEmpty && rescan == nil && status == lastPublishedStatus && !reportFailing { return }
        updates += 1
        lastUpdate = Clock.timestamp()
        let written = publish()
        var line = "higlint: update \(updates): "
        if let rescan { line += "\(rescan), full rescan: " }
        line += describe(changes)
        line += " (\(Clock.milliseconds(Clock.now() - began))): \(lastSummaryText)"
        if !written { line += "; the live report was not updated" }
        log(line)
        logDifference()
        notify("STATUS=\(statusText)")
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

    func currentStatus() -> WatchStatus {
        var status = WatchStatus()
        if !unwatched.isEmpty, let watchLimit {
            let first = unwatched.sorted(by: SortedPaths.precedes).first.map(scope.discovery.displayPath) ?? ""
            status.degradedReason = "\(unwatched.count) director\(unwatched.count == 1 ? "y is" : "ies are") not watched "
                + "(\(first)\(unwatched.count > 1 ? ", ..." : "")), so changes in them are not seen: \(watchLimit); "
                + "then reload (SIGHUP)"
        }
        status.files = results.count
        status.directories = table.directoryCount
        status.updates = updates
        status.lastUpdate = lastUpdate
        status.errors = (Array(rootErrors.values) + Array(listingErrors.values)).sorted()
        return status
    }

    /// Writes the report. A failure (directory not writable, disk full)
    /// leaves the previous report in place and is retried at the next update.
    @discardableResult
    func publish(startingUp: Bool = false) -> Bool {
        let status = currentStatus()
        let assembly = results.assemble(with: engine, baseline: baseline)
        lastSummary = assembly.summary
        let written: Bool
        switch report.write(assembly, status: status, generatedAt: Clock.timestamp()) {
        case .success:
            lastPublishedStatus = status
            reportFailing = false
            written = true
        case .failure(let problem) where startingUp:
            log("higlint: error: cannot write the live report: \(problem)")
            return false
        case .failure(let problem):
            log("higlint: error: cannot update the live report: \(problem); the previous report stays as it was")
            reportFailing = true
            written = false
        }
        // After the JSON report, which readers wait for; these are rendered whole.
        if !outputs.isEmpty {
            let full = results.report(with: engine)
            for problem in outputs.write(full, engine: engine, baseline: baseline, sourceRoot: scope.discovery.workingDirectory, updatedAt: lastUpdate) {
                log("higlint: error: \(problem)")
            }
        }
        // After every report is written, so telling the terminal costs a reader nothing. As the
        // assembly was made: the whole report when a baseline or an unplaced finding needs it.
        var whole: Report?
        if baseline != nil || results.project.hasUnplaced {
            let report = results.report(with: engine)
            whole = baseline.map { $0.apply(to: report).report } ?? report
        }
        lastDifference = findingChanges.update(from: results, report: whole)
        return written
    }

    /// The findings the last publish made appear and go, a log line each, after the update's line.
    func logDifference() {
        for line in FindingChanges.lines(lastDifference) { log(line) }
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
        if let reason = lastPublishedStatus?.degradedReason { text += "; degraded: \(reason)" }
        if reportFailing { text += "; the live report cannot be written" }
        return LineText.escape(text)
    }
}
