import HiglintCore

public enum LifecycleRules {
    public static let plugin = Plugin(name: "lifecycle", summary: "", screenRules: [])
}
