@testable import HiglintCore
import TestSupport
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

    /// The search skips candidates that cannot be nearer by their letters and stops a
    /// measure that cannot come under the nearest; these words, set against every key
    /// list of the spec format and against random lists, get the answer of the plain
    /// search that measures every candidate in full.
    func testTheShortcutsAnswerAsThePlainSearch() {
        var random = SeededGenerator(seed: 18)
        let keyLists = [SpecKeys.screen, SpecKeys.element, SpecKeys.toolbarItem, SpecKeys.tab, SpecKeys.frame,
                        SpecKeys.font, SpecKeys.statusBar, SpecKeys.navigationBar, SpecKeys.backButton, SpecKeys.toolbar,
                        SpecKeys.tabBar, SpecKeys.login, SpecKeys.data, SpecKeys.gesture, SpecKeys.layoutVariant,
                        SpecKeys.review, ["check", "watch", "rules", "explain", "init", "fix"],
                        ["buttons.border-in-bar", "buttons.hit-target", "buttons.spacing", "text.contrast"]]
        // Bins collide on purpose: `a` and `!` share one (0x61 and 0x21 differ above the low six bits).
        let alphabet: [Unicode.Scalar] = Array("abcdefghijklmnopqrstuvwxyz_-.!ABZ 019\u{E9}\u{C9}\u{65E5}\u{1F600}\u{301}".unicodeScalars)
        func randomWord(_ length: Int) -> String {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<length { scalars.append(alphabet.randomElement(using: &random)!) }
            return String(scalars)
        }
        func variants(of key: String) -> [String] {
            let scalars = Array(key.unicodeScalars)
            var words = [key, key.uppercased(), String(key.dropLast()), key + "s", String(key.reversed()), String(key.prefix(4)), key + key]
            for _ in 0..<12 {
                var edited = scalars
                for _ in 0..<Int.random(in: 1...4, using: &random) {
                    let place = Int.random(in: 0...edited.count, using: &random)
                    switch Int.random(in: 0..<4, using: &random) {
                    case 0 where place < edited.count: edited.remove(at: place)
                    case 1: edited.insert(alphabet.randomElement(using: &random)!, at: place)
                    case 2 where place < edited.count: edited[place] = alphabet.randomElement(using: &random)!
                    case 3 where place + 1 < edited.count: edited.swapAt(place, place + 1)
                    default: break
                    }
                }
                var text = String.UnicodeScalarView()
                text.append(contentsOf: edited)
                words.append(String(text))
            }
            return words
        }
        var cases: [(String, [String])] = []
        for list in keyLists {
            for key in list {
                for word in variants(of: key) { cases.append((word, list)) }
            }
            for _ in 0..<40 { cases.append((randomWord(Int.random(in: 0...14, using: &random)), list)) }
            cases.append((randomWord(70), list))
            cases.append((list.joined(), list))
        }
        for _ in 0..<1_500 {
            let list = (0..<Int.random(in: 0...30, using: &random)).map { _ in randomWord(Int.random(in: 0...12, using: &random)) }
            let word = list.isEmpty || Bool.random(using: &random)
                ? randomWord(Int.random(in: 0...12, using: &random)) : variants(of: list.randomElement(using: &random)!).randomElement(using: &random)!
            cases.append((word, list))
            cases.append((word, list + [randomWord(80)]))
        }
        var suggested = 0
        for (word, list) in cases {
            let answer = closestMatch(to: word, among: list)
            XCTAssertEqual(answer, plainClosestMatch(to: word, among: list), "\(word) among \(list)")
            if answer != nil { suggested += 1 }
        }
        XCTAssertGreaterThan(suggested, cases.count / 4, "the cases must include many suggestions, not only misses")
        XCTAssertLessThan(suggested, cases.count * 9 / 10, "and many misses")
    }

    /// Every candidate measured in full, as the search was written before its shortcuts.
    private func plainClosestMatch(to word: String, among candidates: [String]) -> String? {
        let lowered = Array(word.lowercased().unicodeScalars)
        var nearest: (candidate: String, distance: Int)?
        var longestShared: (candidate: String, length: Int)?
        for candidate in candidates {
            let scalars = Array(candidate.unicodeScalars)
            let distance = plainDistance(lowered, scalars)
            if distance < (nearest?.distance ?? Int.max) { nearest = (candidate, distance) }
            let shared = zip(lowered, scalars).prefix { $0 == $1 }.count
            if shared > (longestShared?.length ?? 0) { longestShared = (candidate, shared) }
        }
        if let nearest, nearest.distance <= max(2, min(word.count, nearest.candidate.count) / 3) { return nearest.candidate }
        if let longestShared, longestShared.length >= 4, longestShared.length * 3 >= lowered.count * 2 { return longestShared.candidate }
        return nil
    }

    /// The whole table, no rows reused.
    private func plainDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        if a.count > 64 || b.count > 64 { return max(a.count, b.count) }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }

    func testAMeasureCutShortIsNeverUnderItsLimit() {
        var rows = EditRows()
        let a = Array("navigation_bar".unicodeScalars)
        for candidate in ["navigation_bar", "navigationbar", "tab_bar", "x", "elements", "navigation_bar_title_font"] {
            let b = Array(candidate.unicodeScalars)
            let full = rows.distance(a, b, below: Int.max)
            XCTAssertEqual(full, plainDistance(a, b))
            for limit in 0...(full + 2) {
                let cut = rows.distance(a, b, below: limit)
                if full < limit { XCTAssertEqual(cut, full, "under the limit the measure is exact") } else { XCTAssertGreaterThanOrEqual(cut, limit) }
            }
            var letters = LetterCounts(a)
            XCTAssertLessThanOrEqual(letters.fewestEdits(to: b), full)
        }
    }

    /// The remembered answers are the search's, asked once or many times, from two threads at
    /// once, and past the number of words it keeps.
    func testTheMemoAnswersAsTheSearch() {
        let memo = ClosestMatchMemo(candidates: SpecKeys.element)
        let words = SpecKeys.element.flatMap { [$0, $0 + "s", String($0.dropLast()), String($0.reversed())] }
            + (0..<(ClosestMatchMemo.capacity + 200)).map { "key\($0)" } + ["colour", "fram", "hiden", "", "é"]
        let expected = words.map { closestMatch(to: $0, among: SpecKeys.element) }
        XCTAssertTrue(expected.contains { $0 != nil } && expected.contains(nil))
        // Each worker's answers come back as its own result, read once both are done: a local
        // `Mutex` the threads' closure captured was a modifying access to one variable from
        // both, which ThreadSanitizer reported (it does not see the lock) when the two overlapped.
        let runs = ParallelReview.parallelMapChunks([0, 1], filesPerChunk: 1) { chunk in
            chunk.map { _ in
                var mine: [String?] = []
                for _ in 0..<2 { mine += words.map { memo.closest(to: $0) } }
                return mine
            }
        }
        XCTAssertEqual(runs.count, 2)
        for run in runs { XCTAssertEqual(run, expected + expected) }
        XCTAssertEqual(SpecFields.element.suggestion(for: "colour"), closestMatch(to: "colour", among: SpecKeys.element))
    }
}
