import HiglintCore

/// The standard gestures keep their meaning, and system gestures stay free (seed 000).
public enum GesturesRules {
    public static let plugin = Plugin(
        name: "gestures", summary: "Standard gestures keep their standard meaning; gestures the system reserves stay free.",
        screenRules: [ReservedGestureRule(), NonstandardMeaningRule()])
}
