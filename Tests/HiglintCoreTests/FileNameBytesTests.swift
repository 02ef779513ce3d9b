import HiglintCore
import XCTest

/// Entry names that are not UTF-8 are shown with those bytes escaped; valid
/// sequences, multi-byte ones included, stay as they are.
final class FileNameBytesTests: XCTestCase {
    func testOnlyTheInvalidBytesAreEscaped() {
        XCTAssertEqual(FileSystem.escapingInvalidUTF8(Array("caf".utf8) + [0xE9] + Array(".yaml".utf8)), "caf\\xE9.yaml")
        XCTAssertEqual(FileSystem.escapingInvalidUTF8(Array("é→😀".utf8)), "é→😀")
        // A truncated sequence at the end, a lone continuation byte, an overlong encoding.
        XCTAssertEqual(FileSystem.escapingInvalidUTF8([0x61, 0xE2, 0x82]), "a\\xE2\\x82")
        XCTAssertEqual(FileSystem.escapingInvalidUTF8([0x80, 0x62]), "\\x80b")
        XCTAssertEqual(FileSystem.escapingInvalidUTF8([0xC0, 0xAF]), "\\xC0\\xAF")
        XCTAssertEqual(FileSystem.escapingInvalidUTF8([0x05]), "\u{05}", "control characters are the line escape's job")
    }
}
