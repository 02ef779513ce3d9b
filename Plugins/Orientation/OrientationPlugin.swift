import HiglintCore

/// Orientation support and size-class layouts (seed 003).
public enum OrientationRules {
    public static let plugin = Plugin(
        name: "orientation",
        summary: "Orientation support, rotate prompts, and layouts that keep the primary content across size classes.",
        screenRules: [
            MissingVariantRule(), IPadAllOrientationsRule(), RotatePromptRule(), LayoutChurnRule(), PrimaryDroppedRule(),
            SizeClassGapRule(),
        ])
}
