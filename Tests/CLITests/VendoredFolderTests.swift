import Foundation
import XCTest

/// `check .` in an app's repository reviews the app's specs, not the YAML of the packages,
/// pods and build products other tools keep in it; each such folder gets a note, and one
/// named on the command line is reviewed as asked.
final class VendoredFolderTests: XCTestCase {
    func testAWalkPassesVendoredFoldersOverWithANote() throws {
        let tree = try SpecTree()
        try tree.write("specs/home.yaml", "screen: Home\n")
        for folder in ["node_modules/left-pad", "ios/Pods/Alamofire", "Carthage/Checkouts/x", "DerivedData/App"] {
            try tree.write("\(folder)/config.yml", "name: not a spec\n")
        }
        let outcome = try HiglintProcess.run(["check", "."], in: tree.url)
        XCTAssertEqual(outcome.status, 0, outcome.stdout)
        XCTAssertEqual(outcome.stdout, "")
        for folder in ["Carthage", "DerivedData", "ios/Pods", "node_modules"] {
            XCTAssertTrue(
                outcome.stderr.contains("higlint: note: \(folder): skipped, a folder of other projects' code (name it to review it)\n"),
                outcome.stderr)
        }
        XCTAssertTrue(outcome.stderr.hasSuffix("1 file, 1 screen: 0 errors, 0 warnings, 0 infos\n"), outcome.stderr)
        let named = try HiglintProcess.run(["check", "node_modules"], in: tree.url)
        XCTAssertEqual(named.status, 1, "a named folder is reviewed: \(named.stdout)")
        XCTAssertTrue(named.stdout.contains("node_modules/left-pad/config.yml:1:1: error: screen: is missing"), named.stdout)
    }
}
