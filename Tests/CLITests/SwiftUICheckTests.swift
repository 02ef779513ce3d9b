#if HIGLINT_SWIFTUI
import Foundation
import XCTest

/// `higlint check` on a tree with SwiftUI source, as the built binary runs it: the findings
/// with the file, line and column of the call that causes them, beside specs.
final class SwiftUICheckTests: XCTestCase {
    static let home = """
        import SwiftUI

        struct HomeView: View {
            var body: some View {
                VStack {
                    Text("Terms apply")
                        .font(.system(size: 10))
                    Button {
                    } label: {
                        Image(systemName: "xmark")
                    }
                    .frame(width: 30, height: 30)
                }
                .navigationTitle("Home")
            }
        }

        """

    func testCheckPrintsTheFindingsOfASwiftUIFileAtTheirCalls() throws {
        let tree = try SpecTree()
        try tree.write("App/HomeView.swift", Self.home)
        try tree.write("App/Model.swift", "import Foundation\n\nstruct Model {}\n")
        try tree.write("specs/clean.yaml", "screen: Clean\n")
        let outcome = try HiglintProcess.run(["check", "."], in: tree.url)
        XCTAssertEqual(outcome.status, 1, outcome.stderr)
        XCTAssertEqual(outcome.stdout, """
            App/HomeView.swift:7:17: warning: Text "Terms apply": font has dynamic: false and ignores the user's text size (SwiftUI Text "Terms apply" in HomeView; a font of fixed size does not follow Dynamic Type) [text.fixed-size]
            App/HomeView.swift:7:17: error: Text "Terms apply": font size 10 pt is under 11 pt (SwiftUI Text "Terms apply" in HomeView; a font of fixed size does not follow Dynamic Type) [text.min-size]
            App/HomeView.swift:12:13: error: Button "xmark": hit area 30x30 pt is under 44x44 pt (SwiftUI Button "xmark" in HomeView; its tap area is the literal frame and padding, and without .contentShape only its visible content takes taps) [buttons.hit-target]

            """)
        // The file that draws no SwiftUI is no error and no line of its own.
        XCTAssertEqual(outcome.stderr, "3 files, 2 screens: 2 errors, 1 warning, 0 infos (2 fixable with --fix --unsafe-fixes)\n")
    }

    func testJSONNamesTheRuleFileAndPosition() throws {
        let tree = try SpecTree()
        try tree.write("HomeView.swift", Self.home)
        let outcome = try HiglintProcess.run(["check", ".", "--format", "json"], in: tree.url)
        XCTAssertEqual(outcome.status, 1, outcome.stderr)
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        let findings = try XCTUnwrap(report["findings"] as? [[String: Any]])
        let hit = try XCTUnwrap(findings.first { $0["rule"] as? String == "buttons.hit-target" })
        XCTAssertEqual(hit["file"] as? String, "HomeView.swift")
        XCTAssertEqual(hit["line"] as? Int, 12)
        XCTAssertEqual(hit["column"] as? Int, 13)
        XCTAssertEqual(hit["screen"] as? String, "HomeView")
        XCTAssertEqual(hit["element"] as? String, "Button \"xmark\"")
    }
}
#endif
