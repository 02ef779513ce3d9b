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
    }

    func run(_ files: [SpecFile]) -> Outcome {
        var outcome = Outcome()
        // Project rules' fixes read other screens (a parent's title), here as the tree was
        // before fixing. Only a renamed misspelt key in another file could change what they
        // read there, and a second run picks that up.
        let summaries = ParallelReview.review(files, with: engine).flatMap(\.summaries)
        for file in files where Self.isEditable(file.path) {
            // A file that cannot be read is the review's to report, after fixing.
            guard case .success(let original) = FileReader.read(file.path, maxBytes: engine.config.limits.maxFileBytes)
            else { continue }
            let others = summaries.filter { $0.file != file.displayPath }
            let fixed = FixLoop.run(original, applying: safeties) { text in engine.review(text, file: file, among: others).findings }
            for warning in fixed.warnings { Console.warning("\(file.displayPath): \(warning)") }
            guard fixed.text != original else { continue }
            if showsDiff {
                outcome.diff += UnifiedDiff.render(original, fixed.text, path: file.displayPath)
                outcome.fixed += fixed.fixed
                outcome.changedFiles += 1
                continue
            }
            switch FixedFile.replace(file.path, original: original, with: fixed.text) {
            case .success:
                outcome.fixed += fixed.fixed
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

    /// Screen specs only: files another format was imported from are never edited.
    static func isEditable(_ path: String) -> Bool {
        let lowered = path.lowercased()
        return lowered.hasSuffix(".yaml") || lowered.hasSuffix(".yml")
    }

    /// What the summary line adds: how many were fixed, and how many more fixes are on offer.
    static func summary(fixed: Int?, report: Report, safeties: Set<FixSafety>) -> String {
        var parts: [String] = []
        let offered = { (safety: FixSafety) in report.findings.reduce(0) { $0 + ($1.fix?.safety == safety ? 1 : 0) } }
        if let fixed {
            parts.append("\(fixed) fixed")
        } else if offered(.safe) > 0 {
            parts.append("\(offered(.safe)) fixable with --fix")
        }
        if !safeties.contains(.unsafe), offered(.unsafe) > 0 {
            parts.append("\(offered(.unsafe)) more with --unsafe-fixes")
        }
        return parts.isEmpty ? "" : " (" + parts.joined(separator: ", ") + ")"
    }
}
