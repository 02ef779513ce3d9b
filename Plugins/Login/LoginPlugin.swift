import HiglintCore

/// Login walls: delay them, explain them, and never bind the account to one outside service (seed 000).
public enum LoginRules {
    public static let plugin = Plugin(
        name: "login", summary: "Login walls: delayed, briefly explained, and not tied to a third-party account alone.",
        screenRules: [ForcedAtLaunchRule(), MissingExplanationRule(), ExplanationLengthRule(), ThirdPartyOnlyRule()])
}

extension String {
    /// The text without leading and trailing whitespace (newlines included), as a reader sees it.
    var trimmedForLogin: Substring {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return self[first...last]
    }
}

/// Methods compare trimmed and case-insensitively: ` Apple` means the same method as `apple`.
enum LoginMethods {
    static let firstParty = TrimmedWords(Login.firstPartyMethods)
    static let guest = TrimmedWords(["guest"])
}
