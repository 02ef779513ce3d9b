import HiglintCore

public enum LoginRules {
    public static let plugin = Plugin(name: "login", summary: "", screenRules: [])
}
