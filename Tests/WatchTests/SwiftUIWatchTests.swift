#if HIGLINT_SWIFTUI
import Foundation
import TestSupport
import XCTest

/// The watcher reviews SwiftUI source like specs: a saved `.swift` file is reviewed again,
/// a new one is picked up, and the live report equals check's, unknown counts included.
final class SwiftUIWatchTests: XCTestCase {
    private static func home(size: String, side: String = "30") -> String {
        """
        import SwiftUI

        struct Home: View {
            var body: some View {
                VStack {
                    Text("Grüße").font(.system(size: \(size)))
                    Button("Close") { }
                        .frame(width: \(side), height: \(side))
                }
                .navigationTitle("Home")
            }
        }

        """
    }

    func testASavedSwiftFileIsReviewedAgainAndTheReportEqualsCheck() throws {
        let workspace = try Workspace()
        try workspace.write("tree/App/Home.swift", Self.home(size: "9"))
        try workspace.write("tree/App/Model.swift", "import Foundation\n\nstruct Model {}\n")
        try workspace.write("tree/specs/a.yaml", "screen: A\n")
        let daemon = try WatchDaemon(in: workspace)
        let first = try daemon.waitForStart()
        XCTAssertTrue(first.contains("font size 9 pt is under 11 pt"), first)
        XCTAssertTrue(first.contains("hit area 30x30 pt"), first)
        try daemon.assertMatchesCheck()

        try workspace.write("tree/App/Home.swift", Self.home(size: "12"))
        try waitUntil("the saved file's findings") {
            daemon.report.map { !$0.contains("font size 9 pt") && $0.contains("hit area 30x30 pt") } ?? false
        }
        try daemon.assertMatchesCheck()

        // A computed size: the finding goes and the report counts the button as unknown, as check does.
        try workspace.write("tree/App/Home.swift", Self.home(size: "12", side: "side"))
        try waitUntil("the computed size's count") { daemon.report?.contains("\"unknown\": [") == true }
        XCTAssertFalse(daemon.report?.contains("hit area") ?? true)
        try daemon.assertMatchesCheck()

        try workspace.write("tree/App/Other.swift", Self.home(size: "10").replacingOccurrences(of: "Home", with: "Other"))
        try waitUntil("the new file's findings") { daemon.report?.contains("tree/App/Other.swift") == true }
        try daemon.assertMatchesCheck()
    }
}
#endif
