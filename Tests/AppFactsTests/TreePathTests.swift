import HiglintCore
@testable import XcodeAppFacts
import XCTest

/// The group tree's byte-wise join against `FileSystem.absolute`, which it stands in for.
final class TreePathTests: XCTestCase {
    private static let bases = [
        "/", "/a", "/work/app", "/work/app/Base.lproj", "/a b/c", "/.hidden/x", "/a/...", "/a/b.",
        "/a//b", "/a/./b", "/a/../b", "/a/b/", "/café/x", "/a/\u{301}b", "relative", "", "/a/..", "/..", "/.",
    ]
    private static let relatives = [
        "x", "x.storyboard", "Base.lproj/Main.storyboard", "a b/c d", ".", "..", "../x", "../../..", "../../../../y",
        "./x", "x/.", "x/..", "x/", "x//y", "...", "..x", "x..", ".x", "é", "x/é", "/abs", "//x", "x/./../y/", "\u{301}",
        "a\r\nb", "../Icons.xcassets",
    ]

    func testAppendingIsWhatFileSystemAbsoluteGives() {
        for base in Self.bases {
            let directory = TreePath(base)
            for relative in Self.relatives {
                let joined = directory.appending(relative)
                let expected = FileSystem.absolute(relative, relativeTo: base)
                XCTAssertEqual(joined.path, expected, "\(base) + \(relative)")
                XCTAssertEqual(joined.isPlain, TreePath.isPlain(expected), "\(base) + \(relative)")
                // And again from the result, as the walk goes down the tree.
                for next in ["y", "..", "../z", "é"] {
                    XCTAssertEqual(joined.appending(next).path, FileSystem.absolute(next, relativeTo: expected), "\(expected) + \(next)")
                }
            }
        }
    }

    /// Plain is exactly "`FileSystem.absolute` leaves it as it is, and it is ASCII".
    func testAPathIsPlainWhenAbsoluteLeavesItAndItIsASCII() {
        for path in Self.bases + Self.relatives + ["/a/b/c", "/a\u{7F}", "/\u{80}"] {
            let ascii = path.utf8.allSatisfy { $0 < 0x80 }
            XCTAssertEqual(TreePath.isPlain(path), ascii && FileSystem.absolute(path) == path, path)
        }
        XCTAssertTrue(TreePath.isPlain("/"))
        XCTAssertFalse(TreePath.isPlain("/a/"))
        XCTAssertFalse(TreePath.isPlain("/a/.."))
        XCTAssertFalse(TreePath.isPlain("/é"))
    }
}
