import HiglintCore

struct ThirdPartyOnlyRule: ScreenRule {
    let description = RuleDescription(
        id: "login.third-party-only", severity: .error,
        summary: "Every login method is a third-party provider.",
        rationale: "An app that can only be entered through one outside service (WeChat, Facebook...) ties people to an account they may not want; the seed's translator notes that forcing such a binding gets apps rejected in App Store review (seed 000, login).",
        seed: "000", hint: "Add a first-party way in: Sign in with Apple, email, phone, password or guest.",
        triggeringExamples: [
            "screen: Sign In\nkind: login\nlogin:\n  explanation: Sign in to chat with friends.\n  methods: [wechat]\n",
            "screen: Sign In\nlogin:\n  required: on-action\n  explanation: Sign in to share.\n  methods: [facebook, google]\n",
        ],
        nonTriggeringExamples: [
            "screen: Sign In\nkind: login\nlogin:\n  explanation: Sign in to chat with friends.\n  methods: [wechat, apple]\n",
            "screen: Sign In\nkind: login\nlogin:\n  explanation: Sign in to chat with friends.\n  methods: []\n",
            "screen: Sign In\nkind: login\nlogin:\n  explanation: Sign in to chat with friends.\n",
        ])

    func check(_ screen: Screen, in context: RuleContext) -> [Violation] {
        guard let login = screen.login, !login.methods.isEmpty,
              !login.methods.contains(where: LoginMethods.firstParty.contains)
        else { return [] }
        let names = login.methods.joined(separator: ", ")
        return [Violation(
            message: "every login method is a third-party provider (\(names)); none is apple, email, phone, password or guest",
            at: login.marks[.methods])]
    }
}
