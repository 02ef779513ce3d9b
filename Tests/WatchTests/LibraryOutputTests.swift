import Foundation
@testable import HiglintWatch
import XCTest

/// libinotifytools prints to stderr when it cannot remove a watch the kernel
/// already dropped; the daemon's stderr is its log, so the wrapper must keep
/// the library quiet. The real library, with a real dropped watch.
final class LibraryOutputTests: XCTestCase {
    func testRemovingADroppedWatchPrintsNothing() throws {
        let inotify: Inotify
        switch Inotify.open() {
        case .success(let opened): inotify = opened
        case .failure(let failure): throw XCTSkip("inotify is not available here: \(failure)")
        }
        let directory = "/tmp/higlint-library-\(UUID().uuidString)"
        XCTAssertEqual(mkdir(directory, 0o755), 0)
        guard case .success(let wd) = inotify.watch(directory, follow: true, isStale: { _ in false }) else {
            return XCTFail("cannot watch \(directory)")
        }
        // Deleted and its IN_IGNORED left unread: the library still thinks the watch is alive.
        XCTAssertEqual(rmdir(directory), 0)

        let capture = "/tmp/higlint-library-stderr-\(UUID().uuidString)"
        let file = open(capture, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let saved = dup(2)
        dup2(file, 2)
        let removed = inotify.remove(wd)
        dup2(saved, 2)
        close(saved)
        close(file)
        defer { unlink(capture) }

        XCTAssertFalse(removed, "the kernel had dropped the watch")
        XCTAssertEqual(try String(contentsOfFile: capture, encoding: .utf8), "", "nothing on stderr")
    }
}
