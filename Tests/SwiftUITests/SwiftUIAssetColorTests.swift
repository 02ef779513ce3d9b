import Foundation
import HiglintCore
import HiglintPlugins
import SwiftUIImporter
import TestSupport
import XCTest

/// `Color("Name")` is the app's asset-catalog colour of that name, as Interface Builder's
/// named colours are: read from the colour sets near the file, up to the project's folder,
/// with their appearances; a name no catalog holds stays unknown and is counted.
final class SwiftUIAssetColorTests: XCTestCase {
    func testANamedColourIsTheCatalogsInEachAppearance() throws {
        let project = try ColorSetProject("higlint-swiftui-assets")
        defer { project.remove() }
        // #767676 passes on white (4.54:1); the dark value #333333 fails on black.
        let contents = try project.colorSet(
            "App/Assets.xcassets/Caption.colorset", light: ("0x76", "0x76", "0x76"), dark: ("0.200", "0.200", "0.200"))
        let views = project.root.appendingPathComponent("App/Views")
        try FileManager.default.createDirectory(at: views, withIntermediateDirectories: true)
        let source = SwiftUISource.view("""
                VStack {
                    Text("Caption").foregroundColor(Color("Caption"))
                    Text("Other").foregroundColor(Color("Missing"))
                }
            """)
        let path = views.appendingPathComponent("Home.swift").path
        let result = SwiftUISource.engine().review(
            Array(source.utf8), file: SpecFile(path: path, displayPath: "Home.swift"), with: SwiftUIImporter())
        let contrast = result.findings.filter { $0.rule == "text.contrast" }.map(\.message)
        XCTAssertEqual(contrast.count, 1, "\(contrast)")
        XCTAssertTrue(contrast.first?.hasPrefix("#333333 on #000000 is 1.66:1, under 4.5:1 in the dark appearance") == true, "\(contrast)")
        XCTAssertEqual(result.unknown["text.contrast"], 1, "the missing name is counted: \(result.unknown)")
        XCTAssertTrue(result.dependencies.contains(contents.path), "\(result.dependencies)")
    }
}
