/// A problem found while turning a document into a `Screen`.
public struct SpecIssue: Sendable {
    public var rule: String
    public var message: String
    public var mark: Mark
    public var element: String?
    /// The `ignore` entries of the element the problem is in, and its ancestors', with where each is written.
    public var suppressed: [String] = []
    public var suppressionMarks: [Mark] = []

    public init(rule: String, message: String, mark: Mark, element: String? = nil) {
        self.rule = rule
        self.message = message
        self.mark = mark
        self.element = element
    }
}
