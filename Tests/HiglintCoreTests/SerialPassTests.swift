@testable import HiglintCore
import HiglintPlugins
import XCTest

/// The work before and after the parallel review takes shortcuts (a walk that lists files
/// in report order, a merge instead of a sort, values moved rather than copied, findings
/// rendered in pieces). Each test compares a shortcut with the plain answer.
final class SerialPassTests: XCTestCase {
    // MARK: - Discovery

    /// Names whose byte order differs from a plain walk's: `-` and `.` sort before `/`,
    /// upper case before lower, composed and decomposed accents, a directory named like a spec.
    private static let tree = [
        "a.yaml", "a-b.yaml", "a/x.yaml", "a/b/c.yaml", "a b/c.yaml", "ab.yaml", "A.yaml", "B/a.yml",
        "é.yaml", "e\u{301}.yaml", "z/😀.yml", "z/\u{FFFD}.yaml", "d.yaml/inner.yaml", "d.yamlx.yaml",
        "deep/1/2/3/4/5/6/7/8/9/x.yaml", "deep/1.yaml", "deep/1/2.yaml", "n/notes.txt", ".hidden/h.yaml",
    ]

    private func makeTree() throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("higlint-walk-\(getpid())-\(UUID().uuidString)")
        for path in Self.tree {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("screen: S\n".utf8).write(to: url)
        }
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        return root.path
    }

    private func assertPlainOrder(_ outcome: SpecDiscovery.Outcome, _ discovery: SpecDiscovery, _ what: String) {
        let plain = outcome.files.sorted { $0.displayPath.utf8.lexicographicallyPrecedes($1.displayPath.utf8) }
        XCTAssertEqual(outcome.files, plain, what)
        for file in outcome.files {
            XCTAssertEqual(file.displayPath, discovery.displayPath(for: file.path), what)
        }
    }

    func testWalkListsFilesInReportOrderFromAnyWorkingDirectory() throws {
        let root = try makeTree()
        let specs = Self.tree.filter { !$0.hasPrefix(".") && SpecDiscovery.isSpecName($0) }
        for (directory, paths) in [
            (root, ["."]), (root + "/a", [".."]), (root + "/deep/1/2", ["../../.."]), (root, ["a", ".", "z/😀.yml"]),
            (root + "/z", ["../a", ".."]), ("/", [String(root.dropFirst())]),
        ] {
            let discovery = SpecDiscovery(exclude: [], workingDirectory: directory)
            let outcome = discovery.discover(paths)
            assertPlainOrder(outcome, discovery, "\(directory) \(paths)")
            // Every file once, `é` and `e` with a combining accent both: paths compare by bytes.
            XCTAssertEqual(outcome.files.map { Array($0.path.utf8) }.sorted { $0.lexicographicallyPrecedes($1) },
                           specs.map { Array((root + "/" + $0).utf8) }.sorted { $0.lexicographicallyPrecedes($1) },
                           "\(directory) \(paths)")
        }
    }

    func testWalkSkipsExcludedDirectoriesAndFiles() throws {
        let root = try makeTree()
        let discovery = SpecDiscovery(exclude: ["deep/**", "a/b/**", "*.yml"], workingDirectory: root)
        let outcome = discovery.discover(["."])
        assertPlainOrder(outcome, discovery, "excluded")
        XCTAssertFalse(outcome.files.contains { $0.displayPath.hasPrefix("deep/") || $0.displayPath.hasPrefix("a/b/") })
        XCTAssertFalse(outcome.files.contains { $0.displayPath.hasSuffix(".yml") })
        XCTAssertTrue(outcome.files.contains { $0.displayPath == "a/x.yaml" })
    }
}
