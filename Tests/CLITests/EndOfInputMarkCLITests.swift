import Foundation
import TestSupport
import XCTest

/// A syntax error at the end of a spec names a place the spec has, for a file and for
/// standard input alike: the last line, just after its last character.
final class EndOfInputMarkCLITests: XCTestCase {
    func testAnUnclosedListAtTheEndPointsAtTheLastLine() throws {
        let tree = try SpecTree()
        try tree.write("bare.yaml", "screen: [")
        try tree.write("ended.yaml", "screen: [\n")
        let files = try HiglintProcess.run(["check", "bare.yaml", "ended.yaml"], in: tree.url)
        XCTAssertEqual(files.status, 1, files.stderr)
        let message = "error: did not find expected node content (while parsing a flow node that starts at 1:10) [spec.syntax]"
        XCTAssertEqual(files.stdout, "bare.yaml:1:10: \(message)\nended.yaml:1:10: \(message)\n")

        try tree.write("stdin.input", "screen: [")
        let binary = try HiglintProcess.binary().path
        let piped = try ChildProcess.run(URL(fileURLWithPath: "/bin/sh"), ["-c", "cat stdin.input | '\(binary)' check -"], in: tree.url)
        XCTAssertEqual(piped.status, 1, piped.stderr)
        XCTAssertEqual(piped.stdout, "<stdin>:1:10: \(message)\n")
    }
}
