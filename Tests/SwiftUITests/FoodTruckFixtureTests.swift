import Foundation
import HiglintCore
import SwiftUIImporter
import TestSupport
import XCTest

/// Apple's Food Truck sample (Tests/Fixtures/swiftui/food-truck): real source parses
/// without a syntax finding, and the findings are those docs/swiftui.md goes through.
final class FoodTruckFixtureTests: XCTestCase {
    static let root = TestFixtures.url("swiftui/food-truck")

    func testTheFixturesFindingsAreTheReviewedOnes() throws {
        let files = try FileManager.default.subpathsOfDirectory(atPath: Self.root.path)
            .filter { $0.hasSuffix(".swift") }.sorted()
        XCTAssertGreaterThanOrEqual(files.count, 12)
        let engine = SwiftUISource.engine()
        var found: [String] = []
        for name in files {
            let url = Self.root.appendingPathComponent(name)
            let bytes = try [UInt8](Data(contentsOf: url))
            let result = engine.review(bytes, file: SpecFile(path: url.path, displayPath: name), with: SwiftUIImporter())
            found += result.findings.map { "\($0.rule) \(name):\($0.line):\($0.column) \($0.element ?? "-")" }
        }
        XCTAssertEqual(found, [
            "bars.nav-crowded App/Donut/DonutGallery.swift:62:9 -",
            "text.heavy-weight App/Store/RefundView.swift:34:25 Text \"Request a refund\"",
            "text.heavy-weight App/Store/RefundView.swift:89:17 Text(title)",
            "text.heavy-weight App/Store/SocialFeedPlusSettings.swift:116:21 Text(currentSubscriptionName)",
            "text.heavy-weight App/Store/SubscriptionStoreView.swift:144:17 Text \"Social Feed+\"",
            "text.heavy-weight App/Store/SubscriptionStoreView.swift:332:17 Text \"Start trial offer\"",
            "text.heavy-weight App/Store/SubscriptionStoreView.swift:332:17 Text \"Subscribe\"",
            "text.heavy-weight App/Truck/SocialFeedView.swift:85:21 Text \"Get Social Feed+\"",
            "text.heavy-weight App/Truck/SocialFeedView.swift:93:25 Text \"Get Started\"",
        ])
    }
}
