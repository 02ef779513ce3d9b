import HiglintCore

/// Layout that communicates: on screen, readable without sideways scrolling, aligned and consistent (seed 003).
public enum LayoutRules {
    public static let plugin = Plugin(
        name: "layout", summary: "Layout that communicates: content on the canvas and inside its container, primary content top left and readable, aligned edges, consistent controls and icons.",
        screenRules: [
            OffscreenRule(), HorizontalScrollTextRule(), PrimaryBelowFoldRule(), NearMissAlignmentRule(),
            InconsistentStyleRule(), OutsideContainerRule(), PrimaryRightHalfRule(),
        ],
        projectRules: [InconsistentIconRule()])
}

/// Frames come from decimal text, so sums like 374.9 + 0.1 can land a hair past
/// an exact edge; differences this small are noise, not design.
let pointEpsilon = 1e-9
