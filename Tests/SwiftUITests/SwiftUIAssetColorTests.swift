import Foundation
import HiglintCore
import HiglintPlugins
import SwiftUIImporter
import XCTest

/// `Color("Name")` is the app's asset-catalog colour of that name, as Interface Builder's
/// named colours are: read from the colour sets near the file, up to the project's folder,
/// with their appearances; a name no catalog holds stays unknown and is counted.
final class SwiftUIAssetColorTests: XCTestCase {
    func testANamedColourIsTheCatalogsInEachAppearance() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("higlint-swiftui-assets-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let files = FileManager.default
        try files.createDirectory(at: root.appendingPathComponent("App.xcodeproj"), withIntermediateDirectories: true)
        // #767676 passes on white (4.54:1); the dark value #333333 fails on black.
        let set = root.appendingPathComponent("App/Assets.xcassets/Caption.colorset")
        try files.createDirectory(at: set, withIntermediateDirectories: true)
        try Data("""
            {"colors": [
              {"color": {"color-space": "srgb", "components": {"alpha": "1.000", "blue": "0x76", "green": "0x76", "red": "0x76"}}, "idiom": "universal"},
              {"appearances": [{"appearance": "luminosity", "value": "dark"}],
               "color": {"color-space": "srgb", "components": {"alpha": "1.000", "blue": "0.200", "green": "0.200", "red": "0.200"}}, "idiom": "universal"}
            ], "info": {"author": "xcode", "version": 1}}
            """.utf8).write(to: set.appendingPathComponent("Contents.json"))
        let views = root.appendingPathComponent("App/Views")
        try files.createDirectory(at: views, withIntermediateDirectories: true)
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
        XCTAssertTrue(result.dependencies.contains(set.appendingPathComponent("Contents.json").path), "\(result.dependencies)")
    }
}
