import Foundation
import XCTest

/// The watcher reviews Figma file responses like specs: a `.figma.json` saved anew, in place
/// or renamed over the old one as `higlint figma pull` saves it, is reviewed again, and the
/// live report, links included, equals check's.
final class FigmaWatchTests: XCTestCase {
    static let key = "Kq3ZPwLrB7mVxTn2aYdE9s"

    /// An iPhone 12 frame with one tappable layer of `button` points square.
    static func design(button: Int, version: Int) -> String {
        """
        {
          "document": {
            "id": "0:0", "name": "Document", "type": "DOCUMENT",
            "children": [
              {
                "id": "0:1", "name": "Screens", "type": "CANVAS",
                "children": [
                  {
                    "id": "1:2", "name": "Sign in", "type": "FRAME",
                    "absoluteBoundingBox": {"x": 0, "y": 0, "width": 390, "height": 844},
                    "children": [
                      {
                        "id": "1:3", "name": "Close", "type": "FRAME",
                        "absoluteBoundingBox": {"x": 16, "y": 50, "width": \(button), "height": \(button)},
                        "interactions": [{"trigger": {"type": "ON_CLICK"}, "actions": [{"type": "BACK"}]}]
                      }
                    ]
                  }
                ]
              }
            ]
          },
          "name": "App", "version": "\(version)"
        }

        """
    }

    /// As the pull saves: a new file beside the old, renamed over it.
    private func saveByRename(_ workspace: Workspace, _ relative: String, _ contents: String) throws {
        let temp = relative + ".tmp-\(UUID().uuidString)"
        try workspace.write(temp, contents)
        guard rename(workspace.at(temp), workspace.at(relative)) == 0 else { throw WorkspaceError("rename failed") }
    }

    func testASavedFigmaFileIsReviewedAgain() throws {
        let workspace = try Workspace()
        let file = "tree/design/\(Self.key).figma.json"
        try workspace.write(file, Self.design(button: 30, version: 1))
        let daemon = try WatchDaemon(in: workspace)
        let first = try daemon.waitForStart()
        XCTAssertTrue(first.contains("\"message\": \"frame 30x30 pt is under 44x44 pt (Figma FRAME, node 1:3)\""), first)
        XCTAssertTrue(first.contains("\"url\": \"https://www.figma.com/design/\(Self.key)/?node-id=1-3\""), first)
        try daemon.assertMatchesCheck()

        try saveByRename(workspace, file, Self.design(button: 31, version: 2))
        try waitUntil("the pulled version's finding") { daemon.report?.contains("frame 31x31 pt") == true }
        try daemon.assertMatchesCheck()

        try workspace.write(file, Self.design(button: 44, version: 3))
        try waitUntil("the fixed design's finding to go") { daemon.report?.contains("frame 31x31 pt") == false }
        XCTAssertFalse(daemon.report?.contains("buttons.hit-target") ?? true)
        try daemon.assertMatchesCheck()

        // A download cut short is one finding where it ends, and goes when the file is whole again.
        try saveByRename(workspace, file, String(Self.design(button: 20, version: 4).prefix(400)))
        try waitUntil("the cut file's finding") { daemon.report?.contains("figma.syntax") == true }
        try daemon.assertMatchesCheck()
        try saveByRename(workspace, file, Self.design(button: 20, version: 5))
        try waitUntil("the whole file's finding") { daemon.report?.contains("frame 20x20 pt") == true }
        XCTAssertFalse(daemon.report?.contains("figma.syntax") ?? true)
        try daemon.assertMatchesCheck()
        XCTAssertEqual(daemon.foreignLines, [])
    }
}
