import Foundation
import HiglintCore
import XCTest

/// The standard's vectors (FIPS 180-4 examples and NIST's byte-oriented ones), lengths around
/// the 55/56/64-byte padding boundaries checked against `sha256sum`, and a million bytes.
final class SHA256Tests: XCTestCase {
    func testStandardVectors() {
        XCTAssertEqual(SHA256.hex([]), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(SHA256.hex(Array("abc".utf8)), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(
            SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        XCTAssertEqual(
            SHA256.hex([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    func testLengthsAroundThePaddingBoundariesMatchSha256sum() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/sha256sum") else { throw XCTSkip("no sha256sum") }
        for length in [1, 54, 55, 56, 57, 63, 64, 65, 119, 120, 127, 128, 1000] {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
            let path = NSTemporaryDirectory() + "sha-\(UUID().uuidString)"
            FileManager.default.createFile(atPath: path, contents: Data(bytes))
            defer { unlink(path) }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
            process.arguments = [path]
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            XCTAssertEqual(SHA256.hex(bytes), String(output.prefix(64)), "length \(length)")
        }
    }
}
