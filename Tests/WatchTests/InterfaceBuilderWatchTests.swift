import Foundation
import TestSupport
import XCTest

/// The watcher reviews Interface Builder files like specs: a saved storyboard is
/// re-reviewed, a skipped document is logged and listed, and the report equals check.
final class InterfaceBuilderWatchTests: XCTestCase {
    private static func storyboard(button: Int) -> String {
        IBTestFiles.storyboard(frame: (10, 100, button, button))
    }

    private static let macXib = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="3.0" toolsVersion="22505" targetRuntime="MacOSX.Cocoa">
            <objects/>
        </document>

        """

    func testASavedStoryboardIsReviewedAgain() throws {
        let workspace = try Workspace()
        try workspace.write("tree/Main.storyboard", Self.storyboard(button: 30))
        try workspace.write("tree/Mac.xib", Self.macXib)
        let daemon = try WatchDaemon(in: workspace)
        let first = try daemon.waitForStart()
        XCTAssertTrue(first.contains("frame 30x30 pt"), first)
        XCTAssertTrue(first.contains("\"skipped\": [{\"file\": \"tree/Mac.xib\""), first)
        try daemon.assertMatchesCheck()
        try daemon.waitForLog("tree/Mac.xib: skipped, a macOS document")

        try workspace.write("tree/Main.storyboard", Self.storyboard(button: 31))
        try waitUntil("the saved storyboard's finding") { daemon.report?.contains("frame 31x31 pt") == true }
        try daemon.assertMatchesCheck()

        try workspace.write("tree/Main.storyboard", Self.storyboard(button: 44))
        try waitUntil("the fixed storyboard's finding to go") { daemon.report?.contains("frame 31x31 pt") == false }
        XCTAssertFalse(daemon.report?.contains("buttons.hit-target") ?? true)
        try daemon.assertMatchesCheck()
    }
}

/// An app's Info.plist is reviewed with its IB files (its app-wide facts are reported once,
/// at the plist's line): the watcher reviews it again when it changes, so the report still
/// equals check.
final class InterfaceBuilderDependencyWatchTests: XCTestCase {
    func testEditingTheAppsInfoPlistReviewsItsIBFilesAgain() throws {
        let app = TestFixtures.simplenote
        let workspace = try Workspace()
        try FileManager.default.copyItem(at: app, to: workspace.url.appendingPathComponent("tree"))
        let plist = "tree/Simplenote/Supporting Files/Simplenote-Info.plist"
        let daemon = try WatchDaemon(in: workspace)
        let first = try daemon.waitForStart()
        XCTAssertFalse(first.contains("orientation.ipad-all"), "Simplenote supports every orientation")
        try daemon.assertMatchesCheck()

        let text = try XCTUnwrap(workspace.read(plist))
        // The iPad's own list is what an iPad screen is judged by (`~ipad` wins over the shared one).
        let portraitOnly = text.replacingOccurrences(
            of: "\t<key>UISupportedInterfaceOrientations~ipad</key>\n\t<array>\n\t\t<string>UIInterfaceOrientationPortrait</string>\n\t\t<string>UIInterfaceOrientationPortraitUpsideDown</string>\n\t\t<string>UIInterfaceOrientationLandscapeLeft</string>\n\t\t<string>UIInterfaceOrientationLandscapeRight</string>\n\t</array>",
            with: "\t<key>UISupportedInterfaceOrientations~ipad</key>\n\t<array>\n\t\t<string>UIInterfaceOrientationPortrait</string>\n\t</array>")
        XCTAssertNotEqual(portraitOnly, text)
        try workspace.write(plist, portraitOnly)
        try waitUntil("the plist's change to reach the report") { daemon.report?.contains("orientation.ipad-all") == true }
        try daemon.assertMatchesCheck()
    }
}
