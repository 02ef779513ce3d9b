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
        if lhs.file != rhs.file { return FileSystem.precedes(lhs.file, rhs.file) }
        if lhs.line != rhs.line { return lhs.line < rhs.line }
        if lhs.column != rhs.column { return lhs.column < rhs.column }
        if lhs.rule != rhs.rule { return lhs.rule < rhs.rule }
        if lhs.message != rhs.message { return lhs.message < rhs.message }
        return (lhs.element ?? "") < (rhs.element ?? "")
    }

    /// Sorts `findings` by `reportOrder`, equal findings kept in the order they came in: the
    /// order `findings.sort(by: reportOrder)` gives. Positions are sorted instead of the findings
    /// themselves, so each comparison reads two findings in place (no copies, no retains) and
    /// settles most pairs by line and column; each finding then moves once.
    public static func sortInReportOrder(_ findings: inout [Finding]) {
        guard findings.count > 1 else { return }
        let sorted = findings.withUnsafeBufferPointer { all -> Bool in
            for position in 1..<all.count where reportOrder(all[position], all[position - 1]) { return false }
            return true
        }
        if sorted { return }
        var order = Array(findings.indices)
        findings.withUnsafeBufferPointer { all in
            order.sort { left, right in
                let lhs = all.baseAddress! + left
                let rhs = all.baseAddress! + right
                if lhs.pointee.file == rhs.pointee.file {
                    if lhs.pointee.line != rhs.pointee.line { return lhs.pointee.line < rhs.pointee.line }
                    if lhs.pointee.column != rhs.pointee.column { return lhs.pointee.column < rhs.pointee.column }
                }
                if reportOrder(lhs.pointee, rhs.pointee) { return true }
                if reportOrder(rhs.pointee, lhs.pointee) { return false }
                return left < right
            }
        }
        findings = order.map { findings[$0] }
    }
}
