import HiglintCore
import TestSupport
import XCTest

/// `Vote` counts each run of equal neighbours at once; it must crown the winner, count
/// and tie that counting every value one by one gives.
final class VoteTests: XCTestCase {
    private func plainVote(_ values: [String?]) -> (winner: String?, count: Int, isTie: Bool)? {
        var order: [String?] = []
        for value in values where !order.contains(value) { order.append(value) }
        guard let first = order.first else { return nil }
        let count = { (value: String?) in values.filter { $0 == value }.count }
        var winner = first
        var best = count(first)
        var tie = false
        for value in order.dropFirst() where count(value) >= best {
            tie = count(value) == best
            if count(value) > best { winner = value; best = count(value) }
        }
        return (winner, best, tie)
    }

    func testRunsCountLikeSingleValues() {
        var generator = SeededGenerator(seed: 6)
        let choices: [String?] = ["blue", "red", nil, "Blue"]
        for round in 0..<3000 {
            let length = Int.random(in: 0...12, using: &generator)
            // Few distinct values, so runs, ties and repeats after a gap all occur.
            let values = (0..<length).map { _ in choices[Int.random(in: 0..<(round % 3 + 2), using: &generator)] }
            let vote = Vote(values)
            let plain = plainVote(values)
            XCTAssertEqual(vote?.winner, plain?.winner, "\(values)")
            XCTAssertEqual(vote?.count, plain?.count, "\(values)")
            XCTAssertEqual(vote?.isTie, plain?.isTie, "\(values)")
        }
    }
}
