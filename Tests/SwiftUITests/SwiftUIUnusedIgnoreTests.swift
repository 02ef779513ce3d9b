import HiglintCore
import HiglintPlugins
import SwiftUIImporter
import XCTest

/// `// higlint:ignore RULE` comments that suppress nothing are reported as
/// `spec.unused-ignore`, as a spec's entries are, once per comment, by the project pass.
final class SwiftUIUnusedIgnoreTests: XCTestCase {
    private func findings(_ sources: [String: String], config: Config = Config()) -> [Finding] {
        let importer = SwiftUIImporter()
        let engine = Engine(plugins: BuiltinPlugins.all + [importer.plugin], importers: [importer], config: config)
        let results = sources.keys.sorted().map { path in
            engine.review(Array((sources[path] ?? "").utf8), file: SpecFile(path: "/nonexistent/\(path)", displayPath: path), with: importer)
        }
        return engine.report(results).findings
    }

    private func unused(_ source: String) -> [String] {
        findings(["Home.swift": source]).filter { $0.rule == "spec.unused-ignore" }.map { "\($0.line):\($0.column) \($0.message)" }
    }

    func testACommentThatSuppressesAFindingIsNotReported() {
        let found = findings(["Home.swift": SwiftUISource.view("""
                    // higlint:ignore text.min-size, text.fixed-size -- legal small print
                    Text("Terms").font(.system(size: 9))
            """)])
        XCTAssertEqual(found.map(\.rule), [])
    }

    func testACommentThatSuppressesNothingIsReportedAtItsRuleName() {
        XCTAssertEqual(unused(SwiftUISource.view("""
                    // higlint:ignore text.min-size buttons.hit-target
                    Text("Terms").font(.system(size: 9)).fontWeight(.regular) // higlint:ignore text.fixed-size
            """)), [
            "5:41 ignore entry \"buttons.hit-target\" suppresses no finding of element \"Text \"Terms\"\"",
        ])
    }

    func testFileCommentsAndCommentsAwayFromEveryElementAreReportedOnTheFirstScreen() {
        XCTAssertEqual(unused("""
            // higlint:ignore-file text.contrast
            import SwiftUI

            struct Home: View {
                var body: some View {
                    Text("Hi")
                }
            }

            // higlint:ignore layout

            """), [
            "1:24 ignore entry \"text.contrast\" suppresses no finding of this screen",
            "10:19 ignore entry \"layout\" suppresses no finding of this screen",
        ])
    }

    func testAnEntryUsedOnAnyScreenOfTheFileIsUsed() {
        // `Badge` is its own screen here (no view of the file shows it); its comment is used there.
        XCTAssertEqual(unused("""
            import SwiftUI

            struct Home: View {
                var body: some View {
                    Text("Hi")
                }
            }

            struct Badge: View {
                var body: some View {
                    // higlint:ignore buttons.hit-target
                    Button("x") { }.frame(width: 20, height: 20)
                }
            }

            """), [])
    }

    func testUnknownNamesAreNotReportedAndTheRuleCanBeTurnedOffOrSuppressed() throws {
        XCTAssertEqual(unused(SwiftUISource.view("""
                    // higlint:ignore no.such-rule
                    Text("Hi")
            """)), [])
        let source = SwiftUISource.view("""
                    // higlint:ignore buttons.hit-target
                    Text("Hi")
            """)
        var config = try ConfigLoader(plugins: BuiltinPlugins.all).parse(Array("rules:\n  spec.unused-ignore: off\n".utf8), file: "c.yaml")
        config.baseDirectory = "/"
        XCTAssertEqual(findings(["Home.swift": source], config: config).map(\.rule), [])
        XCTAssertEqual(unused("// higlint:ignore-file spec.unused-ignore\n" + source), [])
    }
}
