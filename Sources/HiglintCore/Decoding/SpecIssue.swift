/// A problem found while turning a document into a `Screen`.
public struct SpecIssue: Sendable {
    public var rule: String
    public var message: String
    public var mark: Mark
    public var element: String?

    public init(rule: String, message: String, mark: Mark, element: String? = nil) {
        self.rule = rule
        self.message = message
        self.mark = mark
        self.element = element
    }
}
