import Synchronization

/// Runs the loader, the decoder and every enabled rule, and applies the config.
/// Pure apart from reading the file: the same bytes and config give the same result.
public struct Engine: Sendable {
    public let plugins: [Plugin]
    public let config: Config
    /// Each enabled rule with its description, read once here rather than copied for every screen.
    let screenRules: [EnabledRule<any ScreenRule>]
    private let projectRules: [EnabledRule<any ProjectRule>]
    private let reviewers: [EnabledReviewer]
    /// `plugin.failed`'s severity, or nil when it is off.
    private let failureSeverity: Severity?
    /// When set, the time each rule and reviewer takes is added up here (`check --timings`).
    public let timings: RuleTimings?
    private let coreSeverities: [String: Severity]
    /// The core rules whose severity the config sets: a problem's own severity
    /// (`SpecIssue.severity`) gives way to it.
    private let configuredCoreRules: Set<String>
    /// The readers of every format, the spec reader among them (`withSpecImporter`), and
    /// their own rules (`loaderRules`) that the config left on.
    let importers: [any ScreenImporter]
    /// Each file ending an importer claims, for `importer(for:)`.
    let importerSuffixes: [(String, any ScreenImporter)]
    /// What reads a spec whatever its name says (standard input, a named file no importer claims).
    let specImporter: any ScreenImporter
    /// What every importer is told, made once: the config's limits, device and design files.
    let importOptions: ImportOptions
    let loaderRules: [String: EnabledRule<RuleDescription>]
    /// Every rule id and plugin name, for `ignore` lists: a rule the config turned off is still known.
    public let knownNames: Set<String>
    /// Whether `review` draws each screen for `FileResult.wireframes`. Only the HTML report
    /// reads them, and drawing costs time and memory on every screen, so `check` and the
    /// watcher ask for them only when they write HTML. On by default, so that a caller that
    /// does not say never renders an HTML report without its drawings.
    public let buildsWireframes: Bool
    /// Findings about the config file itself (its external plugins were not run because it
    /// is not trusted), reported by the project pass so check and the watcher agree.
    public let configFindings: [Finding]
    /// Screens from which the project pass looks at each screen's name and parent on every
    /// core: below it, the work is less than starting the workers costs. Tests lower and
    /// raise it to compare both ways.
    var screensForParallelPass = 256

    /// The config's `custom_rules` run as plugins of their own, after `plugins`.
    public init(
        plugins: [Plugin], importers: [any ScreenImporter] = [], config: Config, wireframes: Bool = true,
        timings: RuleTimings? = nil, configFindings: [Finding] = []
    ) {
        self.configFindings = configFindings
        let plugins = plugins + config.customRulePlugins
        self.plugins = plugins
        let importers = Self.withSpecImporter(importers)
        self.importers = importers
        self.importerSuffixes = Self.suffixes(of: importers)
        self.specImporter = importers.first { $0.fileExtensions.contains(SpecImporter.yamlExtension) } ?? SpecImporter()
        self.importOptions = config.importOptions
        self.config = config
        self.buildsWireframes = wireframes
        self.timings = timings
        var screenRules: [EnabledRule<any ScreenRule>] = []
        var projectRules: [EnabledRule<any ProjectRule>] = []
        var reviewers: [EnabledReviewer] = []
        var loaderRules: [String: EnabledRule<RuleDescription>] = [:]
        var known: Set<String> = [CoreRules.pluginName]
        for plugin in plugins {
            known.insert(plugin.name)
            for reviewer in plugin.reviewers {
                var enabled: [String: (RuleDescription, Severity)] = [:]
                let declared = reviewer.ruleDescriptions
                for description in declared {
                    known.insert(description.id)
                    if let severity = config.severity(of: description) { enabled[description.id] = (description, severity) }
                }
                // Asked when a rule of it is on, or when it declares none (a plugin that did not
                // start), so that its failure is reported; a plugin the config turns off is not.
                let pluginOff = config.disabledPlugins.contains(plugin.name)
                    || config.enabledPlugins.map { !$0.contains(plugin.name) } ?? false
                if !pluginOff, !enabled.isEmpty || declared.isEmpty {
                    reviewers.append(EnabledReviewer(reviewer, plugin: plugin.name, enabled))
                }
            }
            for rule in plugin.screenRules {
                let description = rule.description
                known.insert(description.id)
                if let severity = config.severity(of: description) {
                    screenRules.append(EnabledRule(rule, description, severity))
                }
            }
            for rule in plugin.projectRules {
                let description = rule.description
                known.insert(description.id)
                if let severity = config.severity(of: description) {
                    projectRules.append(EnabledRule(rule, description, severity))
                }
            }
            for description in plugin.loaderRules {
                known.insert(description.id)
                if let severity = config.severity(of: description) {
                    loaderRules[description.id] = EnabledRule(description, description, severity)
                }
            }
        }
        var coreSeverities: [String: Severity] = [:]
        for description in CoreRules.descriptions {
            known.insert(description.id)
            if let severity = config.severity(of: description) { coreSeverities[description.id] = severity }
        }
        self.screenRules = screenRules
        self.projectRules = projectRules
        self.reviewers = reviewers
        if Self.hasReviewers(plugins) { known.formUnion([PluginFailure.pluginName, PluginFailure.ruleID]) }
        self.failureSeverity = config.severity(of: PluginFailure.description)
        self.loaderRules = loaderRules
        self.coreSeverities = coreSeverities
        self.configuredCoreRules = Set(CoreRules.descriptions.map(\.id).filter { config.ruleSeverities[$0] != nil })
        self.knownNames = known
    }

    /// The ids of the rules the config leaves on.
    var enabledRuleIDs: Set<String> {
        Set(allRuleDescriptions.filter { config.severity(of: $0) != nil }.map(\.id))
    }

    /// Every rule's description, core rules first, then each plugin's.
    public var allRuleDescriptions: [RuleDescription] {
        CoreRules.descriptions(with: plugins) + (Self.hasReviewers(plugins) ? [PluginFailure.description] : [])
            + (configFindings.contains { $0.rule == ConfigTrust.ruleID } ? [ConfigTrust.description] : [])
    }

    /// Whether some reviewer (an external plugin) is asked about files: `complete` may then
    /// wait for its answers, which `ParallelReview` keeps in flight while it starts others.
    public var asksReviewers: Bool { !reviewers.isEmpty }

    /// Whether some plugin is an external one, whose failures `plugin.failed` reports.
    private static func hasReviewers(_ plugins: [Plugin]) -> Bool {
        plugins.contains { !$0.reviewers.isEmpty }
    }

    // MARK: - One file

    public func review(_ file: SpecFile) -> FileResult {
        complete(start(file))
    }

    public func review(_ bytes: [UInt8], file: SpecFile) -> FileResult {
        complete(start(bytes, file: file))
    }

    /// A file reviewed by every rule, with the external plugins' answers still to come:
    /// `complete` waits for them. Starting several files before completing the first keeps
    /// a plugin process busy while the rules run (`ParallelReview` does).
    public struct StartedReview {
        var result: FileResult
        var screens: [Screen] = []
        var reviews: [(enabled: EnabledReviewer, review: any FileReview)] = []
        /// Each screen as the plugins were given it, with what its ignore lists have suppressed so
        /// far: its unused entries are known only once the plugins' findings are in.
        var pending: [PendingScreen] = []
        /// An imported file's person-written suppressions, by summary position, and what the
        /// built-in rules used of them: reported unused once the plugins' findings are in too.
        var written: [(summary: Int, entries: [IgnoreEntry])] = []
        var writtenUsed: Set<Mark> = []
    }

    struct PendingScreen {
        var screen: Screen
        var usage: IgnoreUsage
        var hasIgnoreLists: Bool
        /// The screen's place among the file's summaries: a screen no plugin is sent (a
        /// launch screen) has a summary but no place here.
        var summary: Int
        /// An importer's note for each element it names (where the element is in the IB file),
        /// added to a plugin's finding on it as to any rule's.
        var elementNotes: ElementNotes = [:]
        /// The importer's links (`ImportedScreen.link(for:)`), given a plugin's finding too.
        var link: String?
        var elementLinks: [String: String] = [:]
        /// How many findings the screen reports so far, and how many it left out at the limit.
        var bound = ScreenBound()
    }

    /// A screen's findings against `limits.max_findings_per_screen`.
    struct ScreenBound {
        var kept = 0
        var leftOut = 0
    }

    public func start(_ file: SpecFile) -> StartedReview {
        switch FileReader.read(file.path, maxBytes: config.limits.maxFileBytes) {
        case .success(let bytes):
            return start(bytes, file: file, with: importer(for: file.path) ?? specImporter)
        case .failure(.tooLarge(let size)):
            return StartedReview(result: review(tooLarge: size, file: file))
        case .failure(let problem):
            return StartedReview(result: FileResult(file: file, findings: [], summaries: [], screenCount: 0, readProblem: problem))
        }
    }

    /// A file of `size` bytes, over `limits.max_file_bytes`, that was not read: its one finding.
    public func review(tooLarge size: Int, file: SpecFile) -> FileResult {
        var result = FileResult(file: file, findings: [], summaries: [], screenCount: 0)
        let failure = LoadFailure.tooLarge(size, limit: config.limits.maxFileBytes)
        result.findings = coreFinding(for: failure, file: file).map { [$0] } ?? []
        return result
    }

    /// The file's result, with the external plugins' findings.
    public func complete(_ started: consuming StartedReview) -> FileResult {
        var started = started
        guard !started.reviews.isEmpty else { return started.result }
        finish(&started.reviews, screens: started.screens, pending: &started.pending, file: started.result.file,
               into: &started.result.findings)
        for pending in started.pending where pending.bound.leftOut > 0 {
            if let summary = leftOutFinding(pending.bound, screen: pending.screen, file: started.result.file) {
                started.result.findings.append(summary)
            }
        }
        if coreSeverities[CoreRules.unusedIgnore] != nil {
            for pending in started.pending where pending.hasIgnoreLists && pending.summary < started.result.summaries.count {
                started.result.summaries[pending.summary].unusedIgnores = pending.usage.unused(in: pending.screen, known: knownNames)
            }
        }
        if !started.written.isEmpty {
            var used = started.writtenUsed
            for pending in started.pending { used.formUnion(pending.usage.used) }
            noteUnusedWritten(started.written, used: used, in: &started.result.summaries)
        }
        Finding.sortInReportOrder(&started.result.findings)
        return started.result
    }

    /// Puts the person-written suppressions of an imported file that no finding of the file
    /// used into the summary of the screen each belongs to, for the project pass, which
    /// reports those its findings do not use either, as it does a spec's entries.
    func noteUnusedWritten(_ written: [(summary: Int, entries: [IgnoreEntry])], used: Set<Mark>, in summaries: inout [ScreenSummary]) {
        guard coreSeverities[CoreRules.unusedIgnore] != nil else { return }
        for (index, entries) in written where index < summaries.count {
            summaries[index].unusedIgnores += entries.filter { knownNames.contains($0.name) && !used.contains($0.mark) }
        }
    }

    /// Reviews a spec's bytes, whatever the file is called (standard input).
    public func start(_ bytes: [UInt8], file: SpecFile) -> StartedReview {
        start(bytes, file: file, with: specImporter)
    }

    /// The review of `bytes` as `loaded` (`YAMLLoader.load` of them under `config.limits`):
    /// for a caller that reads the documents too (the language server's ranges), so the text is loaded once.
    public func review(_ loaded: Result<[YAMLDocument], LoadFailure>, bytes: [UInt8], file: SpecFile) -> FileResult {
        complete(start(SpecImporter().importScreens(loaded, bytes: bytes, options: importOptions), file: file))
    }

    /// Reviews bytes with `importer`; also what the watcher and tests call with bytes in hand.
    public func review(_ bytes: [UInt8], file: SpecFile, with importer: any ScreenImporter) -> FileResult {
        complete(start(bytes, file: file, with: importer))
    }

    /// A file `importer` reads, reviewed by every rule, with the external plugins' answers still to come.
    public func start(_ bytes: [UInt8], file: SpecFile, with importer: any ScreenImporter) -> StartedReview {
        start(importer.importScreens(from: bytes, file: file, options: importOptions), file: file)
    }

    /// The one screen loop, which every importer's screens go through alike: the file's and
    /// each screen's diagnostics, ignore lists (checked where a person wrote them), duplicate
    /// ids, every rule, suppression, fixes (where the importer writes them), notes, links,
    /// summaries and wireframes. Each screen goes to the plugins with the file's own path and
    /// the importer's marks; a screen only some built-in plugins review (a launch screen) is not sent.
    public func start(_ result: consuming ImportResult, file: SpecFile) -> StartedReview {
        var imported: ImportedFile
        switch consume result {
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
            report(diagnostic, file: file, screen: nil, usage: &nothing, notes: [:], writer: nil, into: &findings)
        }
        var summaries: [ScreenSummary] = []
        var wireframes: [Wireframe] = []
        var written: [(summary: Int, entries: [IgnoreEntry])] = []
        var writtenUsed: Set<Mark> = []
        let context = config.ruleContext
        // Each entry is read where it lies, and its screen moved out of it, never copied.
        for index in imported.screens.indices {
            // Moved out of the entry: a copy would share its lists, so that flattening copied
            // them again, and retained and later released each of its strings (about 600
            // instructions a screen under valgrind's lackey).
            var screen = imported.screens[index].takeScreen()
            // Flattened once here: the core's checks walk every element, and the plugins' copy keeps the lists.
            screen.flattenElements()
            let writer = imported.screens[index].fixWriter
            let reviewedPlugins = imported.screens[index].reviewedPlugins
            // Most screens have no ignore list at all; finding that out must not copy every element.
            let hasIgnoreLists = imported.screens[index].ignoreListsWritten
                && (!screen.review.ignore.isEmpty || Self.anyIgnoreList(in: screen))
            var usage = IgnoreUsage(screenNames: screen.review.ignore, screenMarks: screen.review.ignoreMarks)
            let screenStart = findings.count
            for diagnostic in imported.screens[index].diagnostics {
                report(diagnostic, file: file, screen: screen.name, usage: &usage, notes: imported.screens[index].elementNotes,
                       writer: writer, into: &findings)
            }
            let decorates = imported.screens[index].decoratesFindings
            if imported.screens[index].link != nil || !imported.screens[index].elementLinks.isEmpty {
                for position in screenStart..<findings.count {
                    findings[position].url = imported.screens[index].link(for: findings[position].element)
                }
            }
            if hasIgnoreLists {
                checkIgnoreLists(of: screen, file: file, usage: &usage, into: &findings) {
                    fix($0, CoreRules.description(of: CoreRules.unknownRule), with: writer)
                }
            }
            for duplicate in DuplicateElementIDs.find(in: screen) {
                emit(CoreRules.duplicateElementID, duplicate.message, at: duplicate.mark, file: file, screen: screen.name,
                     element: duplicate.element.name, suppressed: duplicate.element.suppressed,
                     marks: duplicate.element.suppressionMarks, usage: &usage, into: &findings)
            }
            // Elements whose `type` is missing or unknown were reported above; the plugins never see them.
            let reviewed = screen.withoutUntypedElements()
            let waits = !reviews.isEmpty && reviewedPlugins == nil
            if waits {
                for position in reviews.indices { reviews[position].review.add(reviewed) }
                sent.append(reviewed)
            }
            var leftOut = 0
            for enabled in screenRules {
                if let reviewedPlugins, !reviewedPlugins.contains(enabled.description.plugin) { continue }
                let started = timings.map { _ in ContinuousClock.now }
                let found = enabled.rule.checkBounded(reviewed, in: context)
                if let timings, let started { timings.add(ContinuousClock.now - started, to: enabled.description.id) }
                for violation in found.violations {
                    if usage.suppresses(enabled.description, names: violation.suppressed, marks: violation.suppressionMarks) {
                        continue
                    }
                    let fix = fix(violation.fix, enabled.description, with: writer)
                        ?? imported.screens[index].sourceFix(rule: enabled.description.id, element: violation.element)
                    guard decorates else {
                        // Built whole in place: a finding set up in a variable and then appended was copied.
                        findings.append(finding(enabled.description, enabled.severity, violation, file: file, screen: screen.name, fix: fix))
                        continue
                    }
                    var found = finding(enabled.description, enabled.severity, violation, file: file, screen: screen.name, fix: fix)
                    imported.screens[index].wording?.apply(to: &found)
                    if let element = violation.element, let note = imported.screens[index].elementNotes[element] {
                        found.message += note
                    }
                    found.url = imported.screens[index].link(for: violation.element)
                    findings.append(found)
                }
                leftOut += count(found.leftOut, of: enabled.description, notSuppressedBy: &usage)
            }
            let bound = bound(&findings, from: screenStart, leftOut: leftOut)
            var summary = ScreenSummary(file: file.displayPath, documentIndex: index, screen: reviewed)
            if let reviewedPlugins {
                // The project rules of the plugins that do not review this screen stay off it too.
                summary.suppressed += self.plugins.map(\.name).filter { !reviewedPlugins.contains($0) }
            }
            // A screen the plugins review has its unused entries found once their findings are in.
            if !waits, hasIgnoreLists, coreSeverities[CoreRules.unusedIgnore] != nil {
                summary.unusedIgnores = usage.unused(in: screen, known: knownNames)
            }
            if !imported.screens[index].writtenIgnores.isEmpty {
                written.append((summaries.count, imported.screens[index].writtenIgnores))
            }
            summaries.append(summary)
            if buildsWireframes { wireframes.append(Wireframe(screen, documentIndex: index)) }
            if waits {
                pending.append(PendingScreen(
                    screen: screen, usage: usage, hasIgnoreLists: hasIgnoreLists, summary: summaries.count - 1,
                    elementNotes: imported.screens[index].elementNotes, link: imported.screens[index].link,
                    elementLinks: imported.screens[index].elementLinks, bound: bound))
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

    /// The fix `writer` writes for `actions`, when the rule (`description`) has a fix.
    private func fix(_ actions: [FixAction], _ description: RuleDescription?, with writer: (any FixWriter)?) -> Fix? {
        guard !actions.isEmpty, let writer, let safety = description?.fix?.safety, let edits = writer.edits(for: actions)
        else { return nil }
        return Fix(safety: safety, edits: edits)
    }

    /// An importer's diagnostic under its own rule or a core one, with the config's severity.
    private func report(
        _ diagnostic: ImportDiagnostic, file: SpecFile, screen: String?, usage: inout IgnoreUsage,
        notes: ElementNotes, writer: (any FixWriter)?, into findings: inout [Finding]
    ) {
        let message = diagnostic.message + (diagnostic.element.flatMap { notes[$0] } ?? "")
        guard let enabled = loaderRules[diagnostic.rule] else {
            emit(diagnostic.rule, message, at: diagnostic.mark, file: file, screen: screen, element: diagnostic.element,
                 suppressed: diagnostic.suppressed, marks: diagnostic.suppressionMarks, usage: &usage,
                 fix: fix(diagnostic.fix, CoreRules.description(of: diagnostic.rule), with: writer),
                 severity: diagnostic.severity, into: &findings)
            return
        }
        guard !usage.suppresses(enabled.description, names: diagnostic.suppressed, marks: diagnostic.suppressionMarks) else { return }
        let violation = Violation(message: message, at: diagnostic.mark, element: diagnostic.element)
        findings.append(finding(enabled.description, enabled.severity, violation, file: file, screen: screen,
                                fix: fix(diagnostic.fix, enabled.description, with: writer)))
    }

    func beginReviews(of file: SpecFile) -> [(enabled: EnabledReviewer, review: any FileReview)] {
        let context = config.ruleContext
        return reviewers.map { enabled in
            (enabled, enabled.reviewer.begin(file: file.displayPath, enabled: Set(enabled.rules.keys), in: context))
        }
    }

    /// Each reviewer's violations of the rules the config leaves on, suppressed like any rule's.
    private func finish(
        _ reviews: inout [(enabled: EnabledReviewer, review: any FileReview)], screens: [Screen],
        pending: inout [PendingScreen], file: SpecFile, into findings: inout [Finding]
    ) {
        for position in reviews.indices {
            let enabled = reviews[position].enabled
            let started = timings.map { _ in ContinuousClock.now }
            let violations = reviews[position].review.finish()
            if let timings, let started { timings.add(ContinuousClock.now - started, to: enabled.plugin) }
            for reported in violations {
                let position = min(max(reported.screen, 0), screens.count - 1)
                let screen = screens[position]
                let violation = reported.violation
                if reported.rule == PluginFailure.ruleID {
                    guard let failureSeverity,
                          !pending[position].usage.suppresses(PluginFailure.description, names: [], marks: [])
                    else { continue }
                    findings.append(finding(PluginFailure.description, failureSeverity, violation, file: file, screen: screen.name))
                    continue
                }
                guard let (description, severity) = enabled.rules[reported.rule],
                      !pending[position].usage.suppresses(description, names: violation.suppressed, marks: violation.suppressionMarks)
                else { continue }
                // A plugin's findings past the limit are counted in the plugin's order, not built.
                if pending[position].bound.kept >= config.limits.maxFindingsPerScreen {
                    pending[position].bound.leftOut += 1
                    continue
                }
                pending[position].bound.kept += 1
                var found = finding(description, severity, reported.violation, file: file, screen: screen.name)
                if let element = found.element, let note = pending[position].elementNotes[element] { found.message += note }
                found.url = found.element.flatMap { pending[position].elementLinks[$0] } ?? pending[position].link
                findings.append(found)
            }
        }
    }

    // MARK: - Bounded output

    /// How many of `leftOut` the screen's `ignore` lists (in `usage`) do not hold back.
    func count(_ leftOut: [BoundedViolations.LeftOut], of rule: RuleDescription, notSuppressedBy usage: inout IgnoreUsage) -> Int {
        var count = 0
        for group in leftOut where !usage.suppresses(rule, names: group.suppressed, marks: group.suppressionMarks) {
            count += group.count
        }
        return count
    }

    /// Holds the findings of one screen, `findings[start...]`, to `limits.max_findings_per_screen`:
    /// past it, the first in report order stay and the rest are counted in the bound with
    /// `leftOut`, what the rules counted and did not build.
    func bound(_ findings: inout [Finding], from start: Int, leftOut: Int) -> ScreenBound {
        let limit = config.limits.maxFindingsPerScreen
        guard findings.count - start > limit else { return ScreenBound(kept: findings.count - start, leftOut: leftOut) }
        var own = Array(findings[start...])
        findings.removeSubrange(start...)
        Finding.sortInReportOrder(&own)
        let dropped = own.count - limit
        own.removeSubrange(limit...)
        findings.append(contentsOf: own)
        return ScreenBound(kept: limit, leftOut: leftOut + dropped)
    }

    /// The one `spec.limits` finding of a screen that left findings out, at its `screen:` key;
    /// nil when the config turned the rule off. No `ignore` list holds it back: it says the
    /// report is incomplete.
    func leftOutFinding(_ bound: ScreenBound, screen: Screen, file: SpecFile) -> Finding? {
        guard let severity = coreSeverities[CoreRules.limits] else { return nil }
        let limit = config.limits.maxFindingsPerScreen
        let mark = screen.marks[.screen]
        let more = bound.leftOut == 1 ? "1 more finding" : "\(bound.leftOut) more findings"
        return Finding(
            file: file.displayPath, line: mark.line, column: mark.column, rule: CoreRules.limits, severity: severity,
            message: "\(more) of this screen left out: a screen reports at most \(limit) (limits.max_findings_per_screen)",
            hint: CoreRules.findingLimitHint, screen: screen.name)
    }

    // MARK: - The project pass

    /// Findings of the rules that need every screen. Cheap: it reads summaries only, and
    /// `sources` (a file's text by its display path, nil when it cannot be had) only for
    /// the few files a project finding with a fix lands on, to resolve that fix against.
    /// Without `sources` the findings have no fixes (the watcher hands its files' paths).
    public func projectFindings(_ summaries: [ScreenSummary], sources: (String) -> [UInt8]? = { _ in nil }) -> [Finding] {
        var pending: [PendingFix] = []
        var findings = projectFindings(ProjectIndex(screens: summaries), pending: &pending)
        resolve(pending, in: &findings, sources: sources)
        return findings
    }

    /// A project finding's fix, to be resolved against the file it lands on.
    private struct PendingFix: Sendable {
        var finding: Int
        var documentIndex: Int
        var actions: [FixAction]
    }

    /// Gives the pending fixes their edits, reading each file they land on once. A file
    /// that no longer loads, or whose nodes are not where the summaries say, gets none.
    private func resolve(_ pending: [PendingFix], in findings: inout [Finding], sources: (String) -> [UInt8]?) {
        guard !pending.isEmpty else { return }
        var byFile: [String: [PendingFix]] = [:]
        for fix in pending where findings.indices.contains(fix.finding) {
            byFile[findings[fix.finding].file, default: []].append(fix)
        }
        for (file, fixes) in byFile {
            guard let bytes = sources(file), case .success(let documents) = YAMLLoader.load(bytes, limits: config.limits)
            else { continue }
            let source = SourceText(bytes)
            for fix in fixes where documents.indices.contains(fix.documentIndex) {
                guard let safety = fixSafety(of: findings[fix.finding].rule),
                      let edits = FixResolver(document: documents[fix.documentIndex], source: source).edits(for: fix.actions)
                else { continue }
                findings[fix.finding].fix = Fix(safety: safety, edits: edits)
            }
        }
    }

    private func fixSafety(of rule: String) -> FixSafety? {
        (CoreRules.description(of: rule) ?? allRuleDescriptions.first { $0.id == rule })?.fix?.safety
    }

    /// A reviewed file's text read again for a project fix: the file's own path, a spec's
    /// only (never standard input, never a storyboard). A file changed since its review resolves against what it holds now,
    /// which `--fix` then checks again before it writes anything.
    static func readSources(of files: [FileResult], limit: Int) -> (String) -> [UInt8]? {
        let paths = Dictionary(files.map { ($0.file.displayPath, $0.file.path) }, uniquingKeysWith: { first, _ in first })
        return { display in
            guard let path = paths[display], FixedFile.isEditable(path),
                  case .success(let bytes) = FileReader.read(path, maxBytes: limit)
            else { return nil }
            return bytes
        }
    }

    /// The file's review together with the project rules' findings that land on it, their
    /// fixes resolved: what `--fix` works from, since a fix such as a back title's needs
    /// another screen. `others` are the summaries of every other file, in path order.
    public func review(_ bytes: [UInt8], file: SpecFile, among others: [ScreenSummary]) -> FileResult {
        var result = review(bytes, file: file)
        let own = result.summaries
        let split = others.firstIndex { FileSystem.precedes(file.displayPath, $0.file) } ?? others.count
        let screens = Array(others[..<split]) + own + Array(others[split...])
        var pending: [PendingFix] = []
        var project = projectFindings(ProjectIndex(screens: screens), pending: &pending)
        let mine = Set(project.indices.filter { project[$0].file == file.displayPath })
        resolve(pending.filter { mine.contains($0.finding) }, in: &project, sources: { $0 == file.displayPath ? bytes : nil })
        result.findings = (result.findings + mine.sorted().map { project[$0] }).sorted(by: Finding.reportOrder)
        return result
    }

    private func projectFindings(_ index: ProjectIndex, pending: inout [PendingFix]) -> [Finding] {
        var findings = configFindings
        let screens = index.screens
        // What the project's findings use of the entries the file reviews left unused, by
        // screen position; only screens with such entries are tracked, and most have none.
        var usages: [Int: IgnoreUsage] = [:]
        for position in screens.indices where !screens[position].unusedIgnores.isEmpty {
            usages[position] = IgnoreUsage(screenNames: screens[position].suppressed, screenMarks: screens[position].suppressionMarks)
        }
        // Each screen's own findings depend on that screen and the index alone, so they are
        // found on every core and put together in screen order: on a tree of copies nearly
        // every screen has a duplicate name, and this pass runs after the parallel review.
        let names = screens.indices.contains { screens[$0].parent != nil && index.parentIndex(of: $0) == nil } ? index.names : []
        let tracked = usages
        let review: @Sendable (Int) -> ScreenFindings = { position in
            nameAndParentFindings(of: position, in: index, names: names, usage: tracked[position])
        }
        let own = screens.count < screensForParallelPass
            ? screens.indices.map(review) : ParallelReview.parallelMap(Array(screens.indices), review)
        for position in screens.indices {
            // A suppressed finding leaves no finding but still uses the entry that suppressed it.
            if let usage = own[position].usage { usages[position] = usage }
            guard !own[position].findings.isEmpty else { continue }
            for fix in own[position].fixes {
                pending.append(PendingFix(finding: findings.count + fix.finding, documentIndex: fix.documentIndex, actions: fix.actions))
            }
            findings.append(contentsOf: own[position].findings)
        }
        if coreSeverities[CoreRules.parentCycle] != nil {
            for cycle in ParentCycles.find(in: index) {
                emitProject(CoreRules.parentCycle, cycle.message, at: screens[cycle.position].parentMark,
                            on: screens[cycle.position], tracked: &usages[cycle.position], into: &findings)
            }
        }
        let context = config.ruleContext
        // Found only when some screen has entries to account for.
        var positionOfScreen: [ScreenKey: Int]?
        if !usages.isEmpty {
            positionOfScreen = Dictionary(usages.keys.map { (ScreenKey(screens[$0]), $0) }, uniquingKeysWith: { first, _ in first })
        }
        // Each rule reads the index alone, so the rules run on every core on a large tree
        // (at 100,000 specs they were most of the project pass, which nothing else overlaps
        // in the watcher's first scan); their violations are then taken in rule order.
        let rules = projectRules
        let check: @Sendable (Int) -> [ProjectViolation] = { rules[$0].rule.check(index, in: context) }
        let violations = screens.count < screensForParallelPass
            ? rules.indices.map(check) : ParallelReview.parallelMapChunks(Array(rules.indices), filesPerChunk: 1) { $0.map(check) }
        for (enabled, found) in zip(rules, violations) {
            for projectViolation in found {
                let summary = projectViolation.screen
                let violation = projectViolation.violation
                let tracked = positionOfScreen?[ScreenKey(summary)]
                var usage = tracked.flatMap { usages[$0] }
                    ?? IgnoreUsage(screenNames: summary.suppressed, screenMarks: summary.suppressionMarks)
                let suppressed = usage.suppresses(
                    enabled.description, names: violation.suppressed, marks: violation.suppressionMarks)
                if let tracked { usages[tracked] = usage }
                if suppressed { continue }
                if !violation.fix.isEmpty, enabled.description.fix != nil {
                    pending.append(PendingFix(finding: findings.count, documentIndex: summary.documentIndex, actions: violation.fix))
                }
                findings.append(
                    finding(enabled.description, enabled.severity, violation, file: Self.file(of: summary),
                            screen: summary.name))
            }
        }
        for position in usages.keys.sorted() {
            reportUnusedIgnores(of: screens[position], usage: usages[position], into: &findings, pending: &pending)
        }
        return findings
    }

    /// A project finding on the screen `summary`, unless its entries suppress it. `tracked`
    /// is what a screen's unused entries have suppressed so far, for a screen whose entries
    /// are tracked (nil otherwise), and is kept up to date.
    private func emitProject(
        _ rule: String, _ message: @autoclosure () -> String, at mark: Mark, on summary: ScreenSummary,
        tracked: inout IgnoreUsage?, into findings: inout [Finding]
    ) {
        var usage = tracked ?? IgnoreUsage(screenNames: summary.suppressed, screenMarks: summary.suppressionMarks)
        emit(rule, message(), at: mark, file: Self.file(of: summary), screen: summary.name, element: nil,
             usage: &usage, into: &findings)
        if tracked != nil { tracked = usage }
    }

    /// One screen's findings of the project pass, with its fixes (by place among them) and,
    /// for a screen whose unused entries are tracked, what they have suppressed since.
    private struct ScreenFindings: Sendable {
        var findings: [Finding] = []
        var fixes: [PendingFix] = []
        var usage: IgnoreUsage?
    }

    /// `spec.duplicate-screen` for a screen whose name an earlier one has, and
    /// `spec.unknown-parent` for a parent naming no screen (with the closest of `names`).
    private func nameAndParentFindings(of position: Int, in index: ProjectIndex, names: [String], usage tracked: IgnoreUsage?) -> ScreenFindings {
        let screens = index.screens
        var own = ScreenFindings(usage: tracked)
        func emitProject(_ rule: String, _ message: @autoclosure () -> String, at mark: Mark, fix: [FixAction] = []) {
            let count = own.findings.count
            // One access to `own` at a time: the nested function holds it in a box, checked when the program runs.
            var tracked = own.usage
            self.emitProject(rule, message(), at: mark, on: screens[position], tracked: &tracked, into: &own.findings)
            own.usage = tracked
            if !fix.isEmpty, own.findings.count > count {
                own.fixes.append(PendingFix(finding: count, documentIndex: screens[position].documentIndex, actions: fix))
            }
        }
        if let name = screens[position].name, let first = index.firstIndex(sameNameAs: position),
           screens[first].file != screens[position].file
            || screens[first].documentIndex != screens[position].documentIndex {
            let original = screens[first]
            emitProject(
                CoreRules.duplicateScreen,
                "screen \(quoted(name)) is already declared in \(original.file):\(original.nameMark.line):\(original.nameMark.column)",
                at: screens[position].nameMark)
        }
        if let parent = screens[position].parent, index.parentIndex(of: position) == nil {
            var message = "parent \(quoted(parent)) names no screen in the tree"
            var fix: [FixAction] = []
            if let close = closestMatch(to: parent, among: names) {
                message += "; did you mean \(quoted(close))?"
                fix = [.replace(valueAt: screens[position].parentMark, with: .text(close))]
            }
            emitProject(CoreRules.unknownParent, message, at: screens[position].parentMark, fix: fix)
        }
        return own
    }

    /// `spec.unused-ignore` for the entries of a screen that neither its file review nor the
    /// project pass used. A finding about an entry is not suppressed by that entry itself
    /// (it would always hide its own report), but is by any other entry naming the rule.
    private func reportUnusedIgnores(
        of summary: ScreenSummary, usage: IgnoreUsage?, into findings: inout [Finding], pending: inout [PendingFix]
    ) {
        guard var usage, let rule = coreDescription(CoreRules.unusedIgnore) else { return }
        let file = Self.file(of: summary)
        let remaining = summary.unusedIgnores.filter { !usage.used.contains($0.mark) }
        // First every report's suppression, which may use an entry that is itself left over
        // (`spec.unused-ignore` beside a stale one); then the reports of the entries still unused.
        let suppressed = remaining.map {
            usage.suppresses(rule, names: $0.suppressed, marks: $0.suppressionMarks, except: $0.mark)
        }
        for (entry, isSuppressed) in zip(remaining, suppressed) where !isSuppressed && !usage.used.contains(entry.mark) {
            let place = entry.element.map { "element \(quoted($0))" } ?? "this screen"
            var nobody = IgnoreUsage(screenNames: [], screenMarks: [])
            let count = findings.count
            emit(CoreRules.unusedIgnore,
                 "ignore entry \(quoted(entry.name)) suppresses no finding of \(place)",
                 at: entry.mark, file: file, screen: summary.name, element: entry.element, usage: &nobody, into: &findings)
            if findings.count > count {
                pending.append(PendingFix(finding: count, documentIndex: summary.documentIndex, actions: [.removeItem(at: entry.mark)]))
            }
        }
    }

    private func coreDescription(_ id: String) -> RuleDescription? {
        CoreRules.descriptions.first { $0.id == id }
    }

    /// A screen's identity in the project pass: its file and its place among the file's documents.
    private struct ScreenKey: Hashable {
        var file: String
        var documentIndex: Int
        init(_ summary: ScreenSummary) {
            file = summary.file
            documentIndex = summary.documentIndex
        }
    }

    private static func file(of summary: ScreenSummary) -> SpecFile {
        SpecFile(path: summary.file, displayPath: summary.file)
    }

    /// File results and the project pass, put together in report order.
    ///
    /// Takes the results as its own, so that results already in path order (as
    /// `ParallelReview` returns them for discovered files) go into the report
    /// without being copied.
    /// A project finding's fix is resolved against its file read again, or against what
    /// `sources` gives for its display path (standard input's text, which cannot be read twice).
    public func report(_ results: consuming [FileResult], sources: (String) -> [UInt8]? = { _ in nil }) -> Report {
        var files = results
        if !Self.isInPathOrder(files) {
            files.sort { FileSystem.precedes($0.file.displayPath, $1.file.displayPath) }
        }
        let index = ProjectIndex(screens: files.concatenated(\.summaries))
        var fileFindingCount = 0
        var iconUseCount = 0
        for position in files.indices { fileFindingCount += files[position].findings.count }
        for position in index.screens.indices { iconUseCount += index.screens[position].iconUses.count }
        // Room for the project's findings too, which the merge appends: growing the array
        // there would move every file finding once more, into memory not touched yet. They
        // are found while the file findings move, so their number is not known here: the
        // room is what the core's and the shipped project rules give at most on nearly every
        // tree (a few per screen, one per icon use). Room never used is never touched, and
        // so costs address space only; a tree with more only grows the array.
        let room = fileFindingCount + iconUseCount + 4 * index.screens.count
        // The project pass reads the index only, and moving the file findings touches the
        // files only, so they run at once: on a big tree each is tens of milliseconds on
        // one core, the move mostly first touches of the new array's pages.
        let handed = Mutex(Optional(consume files))
        let ((movedFiles, findings), (project: found, pending: pending)) = ParallelReview.both({
            var files = handed.withLock { $0.take() } ?? []
            // Moved out of the files, not copied: a copy retained and later released six strings
            // and a fix of each finding, on one thread (about 30 ms at 217,000 findings).
            let findings = [Finding](unsafeUninitializedCapacity: room) { target, initialized in
                guard let base = target.baseAddress else { return }
                for position in files.indices { initialized += Finding.move(&files[position].findings, to: base + initialized) }
            }
            return (files, findings)
        }, {
            var pending: [PendingFix] = []
            let project = projectFindings(index, pending: &pending)
            return (project: project, pending: pending)
        })
        var project = found
        if !pending.isEmpty {
            let fromFiles = Self.readSources(of: movedFiles, limit: config.limits.maxFileBytes)
            resolve(pending, in: &project, sources: { sources($0) ?? fromFiles($0) })
        }
        return Report(files: movedFiles, findings: Self.inReportOrder(findings, adding: project))
    }

    private static func isInPathOrder(_ files: [FileResult]) -> Bool {
        files.indices.dropFirst().allSatisfy { position in
            !FileSystem.precedes(files[position].file.displayPath, files[position - 1].file.displayPath)
        }
    }

    /// `findings + project`, sorted by `Finding.reportOrder`. File findings come in
    /// path order with each file's own sorted, so the few project findings are sorted
    /// and merged in rather than everything being sorted again. On equal keys a file
    /// finding goes first, as a stable sort of `findings + project` would put it.
    static func inReportOrder(_ findings: consuming [Finding], adding project: consuming [Finding]) -> [Finding] {
        guard Finding.isInReportOrder(findings) else { return (findings + project).sorted(by: Finding.reportOrder) }
        if project.isEmpty { return findings }
        var merged = consume findings
        // Sorted in place, each comparison reading two findings where they lie: `sorted(by:)`
        // copied both for each one, and a tree of copies has a project finding on nearly every screen.
        var extra = consume project
        Finding.sortInReportOrder(&extra)
        Finding.merge(&extra, intoReportOrdered: &merged)
        return merged
    }

    // MARK: - Policy

    /// `spec.unknown-rule` for each entry naming nothing known; `fix` resolves the rename
    /// to the closest known name, when there is one.
    private func checkIgnoreLists(
        of screen: Screen, file: SpecFile, usage: inout IgnoreUsage, into findings: inout [Finding],
        fix: ([FixAction]) -> Fix?
    ) {
        func report(_ name: String, at mark: Mark, element: Element?) {
            var message = "ignore names \(quoted(name)), which is no rule or plugin"
            var renamed: Fix?
            if let close = closestMatch(to: name, among: knownNames.sorted()) {
                message += "; did you mean \(quoted(close))?"
                renamed = fix([.replace(valueAt: mark, with: .text(close))])
            }
            emit(CoreRules.unknownRule, message, at: mark, file: file, screen: screen.name, element: element?.name,
                 suppressed: element?.suppressed ?? [], marks: element?.suppressionMarks ?? [], usage: &usage,
                 fix: renamed, into: &findings)
        }
        for (name, mark) in zip(screen.review.ignore, screen.review.ignoreMarks) where !knownNames.contains(name) {
            report(name, at: mark, element: nil)
        }
        for element in screen.allElements {
            for (name, mark) in zip(element.ignore, element.ignoreMarks) where !knownNames.contains(name) {
                report(name, at: mark, element: element)
            }
        }
    }

    /// Whether any element, bar item or tab, at any depth, has an `ignore` list.
    private static func anyIgnoreList(in screen: Screen) -> Bool {
        func any(_ elements: [Element]) -> Bool {
            // Indices, so each element is looked into rather than copied.
            for index in elements.indices where !elements[index].ignore.isEmpty || any(elements[index].children) {
                return true
            }
            return false
        }
        return any(screen.elements) || any(screen.navigationBar?.items ?? []) || any(screen.toolbar?.items ?? [])
            || any(screen.tabBar?.tabs ?? [])
    }

    func finding(
        _ rule: RuleDescription, _ severity: Severity, _ violation: Violation, file: SpecFile, screen: String?, fix: Fix? = nil
    ) -> Finding {
        Finding(
            file: file.displayPath, line: violation.mark.line, column: violation.mark.column, rule: rule.id,
            severity: severity, message: violation.message, hint: violation.hint ?? rule.hint(under: config.thresholds), screen: screen, element: violation.element,
            fix: fix)
    }

    private func coreFinding(for failure: LoadFailure, file: SpecFile) -> Finding? {
        let rule = failure.kind == .limits ? CoreRules.limits : CoreRules.syntax
        var findings: [Finding] = []
        var nothing = IgnoreUsage(screenNames: [], screenMarks: [])
        emit(rule, failure.message, at: failure.mark, file: file, screen: nil, element: nil, usage: &nothing, into: &findings)
        return findings.first
    }

    /// A core finding, unless the config turned its rule off or the screen's `ignore`
    /// (in `usage`) or the element's (`suppressed`, written at `marks`) suppresses it.
    /// `message` is made only for a finding kept: an imported screen suppresses a rule for
    /// every one of its kind (each IB screen, `spec.duplicate-screen`).
    func emit(
        _ ruleID: String, _ message: @autoclosure () -> String, at mark: Mark, file: SpecFile, screen: String?, element: String?,
        suppressed: [String] = [], marks: [Mark] = [], usage: inout IgnoreUsage, fix: Fix? = nil, severity raised: Severity? = nil,
        into findings: inout [Finding]
    ) {
        guard var severity = coreSeverities[ruleID], let description = coreDescription(ruleID),
              !usage.suppresses(description, names: suppressed, marks: marks)
        else { return }
        if let raised, !configuredCoreRules.contains(ruleID) { severity = raised }
        findings.append(Finding(
            file: file.displayPath, line: mark.line, column: mark.column, rule: ruleID, severity: severity,
            message: message(), hint: description.hint(under: config.thresholds), screen: screen, element: element, fix: fix))
    }
}

/// A reviewer with the rules of it the config leaves on, by id.
final class EnabledReviewer: Sendable {
    let reviewer: any FileReviewer
    let plugin: String
    let rules: [String: (RuleDescription, Severity)]

    init(_ reviewer: any FileReviewer, plugin: String, _ rules: [String: (RuleDescription, Severity)]) {
        self.reviewer = reviewer
        self.plugin = plugin
        self.rules = rules
    }
}

/// A rule the config left on, with its description and severity. A class, so the engine's
/// loop over the rules of every screen copies no rule and no description.
final class EnabledRule<Rule: Sendable>: Sendable {
    let rule: Rule
    let description: RuleDescription
    let severity: Severity

    init(_ rule: Rule, _ description: RuleDescription, _ severity: Severity) {
        self.rule = rule
        self.description = description
        self.severity = severity
    }
}
