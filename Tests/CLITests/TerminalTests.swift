import Foundation
import TestSupport
import XCTest

/// The text report as a person at a terminal sees it, and as a pipe or CI
/// gets it: the element on every line, hints and colour only where asked for
/// or on a terminal, and an empty folder that is an error, not a green run.
final class TerminalTests: XCTestCase {
    static let spec = """
        screen: Home
        elements:
          - {id: save, type: button, label: Save, frame: [16, 100, 30, 30]}
          - {id: "ev\\eil", type: button, label: Ok, frame: [16, 200, 30, 30]}
        """
    static let escape = "\u{1B}"

    /// The environment without the colour variables, plus `extra`.
    private func environment(_ extra: [String: String] = [:]) -> [String: String] {
        var values = ProcessInfo.processInfo.environment
        values["NO_COLOR"] = nil
        values["FORCE_COLOR"] = nil
        return values.merging(extra) { $1 }
    }

    private func check(_ arguments: [String], in tree: SpecTree, environment extra: [String: String] = [:]) throws -> ProcessOutcome {
        try ChildProcess.run(try HiglintProcess.binary(), ["check"] + arguments, in: tree.url, environment: environment(extra))
    }

    /// Runs under a pseudo-terminal (util-linux's `script`), as in a person's shell.
    private func checkOnTerminal(_ arguments: [String], in tree: SpecTree, environment extra: [String: String] = [:]) throws -> String {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else {
            throw NoTerminal()
        }
        let command = ([try HiglintProcess.binary().path, "check"] + arguments).map { "'\($0)'" }.joined(separator: " ")
        let run = try ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/script"), ["-qec", command, "/dev/null"], in: tree.url, environment: environment(extra))
        XCTAssertEqual(run.status, 1, run.stdout + run.stderr)
        return run.stdout.replacingOccurrences(of: "\r\n", with: "\n")
    }

    struct NoTerminal: Error, CustomStringConvertible {
        var description: String { "script (util-linux) makes the terminal; run `make test-deps`" }
    }

    /// What is left of `text` after taking out the SGR sequences higlint adds.
    private func withoutColor(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
    }

    private func tree() throws -> SpecTree {
        let tree = try SpecTree()
        try tree.write("a.yaml", Self.spec)
        return tree
    }

    func testAPipeGetsPlainOneLineFindingsNamingTheElement() throws {
        let run = try check(["a.yaml"], in: try tree())
        XCTAssertEqual(run.status, 1)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines, [
            "a.yaml:3:5: error: save: frame 30x30 pt is under 44x44 pt [buttons.hit-target]",
            #"a.yaml:4:5: error: ev\u{1B}il: frame 30x30 pt is under 44x44 pt [buttons.hit-target]"#,
        ])
    }

    func testHintsOnAnIndentedSecondLine() throws {
        let run = try check(["a.yaml", "--hints"], in: try tree())
        let lines = run.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 4, run.stdout)
        XCTAssertTrue(lines[0].hasPrefix("a.yaml:3:5: error: save: "))
        XCTAssertTrue(lines[1].hasPrefix("    hint: "), lines[1])
        XCTAssertGreaterThan(lines[1].count, "    hint: ".count)
        // Lines that editors and CI parse still start with the place; the hint never does.
        XCTAssertFalse(lines[1].contains("a.yaml:"))
    }

    func testColorFollowsTheFlagThenNoColorThenForceColor() throws {
        let tree = try tree()
        let cases: [([String], [String: String], Bool)] = [
            ([], [:], false),
            (["--color", "always"], [:], true),
            (["--color", "always"], ["NO_COLOR": "1"], true),
            (["--color", "never"], ["FORCE_COLOR": "1"], false),
            ([], ["FORCE_COLOR": "1"], true),
            ([], ["FORCE_COLOR": "0"], false),
            ([], ["FORCE_COLOR": "1", "NO_COLOR": "1"], false),
            ([], ["NO_COLOR": ""], false),
        ]
        for (flags, variables, colored) in cases {
            let run = try check(["a.yaml"] + flags, in: tree, environment: variables)
            XCTAssertEqual(run.stdout.contains(Self.escape + "[1;31m"), colored, "\(flags) \(variables): \(run.stdout)")
            XCTAssertEqual(withoutColor(run.stdout), try check(["a.yaml"], in: tree).stdout, "colour only wraps the same text")
            XCTAssertFalse(withoutColor(run.stdout).contains(Self.escape), "the ESC in the id stays escaped")
        }
        let bad = try check(["a.yaml", "--color", "sometimes"], in: tree)
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("auto, always or never"), bad.stderr)
    }

    func testATerminalGetsColourAndHintsAndFilesNever() throws {
        let tree = try tree()
        let shown = try checkOnTerminal(["a.yaml", "--output", "text=plain.txt", "--output", "text=-"], in: tree)
        XCTAssertTrue(shown.contains(Self.escape + "[1;31merror"), shown)
        XCTAssertTrue(withoutColor(shown).contains("\n    hint: "), shown)
        let file = try String(contentsOf: tree.url.appendingPathComponent("plain.txt"), encoding: .utf8)
        XCTAssertFalse(file.contains(Self.escape) || file.contains("hint:"), "a report file is plain: \(file)")
        XCTAssertEqual(file, try check(["a.yaml"], in: tree).stdout)

        let noColor = try checkOnTerminal(["a.yaml"], in: tree, environment: ["NO_COLOR": "1"])
        XCTAssertFalse(noColor.contains(Self.escape + "["), noColor)
        XCTAssertTrue(noColor.contains("\n    hint: "), "hints are not colour: \(noColor)")
    }

    func testAFolderWithNoSpecsIsAnErrorUnlessAllowed() throws {
        let tree = try SpecTree()
        try tree.write("empty/readme.txt", "not a spec\n")
        try tree.write("specs/a.yaml", CheckCommandTests.clean)
        let run = try check(["specs", "empty"], in: tree)
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.contains("higlint: error: no specs under empty"), run.stderr)
        XCTAssertTrue(run.stderr.contains("1 file, 1 screen"), "the rest is still reviewed: \(run.stderr)")
        let allowed = try check(["specs", "empty", "--allow-empty"], in: tree)
        XCTAssertEqual(allowed.status, 0, allowed.stderr)
        XCTAssertFalse(allowed.stderr.contains("no specs"), allowed.stderr)

        // The config's default path, the current folder, counts too: an empty checkout is not green.
        let bare = try SpecTree()
        let nothing = try check([], in: bare)
        XCTAssertEqual(nothing.status, 2)
        XCTAssertTrue(nothing.stderr.contains("no specs under ."), nothing.stderr)
        XCTAssertEqual(try check(["--allow-empty"], in: bare).status, 0)
        // A misspelt folder was already an error.
        XCTAssertEqual(try check(["spces"], in: tree).status, 2)
    }
}
