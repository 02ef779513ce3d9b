import HiglintCore
import SwiftUIImporter
import XCTest

/// Literal colours read into the model for `text.contrast`: named colours with their light
/// and dark values, `Color(red:green:blue:opacity:)`, `Color(white:)`, `.opacity`, and
/// backgrounds; anything computed is unknown, counted, and never a finding.
final class SwiftUIColorTests: XCTestCase {
    private func review(_ body: String) -> FileResult {
        SwiftUISource.review(SwiftUISource.view(body))
    }

    private func contrast(_ body: String) -> [Finding] {
        review(body).findings.filter { $0.rule == "text.contrast" }
    }

    func testAGrayJustUnder4point5IsAFindingAndJustOverIsNot() {
        XCTAssertEqual(contrast("""
                    Text("Terms").foregroundColor(Color(white: 0.465))
            """).count, 0, "4.505:1")
        let under = contrast("""
                    Text("Terms").foregroundColor(Color(white: 0.466))
            """)
        XCTAssertEqual(under.count, 1)
        XCTAssertEqual(under.first.map { "\($0.line):\($0.column)" }, "5:22", "at the .foregroundColor")
        XCTAssertTrue(under.first?.message.hasPrefix("#777777 on #FFFFFF is 4.48:1, under 4.5:1") ?? false, under.first?.message ?? "")
        XCTAssertEqual(under.first?.element, "Text \"Terms\"")
    }

    func testLargeTextHas3To1() {
        XCTAssertEqual(contrast("""
                    Text("Title").font(.system(size: 18)).foregroundStyle(Color(red: 0.58, green: 0.58, blue: 0.58))
            """).count, 0, "3.04:1 at 18 pt")
        let under = contrast("""
                    Text("Title").font(.system(size: 18)).foregroundStyle(Color(red: 0.585, green: 0.585, blue: 0.585))
            """)
        XCTAssertEqual(under.count, 1)
        XCTAssertTrue(under.first?.message.contains("is 2.98:1, under 3:1") ?? false, under.first?.message ?? "")
    }

    func testNamedColoursAdaptToTheAppearance() {
        // systemBlue: #007AFF on white fails, #0A84FF on black passes.
        let blue = contrast("""
                    Text("Link").foregroundStyle(.blue)
            """)
        XCTAssertEqual(blue.map(\.message.description).count, 1)
        XCTAssertTrue(blue.first?.message.hasPrefix("#007AFF on #FFFFFF is 4.01:1, under 4.5:1 in the light appearance") ?? false,
                      blue.first?.message ?? "")
        // Black text is invisible on the dark system background.
        let black = contrast("""
                    Text("Hi").foregroundColor(Color.black)
            """)
        XCTAssertEqual(black.count, 1)
        XCTAssertTrue(black.first?.message.hasPrefix("#000000 on #000000 is 1.00:1") ?? false, black.first?.message ?? "")
        XCTAssertEqual(contrast("""
                    Text("Hi").foregroundStyle(.primary)
                    Text("Hi").foregroundColor(.gray).background(Color.black)
            """).count, 0, "the label colour, and systemGray on black at 6.44:1")
    }

    func testBackgroundsAndOpacityAreCompositedBehindTheText() {
        let white = contrast("""
                    Button("Go") { }
                        .foregroundColor(.white)
                        .background(Color(red: 0, green: 0.478, blue: 1))
            """)
        XCTAssertEqual(white.count, 1)
        XCTAssertEqual(white.first?.element, "Button \"Go\"")
        XCTAssertTrue(white.first?.message.hasPrefix("#FFFFFF on #007AFF is") ?? false, white.first?.message ?? "")
        let faded = contrast("""
                    Text("Faded").foregroundColor(.black.opacity(0.5))
            """)
        XCTAssertTrue(faded.first?.message.hasPrefix("#808080 on #FFFFFF") ?? false, faded.first?.message ?? "")
        // A colour first in a ZStack is behind the rest: gray on #333333 fails.
        let stacked = contrast("""
                    ZStack {
                        Color(white: 0.2).ignoresSafeArea()
                        Text("Over").foregroundColor(.gray)
                    }
            """)
        XCTAssertEqual(stacked.count, 1)
        XCTAssertTrue(stacked.first?.message.hasPrefix("#8E8E93 on #333333") ?? false, stacked.first?.message ?? "")
        // The outer of two backgrounds is further back; the inner is what the text is on.
        XCTAssertEqual(contrast("""
                    Text("Hi").foregroundColor(.white).background(.black).background(.white)
            """).count, 0)
    }

    func testComputedColoursAndUnknownBackdropsAreCountedNotGuessed() {
        let result = review("""
                    VStack {
                        Text("A").foregroundColor(theme.text)
                        Text("B").foregroundColor(Color("Brand"))
                        Text("C").foregroundColor(.gray).background(.ultraThinMaterial)
                        Text("D").foregroundStyle(LinearGradient(colors: [.red, .blue], startPoint: .top, endPoint: .bottom))
                        Image("photo").overlay { Text("E").foregroundColor(.gray) }
                        ZStack {
                            Image("photo")
                            Text("F").foregroundColor(.gray)
                        }
                        Button("G") { }.foregroundColor(.white).buttonStyle(.borderedProminent)
                        List { Text("H").foregroundColor(.gray) }
                        Text("I").foregroundColor(.gray).background { Image("photo") }
                    }
            """)
        XCTAssertEqual(result.findings.filter { $0.rule == "text.contrast" }.map(\.message), [])
        XCTAssertEqual(result.unknown["text.contrast"], 9)
    }

    func testAWidgetsViewsAreOnTheSystemsBackgroundSoTheirColoursAreCounted() {
        let source = SwiftUISource.view("""
                    Text("Remaining").foregroundStyle(.secondary)
            """).replacingOccurrences(of: "import SwiftUI\n", with: "import SwiftUI\nimport WidgetKit\n")
        let result = SwiftUISource.review(source)
        XCTAssertEqual(result.findings.filter { $0.rule == "text.contrast" }.count, 0)
        XCTAssertEqual(result.unknown["text.contrast"], 1)
        // The same view in an app's file is on the system background: the secondary label is 3.43:1 there.
        XCTAssertEqual(contrast("""
                    Text("Remaining").foregroundStyle(.secondary)
            """).map { String($0.message.prefix(35)) }, ["#8A8A8E on #FFFFFF is 3.43:1, under"])
    }

    func testTextWithoutAColourInTheFileIsNeitherJudgedNorCounted() {
        let result = review("""
                    Text("Plain").background(Color.black)
            """)
        XCTAssertEqual(result.findings.filter { $0.rule == "text.contrast" }.count, 0)
        XCTAssertNil(result.unknown["text.contrast"])
    }
}
