import HiglintCore

public enum TextRules {
    public static let plugin = Plugin(name: "text", summary: "", screenRules: [])
}
