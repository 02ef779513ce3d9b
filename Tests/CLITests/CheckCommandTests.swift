import Foundation
import XCTest

final class CheckCommandTests: XCTestCase {
    static let clean = "screen: Home\nelements:\n  - {id: b, type: button, frame: [0, 100, 44, 44]}\n"
    static let smallButton = "screen: Small\nelements:\n  - {id: b, type: button, frame: [0, 100, 30, 30]}\n"
    /// A warning (a misspelt top-level section would be an error).
    static let unknownKey = "screen: Typo\nstatus_bar: {hiden: false}\n"

    func testCleanTreeExitsZero() throws {
        let tree = try SpecTree()
        try tree.write("home.yaml", Self.clean)
        let outcome = try HiglintProcess.run(["check", "."], in: tree.url)
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        XCTAssertEqual(outcome.stdout, "")
        XCTAssertEqual(outcome.stderr, "1 file, 1 screen: 0 errors, 0 warnings, 0 infos\n")
    }

    func testErrorsExitOneAndPrintEditorLines() throws {
        let tree = try SpecTree()
        try tree.write("screens/small.yaml", Self.smallButton)
        let outcome = try HiglintProcess.run(["check", "screens"], in: tree.url)
        XCTAssertEqual(outcome.status, 1)
        XCTAssertEqual(outcome.stdout, "screens/small.yaml:3:5: error: b: frame 30x30 pt is under 44x44 pt [buttons.hit-target]\n")
    }

    func testFailOn() throws {
        let tree = try SpecTree()
        try tree.write("typo.yaml", Self.unknownKey)
        XCTAssertEqual(try HiglintProcess.run(["check", "."], in: tree.url).status, 0)
        XCTAssertEqual(try HiglintProcess.run(["check", ".", "--fail-on", "warning"], in: tree.url).status, 1)
        XCTAssertEqual(try HiglintProcess.run(["check", ".", "--fail-on=info"], in: tree.url).status, 1)
        try tree.write("small.yaml", Self.smallButton)
        XCTAssertEqual(try HiglintProcess.run(["check", ".", "--fail-on", "never"], in: tree.url).status, 0)
        XCTAssertEqual(try HiglintProcess.run(["check", ".", "--fail-on", "sometimes"], in: tree.url).status, 2)
    }

    /// A misspelt section hides the whole of it from review: a warning would let CI pass a
    /// screen nobody reviewed, so it fails the check, named with the key it meant.
    func testMisspeltSectionFailsTheCheck() throws {
        let tree = try SpecTree()
        try tree.write("home.yaml", "screen: Home\nelemnts:\n  - {id: b, type: button, frame: [0, 100, 30, 30]}\n")
        let outcome = try HiglintProcess.run(["check", "."], in: tree.url)
        XCTAssertEqual(outcome.status, 1, outcome.stdout)
        XCTAssertEqual(outcome.stdout, """
            home.yaml:2:1: error: unknown key "elemnts"; did you mean "elements"? The screen has no "elements", \
            so nothing under this key is reviewed. [spec.unknown-key]

            """)
        // A key with no near known key, or whose near key is written as well, stays a warning.
        try tree.write("home.yaml", "screen: Home\nelements: []\nelemnts: []\nnotes: draft\n")
        let written = try HiglintProcess.run(["check", "."], in: tree.url)
        XCTAssertEqual(written.status, 0, written.stdout)
        XCTAssertEqual(written.stderr, "1 file, 1 screen: 0 errors, 2 warnings, 0 infos\n")
        // A misspelt scalar, or a misspelt section with nothing in it, hides nothing reviewed.
        try tree.write("home.yaml", "screen: Home\nparen: Root\nelemnts: []\nnavigaton_bar: {}\n")
        let empty = try HiglintProcess.run(["check", "."], in: tree.url)
        XCTAssertEqual(empty.status, 0, empty.stdout)
        XCTAssertTrue(empty.stderr.hasPrefix("1 file, 1 screen: 0 errors, 3 warnings, 0 infos"), empty.stderr)
        try tree.write("home.yaml", "screen: Home\nnavigaton_bar: {title: Home}\n")
        let bar = try HiglintProcess.run(["check", "."], in: tree.url)
        XCTAssertEqual(bar.status, 1, bar.stdout)
        XCTAssertTrue(bar.stdout.contains(": error: unknown key \"navigaton_bar\"; did you mean \"navigation_bar\"?"), bar.stdout)
        // The config's severity for the rule wins.
        try tree.write("home.yaml", "screen: Home\nelemnts: []\n")
        try tree.write(".higlint.yaml", "rules:\n  spec.unknown-key: warning\n")
        let configured = try HiglintProcess.run(["check", "."], in: tree.url)
        XCTAssertEqual(configured.status, 0, configured.stdout)
        XCTAssertTrue(configured.stdout.contains(": warning: unknown key \"elemnts\""), configured.stdout)
    }

    /// A named file is reviewed as part of its project: its parent and the other screens are
    /// read from the config's paths, and only the file asked for is reported on.
    func testANamedFileIsReviewedWithTheRestOfItsProject() throws {
        let tree = try SpecTree()
        try tree.write(".higlint.yaml", "paths: [screens]\n")
        try tree.write("screens/library.yaml", "screen: Library\nnavigation_bar: {title: Library}\n")
        try tree.write("screens/detail.yaml", "screen: Detail\nparent: Library\nnavigation_bar:\n  title: Detail\n  back: {title: Books}\n")
        try tree.write("screens/small.yaml", Self.smallButton)
        let outcome = try HiglintProcess.run(["check", "screens/detail.yaml"], in: tree.url)
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        XCTAssertEqual(outcome.stdout, "screens/detail.yaml:5:17: warning: back button says \"Books\" but the parent screen \"Library\" is titled \"Library\" [bars.back-title-mismatch]\n")
        XCTAssertEqual(outcome.stderr, "1 file, 1 screen: 0 errors, 1 warning, 0 infos (1 fixable with --fix --unsafe-fixes)\n")
        // The project fix needs the parent's title, and only the named file is written.
        let fixed = try HiglintProcess.run(["check", "--fix", "--unsafe-fixes", "screens/detail.yaml"], in: tree.url)
        XCTAssertEqual(fixed.status, 0, fixed.stdout)
        XCTAssertEqual(try String(contentsOf: tree.url.appendingPathComponent("screens/detail.yaml"), encoding: .utf8),
                       "screen: Detail\nparent: Library\nnavigation_bar:\n  title: Detail\n  back: {title: Library}\n")
        XCTAssertEqual(try String(contentsOf: tree.url.appendingPathComponent("screens/small.yaml"), encoding: .utf8), Self.smallButton)
        // A file outside the config's paths is no part of the project: no context.
        try tree.write("loose/detail.yaml", "screen: Loose\nparent: Library\n")
        let loose = try HiglintProcess.run(["check", "loose/detail.yaml"], in: tree.url)
        XCTAssertTrue(loose.stdout.contains("[spec.unknown-parent]"), loose.stdout)
    }

    /// `check .` in a repository meets other tools' YAML and a config not named as one:
    /// the finding says what the file is, and what to do, rather than only that `screen` is missing.
    func testAFileThatIsNoSpecIsSaidToBeOne() throws {
        let tree = try SpecTree()
        try tree.write("config.yaml", "paths: [screens]\nthresholds: {min_hit_target: 40}\n")
        try tree.write("docker-compose.yml", "services:\n  web: {image: x}\n")
        try tree.write("draft.yaml", "parent: Home\n")
        let outcome = try HiglintProcess.run(["check", "."], in: tree.url)
        let schema = outcome.stdout.split(separator: "\n").filter { $0.hasSuffix("[spec.schema]") }
        XCTAssertEqual(schema, [
            "config.yaml:1:1: error: screen: is missing: every spec names its screen; this looks like a higlint config (\"paths\", \"thresholds\"), not a screen spec: higlint reads one named .higlint.yaml or given with --config; list this file under `exclude` in the config [spec.schema]",
            "docker-compose.yml:1:1: error: screen: is missing: every spec names its screen; none of this file's keys (\"services\") is a spec's, so it is not a screen spec at all: list it under `exclude` in the config, or review the folder of the specs [spec.schema]",
            "draft.yaml:1:1: error: screen: is missing: every spec names its screen [spec.schema]",
        ], outcome.stdout)
    }

    /// Paths in check's own log lines are escaped like the text report: a name cannot forge a line.
    func testPathsInLogLinesStayOnOneLine() throws {
        let tree = try SpecTree()
        let outcome = try HiglintProcess.run(["check", "nope\nhiglint: note: all clear\u{202E}"], in: tree.url)
        XCTAssertEqual(outcome.status, 2)
        XCTAssertTrue(outcome.stderr.hasPrefix(#"higlint: error: nope\nhiglint: note: all clear\u{202E}: "#), outcome.stderr)
        XCTAssertEqual(outcome.stderr.split(separator: "\n").count, 2, "the error and the summary: \(outcome.stderr)")
    }

    func testJSONFormat() throws {
        let tree = try SpecTree()
        try tree.write("a.yaml", Self.smallButton)
        try tree.write("b.yaml", Self.clean + "---\n" + Self.unknownKey)
        let outcome = try HiglintProcess.run(["check", "--format", "json", "."], in: tree.url)
        XCTAssertEqual(outcome.status, 1)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(json["version"] as? Int, 1)
        XCTAssertEqual((json["tool"] as? [String: Any])?["name"] as? String, "higlint")
        let summary = try XCTUnwrap(json["summary"] as? [String: Int])
        XCTAssertEqual(summary, ["files": 2, "screens": 3, "errors": 1, "warnings": 1, "infos": 0])
        let findings = try XCTUnwrap(json["findings"] as? [[String: Any]])
        XCTAssertEqual(findings.count, 2)
        let first = findings[0]
        XCTAssertEqual(first["file"] as? String, "a.yaml")
        XCTAssertEqual(first["line"] as? Int, 3)
        XCTAssertEqual(first["column"] as? Int, 5)
        XCTAssertEqual(first["rule"] as? String, "buttons.hit-target")
        XCTAssertEqual(first["severity"] as? String, "error")
        XCTAssertEqual(first["screen"] as? String, "Small")
        XCTAssertEqual(first["element"] as? String, "b")
        XCTAssertNotNil(first["hint"] as? String)
        XCTAssertTrue(findings[1]["element"] is NSNull)
        XCTAssertEqual(Set(first.keys), ["file", "line", "column", "rule", "severity", "message", "hint", "screen", "element", "fix"])
        // The hit target's fix: a hit_area added to the element's flow map, in its style.
        let fix = try XCTUnwrap(first["fix"] as? [String: Any])
        XCTAssertEqual(fix["safety"] as? String, "safe")
        let edits = try XCTUnwrap(fix["edits"] as? [[String: Any]])
        XCTAssertEqual(edits.count, 1)
        XCTAssertEqual(edits[0]["replacement"] as? String, ", hit_area: [44, 44]")
        XCTAssertEqual(edits[0]["start"] as? [String: Int], ["line": 3, "column": 50])
        XCTAssertEqual(edits[0]["end"] as? [String: Int], ["line": 3, "column": 50])
        // The misspelt key's rename is a guess.
        XCTAssertEqual((findings[1]["fix"] as? [String: Any])?["safety"] as? String, "unsafe")
    }

    func testOutputIsDeterministic() throws {
        let tree = try SpecTree()
        for index in 0..<40 {
            try tree.write("dir\(index % 4)/s\(index).yaml", Self.smallButton.replacing("Small", with: "S\(index)") + "bogus: 1\n")
        }
        let first = try HiglintProcess.run(["check", "--format", "json", "."], in: tree.url)
        let second = try HiglintProcess.run(["check", "--format", "json", "."], in: tree.url)
        XCTAssertEqual(first.stdout, second.stdout)
        let files = first.stdout.split(separator: "\n").filter { $0.contains("\"file\"") }.map { line in
            line.split(separator: "\"")[3]
        }
        XCTAssertEqual(files, files.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
    }

    func testOutputFile() throws {
        let tree = try SpecTree()
        try tree.write("a.yaml", Self.smallButton)
        let outcome = try HiglintProcess.run(["check", ".", "--format", "json", "--output", "out/report.json"], in: tree.url)
        XCTAssertEqual(outcome.status, 2, "the output directory does not exist")
        try FileManager.default.createDirectory(at: tree.url.appendingPathComponent("out"), withIntermediateDirectories: true)
        let written = try HiglintProcess.run(["check", ".", "--format", "json", "--output", "out/report.json"], in: tree.url)
        XCTAssertEqual(written.status, 1)
        XCTAssertEqual(written.stdout, "")
        let report = try String(contentsOf: tree.url.appendingPathComponent("out/report.json"), encoding: .utf8)
        XCTAssertTrue(report.contains("buttons.hit-target"))
    }

    func testBadConfigIsExitTwoWithPosition() throws {
        let tree = try SpecTree()
        try tree.write("a.yaml", Self.clean)
        try tree.write(".higlint.yaml", "paths: [.]\nthresholds:\n  min_hit_target: big\n")
        let outcome = try HiglintProcess.run(["check"], in: tree.url)
        XCTAssertEqual(outcome.status, 2)
        XCTAssertTrue(outcome.stderr.hasPrefix(".higlint.yaml:3:19: error: thresholds.min_hit_target: expected a number"), outcome.stderr)
        let missing = try HiglintProcess.run(["check", "--config", "nope.yaml", "."], in: tree.url)
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("nope.yaml"), missing.stderr)
    }

    /// Every mistake of a config comes in one run, as a spec's do; a misspelt choice says what was meant.
    func testEveryConfigErrorIsReportedAtOnce() throws {
        let tree = try SpecTree()
        try tree.write("a.yaml", Self.clean)
        try tree.write(".higlint.yaml", "app:\n  device: iphon\nthresholds:\n  min_hit_target: big\nrules:\n  buttons.hit-target: loud\n")
        let outcome = try HiglintProcess.run(["check"], in: tree.url)
        XCTAssertEqual(outcome.status, 2)
        XCTAssertEqual(outcome.stderr, """
            .higlint.yaml:2:11: error: app.device: expected one of iphone, iphone-plus, ipad, universal, found "iphon"; did you mean "iphone"?
            .higlint.yaml:4:19: error: thresholds.min_hit_target: expected a number, found "big"
            .higlint.yaml:6:23: error: rules.buttons.hit-target: expected one of error, warning, info, off, found "loud"

            """)
    }

    func testConfigPathsThresholdsAndExcludes() throws {
        let tree = try SpecTree()
        try tree.write("specs/small.yaml", Self.smallButton)
        try tree.write("specs/drafts/wip.yaml", Self.unknownKey)
        try tree.write("other/ignored.yaml", Self.smallButton)
        try tree.write(".higlint.yaml", "paths: [specs]\nexclude: ['**/drafts/**']\nthresholds: {min_hit_target: 30}\n")
        let outcome = try HiglintProcess.run(["check", "--fail-on", "info"], in: tree.url)
        XCTAssertEqual(outcome.status, 0, outcome.stdout)
        XCTAssertEqual(outcome.stderr, "1 file, 1 screen: 0 errors, 0 warnings, 0 infos\n")
        // The config file itself is never reviewed.
        let root = try HiglintProcess.run(["check", "."], in: tree.url)
        XCTAssertFalse(root.stdout.contains(".higlint.yaml"), root.stdout)
    }

    func testUsageErrors() throws {
        let tree = try SpecTree()
        XCTAssertEqual(try HiglintProcess.run(["check", "--format", "xml", "."], in: tree.url).status, 2)
        let unknown = try HiglintProcess.run(["check", "--fial-on", "warning"], in: tree.url)
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.contains("did you mean --fail-on?"), unknown.stderr)
        XCTAssertEqual(try HiglintProcess.run(["check", "missing-dir"], in: tree.url).status, 2)
        XCTAssertEqual(try HiglintProcess.run(["frobnicate"], in: tree.url).status, 2)
        XCTAssertEqual(try HiglintProcess.run([], in: tree.url).status, 2)
    }

    func testHelpAndVersion() throws {
        let tree = try SpecTree()
        let version = try HiglintProcess.run(["--version"], in: tree.url)
        XCTAssertEqual(version.status, 0)
        XCTAssertTrue(version.stdout.hasPrefix("higlint "))
        for command in [["--help"], ["check", "--help"], ["rules", "--help"], ["explain", "--help"], ["watch", "--help"]] {
            let outcome = try HiglintProcess.run(command, in: tree.url)
            XCTAssertEqual(outcome.status, 0, command.joined(separator: " "))
            XCTAssertTrue(outcome.stdout.contains("usage: higlint"), command.joined(separator: " "))
        }
    }

    func testHostileFilesNeverCrashOrHang() throws {
        let tree = try SpecTree()
        try tree.write("binary.yaml", "screen: x\u{0}\u{1}")
        try tree.write("empty.yml", "")
        try tree.write("syntax.yaml", "screen: [\n")
        var bomb = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1...9 { bomb += "a\(level): &a\(level) [\(Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", "))]\n" }
        try tree.write("bomb.yaml", bomb)
        try tree.write("deep.yaml", "screen: x\nelements: " + String(repeating: "[", count: 10_000))
        XCTAssertEqual(mkfifo(tree.url.appendingPathComponent("pipe.yaml").path, 0o644), 0)
        XCTAssertEqual(symlink("/nonexistent/target.yaml", tree.url.appendingPathComponent("dangling.yaml").path), 0)
        XCTAssertEqual(symlink(".", tree.url.appendingPathComponent("loop").path), 0)
        var invalid = Data("screen: x\nlabel: ".utf8)
        invalid.append(contentsOf: [0xFF, 0xFE, 0x0A])
        try invalid.write(to: tree.url.appendingPathComponent("latin1.yaml"))
        let outcome = try HiglintProcess.run(["check", "--format", "text", "."], in: tree.url)
        XCTAssertEqual(outcome.status, 1, outcome.stderr)
        let rules = outcome.stdout.split(separator: "\n").map { line in
            "\(line.split(separator: ":")[0]) \(line.split(separator: "[").last ?? "")"
        }
        XCTAssertEqual(rules, [
            "binary.yaml spec.syntax]", "bomb.yaml spec.limits]", "deep.yaml spec.limits]", "empty.yml spec.schema]",
            "latin1.yaml spec.syntax]", "syntax.yaml spec.syntax]",
        ])
        XCTAssertTrue(outcome.stderr.contains("pipe.yaml: skipped, it is a FIFO"), outcome.stderr)
        XCTAssertTrue(outcome.stderr.contains("dangling.yaml: skipped, dangling symbolic link"), outcome.stderr)
    }

    func testSymlinksOutOfTheTreeAreNotFollowed() throws {
        let outside = try SpecTree()
        try outside.write("outside.yaml", Self.smallButton)
        let tree = try SpecTree()
        try tree.write("inside.yaml", Self.clean)
        XCTAssertEqual(symlink(outside.url.path, tree.url.appendingPathComponent("linked-dir").path), 0)
        XCTAssertEqual(symlink(outside.url.appendingPathComponent("outside.yaml").path, tree.url.appendingPathComponent("linked.yaml").path), 0)
        let outcome = try HiglintProcess.run(["check", "."], in: tree.url)
        XCTAssertEqual(outcome.status, 0, outcome.stdout)
        XCTAssertEqual(outcome.stderr, "1 file, 1 screen: 0 errors, 0 warnings, 0 infos\n")
        // Named on the command line, a link is taken as given.
        XCTAssertEqual(try HiglintProcess.run(["check", "linked.yaml"], in: tree.url).status, 1)
    }

    func testUnreadableFilesAndDirectoriesAreIOErrors() throws {
        let tree = try SpecTree()
        try tree.write("secret.yaml", Self.clean)
        try tree.write("locked/inside.yaml", Self.clean)
        try tree.write("open.yaml", Self.smallButton)
        chmod(tree.url.path, 0o755)
        chmod(tree.url.appendingPathComponent("secret.yaml").path, 0)
        chmod(tree.url.appendingPathComponent("locked").path, 0)
        defer { chmod(tree.url.appendingPathComponent("locked").path, 0o755) }
        let outcome = try HiglintProcess.run(["check", "."], in: tree.url, asNobody: true)
        XCTAssertEqual(outcome.status, 2, outcome.stderr)
        XCTAssertTrue(outcome.stderr.contains("secret.yaml: Permission denied"), outcome.stderr)
        XCTAssertTrue(outcome.stderr.contains("locked: cannot list directory: Permission denied"), outcome.stderr)
        // The readable file is still reviewed and reported.
        XCTAssertTrue(outcome.stdout.contains("open.yaml:3:5: error"), outcome.stdout)
    }

    func testBaselineFromTheConfig() throws {
        let tree = try SpecTree()
        try tree.write("specs/small.yaml", Self.smallButton)
        let written = try HiglintProcess.run(["check", "specs", "--write-baseline", "known.json"], in: tree.url)
        XCTAssertEqual(written.status, 0, written.stderr)
        try tree.write(".higlint.yaml", "paths: [specs]\nbaseline: known.json\n")
        XCTAssertEqual(try HiglintProcess.run(["check"], in: tree.url).status, 0)
        // A new problem still shows.
        try tree.write("specs/new.yaml", Self.smallButton.replacing("Small", with: "New"))
        let outcome = try HiglintProcess.run(["check"], in: tree.url)
        XCTAssertEqual(outcome.status, 1)
        XCTAssertEqual(outcome.stdout, "specs/new.yaml:3:5: error: b: frame 30x30 pt is under 44x44 pt [buttons.hit-target]\n")
        try tree.write(".higlint.yaml", "paths: [specs]\nbaseline: missing.json\n")
        XCTAssertEqual(try HiglintProcess.run(["check"], in: tree.url).status, 2)
    }
}
