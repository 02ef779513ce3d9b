import HiglintCore
import XCTest

/// The one "did you mean" every suggestion comes from.
final class ClosestMatchTests: XCTestCase {
    func testTyposWithinAFewEditsAreSuggested() {
        XCTAssertEqual(closestMatch(to: "chek", among: ["check", "watch", "rules"]), "check")
        XCTAssertEqual(closestMatch(to: "elemnts", among: ["screen", "elements"]), "elements")
        XCTAssertEqual(closestMatch(to: "--fial-on", among: ["--format", "--fail-on"]), "--fail-on", "a transposition is one edit")
        XCTAssertEqual(closestMatch(to: "Elements", among: ["elements"]), "elements", "the word's case is ignored")
    }

    func testACutShortWordIsSuggestedByItsBeginning() {
        let ids = ["buttons.border-in-bar", "buttons.hit-target", "buttons.spacing"]
        XCTAssertEqual(closestMatch(to: "buttons.hit", among: ids), "buttons.hit-target")
        XCTAssertEqual(closestMatch(to: "buttons.hitt", among: ids), "buttons.hit-target")
        // Sharing only the plugin's name is less than two thirds of the word.
        XCTAssertNil(closestMatch(to: "buttons.zzzzzz", among: ids))
        XCTAssertNil(closestMatch(to: "but", among: ids), "three letters are too few to go on")
    }

    func testNothingCloseIsNoSuggestion() {
        XCTAssertNil(closestMatch(to: "frobnicate", among: ["check", "watch", "rules", "explain"]))
        XCTAssertNil(closestMatch(to: "x", among: []))
    }

    func testTheFirstOfEquallyCloseCandidatesWins() {
        XCTAssertEqual(closestMatch(to: "cat", among: ["bat", "hat"]), "bat")
        XCTAssertEqual(closestMatch(to: "cat", among: ["hat", "bat"]), "hat")
    }
}
