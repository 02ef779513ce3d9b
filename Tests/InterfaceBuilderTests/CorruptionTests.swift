import Foundation
import HiglintCore
import InterfaceBuilderImporter
import TestSupport
import XCTest

/// Cut and damaged copies of real IB files: each is reviewed to findings or skipped, never
/// a crash, and every finding has a position inside the file.
final class CorruptionTests: XCTestCase {
    func testDamagedRealFilesNeverCrashTheReview() throws {
        let shared = TestFixtures.root
        let names = ["storyboards/netnewswire-Add.storyboard", "storyboards/duckduckgo-OmniBar.xib"]
        var random = SeededGenerator(seed: 11)
        let engine = IB.engine()
        for name in names {
            let original = Array(try Data(contentsOf: shared.appendingPathComponent(name)))
            for round in 0..<60 {
                var bytes = original
                switch round % 3 {
                case 0: bytes = Array(bytes.prefix(Int.random(in: 0..<bytes.count, using: &random)))
                case 1:
                    for _ in 0..<8 { bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random) }
                default:
                    let at = Int.random(in: 0..<bytes.count, using: &random)
                    bytes.insert(contentsOf: Array("<\"&#x0;]]>\u{FEFF}".utf8), at: at)
                }
                let result = engine.review(bytes, file: SpecFile(path: "/nowhere/\(name)", displayPath: name), with: IB.importer)
                let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).count
                for finding in result.findings {
                    XCTAssertTrue((1...max(lines, 1)).contains(finding.line), "\(name) round \(round): \(finding)")
                    XCTAssertGreaterThanOrEqual(finding.column, 1, "\(name) round \(round): \(finding)")
                }
            }
        }
    }
}
