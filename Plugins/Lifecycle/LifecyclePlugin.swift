import HiglintCore

/// An app can be ended at any time: no quit controls, and data saved early (seed 000).
public enum LifecycleRules {
    public static let plugin = Plugin(
        name: "lifecycle", summary: "The app can be ended at any time: no quit controls, and data saved as it changes.",
        screenRules: [QuitControlRule(), LateSaveRule()])
}
