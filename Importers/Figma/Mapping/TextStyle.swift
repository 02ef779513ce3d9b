import HiglintCore

/// A TEXT node's type as the review measures it: the runs its characters use (the base
/// `style` and the entries of `styleOverrideTable` that `characterStyleOverrides` names),
/// the smallest size of any of them, and their weights and fills.
struct TextStyle {
    var size: Double?
    var weight: Font.Weight?
    /// The fills of each run used, bottom first.
    var runFills: [Paints.Composite]

    init(_ node: JSONTree.Index, in tree: JSONTree) {
        let style = tree.member("style", of: node)
        let baseFills = tree.member("fills", of: node)
        var runs: [(style: JSONTree.Index?, fills: JSONTree.Index?)] = []
        let overrides = tree.member("characterStyleOverrides", of: node).map { tree.items(of: $0).compactMap(tree.number) } ?? []
        let characters = tree.string("characters", of: node)?.utf16.count ?? 0
        // The override list leaves out the characters at its end that keep the base style.
        var usedKeys = Set<Int>()
        var baseUsed = overrides.count < characters || overrides.isEmpty
        for key in overrides {
            let whole = Int(exactly: key.rounded()) ?? 0
            if whole == 0 { baseUsed = true } else { usedKeys.insert(whole) }
        }
        if baseUsed { runs.append((style, baseFills)) }
        if !usedKeys.isEmpty, let table = tree.member("styleOverrideTable", of: node) {
            var found = Set<Int>()
            tree.forEachMember(of: table) { key, value in
                if let text = tree.string(key), let number = Int(text), usedKeys.contains(number), tree.kind(value) == .object {
                    found.insert(number)
                    // A run's own size, weight and fills override the base style's; the rest it keeps.
                    runs.append((value, tree.member("fills", of: value) ?? baseFills))
                }
                return true
            }
            // An override that names no entry of the table keeps the base style.
            if found.count < usedKeys.count, !baseUsed { runs.append((style, baseFills)) }
        }
        if runs.isEmpty { runs.append((style, baseFills)) }
        var sizes: [Double] = []
        var weights: [Font.Weight] = []
        for run in runs {
            let size = run.style.flatMap { tree.number("fontSize", of: $0) } ?? style.flatMap { tree.number("fontSize", of: $0) }
            if let size, size.isFinite, size > 0 { sizes.append(size) }
            let weight = run.style.flatMap { tree.number("fontWeight", of: $0) } ?? style.flatMap { tree.number("fontWeight", of: $0) }
            if let weight = weight.flatMap(Self.weight) { weights.append(weight) }
        }
        size = sizes.min()
        weight = Self.representative(weights)
        var seen: [Paints.Composite] = []
        for run in runs {
            let composite = Paints.composite(run.fills, in: tree)
            if !seen.contains(composite) { seen.append(composite) }
        }
        runFills = seen
    }

    /// Figma's numeric weight as the spec's: SF Pro's names of its weights, 100 Ultralight to
    /// 900 Black, to the nearest hundred (a variable font's 450 is Medium).
    static func weight(_ value: Double) -> Font.Weight? {
        guard value.isFinite, value >= 1, value <= 1000 else { return nil }
        let hundreds = min(9, max(1, Int((value / 100).rounded(.toNearestOrAwayFromZero))))
        return [.ultralight, .thin, .light, .regular, .medium, .semibold, .bold, .heavy, .black][hundreds - 1]
    }

    /// One weight for runs of several: the lightest when it is light (the warning it may
    /// deserve is not hidden by a heavier run), else the heaviest.
    static func representative(_ weights: [Font.Weight]) -> Font.Weight? {
        func rank(_ weight: Font.Weight) -> Int { Font.Weight.allCases.firstIndex(of: weight) ?? 0 }
        guard let lightest = weights.min(by: { rank($0) < rank($1) }), let heaviest = weights.max(by: { rank($0) < rank($1) })
        else { return nil }
        return [.ultralight, .thin, .light].contains(lightest) ? lightest : heaviest
    }
}
