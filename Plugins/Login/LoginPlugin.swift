import HiglintCore

/// Login walls: delay them, explain them, and never bind the account to one outside service (seed 000).
public enum LoginRules {
    public static let plugin = Plugin(
        name: "login", summary: "Login walls: delayed, briefly explained, and not tied to a third-party account alone.",
        screenRules: [ForcedAtLaunchRule(), MissingExplanationRule(), ExplanationLengthRule(), ThirdPartyOnlyRule()])
}

/// Methods compare trimmed and case-insensitively: ` Apple` means the same method as `apple`.
enum LoginMethods {
    static let firstParty = TrimmedWords(Login.firstPartyMethods)
    static let guest = TrimmedWords(["guest"])
}
