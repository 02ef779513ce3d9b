import HiglintCore

public enum LayoutRules {
    public static let plugin = Plugin(name: "layout", summary: "", screenRules: [])
}
