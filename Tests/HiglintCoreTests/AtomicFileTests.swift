import Foundation
@testable import HiglintCore
import TestSupport
import XCTest

/// Atomic writes of many pieces: whatever their sizes (the staged small ones, the large
/// ones written from where they are, empty ones, runs past the staging buffer and past
/// the kernel's pieces per call), the file holds exactly their concatenation.
final class AtomicFileTests: XCTestCase {
    private func written(_ pieces: [[UInt8]]) throws -> [UInt8] {
        let path = NSTemporaryDirectory() + "atomic-\(UUID().uuidString)"
        defer { unlink(path) }
        let buffers = pieces.map { bytes -> UnsafeMutableRawBufferPointer in
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes.count, alignment: 1)
            buffer.copyBytes(from: bytes)
            return buffer
        }
        defer { buffers.forEach { $0.deallocate() } }
        try AtomicFile.write(pieces: buffers.map { UnsafeRawBufferPointer($0) }, to: path).get()
        return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    func testPiecesOfEverySizeAreWrittenInOrder() throws {
        var generator = SeededGenerator(seed: 11)
        let limit = AtomicFile.stagedPieceLimit
        let sizes = [0, 1, limit - 1, limit, limit + 1, 0, 450, 9_000, AtomicFile.stagingBytes, AtomicFile.stagingBytes - 1]
            + (0..<6_000).map { _ in Int.random(in: 0..<(2 * limit), using: &generator) }
        var pieces: [[UInt8]] = []
        for (index, size) in sizes.enumerated() {
            pieces.append((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ index) })
        }
        XCTAssertEqual(try written(pieces), pieces.flatMap { $0 })
        XCTAssertEqual(try written([]), [])
        XCTAssertEqual(try written([[], []]), [])
        let small = (0..<(AtomicFile.piecesPerCall * 3)).map { [UInt8(truncatingIfNeeded: $0), 7] }
        XCTAssertEqual(try written(small), small.flatMap { $0 })
    }
}
