import HiglintCore

public enum BarsRules {
    public static let plugin = Plugin(name: "bars", summary: "", screenRules: [])
}
