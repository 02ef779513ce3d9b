import HiglintCore

struct ForcedAtLaunchRule: ScreenRule {
    let description = RuleDescription(
        id: "login.forced-at-launch", severity: .warning,
        summary: "Login is required at launch and there is no guest way in.",
        rationale: "Apple asks apps to put off login as long as they can and let people explore first; many people abandon an app that demands an account before it has shown them anything (seed 000, delay a login requirement).",
        seed: "000", hint: "Require login only when an action needs it (`required: on-action`), or add a `guest` method.",
        triggeringExamples: [
            "screen: Welcome\nlogin:\n  required: launch\n  explanation: Sign in to sync your notes.\n  methods: [apple, email]\n",
        ],
        nonTriggeringExamples: [
            "screen: Welcome\nlogin:\n  required: launch\n  explanation: Sign in to sync your notes.\n  methods: [apple, guest]\n",
            "screen: Welcome\nlogin:\n  required: on-action\n  explanation: Sign in to sync your notes.\n  methods: [apple, email]\n",
        ])

    func check(_ screen: Screen, in context: RuleContext) -> [Violation] {
        guard screen.effectiveLoginRequirement == .launch, let login = screen.login,
              !login.methods.contains(where: LoginMethods.guest.contains)
        else { return [] }
        return [Violation(
            message: "login is required at launch and no \"guest\" method lets people in without an account",
            at: login.marks[.required])]
    }
}
