/// The review of a file an importer reads: its screens go through the same rules,
/// policy and summaries as spec documents.
extension Engine {
    /// The importer for a file name, by extension; nil for specs, which stay on the YAML path.
    public func importer(for path: String) -> (any ScreenImporter)? {
        for importer in importers where importer.fileExtensions.contains(where: path.hasSuffix) {
            return importer
        }
        return nil
    }

    /// Reviews bytes with `importer`; also what the watcher and tests call with bytes in hand.
    public func review(_ bytes: [UInt8], file: SpecFile, with importer: any ScreenImporter) -> FileResult {
        complete(start(bytes, file: file, with: importer))
    }

    /// An imported file reviewed by every rule, with the external plugins' answers still to
    /// come, as `start(_:file:)` does for specs. Each screen goes to the plugins as a spec's
    /// would, with the file's own path and the importer's marks; a screen only some built-in
    /// plugins review (a launch screen) is not sent.
    public func start(_ bytes: [UInt8], file: SpecFile, with importer: any ScreenImporter) -> StartedReview {
        let imported: ImportedFile
        let options = config.importOptions
        switch importer.importScreens(from: bytes, file: file, options: options) {
        case .skipped(let reason):
            var result = FileResult(file: file, findings: [], summaries: [], screenCount: 0)
            result.skipped = reason
            return StartedReview(result: result)
        case .imported(let file): imported = file
        }
        // Begun before the rules run, so that a plugin process works on the file meanwhile.
        var reviews = imported.screens.contains { $0.reviewedPlugins == nil } ? beginReviews(of: file) : []
        var sent: [Screen] = []
        var pending: [PendingScreen] = []
        var findings: [Finding] = []
        var nothing = IgnoreUsage(screenNames: [], screenMarks: [])
        for diagnostic in imported.diagnostics {
            report(diagnostic, file: file, screen: nil, usage: &nothing, notes: [:], into: &findings)
        }
        var summaries: [ScreenSummary] = []
        var wireframes: [Wireframe] = []
        var written: [(summary: Int, entries: [IgnoreEntry])] = []
        var writtenUsed: Set<Mark> = []
        let context = config.ruleContext
        for (index, entry) in imported.screens.enumerated() {
            var screen = entry.screen
            screen.flattenElements()
            // The importer's `ignore` lists hold back what the format cannot say, and are neither
            // checked for unknown names nor reported unused; what a person wrote in the source
            // is reported unused through `writtenIgnores`.
            var usage = IgnoreUsage(screenNames: screen.review.ignore, screenMarks: screen.review.ignoreMarks)
            let screenStart = findings.count
            for diagnostic in entry.diagnostics {
                report(diagnostic, file: file, screen: screen.name, usage: &usage, notes: entry.elementNotes, into: &findings)
            }
            if entry.link != nil || !entry.elementLinks.isEmpty {
                for position in screenStart..<findings.count { findings[position].url = entry.link(for: findings[position].element) }
            }
            for duplicate in DuplicateElementIDs.find(in: screen) {
                emit(CoreRules.duplicateElementID, duplicate.message, at: duplicate.mark, file: file, screen: screen.name,
                     element: duplicate.element.name, suppressed: duplicate.element.suppressed,
                     marks: duplicate.element.suppressionMarks, usage: &usage, into: &findings)
            }
            let reviewed = screen.withoutUntypedElements()
            if !reviews.isEmpty, entry.reviewedPlugins == nil {
                for position in reviews.indices { reviews[position].review.add(reviewed) }
                sent.append(reviewed)
            }
            var leftOut = 0
            for enabled in screenRules {
                if let plugins = entry.reviewedPlugins, !plugins.contains(enabled.description.plugin) { continue }
                let started = timings.map { _ in ContinuousClock.now }
                let found = enabled.rule.checkBounded(reviewed, in: context)
                if let timings, let started { timings.add(ContinuousClock.now - started, to: enabled.description.id) }
                leftOut += count(found.leftOut, of: enabled.description, notSuppressedBy: &usage)
                for violation in found.violations {
                    if usage.suppresses(enabled.description, names: violation.suppressed, marks: violation.suppressionMarks) {
                        continue
                    }
                    var found = finding(enabled.description, enabled.severity, violation, file: file, screen: screen.name,
                                        fix: entry.sourceFix(rule: enabled.description.id, element: violation.element))
                    entry.wording?.apply(to: &found)
                    if let element = violation.element, let note = entry.elementNotes[element] {
                        found.message += note
                    }
                    found.url = entry.link(for: violation.element)
                    findings.append(found)
                }
            }
            let bound = bound(&findings, from: screenStart, leftOut: leftOut)
            var summary = ScreenSummary(file: file.displayPath, documentIndex: index, screen: reviewed)
            if let plugins = entry.reviewedPlugins {
                // The project rules of the plugins that do not review this screen stay off it too.
                summary.suppressed += self.plugins.map(\.name).filter { !plugins.contains($0) }
            }
            if !entry.writtenIgnores.isEmpty { written.append((summaries.count, entry.writtenIgnores)) }
            summaries.append(summary)
            if buildsWireframes { wireframes.append(Wireframe(screen, documentIndex: index)) }
            // A screen whose review waits for the plugins keeps its usage in `pending`.
            if sent.count > pending.count {
                pending.append(PendingScreen(
                    screen: screen, usage: usage, hasIgnoreLists: false, elementNotes: entry.elementNotes, imported: entry,
                    bound: bound))
            } else {
                writtenUsed.formUnion(usage.used)
                if bound.leftOut > 0, let summary = leftOutFinding(bound, screen: screen, file: file) {
                    findings.append(summary)
                }
            }
        }
        Finding.sortInReportOrder(&findings)
        let waits = !sent.isEmpty && !reviews.isEmpty
        if !written.isEmpty, !waits { noteUnusedWritten(written, used: writtenUsed, in: &summaries) }
        var result = FileResult(file: file, findings: findings, summaries: summaries, screenCount: imported.screens.count)
        result.wireframes = wireframes
        result.notes = imported.notes
        result.dependencies = imported.dependencies
        if !imported.unknown.isEmpty {
            let enabled = enabledRuleIDs
            result.unknown = imported.unknown.filter { id, count in count > 0 && enabled.contains(id) }
        }
        var started = StartedReview(result: result, screens: sent, reviews: waits ? reviews : [], pending: pending)
        if waits {
            started.written = written
            started.writtenUsed = writtenUsed
        }
        return started
    }

    /// An importer's diagnostic under its own rule or a core one, with the config's severity.
    private func report(
        _ diagnostic: ImportDiagnostic, file: SpecFile, screen: String?, usage: inout IgnoreUsage,
        notes: ElementNotes, into findings: inout [Finding]
    ) {
        let message = diagnostic.message + (diagnostic.element.flatMap { notes[$0] } ?? "")
        guard let enabled = loaderRules[diagnostic.rule] else {
            emit(diagnostic.rule, message, at: diagnostic.mark, file: file, screen: screen, element: diagnostic.element,
                 usage: &usage, into: &findings)
            return
        }
        guard !usage.suppresses(enabled.description, names: [], marks: []) else { return }
        let violation = Violation(message: message, at: diagnostic.mark, element: diagnostic.element)
        findings.append(finding(enabled.description, enabled.severity, violation, file: file, screen: screen))
    }
}
