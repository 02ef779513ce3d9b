@testable import HiglintCore
import XCTest

/// The applier and the pass loop on their own, over plain text and made-up findings.
final class FixApplierTests: XCTestCase {
    private func edit(_ range: Range<Int>, _ text: String) -> TextEdit {
        TextEdit(range: range, replacement: text, start: .start, end: .start)
    }

    private func fix(_ edits: TextEdit...) -> Fix { Fix(safety: .safe, edits: edits) }

    private func apply(_ fixes: [Fix], to text: String) -> (String, [Int]) {
        let pass = FixApplier.apply(fixes, to: Array(text.utf8))
        return (String(decoding: pass.text, as: UTF8.self), pass.applied)
    }

    func testOverlappingEditsAreNeverBothApplied() {
        // 0123456789
        // abcdefghij
        let (text, applied) = apply([fix(edit(5..<8, "X")), fix(edit(2..<6, "Y")), fix(edit(8..<9, "Z"))], to: "abcdefghij")
        // The earlier fix wins; the one touching the byte after it does not overlap.
        XCTAssertEqual(applied, [1, 2])
        XCTAssertEqual(text, "abYghZj")
    }

    func testInsertionsConflictAtOneSpotAndInsideAReplacement() {
        XCTAssertEqual(apply([fix(edit(3..<3, "1")), fix(edit(3..<3, "2"))], to: "abcdef").1, [0])
        XCTAssertEqual(apply([fix(edit(2..<5, "X")), fix(edit(3..<3, "2"))], to: "abcdef").1, [0])
        // At either end of a replacement an insertion is unambiguous.
        XCTAssertEqual(apply([fix(edit(2..<5, "X")), fix(edit(5..<5, "2")), fix(edit(2..<2, "1"))], to: "abcdef").0, "ab1X2f")
    }

    func testAFixIsAllOrNothing() {
        let both = fix(edit(0..<1, "A"), edit(4..<5, "E"))
        let (text, applied) = apply([fix(edit(4..<5, "!")), both], to: "abcdef")
        XCTAssertEqual(applied, [1])
        XCTAssertEqual(text, "AbcdEf")
        // Edits of one fix that conflict with each other, or leave the text, are never applied.
        XCTAssertEqual(apply([fix(edit(1..<3, "x"), edit(2..<4, "y"))], to: "abcdef").1, [])
        XCTAssertEqual(apply([fix(edit(5..<9, "x"))], to: "abcdef").1, [])
    }

    /// An insertion where another fix's replacement starts goes before it, whichever fix
    /// was taken first (splicing them in the order taken read the text backwards and trapped).
    func testAnInsertionAtTheStartOfAReplacementGoesBeforeIt() {
        let replacementFirst = [fix(edit(0..<0, "a"), edit(2..<5, "X")), fix(edit(2..<2, "1"))]
        XCTAssertEqual(apply(replacementFirst, to: "abcdef").0, "aab1Xf")
        XCTAssertEqual(apply([fix(edit(2..<5, "X"), edit(2..<2, "1"))], to: "abcdef").0, "ab1Xf")
    }

    func testTheOrderRulesReportInDoesNotMatter() {
        let fixes = [fix(edit(3..<3, "1")), fix(edit(3..<3, "2")), fix(edit(0..<1, "A"))]
        XCTAssertEqual(apply(fixes, to: "abcdef").0, apply(fixes.reversed(), to: "abcdef").0)
    }

    private func finding(_ rule: String, _ fix: Fix) -> Finding {
        Finding(file: "f", line: 1, column: 1, rule: rule, severity: .warning, message: "", hint: "", fix: fix)
    }

    func testALoserWaitsForTheNextPass() {
        // Each pass offers both insertions at the end while the text lacks them.
        let outcome = FixLoop.run(Array("ab".utf8), applying: [.safe]) { bytes in
            let text = String(decoding: bytes, as: UTF8.self)
            var found: [Finding] = []
            if !text.contains("1") { found.append(finding("one", fix(edit(bytes.count..<bytes.count, "1")))) }
            if !text.contains("2") { found.append(finding("two", fix(edit(bytes.count..<bytes.count, "2")))) }
            return found
        }
        XCTAssertEqual(String(decoding: outcome.text, as: UTF8.self), "ab12")
        XCTAssertEqual(outcome.passes, 2)
        XCTAssertEqual(outcome.fixed, 2)
        XCTAssertEqual(outcome.fixedRules, ["one", "two"])
        XCTAssertEqual(outcome.warnings, [])
    }

    func testFixesThatUndoEachOtherStopWithAWarningNamingTheRules() {
        // One rule wants `a`, another `b`, in the same place.
        let outcome = FixLoop.run(Array("a".utf8), applying: [.safe]) { bytes in
            bytes == Array("a".utf8) ? [finding("wants-b", fix(edit(0..<1, "b")))] : [finding("wants-a", fix(edit(0..<1, "a")))]
        }
        XCTAssertEqual(String(decoding: outcome.text, as: UTF8.self), "b")
        XCTAssertEqual(outcome.warnings.count, 1)
        XCTAssertTrue(outcome.warnings[0].contains("wants-a"), outcome.warnings[0])
    }

    func testTheLoopStopsAfterTenPassesWithAWarning() {
        let outcome = FixLoop.run(Array("x".utf8), applying: [.safe]) { bytes in
            [finding("grows", fix(edit(bytes.count..<bytes.count, "x")))]
        }
        XCTAssertEqual(outcome.passes, FixLoop.maximumPasses)
        XCTAssertEqual(outcome.text.count, 1 + FixLoop.maximumPasses)
        XCTAssertEqual(outcome.warnings, ["stopped after 10 passes with fixes still to apply (grows)"])
    }

    func testUnsafeFixesWaitToBeAskedFor() {
        let unsafe = Finding(file: "f", line: 1, column: 1, rule: "r", severity: .warning, message: "", hint: "",
                             fix: Fix(safety: .unsafe, edits: [edit(0..<1, "b")]))
        let review: ([UInt8]) -> [Finding] = { $0 == Array("a".utf8) ? [unsafe] : [] }
        XCTAssertEqual(FixLoop.run(Array("a".utf8), applying: [.safe], review: review).text, Array("a".utf8))
        XCTAssertEqual(FixLoop.run(Array("a".utf8), applying: [.safe, .unsafe], review: review).text, Array("b".utf8))
    }

    // MARK: - The file edge

    private func temporaryFile(_ text: String) throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("higlint-fix-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("spec.yaml").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func testAFileChangedOnDiskIsLeftAlone() throws {
        let path = try temporaryFile("screen: A\n")
        let original = Array("screen: A\n".utf8)
        // Someone saves the file while it is being fixed.
        try Data("screen: B\n".utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(FixedFile.replace(path, original: original, with: Array("screen: C\n".utf8)), .failure(.changedOnDisk))
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "screen: B\n")
        // Deleted meanwhile: not brought back.
        try FileManager.default.removeItem(atPath: path)
        XCTAssertEqual(FixedFile.replace(path, original: original, with: Array("screen: C\n".utf8)), .failure(.changedOnDisk))
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
    }

    func testAnUnchangedTextIsNotWrittenAndAFixedOneKeepsItsPermissions() throws {
        let path = try temporaryFile("screen: A\n")
        let past = Date(timeIntervalSince1970: 1_000_000_000)
        try FileManager.default.setAttributes([.modificationDate: past, .posixPermissions: 0o600], ofItemAtPath: path)
        let original = Array("screen: A\n".utf8)
        XCTAssertEqual(FixedFile.replace(path, original: original, with: original), .success(false))
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date, past)
        XCTAssertEqual(FixedFile.replace(path, original: original, with: Array("screen: B\n".utf8)), .success(true))
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "screen: B\n")
        XCTAssertEqual((try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue, 0o600)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: (path as NSString).deletingLastPathComponent)
        XCTAssertEqual(leftovers, ["spec.yaml"])
    }

    /// A spec that is a symlink stays one, and the file it points at is what is fixed.
    func testASymlinkedFileIsFixedThroughTheLink() throws {
        let target = try temporaryFile("screen: A\n")
        let link = (target as NSString).deletingLastPathComponent + "/link.yaml"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "spec.yaml")
        XCTAssertEqual(FixedFile.replace(link, original: Array("screen: A\n".utf8), with: Array("screen: B\n".utf8)), .success(true))
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link), "spec.yaml")
        XCTAssertEqual(try String(contentsOfFile: target, encoding: .utf8), "screen: B\n")
    }

    // MARK: - The diff

    func testUnifiedDiffHunksAndLineEnds() {
        let old = Array((1...20).map { "line \($0)\r\n" }.joined().utf8)
        var lines = (1...20).map { "line \($0)\r\n" }
        lines[1] = "line two\r\n"
        lines.insert("added\r\n", at: 15)
        let diff = UnifiedDiff.render(old, Array(lines.joined().utf8), path: "a.yaml")
        XCTAssertEqual(diff, """
            --- a/a.yaml
            +++ b/a.yaml
            @@ -1,5 +1,5 @@
             line 1\r
            -line 2\r
            +line two\r
             line 3\r
             line 4\r
             line 5\r
            @@ -13,6 +13,7 @@
             line 13\r
             line 14\r
             line 15\r
            +added\r
             line 16\r
             line 17\r
             line 18\r

            """)
        // Six unchanged lines between two changes: one hunk; seven: two.
        let ten = (1...20).map { "l\($0)\n" }
        var near = ten
        near[4] = "x\n"
        near[11] = "y\n"
        XCTAssertEqual(UnifiedDiff.render(Array(ten.joined().utf8), Array(near.joined().utf8), path: "n").components(separatedBy: "@@ -").count, 2)
        var far = ten
        far[4] = "x\n"
        far[12] = "y\n"
        XCTAssertEqual(UnifiedDiff.render(Array(ten.joined().utf8), Array(far.joined().utf8), path: "n").components(separatedBy: "@@ -").count, 3)
        XCTAssertEqual(UnifiedDiff.render(old, old, path: "a.yaml"), "")
        // Past the search limit the changed middle is one replacement, still a valid diff.
        let many = (0..<3000).map { "a\($0)\n" }
        var changed = many
        for index in 1..<2999 { changed[index] = "b\(index)\n" }
        let big = UnifiedDiff.render(Array(many.joined().utf8), Array(changed.joined().utf8), path: "big")
        let bigLines = big.split(separator: "\n")
        XCTAssertEqual(bigLines[2], "@@ -1,3000 +1,3000 @@")
        XCTAssertEqual(bigLines.filter { $0.hasPrefix("-a") }.count, 2998)
        XCTAssertEqual(bigLines.filter { $0.hasPrefix("+b") }.count, 2998)
        XCTAssertEqual(bigLines.count, 3 + 2 + 2998 * 2)
        XCTAssertEqual(UnifiedDiff.render(Array("a".utf8), Array("b".utf8), path: "x"),
                       "--- a/x\n+++ b/x\n@@ -1,1 +1,1 @@\n-a\n\\ No newline at end of file\n+b\n\\ No newline at end of file\n")
    }
}
