import Foundation
import XCTest

/// A spec whose file name is not UTF-8 (Latin-1 `café.yaml`, byte 0xE9): no
/// Swift string can name it, so check and the watcher both skip it and say
/// so with the byte escaped, and neither calls it deleted.
final class NonUTF8NameTests: XCTestCase {
    private func createLatin1Spec(in workspace: Workspace) throws {
        var path = Array(workspace.at("tree/caf").utf8).map { CChar(bitPattern: $0) }
        path += [CChar(bitPattern: 0xE9)] + Array(".yaml".utf8).map { CChar(bitPattern: $0) } + [0]
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw WorkspaceError("cannot create the Latin-1 name: \(String(cString: strerror(errno)))") }
        let text = Array(Specs.screen("Cafe", button: 20).utf8)
        _ = text.withUnsafeBytes { Foundation.write(fd, $0.baseAddress, $0.count) }
        close(fd)
    }

    func testCheckAndWatchSkipItNamingTheByteNeverDeleted() throws {
        let workspace = try Workspace()
        try workspace.write("tree/home.yaml", Specs.screen("Home", button: 21))
        try createLatin1Spec(in: workspace)

        let checked = try Higlint.run([try Higlint.binary(), "check", "tree", "--fail-on", "never"], in: workspace.url)
        XCTAssertTrue(
            checked.stderr.contains("higlint: note: tree/caf\\xE9.yaml: skipped, it is named with bytes that are not UTF-8"),
            checked.stderr)
        XCTAssertFalse(checked.stderr.contains("deleted"), checked.stderr)

        let daemon = try WatchDaemon(in: workspace)
        try daemon.waitForStart()
        try daemon.assertMatchesCheck()
        XCTAssertFalse(daemon.log.contains("deleted"), daemon.log)
        // Its events change nothing, and the rest of the tree is still followed.
        try createLatin1Spec(in: workspace)
        try workspace.write("tree/home.yaml", Specs.screen("Home", button: 22))
        try daemon.assertMatchesCheck()
        XCTAssertEqual(daemon.foreignLines, [])
    }
}
