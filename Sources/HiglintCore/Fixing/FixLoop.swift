/// Fixes one file's text in passes until nothing fixable is left: each pass reviews the
/// text, applies the fixes that do not overlap, and reviews the result again.
public enum FixLoop {
    public static let maximumPasses = 10

    public struct Outcome: Sendable, Equatable {
        public var text: [UInt8]
        /// How many findings' fixes were applied, over every pass.
        public var fixed: Int
        /// The fixed findings' rules, sorted, each once.
        public var fixedRules: [String]
        public var passes: Int
        /// Why the loop stopped early: a repeating result, or the pass limit.
        public var warnings: [String]
    }

    /// `review` gives the findings of a text (with their fixes); `safeties` says which fixes to take.
    public static func run(
        _ text: [UInt8], applying safeties: Set<FixSafety>, review: ([UInt8]) -> [Finding]
    ) -> Outcome {
        var current = text
        var seen: Set<[UInt8]> = [text]
        var fixed = 0
        var rules: Set<String> = []
        var warnings: [String] = []
        var passes = 0
        while true {
            let fixable = review(current).filter { finding in finding.fix.map { safeties.contains($0.safety) } ?? false }
            guard !fixable.isEmpty else { break }
            if passes == maximumPasses {
                let names = Set(fixable.map(\.rule)).sorted().joined(separator: ", ")
                warnings.append("stopped after \(maximumPasses) passes with fixes still to apply (\(names))")
                break
            }
            let pass = FixApplier.apply(fixable.compactMap(\.fix), to: current)
            guard !pass.applied.isEmpty else { break }
            let passRules = Set(pass.applied.map { fixable[$0].rule })
            passes += 1
            if !seen.insert(pass.text).inserted {
                // Undoing an earlier pass: two fixes undo each other, and applying more would loop.
                warnings.append("fixes undo each other, so the text came back to an earlier pass's; stopped (\(passRules.sorted().joined(separator: ", ")))")
                break
            }
            fixed += pass.applied.count
            rules.formUnion(passRules)
            current = pass.text
        }
        return Outcome(text: current, fixed: fixed, fixedRules: rules.sorted(), passes: passes, warnings: warnings)
    }
}
