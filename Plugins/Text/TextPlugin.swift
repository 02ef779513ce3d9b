import HiglintCore

/// Legibility of text: minimum size, weights, Dynamic Type and the navigation title (seed 000).
public enum TextRules {
    public static let plugin = Plugin(
        name: "text", summary: "Legible text: minimum size, regular or medium weights, Dynamic Type, and standard title sizes.",
        screenRules: [
            MinSizeRule(), LightWeightRule(), HeavyWeightRule(), FixedSizeRule(), NavTitleSizeRule(),
            HeadlineWeightRule(), ContrastRule(),
        ])
}
