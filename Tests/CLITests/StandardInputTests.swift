import Foundation
import TestSupport
import XCTest

/// `higlint check -`: a spec on standard input, as editors and pre-commit
/// hooks send it, named by `--stdin-filename`; `--force-exclude` for files
/// a hook names that the config excludes.
final class StandardInputTests: XCTestCase {
    static let small = CheckCommandTests.smallButton

    /// `cat INPUT | higlint ARGUMENTS`, through a shell pipe.
    private func piped(_ input: String, _ arguments: [String], in tree: SpecTree) throws -> ProcessOutcome {
        try tree.write("stdin.input", input)
        let quoted = ([try HiglintProcess.binary().path] + arguments).map { "'\($0)'" }.joined(separator: " ")
        return try ChildProcess.run(URL(fileURLWithPath: "/bin/sh"), ["-c", "cat stdin.input | " + quoted], in: tree.url)
    }

    func testDashReadsOneSpecFromStandardInput() throws {
        let tree = try SpecTree()
        let run = try piped(Self.small, ["check", "-"], in: tree)
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertEqual(run.stdout, "<stdin>:3:5: error: b: frame 30x30 pt is under 44x44 pt [buttons.hit-target]\n")
        XCTAssertEqual(run.stderr, "1 file, 1 screen: 1 error, 0 warnings, 0 infos (1 fixable with --fix)\n")
        // Not the config's paths as well: the tree's own spec is not reviewed.
        try tree.write("other.yaml", Self.small)
        XCTAssertEqual(try piped(Self.small, ["check", "-", "--format", "json"], in: tree).stdout.components(separatedBy: "\"rule\"").count, 2)
    }

    func testStdinFilenameNamesTheFileAndFindsItsConfig() throws {
        let tree = try SpecTree()
        try tree.write("app/.higlint.yaml", "thresholds: {min_hit_target: 30}\n")
        let named = try piped(Self.small, ["check", "-", "--stdin-filename", "app/screens/small.yaml", "--fail-on", "info", "--format", "json"], in: tree)
        XCTAssertEqual(named.status, 0, "app/.higlint.yaml applies to a file under app/: \(named.stdout)\(named.stderr)")
        let elsewhere = try piped(Self.small, ["check", "--stdin-filename", "lib/small.yaml"], in: tree)
        XCTAssertEqual(elsewhere.status, 1, "--stdin-filename alone reads standard input too")
        XCTAssertTrue(elsewhere.stdout.hasPrefix("lib/small.yaml:3:5: error: b: "), elsewhere.stdout)
        // Beside other paths, in report order, and seen by the project rules with them.
        try tree.write("a.yaml", Self.small.replacing("Small", with: "Other"))
        let both = try piped(Self.small, ["check", "a.yaml", "-", "--stdin-filename", "b.yaml"], in: tree)
        XCTAssertEqual(both.stdout.split(separator: "\n").map { String($0.prefix(7)) }, ["a.yaml:", "b.yaml:"], both.stdout)
        try tree.write("c.yaml", Self.small)
        let duplicate = try piped(Self.small, ["check", "c.yaml", "-", "--stdin-filename", "d.yaml"], in: tree)
        XCTAssertTrue(duplicate.stdout.contains("d.yaml:1:9: error: screen \"Small\" is already declared in c.yaml:1:9"), duplicate.stdout)
    }

    /// A named spec on standard input is reviewed as part of its project, as the language
    /// server reviews an open buffer: its parent is found in the tree, and its own text, not
    /// the file on disk, is what is reviewed and reported.
    func testStandardInputIsReviewedWithTheRestOfItsProject() throws {
        let tree = try SpecTree()
        try tree.write(".higlint.yaml", "paths: [screens]\n")
        try tree.write("screens/library.yaml", "screen: Library\nnavigation_bar: {title: Library}\n")
        try tree.write("screens/detail.yaml", "screen: Detail\nparent: Library\nnavigation_bar:\n  title: Detail\n  back: {title: Books}\n")
        try tree.write("screens/small.yaml", Self.small)
        let buffer = "screen: Detail\nparent: Library\nnavigation_bar:\n  title: Detail\n  back: {title: Shelf}\n"
        let run = try piped(buffer, ["check", "--stdin-filename", "screens/detail.yaml"], in: tree)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stdout, "screens/detail.yaml:5:17: warning: back button says \"Shelf\" but the parent screen \"Library\" is titled \"Library\" [bars.back-title-mismatch]\n")
        XCTAssertEqual(run.stderr, "1 file, 1 screen: 0 errors, 1 warning, 0 infos (1 fixable with --fix --unsafe-fixes)\n")
        // A name the tree has already is a duplicate, reported on the buffer only.
        let copy = try piped("screen: Library\n", ["check", "--stdin-filename", "screens/new.yaml"], in: tree)
        XCTAssertEqual(copy.status, 1, copy.stderr)
        XCTAssertEqual(copy.stdout, "screens/new.yaml:1:9: error: screen \"Library\" is already declared in screens/library.yaml:1:9 [spec.duplicate-screen]\n")
    }

    func testForceExcludeAppliesTheGlobsToNamedFilesAndStandardInput() throws {
        let tree = try SpecTree()
        try tree.write(".higlint.yaml", "exclude: ['drafts/**']\n")
        try tree.write("drafts/wip.yaml", Self.small)
        try tree.write("ok.yaml", CheckCommandTests.clean)
        let asked = try HiglintProcess.run(["check", "drafts/wip.yaml", "ok.yaml"], in: tree.url)
        XCTAssertEqual(asked.status, 1, "a named file is reviewed as asked")
        let forced = try HiglintProcess.run(["check", "--force-exclude", "drafts/wip.yaml", "ok.yaml"], in: tree.url)
        XCTAssertEqual(forced.status, 0, forced.stdout)
        XCTAssertEqual(forced.stderr, "1 file, 1 screen: 0 errors, 0 warnings, 0 infos\n")
        let allExcluded = try HiglintProcess.run(["check", "--force-exclude", "drafts/wip.yaml"], in: tree.url)
        XCTAssertEqual(allExcluded.status, 0, "every named file excluded is a clean run: \(allExcluded.stderr)")

        let stdin = try piped(Self.small, ["check", "-", "--stdin-filename", "drafts/new.yaml", "--force-exclude"], in: tree)
        XCTAssertEqual(stdin.status, 0, stdin.stdout + stdin.stderr)
        XCTAssertEqual(stdin.stdout, "")
        XCTAssertEqual(try piped(Self.small, ["check", "-", "--stdin-filename", "drafts/new.yaml"], in: tree).status, 1)
    }

    func testOverTheSizeLimitIsAFindingWithTheTrueSize() throws {
        let tree = try SpecTree()
        try tree.write(".higlint.yaml", "limits: {max_file_bytes: 100}\n")
        let big = Self.small + String(repeating: "# padding\n", count: 100_000)
        let run = try piped(big, ["check", "-"], in: tree)
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stdout.contains("file is \(big.utf8.count) bytes, over the limit of 100 bytes"), run.stdout)
    }

    func testMistakesAreUsageErrors() throws {
        let tree = try SpecTree()
        try tree.write("a.yaml", Self.small)
        let twice = try piped(Self.small, ["check", "-", "-"], in: tree)
        XCTAssertEqual(twice.status, 2)
        XCTAssertTrue(twice.stderr.contains("can be named once"), twice.stderr)
        let noDash = try HiglintProcess.run(["check", "a.yaml", "--stdin-filename", "b.yaml"], in: tree.url)
        XCTAssertEqual(noDash.status, 2)
        XCTAssertTrue(noDash.stderr.contains("add - to the paths"), noDash.stderr)
    }

    // MARK: - check --fix -

    /// A filter: the fixed spec on stdout and nothing else; the findings left, in the
    /// chosen format, and the summary on stderr.
    func testFixPrintsTheFixedSpecOnStdoutAndTheFindingsOnStderr() throws {
        let tree = try SpecTree()
        let spec = "screen: Small  # c\r\nelements:\r\n  - {id: b, type: button, frame: [0, 100, 30, 30]}\r\n  - {id: t, type: text, font: {size: 9}, frame: [0, 300, 10, 10]}\r\ndata: {save: manual}\r\n"
        let run = try piped(spec, ["check", "--fix", "-"], in: tree)
        XCTAssertEqual(run.stdout, spec.replacing("30, 30]}", with: "30, 30], hit_area: [44, 44]}").replacing("size: 9", with: "size: 11"))
        XCTAssertEqual(run.status, 0, "only a warning is left, under the default --fail-on error: \(run.stderr)")
        XCTAssertEqual(run.stderr, "<stdin>:5:14: warning: data.save is manual: data is saved only when the user asks, and a suspended app can be ended without warning [lifecycle.late-save]\n"
            + "1 file, 1 screen: 0 errors, 1 warning, 0 infos (2 fixed, 1 more with --unsafe-fixes)\n")
        let json = try piped(spec, ["check", "--fix", "--unsafe-fixes", "-", "-f", "json", "--stdin-filename", "a.yaml"], in: tree)
        XCTAssertTrue(json.stdout.hasSuffix("data: {save: on-change}\r\n"), json.stdout)
        XCTAssertTrue(json.stderr.contains("\"findings\": []"), json.stderr)
        XCTAssertEqual(json.status, 0, json.stderr)
        // Nothing to fix: the spec comes back byte for byte.
        let clean = try piped(CheckCommandTests.clean, ["check", "--fix", "-"], in: tree)
        XCTAssertEqual(clean.stdout, CheckCommandTests.clean)
        XCTAssertEqual(clean.stderr, "1 file, 1 screen: 0 errors, 0 warnings, 0 infos (0 fixed)\n")
        XCTAssertEqual(clean.status, 0, clean.stderr)
    }

    /// A filter passes what it cannot fix through byte for byte, even text that is not UTF-8.
    func testFixPassesBytesThatAreNotUTF8ThroughUnchanged() throws {
        let tree = try SpecTree()
        let input = Data("screen: Caf".utf8) + Data([0xE9, 0xFF]) + Data("\nelements: []\n".utf8)
        try input.write(to: tree.url.appendingPathComponent("latin1.input"))
        let command = "cat latin1.input | '\(try HiglintProcess.binary().path)' check --fix - > fixed.output"
        let run = try ChildProcess.run(URL(fileURLWithPath: "/bin/sh"), ["-c", command], in: tree.url)
        XCTAssertTrue(run.stderr.contains("[spec.syntax]"), run.stderr)
        XCTAssertEqual(try Data(contentsOf: tree.url.appendingPathComponent("fixed.output")), input)
    }

    func testFixDiffOfStandardInputIsADiffNamedAfterTheFile() throws {
        let tree = try SpecTree()
        let run = try piped(Self.small, ["check", "--fix", "--diff", "-", "--stdin-filename", "screens/small.yaml"], in: tree)
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertEqual(run.stdout, """
            --- a/screens/small.yaml
            +++ b/screens/small.yaml
            @@ -1,3 +1,3 @@
             screen: Small
             elements:
            -  - {id: b, type: button, frame: [0, 100, 30, 30]}
            +  - {id: b, type: button, frame: [0, 100, 30, 30], hit_area: [44, 44]}

            """)
        XCTAssertEqual(run.stderr, "1 fix in 1 file would be applied\n")
        let none = try piped(CheckCommandTests.clean, ["check", "--fix", "--diff", "-"], in: tree)
        XCTAssertEqual([none.status], [0])
        XCTAssertEqual(none.stdout, "")
    }

    /// A project rule's fix needs the other files: given beside `-`, they are read for it,
    /// and fixed in place themselves.
    func testFixOfStandardInputSeesTheOtherPathsForProjectFixes() throws {
        let tree = try SpecTree()
        try tree.write("settings.yaml", "screen: Settings\nnavigation_bar: {title: General, height: 50}\n")
        let child = "screen: Wi-Fi\nparent: Setings\nnavigation_bar:\n  title: Wi-Fi\n  back: {title: Back}\n"
        let run = try piped(child, ["check", "--fix", "--unsafe-fixes", "settings.yaml", "-", "--stdin-filename", "wifi.yaml"], in: tree)
        XCTAssertEqual(run.stdout, "screen: Wi-Fi\nparent: Settings\nnavigation_bar:\n  title: Wi-Fi\n  back: {title: General}\n")
        XCTAssertEqual(try String(contentsOf: tree.url.appendingPathComponent("settings.yaml"), encoding: .utf8),
                       "screen: Settings\nnavigation_bar: {title: General, height: auto}\n")
        XCTAssertEqual(run.status, 0, run.stderr)
    }

    /// An excluded spec passes through unchanged, so an editor's buffer is never emptied.
    func testAnExcludedSpecPassesThroughFixUnchanged() throws {
        let tree = try SpecTree()
        try tree.write(".higlint.yaml", "exclude: ['drafts/**']\n")
        let run = try piped(Self.small, ["check", "--fix", "-", "--stdin-filename", "drafts/new.yaml", "--force-exclude"], in: tree)
        XCTAssertEqual(run.stdout, Self.small)
        XCTAssertEqual(run.status, 0, run.stderr)
    }
}
