import HiglintCore
@testable import LoginPlugin
import XCTest

final class LoginTests: XCTestCase {
    private func login(_ body: String, kind: String? = nil) -> String {
        "screen: Welcome\n" + (kind.map { "kind: \($0)\n" } ?? "") + "login:\n" + body
    }

    // MARK: - login.forced-at-launch

    func testForcedAtLaunch() {
        let explained = "  explanation: Sign in to sync.\n"
        XCTAssertEqual(RuleHarness.count("login.forced-at-launch", in: login("  required: launch\n" + explained + "  methods: [apple]\n")), 1)
        XCTAssertEqual(RuleHarness.count("login.forced-at-launch", in: login("  required: launch\n" + explained)), 1)
        XCTAssertEqual(RuleHarness.count("login.forced-at-launch", in: login("  required: launch\n" + explained + "  methods: [apple, guest]\n")), 0)
        XCTAssertEqual(RuleHarness.count("login.forced-at-launch", in: login("  required: launch\n" + explained + "  methods: [Guest]\n")), 0)
        XCTAssertEqual(RuleHarness.count("login.forced-at-launch", in: login("  required: on-action\n" + explained)), 0)
        // A login screen is reviewed as on-action, not launch.
        XCTAssertEqual(RuleHarness.count("login.forced-at-launch", in: login(explained, kind: "login")), 0)
    }

    func testForcedAtLaunchMessageAndPosition() throws {
        let yaml = login("  explanation: Sign in to sync.\n  required: launch\n")
        let finding = try XCTUnwrap(RuleHarness.findings(yaml).first { $0.rule == "login.forced-at-launch" })
        XCTAssertEqual(finding.message, "login is required at launch and no \"guest\" method lets people in without an account")
        XCTAssertEqual([finding.line, finding.column], [4, 13])
        XCTAssertEqual(finding.severity, .warning)
    }

    // MARK: - login.missing-explanation

    func testMissingExplanation() {
        XCTAssertEqual(RuleHarness.count("login.missing-explanation", in: login("  required: launch\n")), 1)
        XCTAssertEqual(RuleHarness.count("login.missing-explanation", in: login("  required: on-action\n")), 1)
        XCTAssertEqual(RuleHarness.count("login.missing-explanation", in: login("  required: on-action\n  explanation: \"\"\n")), 1)
        XCTAssertEqual(RuleHarness.count("login.missing-explanation", in: login("  required: on-action\n  explanation: \" \\t\\n \"\n")), 1)
        XCTAssertEqual(RuleHarness.count("login.missing-explanation", in: login("  required: on-action\n  explanation: Why.\n")), 0)
        XCTAssertEqual(RuleHarness.count("login.missing-explanation", in: login("  required: never\n")), 0)
        XCTAssertEqual(RuleHarness.count("login.missing-explanation", in: login("  methods: [apple]\n")), 0)
        XCTAssertEqual(RuleHarness.count("login.missing-explanation", in: "screen: Home\n"), 0)
        // kind: login requires login unless the screen says otherwise.
        XCTAssertEqual(RuleHarness.count("login.missing-explanation", in: login("  methods: [apple]\n", kind: "login")), 1)
        XCTAssertEqual(RuleHarness.count("login.missing-explanation", in: login("  required: never\n", kind: "login")), 0)
    }

    func testMissingExplanationPositions() throws {
        // No login map: at the kind that makes login required.
        let bare = try XCTUnwrap(RuleHarness.findings("screen: Sign In\nkind: login\n").first { $0.rule == "login.missing-explanation" })
        XCTAssertEqual(bare.message, "login is required (on-action, as a login screen) but the login view has no explanation")
        XCTAssertEqual([bare.line, bare.column], [2, 7])
        XCTAssertEqual(bare.severity, .error)
        // A blank explanation: at the blank text.
        let blank = try XCTUnwrap(RuleHarness.findings(login("  required: launch\n  explanation: \"  \"\n")).first { $0.rule == "login.missing-explanation" })
        XCTAssertEqual(blank.message, "login is required (launch) but the login view has a blank explanation")
        XCTAssertEqual([blank.line, blank.column], [4, 16])
        // No explanation: at `required`.
        let absent = try XCTUnwrap(RuleHarness.findings(login("  methods: [email]\n  required: on-action\n")).first { $0.rule == "login.missing-explanation" })
        XCTAssertEqual([absent.line, absent.column], [4, 13])
    }

    // MARK: - login.explanation-length

    private func explanation(_ text: String) -> String {
        login("  required: on-action\n  explanation: \"\(text)\"\n")
    }

    func testExplanationLengthBoundary() {
        XCTAssertEqual(RuleHarness.count("login.explanation-length", in: explanation(String(repeating: "a", count: 160))), 0)
        XCTAssertEqual(RuleHarness.count("login.explanation-length", in: explanation(String(repeating: "a", count: 161))), 1)
        // Characters, not bytes: each Chinese character counts once.
        XCTAssertEqual(RuleHarness.count("login.explanation-length", in: explanation(String(repeating: "登", count: 160))), 0)
        XCTAssertEqual(RuleHarness.count("login.explanation-length", in: explanation(String(repeating: "登", count: 161))), 1)
        // Whitespace around the text is not part of what people read.
        XCTAssertEqual(RuleHarness.count("login.explanation-length", in: explanation("  " + String(repeating: "a", count: 160) + "  ")), 0)
    }

    func testExplanationLengthThresholdFromConfig() throws {
        let config = try RuleHarness.config("thresholds: {max_explanation: 20}\n")
        XCTAssertEqual(RuleHarness.count("login.explanation-length", in: explanation(String(repeating: "b", count: 20)), config: config), 0)
        let found = RuleHarness.findings(explanation(String(repeating: "b", count: 21)), config: config)
        let finding = try XCTUnwrap(found.first { $0.rule == "login.explanation-length" })
        XCTAssertEqual(finding.message, "explanation is 21 characters; keep it to 20 or fewer")
        XCTAssertEqual([finding.line, finding.column], [4, 16])
        XCTAssertEqual(finding.severity, .info)
    }

    // MARK: - login.third-party-only

    func testThirdPartyOnly() {
        let explained = "  required: on-action\n  explanation: Sign in to chat.\n"
        XCTAssertEqual(RuleHarness.count("login.third-party-only", in: login(explained + "  methods: [wechat]\n")), 1)
        XCTAssertEqual(RuleHarness.count("login.third-party-only", in: login(explained + "  methods: [wechat, qq, weibo]\n")), 1)
        for method in ["apple", "email", "phone", "password", "guest", "Apple"] {
            XCTAssertEqual(RuleHarness.count("login.third-party-only", in: login(explained + "  methods: [wechat, \(method)]\n")), 0, method)
        }
        XCTAssertEqual(RuleHarness.count("login.third-party-only", in: login(explained + "  methods: []\n")), 0)
        XCTAssertEqual(RuleHarness.count("login.third-party-only", in: login(explained)), 0)
    }

    func testThirdPartyOnlyMessageAndPosition() throws {
        let yaml = login("  explanation: Sign in to chat.\n  methods: [wechat, qq]\n", kind: "login")
        let finding = try XCTUnwrap(RuleHarness.findings(yaml).first { $0.rule == "login.third-party-only" })
        XCTAssertEqual(
            finding.message,
            "every login method is a third-party provider (wechat, qq); none is apple, email, phone, password or guest")
        XCTAssertEqual([finding.line, finding.column], [5, 12])
        XCTAssertEqual(finding.severity, .error)
    }

    /// `login.explanation-length` counts an ASCII text's characters from its bytes.
    func testCharacterCountAnswersAsTheCharacterWalk() {
        let pieces = ["a", "Z", " ", "\r", "\n", "\r\n", "\n\r", "\t", "\u{0B}", "\u{1C}", "\u{7F}", "\u{0}", "é", "e\u{301}", "\u{301}", "退", "🇫🇷", ""]
        var texts = [""]
        var previous = [""]
        for _ in 0..<4 {
            previous = previous.flatMap { prefix in pieces.map { prefix + $0 } }
            texts += previous
        }
        for byte in UInt8(0)..<0x80 {
            let scalar = String(decoding: [byte], as: UTF8.self)
            texts += ["\r" + scalar, scalar + "\n", "x\r" + scalar + "\n"]
        }
        for text in texts {
            // Substrings in the middle of a text, as trimming gives them, too.
            let whole = "\n" + text + "\r"
            let middle = whole.dropFirst().dropLast()
            XCTAssertEqual(Substring(text).characterCount, text.count, text.debugDescription)
            XCTAssertEqual(middle.characterCount, middle.count, whole.debugDescription)
        }
    }
}
