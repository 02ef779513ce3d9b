import HiglintCore

public enum GesturesRules {
    public static let plugin = Plugin(name: "gestures", summary: "", screenRules: [])
}
