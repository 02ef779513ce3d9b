import HiglintCore

public enum OrientationRules {
    public static let plugin = Plugin(name: "orientation", summary: "", screenRules: [])
}
