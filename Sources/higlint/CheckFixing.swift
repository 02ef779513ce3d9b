import HiglintCore

/// `check --fix`: fixes each spec file in passes, then writes it back, or with `--diff`
/// prints what would change.
struct CheckFixing {
    let engine: Engine
    let safeties: Set<FixSafety>
    let showsDiff: Bool

    struct Outcome {
        /// Findings whose fixes were applied (or, with `--diff`, would be).
        var fixed = 0
        /// The unified diff of every changed file, with `--diff`.
        var diff = ""
        var changedFiles = 0
        /// A file could not be read again or written.
        var failed = false
        /// The files' screens as they were before fixing, which project fixes read.
        var summaries: [ScreenSummary] = []
    }

    /// One file's part of the run, worked out on any core and reported in path order.
    private struct FileFix: Sendable {
        var file: SpecFile
        var original: [UInt8]
        var fixed: FixLoop.Outcome
    }

    /// `context`: the rest of the project around `files` (`ProjectContext`), reviewed
    /// already, which the project rules read and which is never fixed.
    func run(_ files: [SpecFile], context: [FileResult] = []) -> Outcome {
        var outcome = Outcome()
        // The review before fixing says which files have anything to fix, so the others
        // are neither read again nor looped over.
        var results = ParallelReview.review(files, with: engine)
        if !context.isEmpty {
            results += context
            results.sort { FileSystem.precedes($0.file.displayPath, $1.file.displayPath) }
        }
        let report = engine.report(results)
        let descriptions = Dictionary(engine.allRuleDescriptions.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var fixable: Set<String> = []
        var needsProject: Set<String> = []
        for finding in report.findings {
            guard let fix = finding.fix, safeties.contains(fix.safety) else { continue }
            fixable.insert(finding.file)
            if let description = descriptions[finding.rule], Self.comesFromProjectPass(description) { needsProject.insert(finding.file) }
        }
        let summaries = results.concatenated(\.summaries)
        outcome.summaries = summaries
        let candidates = files.filter { file in takesFixes(file.path) && fixable.contains(file.displayPath) }
        let projectPassFiles = needsProject
        let fixes = ParallelReview.parallelMap(candidates) { file -> FileFix? in
            // A file that cannot be read is the review's to report, after fixing.
            guard case .success(let original) = FileReader.read(file.path, maxBytes: engine.config.limits.maxFileBytes)
            else { return nil }
            // Project rules' fixes read other screens (a parent's title), here as the tree was
            // before fixing. Only a renamed misspelt key in another file could change what they
            // read there, and a second run picks that up. Files without such a fix skip the
            // project pass, which costs the whole tree's summaries on every pass.
            let fixed: FixLoop.Outcome
            if !Self.isEditable(file.path), let importer = engine.importer(for: file.path) {
                // Source another importer read: its fixes are its own edits, in its own review.
                fixed = FixLoop.run(original, applying: safeties) { engine.review($0, file: file, with: importer).findings }
            } else if projectPassFiles.contains(file.displayPath) {
                let others = summaries.filter { $0.file != file.displayPath }
                fixed = FixLoop.run(original, applying: safeties) { engine.review($0, file: file, among: others).findings }
            } else {
                fixed = FixLoop.run(original, applying: safeties) { engine.review($0, file: file).findings }
            }
            return FileFix(file: file, original: original, fixed: fixed)
        }
        for case let fix? in fixes {
            let file = fix.file
            for warning in fix.fixed.warnings { Console.warning("\(file.displayPath): \(warning)") }
            guard fix.fixed.text != fix.original else { continue }
            if showsDiff {
                outcome.diff += UnifiedDiff.render(fix.original, fix.fixed.text, path: file.displayPath)
                outcome.fixed += fix.fixed.fixed
                outcome.changedFiles += 1
                continue
            }
            switch FixedFile.replace(file.path, original: fix.original, with: fix.fixed.text) {
            case .success:
                outcome.fixed += fix.fixed.fixed
                outcome.changedFiles += 1
            case .failure(.changedOnDisk):
                Console.warning("\(file.displayPath): \(FixedFile.Problem.changedOnDisk)")
            case .failure(let problem):
                Console.problem("\(file.displayPath): \(problem)")
                outcome.failed = true
            }
        }
        return outcome
    }

    /// Standard input's text fixed, as `check --fix -` prints it (or its diff); `others`
    /// are the other reviewed files' summaries, for the project rules' fixes.
    func fix(standardInput bytes: [UInt8], file: SpecFile, among others: [ScreenSummary]) -> FixLoop.Outcome {
        let outcome = FixLoop.run(bytes, applying: safeties) { engine.review($0, file: file, among: others).findings }
        for warning in outcome.warnings { Console.warning("\(file.displayPath): \(warning)") }
        return outcome
    }

    /// Whether the rule's findings come from the pass over every screen, so that a file's
    /// own review does not see them: the project rules, and unused ignore entries, which
    /// are known only once the project rules have used theirs.
    static func comesFromProjectPass(_ rule: RuleDescription) -> Bool {
        rule.isProjectRule || rule.id == CoreRules.unusedIgnore
    }

    /// Screen specs only: files another format was imported from are never edited by the
    /// spec's fixes.
    static func isEditable(_ path: String) -> Bool {
        FixedFile.isEditable(path)
    }

    /// Specs, and source an importer reads as text people type (SwiftUI), whose findings
    /// carry the importer's own edits: files a tool writes (a storyboard) are never edited.
    func takesFixes(_ path: String) -> Bool {
        Self.isEditable(path) || engine.importer(for: path)?.isSourceText == true
    }

    /// What the summary line adds: how many were fixed, and how many more fixes are on offer.
    /// The summary line's one bracket: what a baseline hid, what was fixed, and what the
    /// fixes not applied would do. "More" only follows a count it adds to: with no safe fix
    /// offered, the unsafe ones are fixable with both options.
    static func summary(fixed: Int?, report: Report, safeties: Set<FixSafety>, baselined: Int = 0) -> String {
        var parts: [String] = []
        if baselined > 0 { parts.append("\(baselined) more in the baseline") }
        let offered = { (safety: FixSafety) in report.findings.reduce(0) { $0 + ($1.fix?.safety == safety ? 1 : 0) } }
        let safe = offered(.safe)
        let unsafe = safeties.contains(.unsafe) ? 0 : offered(.unsafe)
        if let fixed {
            parts.append("\(fixed) fixed")
            if unsafe > 0 { parts.append("\(unsafe) more with --unsafe-fixes") }
        } else if safe > 0 {
            parts.append("\(safe) fixable with --fix")
            if unsafe > 0 { parts.append("\(unsafe) more with --unsafe-fixes") }
        } else if unsafe > 0 {
            parts.append("\(unsafe) fixable with --fix --unsafe-fixes")
        }
        return parts.isEmpty ? "" : " (" + parts.joined(separator: ", ") + ")"
    }
}
