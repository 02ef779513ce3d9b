import HiglintCore

struct MissingVariantRule: ScreenRule {
    let description = RuleDescription(
        id: "orientation.missing-variant", severity: .warning,
        summary: "A screen supports one landscape orientation but not the other.",
        rationale: "An app that runs in landscape should work however people hold the device, with the Home button on the left or on the right; supporting only one of the two makes half of them turn it around.",
        seed: "003", hint: "Support both landscape-left and landscape-right.",
        triggeringExamples: [
            "screen: Game\norientations: [landscape-left]\n",
            "screen: Reader\norientations: [portrait, landscape-right]\n",
        ],
        nonTriggeringExamples: [
            "screen: Game\norientations: [landscape-left, landscape-right]\n",
            "screen: Reader\norientations: [portrait]\n",
            "screen: Reader\n",
        ],
        fix: FixDeclaration(
            .safe, summary: "Adds the missing landscape orientation to the list.",
            reason: "It only adds the other way of holding the same landscape layout; nothing written is changed."))

    func check(_ screen: Screen, in context: RuleContext) -> [Violation] {
        let left = screen.orientations.contains(.landscapeLeft)
        let right = screen.orientations.contains(.landscapeRight)
        guard left != right else { return [] }
        let (supported, missing) = left
            ? (Orientation.landscapeLeft, Orientation.landscapeRight)
            : (Orientation.landscapeRight, Orientation.landscapeLeft)
        return [Violation(
            message: "supports \(supported.rawValue) but not \(missing.rawValue); people hold the device either way",
            at: screen.marks[.orientations])
            .fixed(by: .append(item: missing.rawValue, toListAt: screen.marks[.orientations]))]
    }
}

struct IPadAllOrientationsRule: ScreenRule {
    let description = RuleDescription(
        id: "orientation.ipad-all", severity: .info,
        summary: "A screen shown on iPad does not support all four orientations.",
        rationale: "People expect to use an app in whatever orientation they happen to hold the device, and an iPad has no natural way up; supporting every orientation meets that expectation.",
        seed: "003", hint: "Support portrait, portrait-upside-down, landscape-left and landscape-right on iPad.",
        triggeringExamples: [
            "screen: Home\ndevice: ipad\norientations: [portrait, landscape-left, landscape-right]\n",
            "screen: Home\ndevice: universal\n",
        ],
        nonTriggeringExamples: [
            "screen: Home\ndevice: ipad\norientations: [portrait, portrait-upside-down, landscape-left, landscape-right]\n",
            "screen: Home\ndevice: iphone\norientations: [portrait]\n",
        ],
        fix: FixDeclaration(
            .unsafe, summary: "Adds the missing orientations, or writes all four when the screen names none.",
            reason: "A screen laid out for one way up needs a layout for the others, which only a person can check; a portrait-only screen that gains landscape is a new design."))

    func check(_ screen: Screen, in context: RuleContext) -> [Violation] {
        guard screen.device.includesIPad else { return [] }
        let supported = Set(screen.orientations)
        let missing = Orientation.allCases.filter { !supported.contains($0) }
        guard !missing.isEmpty else { return [] }
        let written = screen.marks.value(of: .orientations) != nil
        let names = missing.map(\.rawValue).joined(separator: ", ")
        let message = "\(screen.device.rawValue) screen supports \(supported.count) of 4 orientations"
            + (written ? "" : " (portrait by default)") + "; missing \(names)"
        var violation = Violation(message: message, at: screen.marks[.orientations])
        // Several appends to one list resolve to one edit.
        violation.fix = written
            ? missing.map { .append(item: $0.rawValue, toListAt: screen.marks[.orientations]) }
            : [.set(.orientations, to: .list(Orientation.allCases.map(\.rawValue)), in: screen.marks)]
        return [violation]
    }
}
