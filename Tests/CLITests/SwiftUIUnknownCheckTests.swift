#if HIGLINT_SWIFTUI
import Foundation
import XCTest

/// The real `higlint check --format json` counts what a SwiftUI file left unknown, per file
/// and rule, for the rules the config leaves on.
final class SwiftUIUnknownCheckTests: XCTestCase {
    static let computed = """
        import SwiftUI

        struct Settings: View {
            let side: CGFloat
            let theme: Theme
            var body: some View {
                VStack {
                    Button("Close") { }
                        .frame(width: side, height: side)
                    Text("Terms").font(theme.caption)
                    Text("Small").font(.system(size: 9))
                }
            }
        }

        """

    private func report(_ tree: SpecTree) throws -> [String: Any] {
        let outcome = try HiglintProcess.run(["check", ".", "--format", "json"], in: tree.url)
        XCTAssertEqual(outcome.status, 1, outcome.stderr)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any], outcome.stdout)
    }

    func testTheJSONReportCountsTheComputedSizeAndFont() throws {
        let tree = try SpecTree()
        try tree.write("App/Settings.swift", Self.computed)
        let unknown = try XCTUnwrap(report(tree)["unknown"] as? [[String: Any]])
        let counts = unknown.map { "\($0["file"] as? String ?? "?") \($0["rule"] as? String ?? "?") \($0["elements"] as? Int ?? -1)" }
        XCTAssertEqual(counts, [
            "App/Settings.swift buttons.hit-target 1",
            "App/Settings.swift text.fixed-size 1",
            "App/Settings.swift text.heavy-weight 1",
            "App/Settings.swift text.light-weight 1",
            "App/Settings.swift text.min-size 1",
        ])
    }

    func testARuleTurnedOffIsNotCountedAndAFileWithNothingUnknownWritesNoMember() throws {
        let tree = try SpecTree()
        try tree.write("App/Settings.swift", Self.computed)
        try tree.write(".higlint.yaml", "rules:\n  buttons.hit-target: off\n  text.light-weight: off\n  text.heavy-weight: off\n")
        let unknown = try XCTUnwrap(report(tree)["unknown"] as? [[String: Any]])
        XCTAssertEqual(unknown.compactMap { $0["rule"] as? String }, ["text.fixed-size", "text.min-size"])

        let literal = try SpecTree()
        try literal.write("App/Small.swift", SwiftUICheckTests.home)
        XCTAssertNil(try report(literal)["unknown"])
    }
}
#endif

#if HIGLINT_SWIFTUI
/// The real `higlint check` reports a suppression comment that suppresses nothing, beside the
/// findings a used one hides, as it reports a spec's unused `ignore` entry.
final class SwiftUIUnusedIgnoreCheckTests: XCTestCase {
    func testAnUnusedCommentIsAnInfoAtItsRuleName() throws {
        let tree = try SpecTree()
        try tree.write("Home.swift", """
            import SwiftUI

            struct Home: View {
                var body: some View {
                    VStack {
                        // higlint:ignore text.min-size, text.fixed-size -- the legal small print
                        Text("Terms").font(.system(size: 9))
                        Text("Hi") // higlint:ignore buttons.hit-target
                    }
                }
            }

            """)
        let outcome = try HiglintProcess.run(["check", "."], in: tree.url)
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        XCTAssertEqual(outcome.stdout, """
            Home.swift:8:42: info: Text "Hi": ignore entry "buttons.hit-target" suppresses no finding of element "Text "Hi"" [spec.unused-ignore]

            """)
    }
}
#endif
