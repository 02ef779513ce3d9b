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

    /// The guideline text by its title: the number is the catalog's bookkeeping, which
    /// says nothing to a reader (it stays in `rules --format json`). A seed that is no
    /// known document number (the core's rules cite the spec format itself, a plugin may
    /// name its own source) is shown as written.
    public static func describe(seed: String) -> String {
        titles[seed] ?? seed
    }
}
