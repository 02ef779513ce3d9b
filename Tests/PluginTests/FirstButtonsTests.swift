import HiglintCore
@testable import LayoutPlugin
import TestSupport
import XCTest

/// `layout.inconsistent-style` keeps the first button of each action in a short list,
/// then in a dictionary; either way it must answer as one dictionary does.
final class FirstButtonsTests: XCTestCase {
    private func button(_ index: Int) -> Element {
        Element(placement: .content, path: "elements[\(index)]", marks: Marks(Mark(line: 1, column: 1)))
    }

    func testAnswersAsOneDictionaryAcrossTheLimit() {
        var generator = SeededGenerator(seed: 6)
        for distinct in [1, 2, FirstButtons.listLimit - 1, FirstButtons.listLimit, FirstButtons.listLimit + 1, 40] {
            // Actions that differ only past the small-string length, and by case, must stay apart.
            let actions = (0..<distinct).map { $0 % 2 == 0 ? "action-\($0)" : "a-much-longer-action-name-\($0)" } + ["Action-0"]
            var fast = FirstButtons()
            var plain: [String: Element] = [:]
            for index in 0..<(distinct * 4) {
                let action = actions.randomElement(using: &generator) ?? ""
                let element = button(index)
                let expected = plain[action]
                if expected == nil { plain[action] = element }
                XCTAssertEqual(fast.first(for: action, recording: element)?.path, expected?.path, "\(distinct) at \(index)")
            }
        }
    }
}
