@testable import GesturesPlugin
import HiglintCore
import TestSupport
import XCTest

final class GesturesTests: XCTestCase {
    private func gesture(_ body: String, device: String = "iphone") -> String {
        "screen: Canvas\ndevice: \(device)\ngestures:\n  - {\(body)}\n"
    }

    // MARK: - gestures.reserved

    func testReservedFingerBoundaryAndDevices() {
        XCTAssertEqual(RuleHarness.count("gestures.reserved", in: gesture("type: swipe, fingers: 4", device: "ipad")), 1)
        XCTAssertEqual(RuleHarness.count("gestures.reserved", in: gesture("type: swipe, fingers: 5", device: "ipad")), 1)
        XCTAssertEqual(RuleHarness.count("gestures.reserved", in: gesture("type: swipe, fingers: 3", device: "ipad")), 0)
        XCTAssertEqual(RuleHarness.count("gestures.reserved", in: gesture("type: swipe, fingers: 4", device: "universal")), 1)
        XCTAssertEqual(RuleHarness.count("gestures.reserved", in: gesture("type: swipe, fingers: 4", device: "iphone")), 0)
        XCTAssertEqual(RuleHarness.count("gestures.reserved", in: gesture("type: swipe, fingers: 4", device: "iphone-plus")), 0)
        XCTAssertEqual(RuleHarness.count("gestures.reserved", in: gesture("type: pinch, fingers: 4", device: "ipad")), 0)
        XCTAssertEqual(RuleHarness.count("gestures.reserved", in: gesture("type: edge-swipe, fingers: 4", device: "ipad")), 0)
    }

    func testReservedFollowsTheConfigDevice() {
        var config = Config()
        config.appDevice = .ipad
        let yaml = "screen: Canvas\ngestures:\n  - {type: swipe, fingers: 4}\n"
        XCTAssertEqual(RuleHarness.count("gestures.reserved", in: yaml, config: config), 1)
        XCTAssertEqual(RuleHarness.count("gestures.reserved", in: yaml), 0)
    }

    func testReservedMessageAndPosition() throws {
        let yaml = "screen: Canvas\ndevice: ipad\ngestures:\n  - {type: tap, action: select}\n  - type: swipe\n    fingers: 4\n"
        let finding = try XCTUnwrap(RuleHarness.findings(yaml).first { $0.rule == "gestures.reserved" })
        XCTAssertEqual(finding.message, "4-finger swipe on ipad is taken by iPad's app switching")
        XCTAssertEqual(finding.element, "gestures[1]")
        XCTAssertEqual([finding.line, finding.column], [5, 5])
        XCTAssertEqual(finding.severity, .error)
    }

    // MARK: - gestures.nonstandard-meaning

    private let table: [(type: String, allowed: [String])] = [
        ("double-tap", ["zoom"]),
        ("pinch", ["zoom"]),
        ("shake", ["undo", "redo"]),
        ("swipe", ["back", "reveal", "delete", "navigate"]),
        ("flick", ["scroll"]),
        ("long-press", ["magnify", "select", "menu", "preview"]),
    ]

    func testStandardMeaningsPassAndOthersTrigger() {
        for row in table {
            for action in row.allowed {
                XCTAssertEqual(
                    RuleHarness.count("gestures.nonstandard-meaning", in: gesture("type: \(row.type), action: \(action)")), 0,
                    "\(row.type) \(action)")
            }
            // Any other action, including another gesture's standard meaning.
            for action in ["like", "share", row.type == "flick" ? "zoom" : "scroll"] {
                XCTAssertEqual(
                    RuleHarness.count("gestures.nonstandard-meaning", in: gesture("type: \(row.type), action: \(action)")), 1,
                    "\(row.type) \(action)")
            }
        }
    }

    func testGesturesWithoutAStandardMeaningNeverTrigger() {
        for type in ["tap", "drag", "rotate", "edge-swipe"] {
            XCTAssertEqual(RuleHarness.count("gestures.nonstandard-meaning", in: gesture("type: \(type), action: like")), 0, type)
        }
    }

    func testOnlyOneFingerSwipesAreJudged() {
        XCTAssertEqual(RuleHarness.count("gestures.nonstandard-meaning", in: gesture("type: swipe, fingers: 1, action: like")), 1)
        XCTAssertEqual(RuleHarness.count("gestures.nonstandard-meaning", in: gesture("type: swipe, fingers: 2, action: like")), 0)
        XCTAssertEqual(RuleHarness.count("gestures.nonstandard-meaning", in: gesture("type: swipe, fingers: 3, action: like")), 0)
        // Other gestures are judged whatever their finger count.
        XCTAssertEqual(RuleHarness.count("gestures.nonstandard-meaning", in: gesture("type: double-tap, fingers: 2, action: like")), 1)
    }

    func testAGestureWithoutAnActionIsNotJudged() {
        XCTAssertEqual(RuleHarness.count("gestures.nonstandard-meaning", in: gesture("type: shake")), 0)
        XCTAssertEqual(RuleHarness.count("gestures.nonstandard-meaning", in: gesture("type: swipe, direction: left")), 0)
    }

    func testNonstandardMeaningMessagesAndPosition() throws {
        let yaml = "screen: Feed\ngestures:\n  - type: swipe\n    direction: left\n    action: share\n  - {type: shake, action: shuffle}\n"
        let found = RuleHarness.findings(yaml).filter { $0.rule == "gestures.nonstandard-meaning" }
        XCTAssertEqual(found.map(\.message), [
            "one-finger swipe does \"share\"; people expect it to mean back, reveal, delete or navigate",
            "shake does \"shuffle\"; people expect it to mean undo or redo",
        ])
        XCTAssertEqual(found.map(\.element), ["gestures[0]", "gestures[1]"])
        XCTAssertEqual(found.map { [$0.line, $0.column] }, [[3, 5], [6, 5]])
        XCTAssertEqual(found.first?.severity, .warning)
    }

    /// Each gesture's meanings are looked up through `TrimmedWords`; it must answer as the plain lookup does.
    func testMeaningsAnswerAsThePlainLookup() {
        var texts = TextVariants.sequences + ["zoom", " Zoom\t", "ZOOM", "zoomx", "back", "BACK ", "navigate", "magnify", "redo"]
        for template in ["_zoom_", "_undo_"] {
            texts += TextVariants.everyASCIIByteAround(template)
        }
        for words in Gesture.Kind.allCases.compactMap({ NonstandardMeaningRule.meaning(of: $0)?.words }).map({ Set($0) }) {
            let fast = TrimmedWords(words)
            let wrong = texts.filter { fast.contains($0) != words.contains(TextVariants.trimmedLowercased($0)) }
            XCTAssertEqual(wrong.count, 0, "\(words): \(wrong.prefix(10).map(\.debugDescription))")
        }
    }
}

/// A flick means scrolling or panning quickly.
final class FlickMeaningTests: XCTestCase {
    func testFlickMayScrollOrPan() {
        for (action, expected) in [("scroll", 0), ("pan", 0), (" Pan ", 0), ("zoom", 1), ("panning", 1)] {
            let yaml = "screen: Map\ngestures:\n  - {type: flick, action: \"\(action)\"}\n"
            XCTAssertEqual(RuleHarness.count("gestures.nonstandard-meaning", in: yaml), expected, action)
        }
    }
}
