public enum Severity: String, Sendable, CaseIterable, Comparable {
    case info
    case warning
    case error

    private var rank: Int {
        switch self {
        case .info: return 0
        case .warning: return 1
        case .error: return 2
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// One problem, as every writer and the live report see it.
public struct Finding: Sendable, Hashable {
    public var file: String
    public var line: Int
    public var column: Int
    public var rule: String
    public var severity: Severity
    public var message: String
    public var hint: String
    public var screen: String?
    public var element: String?
    /// The edits that resolve the finding, when its rule has a fix and the text allows it.
    public var fix: Fix?

    public init(
        file: String, line: Int, column: Int, rule: String, severity: Severity,
        message: String, hint: String, screen: String? = nil, element: String? = nil, fix: Fix? = nil
    ) {
        self.file = file
        self.line = line
        self.column = column
        self.rule = rule
        self.severity = severity
        self.message = message
        self.hint = hint
        self.screen = screen
        self.element = element
        self.fix = fix
    }

    /// The report order: file, line, column, rule (then message, so equal positions stay stable).
    public static func reportOrder(_ lhs: Finding, _ rhs: Finding) -> Bool {
        if lhs.file != rhs.file { return lhs.file.utf8.lexicographicallyPrecedes(rhs.file.utf8) }
        if lhs.line != rhs.line { return lhs.line < rhs.line }
        if lhs.column != rhs.column { return lhs.column < rhs.column }
        if lhs.rule != rhs.rule { return lhs.rule < rhs.rule }
        if lhs.message != rhs.message { return lhs.message < rhs.message }
        return (lhs.element ?? "") < (rhs.element ?? "")
    }
}
