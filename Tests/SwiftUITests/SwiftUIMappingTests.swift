import HiglintCore
import SwiftUIImporter
import XCTest

/// Small sources at the boundaries of what the importer reads: each finding at the call
/// that causes it, nothing where the source computes the value.
final class SwiftUIMappingTests: XCTestCase {
    private func findings(_ body: String, extra: String = "", rule: String? = nil) -> [Finding] {
        let found = SwiftUISource.review(SwiftUISource.view(body, extra: extra)).findings
        return rule.map { rule in found.filter { $0.rule == rule } } ?? found
    }

    private func place(_ finding: Finding?) -> String? {
        finding.map { "\($0.line):\($0.column)" }
    }

    func testButtonFramedJustUnder44IsAHitTargetAt44ItIsNot() {
        let under = findings("""
                    Button("Save") { }
                        .frame(width: 43.9, height: 44)
            """, rule: "buttons.hit-target")
        XCTAssertEqual(under.count, 1)
        // Line 6 is the `.frame` (line 5 the Button); column 13 its dot (the literal loses the test's indentation).
        XCTAssertEqual(place(under.first), "6:13")
        XCTAssertEqual(under.first?.element, "Button \"Save\"")
        XCTAssertTrue(under.first?.message.contains("43.9x44 pt is under 44x44 pt") ?? false, under.first?.message ?? "")
        XCTAssertTrue(under.first?.message.contains("without .contentShape") ?? false)
        XCTAssertTrue(under.first?.message.contains("in Home") ?? false)
        let exactly = findings("""
                    Button("Save") { }
                        .frame(width: 44, height: 44)
            """, rule: "buttons.hit-target")
        XCTAssertEqual(exactly.count, 0)
    }

    func testTheTapAreaIsTheLabelsFrameGrownByItsPadding() {
        let grown = findings("""
                    Button { } label: {
                        Image(systemName: "xmark")
                            .frame(width: 24, height: 24)
                            .padding(10)
                    }
            """, rule: "buttons.hit-target")
        XCTAssertEqual(grown.count, 0, "24 + 2 x 10 is 44")
        let short = findings("""
                    Button { } label: {
                        Image(systemName: "xmark")
                            .frame(width: 24, height: 24)
                            .padding(.horizontal, 10)
                    }
            """, rule: "buttons.hit-target")
        XCTAssertEqual(short.map(\.message.description).count, 1)
        XCTAssertEqual(place(short.first), "8:17", "the padding is the last call that sized it")
        XCTAssertTrue(short.first?.message.contains("44x24 pt") ?? false, short.first?.message ?? "")
        XCTAssertEqual(short.first?.element, "Button \"xmark\"")
    }

    func testComputedSizesAndDefaultPaddingStaySilent() {
        let silent = findings("""
                    Button("A") { }.frame(width: side, height: side)
                    Button("B") { }.frame(width: 30, height: 30).padding()
                    Button("C") { }.frame(maxWidth: .infinity).frame(height: 30)
                    Button("D") { }.frame(width: 30, height: 30).buttonStyle(.bordered)
                    List { Button("E") { }.frame(width: 30, height: 30) }
                    Text("F").font(.system(size: size))
                    Text("G").font(theme.captionFont)
            """)
        XCTAssertEqual(silent.map(\.rule), [], silent.map(\.message).joined(separator: "\n"))
    }

    func testSize10point9IsUnder11AndFixedWhile11IsNot() {
        let small = findings("""
                    Text("Terms").font(.system(size: 10.9))
            """)
        XCTAssertEqual(small.map(\.rule).sorted(), ["text.fixed-size", "text.min-size"])
        XCTAssertEqual(small.map(place).compactMap { $0 }, ["5:22", "5:22"], "at the `.font`")
        XCTAssertTrue(small.contains { $0.message.contains("does not follow Dynamic Type") })
        let eleven = findings("""
                    Text("Terms").font(.system(size: 11))
            """)
        XCTAssertEqual(eleven.map(\.rule), ["text.fixed-size"])
    }

    func testTextStylesScaleAtTheirDefaultSizesAndCustomSizeScales() {
        XCTAssertEqual(findings("""
                    Text("a").font(.caption2)
                    Text("b").font(.body)
                    Text("c").font(Font.largeTitle)
                    Text("d").font(.system(.footnote, design: .rounded))
                    Text("e").font(.custom("Avenir", size: 14))
            """).map(\.rule), [])
        let custom = findings("""
                    Text("a").font(.custom("Avenir", size: 10))
                    Text("b").font(.custom("Avenir", fixedSize: 12))
            """)
        XCTAssertEqual(custom.map(\.rule), ["text.min-size", "text.fixed-size"])
        XCTAssertEqual(custom.map(\.line), [5, 6])
    }

    func testScaledMetricSizesScale() {
        let found = findings("""
                    Text("a").font(.system(size: iconSize))
            """, extra: "    @ScaledMetric var iconSize: CGFloat = 10\n")
        XCTAssertEqual(found.map(\.rule), ["text.min-size"], "scaled, but still 10 pt at the Large setting")
    }

    func testWeightsFromTheFontTheModifiersAndTheEnvironment() {
        let found = findings("""
                    VStack {
                        Text("a")
                        Text("b").fontWeight(.regular)
                    }
                    .fontWeight(.ultraLight)
                    Text("c").font(.headline.weight(.light))
            """)
        XCTAssertEqual(found.map(\.rule), ["text.light-weight", "text.headline-weight", "text.light-weight"])
        XCTAssertEqual(found.map(\.element), ["Text \"a\"", "Text \"c\"", "Text \"c\""])
    }

    func testTheEnvironmentsFontReachesTheTextsInside() {
        let found = findings("""
                    VStack {
                        Text("a")
                        Text("b").font(.body)
                    }
                    .font(.system(size: 9))
            """, rule: "text.min-size")
        XCTAssertEqual(found.map(\.element), ["Text \"a\""])
        XCTAssertEqual(place(found.first), "9:9", "at the `.font` that sets it")
    }

    func testCodeForOtherPlatformsIsNotReviewedAsIPhoneCode() {
        let found = findings("""
                    #if os(macOS)
                    Text("mac").font(.system(size: 5))
                    #elseif os(iOS)
                    Text("phone").font(.caption2)
                    #endif
                    #if targetEnvironment(macCatalyst)
                    Text("catalyst").font(.system(size: 6))
                    #endif
                    #if canImport(UIKit)
                    Text("uikit").font(.system(size: 7))
                    #endif
                    Text("modifier")
                        #if os(watchOS)
                        .font(.system(size: 8))
                        #else
                        .font(.system(size: 9))
                        #endif
            """, rule: "text.min-size")
        XCTAssertEqual(found.map(\.element), ["Text \"uikit\"", "Text \"modifier\""])
        XCTAssertEqual(found.last?.line, 20)
    }

    func testComponentsAreReviewedWhereTheFileUsesThemAndOnceAlone() throws {
        let source = """
            import SwiftUI

            struct Home: View {
                var body: some View {
                    VStack {
                        Badge()
                        Badge()
                        header
                    }
                    .navigationTitle("Home")
                }

                var header: some View {
                    Text("Header").font(.system(size: 8))
                }
            }

            struct Badge: View {
                var body: some View {
                    Text("New").font(.system(size: 9))
                }
            }

            struct Unused: View {
                var body: some View { Text("Alone").font(.system(size: 10)) }
            }
            """
        let result = SwiftUISource.review(source)
        let small = result.findings.filter { $0.rule == "text.min-size" }
        XCTAssertEqual(small.map(\.screen), ["Home", "Home", "Unused"])
        XCTAssertEqual(small.map(\.line), [14, 20, 25])
        XCTAssertTrue(small[1].message.contains("in Badge, used in Home"), small[1].message)
        XCTAssertEqual(result.screenCount, 2)
    }

    func testTabsBarsAndTheStatusBar() {
        let source = """
            import SwiftUI

            struct Root: View {
                var body: some View {
                    TabView {
                        Text("1").tabItem { Label("One", systemImage: "1.circle") }
                        Text("2").tabItem { Label("Two", systemImage: "2.circle") }
                        Tab("Three", systemImage: "3.circle") { Text("3") }
                        Tab("Four", systemImage: "4.circle") { Text("4") }
                        Tab("Five", systemImage: "5.circle") { Text("5") }
                        Tab("Six", systemImage: "6.circle") { Text("6") }
                    }
                    .statusBarHidden(true)
                }
            }
            """
        let result = SwiftUISource.review(source)
        let rules = result.findings.map(\.rule)
        XCTAssertTrue(rules.contains("bars.tab-count"), "\(rules)")
        XCTAssertTrue(rules.contains("bars.status-bar-hidden"), "\(rules)")
        XCTAssertFalse(rules.contains("bars.tab-incomplete"), "every tab has a title and an icon")
        XCTAssertEqual(result.findings.first { $0.rule == "bars.status-bar-hidden" }?.line, 13)
    }

    func testToolbarItemsMakeTheNavigationBarAndCancelIsWhereBackIs() {
        let found = findings("""
                    Form { }
                        .navigationTitle("Edit")
                        .toolbar {
                            ToolbarItem(placement: .cancellationAction) { Button("Cancel") { } }
                            ToolbarItem(placement: .confirmationAction) { Button("Done") { } }
                        }
            """)
        XCTAssertEqual(found.map(\.rule), [])
        let crowded = findings("""
                    Form { }
                        .navigationTitle("Edit")
                        .toolbar {
                            ToolbarItemGroup(placement: .topBarTrailing) {
                                Button("Share") { }
                                Button("Edit") { }
                            }
                        }
            """)
        XCTAssertEqual(crowded.map(\.rule), ["bars.nav-crowded"])
    }

    func testTapGestureMakesAViewInteractiveSizedBeforeTheGesture() {
        let found = findings("""
                    Image(systemName: "star")
                        .frame(width: 20, height: 20)
                        .onTapGesture { }
                        .frame(width: 60, height: 60)
            """, rule: "buttons.hit-target")
        XCTAssertEqual(found.map(place), ["6:13"])
        XCTAssertTrue(found.first?.message.contains("with .onTapGesture") ?? false, found.first?.message ?? "")
    }
}
