import Foundation
import XCTest

/// Case 6: more events than the kernel queue holds while the daemon is busy.
/// A real overflow, no seam: the daemon is stopped (as if busy) while more
/// distinct events than fs.inotify.max_queued_events are made, so the kernel
/// drops the rest and queues IN_Q_OVERFLOW (wd -1), which the library ignores.
final class OverflowTests: XCTestCase {
    func testOverflowLeadsToAFullRescanThatMatchesTheDisk() throws {
        let workspace = try Workspace()
        try workspace.write("tree/a.yaml", Specs.screen("A", button: 20))
        try workspace.write("tree/b.yaml", Specs.screen("B", button: 21))
        try workspace.write("tree/sub/c.yaml", Specs.screen("C", button: 22))
        try workspace.write("tree/gone/d.yaml", Specs.screen("D", button: 23))
        let daemon = try WatchDaemon(in: workspace)
        try daemon.waitForStart()

        let text = (try? String(contentsOfFile: "/proc/sys/fs/inotify/max_queued_events", encoding: .utf8)) ?? "16384"
        let queue = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 16384
        guard queue <= 2_000_000 else {
            throw XCTSkip("fs.inotify.max_queued_events is \(queue): too many events to overflow it in a test")
        }

        try daemon.pause()
        // Alternating files: identical consecutive events would be merged into one.
        let a = workspace.at("tree/a.yaml")
        let b = workspace.at("tree/b.yaml")
        for index in 0..<(queue + 200) {
            chmod(index % 2 == 0 ? a : b, index % 4 < 2 ? 0o644 : 0o640)
        }
        // These events are lost in the overflow: only the rescan can see them.
        try workspace.write("tree/sub/c.yaml", Specs.screen("C", button: 24))
        try workspace.remove("tree/gone")
        try workspace.write("tree/new/e.yaml", Specs.screen("E", button: 25))
        daemon.resume()

        try daemon.waitForLog("the inotify event queue overflowed, full rescan")
        try daemon.assertMatchesCheck()
        XCTAssertTrue(daemon.report?.contains("frame 24x24 pt") ?? false)
        // The rescan names what changed, not every file it read again (a and b were only chmodded).
        let rescan = try XCTUnwrap(daemon.updateLines.first { $0.contains("full rescan") })
        XCTAssertTrue(rescan.contains("full rescan: tree/new/e.yaml added; tree/sub/c.yaml changed; tree/gone/d.yaml removed ("), rescan)

        // Watching goes on afterwards, including in the directory the rescan found.
        try workspace.write("tree/new/e.yaml", Specs.screen("E", button: 26))
        try daemon.assertMatchesCheck()
        XCTAssertTrue(daemon.report?.contains("frame 26x26 pt") ?? false)
    }
}
