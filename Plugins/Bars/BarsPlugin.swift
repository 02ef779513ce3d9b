import HiglintCore

/// Status bar, navigation bar, toolbar and tab bar (seed 002).
public enum BarsRules {
    public static let plugin = Plugin(
        name: "bars",
        summary: "Status bar, navigation bar, back button, toolbar and tab bar: appearance, contents and behaviour.",
        screenRules: [
            StatusBarHiddenRule(), StatusBarNoRevealRule(), StatusBarGestureRule(), StatusBarStyleRule(),
            NavTitleMissingRule(), NavCrowdedRule(), NavSegmentedCrowdedRule(),
            BackCustomRule(), BackBreadcrumbRule(),
            FixedHeightRule(), ToolbarModeSwitchRule(), ToolbarMixedBordersRule(), TranslucencyMismatchRule(),
            TabCountRule(), TabActionRule(), TabIncompleteRule(), TabBadgeRule(),
            IPadStatusBarStyleRule(), MediaStatusBarVisibleRule(),
        ],
        projectRules: [
            BackTitleMismatchRule(), InconsistentAppearanceRule(), ToolbarInconsistentAppearanceRule(), BackTitleNeededRule(),
        ])
}
