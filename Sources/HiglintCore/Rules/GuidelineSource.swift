/// The guideline texts the rules come from, by the number a rule cites as
/// its `seed`: excerpts of Apple's iOS Human Interface Guidelines the product
/// was founded on. `higlint explain` names the text, not the number alone.
public enum GuidelineSource {
    /// What each source document is, in a line.
    public static let titles: [String: String] = [
        "000": "Apple's iOS Human Interface Guidelines, on interactivity and feedback: hit targets, "
            + "login, quitting, saving, gestures, buttons and legible text",
        "002": "Apple's iOS Human Interface Guidelines, on bars: the status bar, navigation bar, toolbar and tab bar",
        "003": "Apple's iOS Human Interface Guidelines, on adaptivity and layout: size classes, orientations "
            + "and layout that communicates",
    ]

    /// The text's title and its number. A seed that is no document number (the core's
    /// rules cite the spec format itself) already says what it is.
    public static func describe(seed: String) -> String {
        if let title = titles[seed] { return "\(title) (source document \(seed))" }
        return seed.allSatisfy(\.isNumber) ? "source document \(seed)" : seed
    }
}
