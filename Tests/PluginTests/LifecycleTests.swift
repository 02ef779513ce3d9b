import HiglintCore
@testable import LifecyclePlugin
import TestSupport
import XCTest

final class LifecycleTests: XCTestCase {
    private func button(label: String) -> String {
        "screen: Settings\nelements:\n  - {id: b, type: button, label: \"\(label)\"}\n"
    }

    private func button(action: String) -> String {
        "screen: Settings\nelements:\n  - {id: b, type: button, action: \(action)}\n"
    }

    // MARK: - lifecycle.quit-control

    func testEveryQuitLabelTriggers() {
        for label in ["quit", "exit", "quit app", "exit app", "close app", "退出", "退出应用", "退出程序"] {
            XCTAssertEqual(RuleHarness.count("lifecycle.quit-control", in: button(label: label)), 1, label)
        }
    }

    func testLabelsAreTrimmedAndCaseFolded() {
        for label in ["  QUIT  ", "Quit", "Exit App", "\\tClose App\\n", " 退出 "] {
            XCTAssertEqual(RuleHarness.count("lifecycle.quit-control", in: button(label: label)), 1, label)
        }
    }

    func testSignOutAndCloseStaySilent() {
        for label in ["Sign out", "Log out", "退出登录", "Close", "  close  ", "Quit game", "Exit full screen", ""] {
            XCTAssertEqual(RuleHarness.count("lifecycle.quit-control", in: button(label: label)), 0, label)
        }
    }

    func testQuitActions() {
        for action in ["quit", "exit", "close-app", "terminate"] {
            XCTAssertEqual(RuleHarness.count("lifecycle.quit-control", in: button(action: action)), 1, action)
        }
        for action in ["close", "sign-out", "cancel", "done"] {
            XCTAssertEqual(RuleHarness.count("lifecycle.quit-control", in: button(action: action)), 0, action)
        }
    }

    func testBarItemsTabsAndNestedElements() {
        XCTAssertEqual(RuleHarness.count("lifecycle.quit-control", in: "screen: A\ntoolbar:\n  items:\n    - {id: q, type: button, label: Quit}\n"), 1)
        XCTAssertEqual(RuleHarness.count("lifecycle.quit-control", in: "screen: A\nnavigation_bar:\n  title: A\n  items:\n    - {id: q, type: button, action: exit}\n"), 1)
        // A tab shows its title: a tab titled Exit offers to quit.
        XCTAssertEqual(RuleHarness.count("lifecycle.quit-control", in: "screen: A\ntab_bar:\n  tabs:\n    - {title: Exit, icon: system:power}\n"), 1)
        XCTAssertEqual(RuleHarness.count("lifecycle.quit-control", in: "screen: A\ntab_bar:\n  tabs:\n    - {title: Log out, icon: system:person}\n"), 0)
        // The title of anything but a tab is not read (only tabs have one).
        let nested = "screen: A\nelements:\n  - id: g\n    type: group\n    children:\n      - id: sheet\n        type: action-sheet\n        children:\n          - {id: q, type: button, label: 退出程序}\n"
        XCTAssertEqual(RuleHarness.count("lifecycle.quit-control", in: nested), 1)
    }

    func testOneFindingPerElementWithItsMessageAndPosition() throws {
        let yaml = "screen: Settings\nelements:\n  - {id: ok, type: text, label: Fine}\n  - id: quit\n    type: button\n    label: Quit\n    action: quit\n"
        let found = RuleHarness.findings(yaml).filter { $0.rule == "lifecycle.quit-control" }
        XCTAssertEqual(found.count, 1)
        let finding = try XCTUnwrap(found.first)
        XCTAssertEqual(finding.message, "action \"quit\" quits the app")
        XCTAssertEqual(finding.element, "quit")
        XCTAssertEqual([finding.line, finding.column], [4, 5])
        XCTAssertEqual(finding.severity, .error)
        let labelled = try XCTUnwrap(RuleHarness.findings(button(label: "Quit")).first { $0.rule == "lifecycle.quit-control" })
        XCTAssertEqual(labelled.message, "label \"Quit\" offers to quit the app")
    }

    // MARK: - lifecycle.late-save

    func testLateSave() {
        XCTAssertEqual(RuleHarness.count("lifecycle.late-save", in: "screen: E\ndata: {save: on-exit}\n"), 1)
        XCTAssertEqual(RuleHarness.count("lifecycle.late-save", in: "screen: E\ndata: {save: manual}\n"), 1)
        XCTAssertEqual(RuleHarness.count("lifecycle.late-save", in: "screen: E\ndata: {save: on-change}\n"), 0)
        XCTAssertEqual(RuleHarness.count("lifecycle.late-save", in: "screen: E\ndata: {save: periodic}\n"), 0)
        XCTAssertEqual(RuleHarness.count("lifecycle.late-save", in: "screen: E\ndata: {}\n"), 0)
        XCTAssertEqual(RuleHarness.count("lifecycle.late-save", in: "screen: E\n"), 0)
    }

    func testLateSaveMessageAndPosition() throws {
        let yaml = "screen: Editor\ndata:\n  save: on-exit\n"
        let finding = try XCTUnwrap(RuleHarness.findings(yaml).first { $0.rule == "lifecycle.late-save" })
        XCTAssertEqual(
            finding.message,
            "data.save is on-exit: data is saved only when the app exits, and a suspended app can be ended without warning")
        XCTAssertEqual([finding.line, finding.column], [3, 9])
        XCTAssertEqual(finding.severity, .warning)
    }

    /// The quit labels are looked up through `TrimmedWords`, runs of white space folded; it
    /// must answer as the plain lookup does.
    func testQuitLabelsAnswerAsThePlainLookup() {
        var texts = TextVariants.sequences
        for template in ["_quit_", "_close app_", "quit_", "_exit", "_quit app_", "quit_app", "_close_application_"] {
            texts += TextVariants.everyASCIIByteAround(template)
        }
        let labels = TrimmedWords(QuitControlRule.quitLabels, foldingWhitespace: true)
        let plain = { (text: String) in
            QuitControlRule.quitLabels.contains(
                TextVariants.trimmedLowercased(text).split(whereSeparator: \.isWhitespace).joined(separator: " "))
        }
        let wrong = texts.filter { labels.contains($0) != plain($0) }
        XCTAssertEqual(wrong.count, 0, "\(wrong.prefix(10).map(\.debugDescription))")
        XCTAssertTrue(labels.contains(" \r\n Close App\u{0C}"))
        XCTAssertTrue(labels.contains("Close\t\r\nApp"), "a run of blanks inside is one space")
        XCTAssertTrue(labels.contains("\u{3000}退出\u{85}"))
        XCTAssertFalse(labels.contains("Quit!"))
        XCTAssertFalse(labels.contains("Quitapp"))
    }
}

/// `lifecycle.quit-control`'s whole list of wordings, folded white space, and every quit action.
final class QuitWordingTests: XCTestCase {
    private func button(label: String) -> String {
        "screen: Settings\nelements:\n  - {id: b, type: button, label: \"\(label)\"}\n"
    }

    func testEveryWordingOfTheCatalogTriggers() {
        for label in ["quit", "exit", "quit app", "exit app", "close app", "quit application", "exit application",
                      "close application", "退出", "退出应用", "退出程序", "退出應用", "退出程式", "关闭应用", "关闭程序", "關閉應用",
                      "結束程式", "结束程序", " Quit Application ", "CLOSE APPLICATION"] {
            XCTAssertEqual(RuleHarness.count("lifecycle.quit-control", in: button(label: label)), 1, label)
        }
    }

    func testRunsOfWhiteSpaceCountAsOneSpace() {
        for label in ["quit  app", "Quit \\t App", "close\\u00A0application", "exit   application"] {
            XCTAssertEqual(RuleHarness.count("lifecycle.quit-control", in: button(label: label)), 1, label)
        }
        XCTAssertEqual(RuleHarness.count("lifecycle.quit-control", in: button(label: "quitapp")), 0)
    }

    func testSigningOutAndClosingAViewDoNotTrigger() {
        // The catalog's list is exact: a longer phrase that merely contains a quit word is not one of it.
        for label in ["Sign out", "Log out", "退出登录", "Close", "Exit full screen", "Log out and exit", "Quit app now"] {
            XCTAssertEqual(RuleHarness.count("lifecycle.quit-control", in: button(label: label)), 0, label)
        }
    }

    func testQuitActions() {
        for action in ["quit", "exit", "close-app", "quit-app", "exit-app", "terminate"] {
            let yaml = "screen: Settings\nelements:\n  - {id: b, type: button, label: Bye, action: \(action)}\n"
            XCTAssertEqual(RuleHarness.count("lifecycle.quit-control", in: yaml), 1, action)
        }
        let tab = "screen: Home\ntab_bar:\n  tabs:\n    - {title: Bye, icon: system:power, action: exit-app}\n"
        XCTAssertEqual(RuleHarness.count("lifecycle.quit-control", in: tab), 1)
        let folded = "screen: Home\ntab_bar:\n  tabs:\n    - {title: \"Exit   App\", icon: system:power}\n"
        XCTAssertEqual(RuleHarness.count("lifecycle.quit-control", in: folded), 1)
    }
}
