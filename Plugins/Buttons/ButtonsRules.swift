import HiglintCore

/// Hit targets, spacing, borders and standard controls (seed 000).
public enum ButtonsRules {
    public static let plugin = Plugin(
        name: "buttons", summary: "Hit targets, spacing between controls, borders, and standard controls for standard actions.",
        screenRules: [HitTargetRule(), SpacingRule(), BorderInBarRule(), CustomStandardActionRule()])
}
