#if HIGLINT_SWIFTUI
import Foundation
import XCTest

/// `higlint check --fix --unsafe-fixes` edits SwiftUI source: a fixed `.system(size:)`
/// becomes the nearest text style and a light `.fontWeight` regular; both change the look,
/// so plain `--fix` leaves the file alone.
final class SwiftUIFixTests: XCTestCase {
    static let source = """
        import SwiftUI

        struct Home: View {
            var body: some View {
                VStack {
                    Text("Terms").font(.system(size: 9))
                    Text("Price").font(Font.system(size: 14.5, weight: .bold))
                    Text("Intro").fontWeight(.light)
                    Text("Wide").font(.system(size: 12, design: .rounded))
                }
            }
        }

        """

    func testUnsafeFixesRewriteTheFontsAndPlainFixLeavesThem() throws {
        let tree = try SpecTree()
        try tree.write("Home.swift", Self.source)
        let plain = try HiglintProcess.run(["check", ".", "--fix"], in: tree.url)
        XCTAssertEqual(try String(contentsOf: tree.url.appendingPathComponent("Home.swift"), encoding: .utf8), Self.source, plain.stderr)
        XCTAssertTrue(plain.stderr.contains("more with --unsafe-fixes"), plain.stderr)

        let fixed = try HiglintProcess.run(["check", ".", "--fix", "--unsafe-fixes"], in: tree.url)
        let text = try String(contentsOf: tree.url.appendingPathComponent("Home.swift"), encoding: .utf8)
        XCTAssertEqual(text, Self.source
            .replacingOccurrences(of: ".font(.system(size: 9))", with: ".font(.caption2)")
            .replacingOccurrences(of: ".font(Font.system(size: 14.5, weight: .bold))", with: ".font(.subheadline.weight(.bold))")
            .replacingOccurrences(of: ".fontWeight(.light)", with: ".fontWeight(.regular)"), fixed.stderr)
        // The design has no text style to keep it: its fixed size is left, and still reported.
        XCTAssertTrue(fixed.stdout.contains("Home.swift:9:25: warning: Text \"Wide\": font has dynamic: false"), fixed.stdout)
        XCTAssertFalse(fixed.stdout.contains("text.min-size"), fixed.stdout)
        XCTAssertFalse(fixed.stdout.contains("text.light-weight"), fixed.stdout)
    }

    func testDiffShowsTheEditWithoutWriting() throws {
        let tree = try SpecTree()
        try tree.write("Home.swift", Self.source)
        let outcome = try HiglintProcess.run(["check", ".", "--fix", "--unsafe-fixes", "--diff"], in: tree.url)
        XCTAssertTrue(outcome.stdout.contains("\n-            Text(\"Terms\").font(.system(size: 9))\n"), outcome.stdout)
        XCTAssertTrue(outcome.stdout.contains("\n+            Text(\"Terms\").font(.caption2)\n"), outcome.stdout)
        XCTAssertEqual(try String(contentsOf: tree.url.appendingPathComponent("Home.swift"), encoding: .utf8), Self.source)
    }
}
#endif
