import Foundation
@testable import HiglintCore
import XCTest

/// Someone who can write the directory of a file we write (a shared output folder, /tmp)
/// plants links at the names our temp files could take, or at the target itself: the
/// files the links point at stay as they were, whatever the writer chooses.
final class PlantedLinkTests: XCTestCase {
    private var directory = ""
    private var victim = ""
    private let victimText = "precious\n"

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "planted-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        chmod(directory, 0o1777)
        victim = directory + "-victim"
        try victimText.write(toFile: victim, atomically: false, encoding: .utf8)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: directory)
        unlink(victim)
    }

    private var victimContents: String? { try? String(contentsOfFile: victim, encoding: .utf8) }

    /// Every name the writer tries is given here, and a link waits at all but the last.
    func testALinkAtEveryNameButTheLastIsPassedOver() throws {
        let target = directory + "/report.json"
        let names = ["aaaaaaaaaa", "bbbbbbbbbb", "cccccccccc", "dddddddddd"]
        for name in names.dropLast() {
            XCTAssertEqual(symlink(victim, directory + "/" + AtomicFile.tempPrefix(for: target) + name), 0)
        }
        var tried = names.makeIterator()
        let created = try AtomicFile.createTemp(for: target, suffix: { tried.next() ?? "zzzzzzzzzz" }).get()
        defer {
            close(created.fd)
            unlink(created.path)
        }
        XCTAssertEqual(created.path, directory + "/" + AtomicFile.tempPrefix(for: target) + "dddddddddd")
        XCTAssertEqual(write(created.fd, "overwritten", 11), 11)
        XCTAssertEqual(victimContents, victimText)
    }

    /// A dangling link is not a way to make us create a file elsewhere either.
    func testADanglingLinkIsNotFollowedToCreateItsTarget() throws {
        let target = directory + "/out.txt"
        let elsewhere = directory + "-created-through-link"
        XCTAssertEqual(symlink(elsewhere, directory + "/" + AtomicFile.tempPrefix(for: target) + "aaaaaaaaaa"), 0)
        var first = true
        let created = try AtomicFile.createTemp(for: target, suffix: {
            defer { first = false }
            return first ? "aaaaaaaaaa" : "bbbbbbbbbb"
        }).get()
        close(created.fd)
        unlink(created.path)
        XCTAssertFalse(FileManager.default.fileExists(atPath: elsewhere))
    }

    /// When every name is taken the write fails and names the directory, not a temp file.
    func testAWriterThatFindsEveryNameTakenFailsNamingTheDirectory() {
        let target = directory + "/out.txt"
        XCTAssertEqual(symlink(victim, directory + "/" + AtomicFile.tempPrefix(for: target) + "aaaaaaaaaa"), 0)
        let result = AtomicFile.createTemp(for: target, suffix: { "aaaaaaaaaa" })
        guard case .failure(let problem) = result else { return XCTFail("every name was a link") }
        XCTAssertEqual("\(problem)", "cannot create a file in \(directory): File exists")
        XCTAssertEqual(victimContents, victimText)
    }

    /// The rename puts a file where the link was; the link's target is not written through.
    func testALinkAtTheTargetIsReplacedNotWrittenThrough() throws {
        let target = directory + "/report.json"
        XCTAssertEqual(symlink(victim, target), 0)
        try AtomicFile.write("{}\n", to: target).get()
        XCTAssertEqual(victimContents, victimText)
        var info = stat()
        XCTAssertEqual(lstat(target, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFREG)
        XCTAssertEqual(try String(contentsOfFile: target, encoding: .utf8), "{}\n")
    }

    /// Names are not predictable: many writes of one target never reuse a name.
    func testNamesAreRandom() throws {
        var seen = Set<String>()
        for _ in 0..<500 {
            let created = try AtomicFile.createTemp(for: directory + "/r.json").get()
            close(created.fd)
            unlink(created.path)
            XCTAssertTrue(seen.insert(created.path).inserted)
        }
        XCTAssertEqual(AtomicFile.randomSuffix().count, 10)
    }
}
