import HiglintCore

struct MissingExplanationRule: ScreenRule {
    let description = RuleDescription(
        id: "login.missing-explanation", severity: .error,
        summary: "Login is required but the login view gives no explanation.",
        rationale: "When an app must have people log in, Apple asks for a short, friendly note on the login view saying why and what they gain from it (seed 000, explain a login requirement). A `kind: login` screen counts as requiring login unless it says otherwise.",
        seed: "000", hint: "Add `login.explanation`: one friendly sentence on why login is needed and what it gives people.",
        triggeringExamples: [
            "screen: Welcome\nlogin:\n  required: launch\n  methods: [apple, guest]\n",
            "screen: Sign In\nkind: login\n",
            "screen: Sign In\nlogin:\n  required: on-action\n  explanation: \"   \"\n  methods: [email]\n",
        ],
        nonTriggeringExamples: [
            "screen: Sign In\nkind: login\nlogin:\n  explanation: Sign in to keep your reading list on all your devices.\n",
            "screen: Home\nlogin:\n  required: never\n",
            "screen: Sign In\nkind: login\nlogin:\n  required: never\n",
        ])

    func check(_ screen: Screen, in context: RuleContext) -> [Violation] {
        let requirement = screen.effectiveLoginRequirement
        guard requirement != .never else { return [] }
        let explanation = screen.login?.explanation
        guard explanation?.trimmedForLogin.isEmpty ?? true else { return [] }
        let why = screen.login?.required == nil ? "\(requirement.rawValue), as a login screen" : requirement.rawValue
        let what = explanation == nil ? "has no explanation" : "has a blank explanation"
        let mark: Mark
        if let login = screen.login {
            // Point at the blank text when there is one, else at what made login required.
            mark = login.marks.value(of: .explanation) ?? login.marks.value(of: .required) ?? screen.marks[.kind]
        } else {
            mark = screen.marks[.kind]
        }
        return [Violation(message: "login is required (\(why)) but the login view \(what)", at: mark)]
    }
}

struct ExplanationLengthRule: ScreenRule {
    static let maximum = Threshold(
        key: "max_explanation", default: 160, unit: .characters,
        meaning: "longest login explanation")

    let description = RuleDescription(
        id: "login.explanation-length", severity: .info,
        summary: "The login explanation is longer than the configured maximum number of characters.",
        rationale: "Apple asks for a brief explanation of why login is needed; people skim a login view, and a long text is skipped (seed 000, explain a login requirement). Characters are counted as people see them, so each Chinese character counts once; surrounding whitespace does not count.",
        seed: "000", hint: "Shorten the explanation to one or two short sentences.",
        triggeringExamples: [
            "screen: Sign In\nkind: login\nlogin:\n  explanation: \"\(String(repeating: "a", count: 161))\"\n",
        ],
        nonTriggeringExamples: [
            "screen: Sign In\nkind: login\nlogin:\n  explanation: \"\(String(repeating: "a", count: 160))\"\n",
            "screen: Sign In\nkind: login\nlogin:\n  explanation: Sign in to keep your reading list on all your devices.\n",
        ],
        thresholds: [Self.maximum])

    func check(_ screen: Screen, in context: RuleContext) -> [Violation] {
        let maximum = context[Self.maximum]
        guard let login = screen.login, let explanation = login.explanation else { return [] }
        let length = explanation.trimmedForLogin.characterCount
        guard length > maximum else { return [] }
        return [Violation(
            message: "explanation is \(length) characters; keep it to \(maximum) or fewer", at: login.marks[.explanation])]
    }
}
