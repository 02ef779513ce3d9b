import HiglintCore
import SwiftUIImporter
import XCTest

/// What the importer could not read is counted per rule (`ImportedFile.unknown`), never
/// guessed: each element once, and nothing for what the system sizes or the source writes.
final class SwiftUIUnknownTests: XCTestCase {
    private func unknown(_ body: String, extra: String = "") -> [String: Int] {
        guard case .imported(let file) = SwiftUISource.imported(SwiftUISource.view(body, extra: extra)) else { return [:] }
        return file.unknown
    }

    func testAButtonWhoseSizeIsComputedIsCountedForTheHitTarget() {
        XCTAssertEqual(unknown("""
                    Button("A") { }.frame(width: side, height: side)
            """), ["buttons.hit-target": 1])
        XCTAssertEqual(unknown("""
                    Button("A") { }.frame(width: 44, height: 44)
                    Button("B") { }.frame(width: 30, height: 30)
            """), [:], "literal sizes are judged, under 44 or not")
    }

    func testButtonsSizedByTheirLabelOrByAStyleAreCountedButSystemRowsAndBarsAreNot() {
        XCTAssertEqual(unknown("""
                    VStack {
                        Button("A") { }
                        Button("B") { }.frame(width: 30, height: 30).buttonStyle(.bordered)
                        Text("C").onTapGesture { }
                        Button("D") { }.onTapGesture { }
                    }
                    List { Button("E") { } }
                    .toolbar { ToolbarItem { Button("F") { } } }
            """), ["buttons.hit-target": 4])
    }

    func testAFontFromAVariableIsCountedForTheSizeAndWeightRules() {
        XCTAssertEqual(unknown("""
                    Text("A").font(theme.caption)
            """), ["text.min-size": 1, "text.fixed-size": 1, "text.light-weight": 1, "text.heavy-weight": 1])
        // A literal weight is still known under a computed font.
        XCTAssertEqual(unknown("""
                    Text("A").font(theme.caption).fontWeight(.bold)
            """), ["text.min-size": 1, "text.fixed-size": 1])
        // The computed font reaches every text inside; an inner literal one wins.
        XCTAssertEqual(unknown("""
                    VStack {
                        Text("A")
                        Text("B").font(.body)
                        Text("C").font(.system(size: size))
                    }
                    .font(style)
            """), ["text.min-size": 2, "text.fixed-size": 2, "text.light-weight": 2, "text.heavy-weight": 2])
    }

    func testAComputedWeightHidesTheFontsOwnAndIsCountedForTheWeightRules() {
        XCTAssertEqual(unknown("""
                    Text("A").font(.system(size: 12, weight: .light)).fontWeight(weight)
                    Text("B").font(.body).bold(isActive)
            """), ["text.light-weight": 2, "text.heavy-weight": 2])
        let found = SwiftUISource.review(SwiftUISource.view("""
                    Text("A").font(.system(size: 12, weight: .light)).fontWeight(weight)
                    Text("B").font(.body).bold(isActive)
            """)).findings.map(\.rule)
        XCTAssertFalse(found.contains("text.light-weight"), "\(found)")
        XCTAssertFalse(found.contains("text.heavy-weight"), "\(found)")
    }

    func testLiteralFontsAndTextsWithoutAFontAreNotCounted() {
        XCTAssertEqual(unknown("""
                    VStack {
                        Text("A")
                        Text("B").font(.caption2)
                        Text("C").font(.system(size: 9))
                    }
            """), [:])
    }

    func testAViewShownInPlaceIsCountedOnceWhereItIsShown() {
        let source = """
            import SwiftUI

            struct Badge: View {
                var body: some View {
                    Button("Close") { }.frame(width: side, height: side)
                }
            }

            struct Home: View {
                var body: some View {
                    VStack {
                        Badge()
                        Badge()
                    }
                }
            }

            """
        guard case .imported(let file) = SwiftUISource.imported(source) else { return XCTFail("not imported") }
        XCTAssertEqual(file.screens.map(\.screen.name), ["Home"])
        XCTAssertEqual(file.unknown, ["buttons.hit-target": 1])
    }

    func testTheEngineKeepsTheCountsOfTheRulesThatAreOn() {
        let result = SwiftUISource.review(SwiftUISource.view("""
                    Button("A") { }.frame(width: side, height: 44)
                    Text("B").font(theme.body)
            """))
        XCTAssertEqual(result.unknown["buttons.hit-target"], 1)
        XCTAssertEqual(result.unknown["text.min-size"], 1)
        XCTAssertEqual(result.findings.map(\.rule), [])
    }
}
