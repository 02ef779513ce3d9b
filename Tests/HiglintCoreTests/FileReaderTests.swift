@testable import HiglintCore
import Foundation
import Glibc
import XCTest

/// `FileReader` fills buffers it never zeroes first, so each test checks that exactly the
/// bytes `read` delivered come back, however `read` hands them over.
final class FileReaderTests: XCTestCase {
    /// A `read` that serves `source` in pieces of at most `piece` bytes, failing with EINTR
    /// (and once with EAGAIN) before every other piece, and then reports EOF.
    private final class ScriptedInput {
        let source: [UInt8]
        let piece: Int
        var offset = 0
        var calls = 0
        var interruptions = 0

        init(_ source: [UInt8], piece: Int) {
            self.source = source
            self.piece = piece
        }

        func read(_ fd: Int32, _ target: UnsafeMutableRawPointer, _ wanted: Int) -> Int {
            calls += 1
            if calls % 2 == 1 {
                interruptions += 1
                errno = interruptions == 1 ? EAGAIN : EINTR
                return -1
            }
            let count = min(piece, wanted, source.count - offset)
            source.withUnsafeBytes { bytes in
                if count > 0, let base = bytes.baseAddress { target.copyMemory(from: base + offset, byteCount: count) }
            }
            offset += count
            return count
        }
    }

    private func pattern(_ count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
    }

    func testShortReadsInterruptionsAndGrowthGiveBackExactlyTheBytesRead() {
        for size in [0, 1, 2, 4095, 4096, 4097, 10_000, 70_001] {
            for capacity in [1, 3, size + 1, 4096] {
                for piece in [1, 7, 4096, Int.max] where !(piece == 1 && size > 10_000) {
                    let input = ScriptedInput(pattern(size), piece: piece)
                    let result = FileReader.readToEnd(-1, capacity: capacity, maxBytes: 1 << 20, read: input.read)
                    XCTAssertEqual(try result.get(), input.source, "size \(size), capacity \(capacity), piece \(piece)")
                    XCTAssertGreaterThan(input.interruptions, 0)
                }
            }
        }
    }

    func testALimitIsHeldWhenTheInputOutgrowsIt() {
        // The file grew past the limit after its size was taken: refused, never truncated.
        let input = ScriptedInput(pattern(9_000), piece: 1_000)
        let result = FileReader.readToEnd(-1, capacity: 100, maxBytes: 5_000, read: input.read)
        guard case .failure(.tooLarge(let count)) = result else { return XCTFail("\(result)") }
        XCTAssertGreaterThan(count, 5_000)
        // At the limit exactly it passes; one byte more it does not.
        let atLimit = ScriptedInput(pattern(5_000), piece: 1_000)
        XCTAssertEqual(try FileReader.readToEnd(-1, capacity: 5_001, maxBytes: 5_000, read: atLimit.read).get(), atLimit.source)
        let overLimit = ScriptedInput(pattern(5_001), piece: 1_000)
        XCTAssertEqual(FileReader.readToEnd(-1, capacity: 5_001, maxBytes: 5_000, read: overLimit.read), .failure(.tooLarge(5_001)))
    }

    func testAReadErrorIsReportedNotTruncated() {
        var calls = 0
        let result = FileReader.readToEnd(-1, capacity: 16, maxBytes: 1 << 20) { _, target, _ in
            calls += 1
            if calls == 1 {
                target.storeBytes(of: 65, as: UInt8.self)
                return 1
            }
            errno = EIO
            return -1
        }
        XCTAssertEqual(result, .failure(.system(FileSystem.errorText(EIO))))
    }

    func testRealFilesComeBackWhole() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("filereader-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for size in [0, 1, 4096, 100_003] {
            let path = directory.appendingPathComponent("file-\(size)").path
            let bytes = pattern(size)
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            XCTAssertEqual(try FileReader.read(path, maxBytes: 1 << 20).get(), bytes, "size \(size)")
            XCTAssertEqual(FileReader.read(path, maxBytes: max(0, size - 1)), size == 0 ? .success([]) : .failure(.tooLarge(size)))
        }
        // A file that reports no size: procfs. Its text must be whole lines, not zero-padded.
        let status = try FileReader.read("/proc/self/status", maxBytes: 1 << 20).get()
        XCTAssertFalse(status.isEmpty)
        XCTAssertFalse(status.contains(0))
        XCTAssertEqual(status.last, UInt8(ascii: "\n"))
        XCTAssertEqual(FileReader.read(directory.appendingPathComponent("missing").path, maxBytes: 10), .failure(.notFound))
    }
}
