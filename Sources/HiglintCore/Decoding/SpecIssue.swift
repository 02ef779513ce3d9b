/// A problem found while turning a document into a `Screen`.
public struct SpecIssue: Sendable {
    public var rule: String
    public var message: String
    public var mark: Mark
    public var element: String?
    /// What the issue's fix changes, for the core rules that have one.
    public var fix: [FixAction]
    /// The severity this problem takes instead of its rule's default (a misspelt top-level
    /// key that hides a whole part of the screen is an error); a severity the config sets wins.
    public var severity: Severity?
    /// The `ignore` entries of the element the problem is in, and its ancestors', with where each is written.
    public var suppressed: [String] = []
    public var suppressionMarks: [Mark] = []

    public init(rule: String, message: String, mark: Mark, element: String? = nil, fix: [FixAction] = []) {
        self.rule = rule
        self.message = message
        self.mark = mark
        self.element = element
        self.fix = fix
    }
}
