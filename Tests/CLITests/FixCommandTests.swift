import Foundation
@testable import higlint
import HiglintCore
import TestSupport
import XCTest

/// `check --fix` through the real binary, on real files.
final class FixCommandTests: XCTestCase {
    static let fixable = "screen: Small # the small one\nelements:\n  - {id: b, type: button, frame: [0, 100, 30, 30]}  # tiny\n"
    static let fixedText = "screen: Small # the small one\nelements:\n  - {id: b, type: button, frame: [0, 100, 30, 30], hit_area: [44, 44]}  # tiny\n"
    static let clean = "screen: Home\nelements:\n  - {id: b, type: button, frame: [0, 100, 44, 44]}\n"
    static let unsafeOnly = "screen: Editor\ndata: {save: manual}\n"

    private func modificationDate(_ tree: SpecTree, _ name: String) throws -> Date? {
        try FileManager.default.attributesOfItem(atPath: tree.url.appendingPathComponent(name).path)[.modificationDate] as? Date
    }

    private func setPast(_ tree: SpecTree, _ names: [String]) throws -> Date {
        let past = Date(timeIntervalSince1970: 1_000_000_000)
        for name in names {
            try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: tree.url.appendingPathComponent(name).path)
        }
        return past
    }

    private func read(_ tree: SpecTree, _ name: String) throws -> String {
        try String(contentsOf: tree.url.appendingPathComponent(name), encoding: .utf8)
    }

    func testFixWritesFixedFilesOnlyAndReportsWhatIsLeft() throws {
        let tree = try SpecTree()
        try tree.write("small.yaml", Self.fixable)
        try tree.write("home.yaml", Self.clean)
        try tree.write("editor.yaml", Self.unsafeOnly)
        let past = try setPast(tree, ["home.yaml", "editor.yaml"])
        let outcome = try HiglintProcess.run(["check", "--fix", "."], in: tree.url)
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        XCTAssertEqual(try read(tree, "small.yaml"), Self.fixedText)
        // Nothing to fix, or only unsafe fixes: not written at all.
        XCTAssertEqual(try read(tree, "editor.yaml"), Self.unsafeOnly)
        XCTAssertEqual(try modificationDate(tree, "home.yaml"), past)
        XCTAssertEqual(try modificationDate(tree, "editor.yaml"), past)
        XCTAssertEqual(outcome.stdout, "editor.yaml:2:14: warning: data.save is manual: data is saved only when the user asks, and a suspended app can be ended without warning [lifecycle.late-save]\n")
        XCTAssertEqual(outcome.stderr, "3 files, 3 screens: 0 errors, 1 warning, 0 infos (1 fixed, 1 more with --unsafe-fixes)\n")

        // A second run has nothing to do and writes nothing.
        let fixedAt = try setPast(tree, ["small.yaml"])
        let again = try HiglintProcess.run(["check", "--fix", "."], in: tree.url)
        XCTAssertEqual(again.stderr, "3 files, 3 screens: 0 errors, 1 warning, 0 infos (0 fixed, 1 more with --unsafe-fixes)\n")
        XCTAssertEqual(try modificationDate(tree, "small.yaml"), fixedAt)

        let unsafe = try HiglintProcess.run(["check", "--fix", "--unsafe-fixes", "."], in: tree.url)
        XCTAssertEqual(unsafe.stdout, "")
        XCTAssertEqual(try read(tree, "editor.yaml"), "screen: Editor\ndata: {save: on-change}\n")
        XCTAssertEqual(unsafe.stderr, "3 files, 3 screens: 0 errors, 0 warnings, 0 infos (1 fixed)\n")
    }

    /// A switch is the size UIKit gives it, in a spec as in a storyboard: both sources report
    /// it alike, and no hit_area is proposed for it (none would change the app).
    func testASwitchAtUIKitsSizeIsOneFindingInBothSourcesAndHasNoFix() throws {
        let tree = try SpecTree()
        let spec = "screen: Settings\nelements:\n  - {id: wifi, type: switch, frame: [300, 100, 51, 31]}\n"
        try tree.write("settings.yaml", spec)
        let control = "<switch opaque=\"NO\" contentHorizontalAlignment=\"center\" id=\"wifi\"><rect key=\"frame\" x=\"300\" y=\"200\" width=\"51\" height=\"31\"/></switch>"
        try tree.write("Main.storyboard", IBTestFiles.storyboard(moreSubviews: [control]))
        let outcome = try HiglintProcess.run(["check", "--fix", "--unsafe-fixes", "."], in: tree.url)
        XCTAssertEqual(outcome.status, 1, outcome.stderr)
        XCTAssertEqual(try read(tree, "settings.yaml"), spec, "no fix written")
        let lines = outcome.stdout.split(separator: "\n").filter { $0.contains("[buttons.hit-target]") }
        XCTAssertEqual(lines.count, 2, outcome.stdout)
        XCTAssertTrue(lines.allSatisfy { $0.contains("wifi: frame 51x31 pt is under 44x44 pt") }, outcome.stdout)
        XCTAssertTrue(lines.contains { $0.hasPrefix("Main.storyboard:") } && lines.contains { $0.hasPrefix("settings.yaml:3:5:") }, outcome.stdout)
        XCTAssertTrue(outcome.stderr.hasSuffix("(0 fixed)\n"), outcome.stderr)

        let json = try HiglintProcess.run(["check", "--format", "json", "settings.yaml"], in: tree.url)
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let finding = try XCTUnwrap((report["findings"] as? [[String: Any]])?.first)
        XCTAssertTrue(finding["fix"] is NSNull, "\(finding)")
        XCTAssertEqual(finding["hint"] as? String, "A switch is the size UIKit gives it (51x31 pt) and takes touches only inside it: enlarge its touch area in code and record it as `hit_area`, or make the whole row toggle it and ignore this rule on the switch.")
    }

    func testPlainCheckSaysHowManyAreFixable() throws {
        let tree = try SpecTree()
        try tree.write("small.yaml", Self.fixable)
        try tree.write("editor.yaml", Self.unsafeOnly)
        let outcome = try HiglintProcess.run(["check", "."], in: tree.url)
        XCTAssertEqual(outcome.stderr, "2 files, 2 screens: 1 error, 1 warning, 0 infos (1 fixable with --fix, 1 more with --unsafe-fixes)\n")
    }

    func testDiffWritesNothingAndExitsOneWhenThereIsADiff() throws {
        let tree = try SpecTree()
        try tree.write("small.yaml", Self.fixable)
        try tree.write("home.yaml", Self.clean)
        let past = try setPast(tree, ["small.yaml", "home.yaml"])
        let outcome = try HiglintProcess.run(["check", "--fix", "--diff", "."], in: tree.url)
        XCTAssertEqual(outcome.status, 1, outcome.stderr)
        XCTAssertEqual(outcome.stdout, """
            --- a/small.yaml
            +++ b/small.yaml
            @@ -1,3 +1,3 @@
             screen: Small # the small one
             elements:
            -  - {id: b, type: button, frame: [0, 100, 30, 30]}  # tiny
            +  - {id: b, type: button, frame: [0, 100, 30, 30], hit_area: [44, 44]}  # tiny

            """)
        XCTAssertEqual(outcome.stderr, "1 fix in 1 file would be applied\n")
        XCTAssertEqual(try read(tree, "small.yaml"), Self.fixable)
        XCTAssertEqual(try modificationDate(tree, "small.yaml"), past)

        let clean = try HiglintProcess.run(["check", "--fix", "--diff", "home.yaml"], in: tree.url)
        XCTAssertEqual(clean.status, 0)
        XCTAssertEqual(clean.stdout, "")
    }

    /// Only screen specs are edited; a file another format was imported from never is.
    func testOnlySpecFilesAreEditable() {
        XCTAssertTrue(CheckFixing.isEditable("a/b.yaml"))
        XCTAssertTrue(CheckFixing.isEditable("B.YML"))
        for path in ["Main.storyboard", "Cell.xib", "a.yaml.bak", "yaml"] { XCTAssertFalse(CheckFixing.isEditable(path), path) }
    }

    /// An Interface Builder file is reviewed, its findings have no fix, and it is never written.
    func testInterfaceBuilderFilesAreNeverEdited() throws {
        let fixture = TestFixtures.url("storyboards/duckduckgo-OmniBar.xib")
        let tree = try SpecTree()
        let xib = try String(contentsOf: fixture, encoding: .utf8)
        try tree.write("OmniBar.xib", xib)
        try tree.write("small.yaml", Self.fixable)
        let past = try setPast(tree, ["OmniBar.xib"])
        let report = try HiglintProcess.run(["check", "-f", "json", "--fail-on", "never", "."], in: tree.url)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any])
        let onXIB = try XCTUnwrap(json["findings"] as? [[String: Any]]).filter { ($0["file"] as? String) == "OmniBar.xib" }
        XCTAssertTrue(onXIB.contains { ($0["rule"] as? String) == "buttons.hit-target" }, "\(onXIB)")
        XCTAssertTrue(onXIB.allSatisfy { $0["fix"] is NSNull })
        let outcome = try HiglintProcess.run(["check", "--fix", "--unsafe-fixes", "--fail-on", "never", "."], in: tree.url)
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        XCTAssertEqual(try read(tree, "OmniBar.xib"), xib)
        XCTAssertEqual(try modificationDate(tree, "OmniBar.xib"), past)
        XCTAssertEqual(try read(tree, "small.yaml"), Self.fixedText)
    }

    /// What `import` writes is a spec like any other: it can be fixed, and its comments
    /// (each element's place in the source) stay.
    func testImportedSpecsCanBeFixed() throws {
        let fixture = TestFixtures.url("storyboards/duckduckgo-OmniBar.xib")
        let tree = try SpecTree()
        try tree.write("OmniBar.xib", try String(contentsOf: fixture, encoding: .utf8))
        let imported = try HiglintProcess.run(["import", "--out", "specs", "OmniBar.xib"], in: tree.url)
        XCTAssertEqual(imported.status, 0, imported.stderr)
        let specs = try FileManager.default.subpathsOfDirectory(atPath: tree.url.appendingPathComponent("specs").path)
            .filter { $0.hasSuffix(".yaml") }.sorted().map { "specs/" + $0 }
        XCTAssertFalse(specs.isEmpty)
        let before = try specs.map { try read(tree, $0) }
        let fixing = try HiglintProcess.run(["check", "--fix", "--fail-on", "never", "specs"], in: tree.url)
        XCTAssertEqual(fixing.status, 0, fixing.stderr)
        XCTAssertNil(fixing.stderr.range(of: "(0 fixed"), fixing.stderr)
        let after = try specs.map { try read(tree, $0) }
        XCTAssertNotEqual(before, after)
        let comments = { (text: String) in text.split(separator: "\n").compactMap { line in line.firstRange(of: "#").map { line[$0.lowerBound...] } } }
        XCTAssertEqual(before.map(comments), after.map(comments))
        XCTAssertEqual(try HiglintProcess.run(["check", "--fix", "--diff", "specs"], in: tree.url).stdout, "")
    }

    /// A read-only spec is not replaced, though its folder would let the rename through.
    func testAReadOnlyFileIsNotRewritten() throws {
        let tree = try SpecTree()
        try tree.write("small.yaml", Self.fixable)
        try tree.write("other.yaml", Self.fixable.replacing("screen: Small", with: "screen: Other"))
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: tree.url.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: tree.url.appendingPathComponent("small.yaml").path)
        try FileManager.default.setAttributes([.posixPermissions: 0o666], ofItemAtPath: tree.url.appendingPathComponent("other.yaml").path)
        let outcome = try HiglintProcess.run(["check", "--fix", "--fail-on", "never", "."], in: tree.url, asNobody: true)
        XCTAssertEqual(outcome.status, 2, outcome.stderr)
        XCTAssertTrue(outcome.stderr.contains("higlint: error: small.yaml: "), outcome.stderr)
        XCTAssertEqual(try read(tree, "small.yaml"), Self.fixable)
        XCTAssertEqual(try read(tree, "other.yaml"), Self.fixedText.replacing("screen: Small", with: "screen: Other"))
    }

    /// Root may write any file, but a mode that lets nobody write says the file is not to
    /// be changed: it is not replaced for root either.
    func testAReadOnlyFileIsNotRewrittenByRoot() throws {
        let tree = try SpecTree()
        try tree.write("small.yaml", Self.fixable)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: tree.url.appendingPathComponent("small.yaml").path)
        let outcome = try HiglintProcess.run(["check", "--fix", "--fail-on", "never", "."], in: tree.url)
        XCTAssertEqual(outcome.status, 2, outcome.stderr)
        XCTAssertTrue(outcome.stderr.hasPrefix("higlint: error: small.yaml: cannot replace "), outcome.stderr)
        if getuid() == 0 { XCTAssertTrue(outcome.stderr.contains("small.yaml: it is read-only (mode 444)\n"), outcome.stderr) }
        XCTAssertEqual(try read(tree, "small.yaml"), Self.fixable)
        let mode = try FileManager.default.attributesOfItem(atPath: tree.url.appendingPathComponent("small.yaml").path)[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o444)
    }

    func testFixOptionsNeedFix() throws {
        let tree = try SpecTree()
        try tree.write("small.yaml", Self.fixable)
        for option in ["--unsafe-fixes", "--diff"] {
            let outcome = try HiglintProcess.run(["check", option, "."], in: tree.url)
            XCTAssertEqual(outcome.status, 2)
            XCTAssertEqual(outcome.stderr, "higlint check: \(option) needs --fix\n")
        }
        XCTAssertEqual(try read(tree, "small.yaml"), Self.fixable)
    }

    /// A file saved while `--fix` works on it is left as the other writer left it, with a
    /// warning; the other files are fixed. The saving is done by an external plugin during
    /// the review, so it falls between the read and the write every time.
    func testAFileSavedDuringTheRunIsLeftAloneWithAWarning() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else { throw XCTSkip("python3 is needed") }
        let tree = try SpecTree()
        try tree.write(".higlint.yaml", "plugins:\n  external:\n    - {name: house, command: [python3, \(PluginCommandTests.fixture)], timeout_ms: 5000}\n")
        let edited = Self.fixable.replacing("screen: Small", with: "screen: Edited")
        try tree.write("edited.yaml", edited)
        try tree.write("small.yaml", Self.fixable)
        let outcome = try HiglintProcess.run(
            ["check", "--config", ".higlint.yaml", "--fix", "--fail-on", "never", "edited.yaml", "small.yaml"], in: tree.url)
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        XCTAssertTrue(outcome.stderr.contains("higlint: warning: edited.yaml: changed on disk while it was being fixed; left as it is\n"), outcome.stderr)
        XCTAssertTrue(try read(tree, "edited.yaml").hasPrefix(edited + "# saved meanwhile\n"))
        XCTAssertEqual(try read(tree, "small.yaml"), Self.fixedText)
    }

    /// A project rule's fix reads another file: the back title takes the parent's title.
    func testBackTitleTakesTheParentsTitleFromAnotherFile() throws {
        let tree = try SpecTree()
        try tree.write("a/settings.yaml", "screen: Settings\nnavigation_bar: {title: \"Settings: All\"}\n")
        try tree.write("b/wifi.yaml", "screen: Wi-Fi\nparent: Settings\nnavigation_bar:\n  title: Wi-Fi\n  back: {title: Back}  # was Back\n")
        let safe = try HiglintProcess.run(["check", "--fix", "."], in: tree.url)
        XCTAssertTrue(safe.stderr.hasSuffix("(0 fixed, 1 more with --unsafe-fixes)\n"), safe.stderr)
        let outcome = try HiglintProcess.run(["check", "--fix", "--unsafe-fixes", "."], in: tree.url)
        XCTAssertEqual(outcome.stdout, "")
        XCTAssertEqual(try read(tree, "b/wifi.yaml"),
                       "screen: Wi-Fi\nparent: Settings\nnavigation_bar:\n  title: Wi-Fi\n  back: {title: \"Settings: All\"}  # was Back\n")
        XCTAssertEqual(try read(tree, "a/settings.yaml"), "screen: Settings\nnavigation_bar: {title: \"Settings: All\"}\n")
    }

    /// Project findings carry their fixes in a plain review too, as file findings do:
    /// the back title's from the parent in another file, an unused ignore entry's removal.
    func testProjectFindingsCarryTheirFixesInJSONAndSARIF() throws {
        let tree = try SpecTree()
        try tree.write("a/settings.yaml", "screen: Settings\nnavigation_bar: {title: General}\n")
        try tree.write("b/wifi.yaml", "screen: Wi-Fi\nparent: Settings\nreview: {ignore: [text]}\nnavigation_bar:\n  title: Wi-Fi\n  back: {title: Back}\n")
        let json = try HiglintProcess.run(["check", "-f", "json", "--fail-on", "never", "."], in: tree.url)
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let findings = try XCTUnwrap(report["findings"] as? [[String: Any]])
        let fixes = Dictionary(uniqueKeysWithValues: findings.map { ($0["rule"] as? String ?? "", $0["fix"] as? [String: Any]) })
        let backTitle = try XCTUnwrap(fixes["bars.back-title-mismatch"] ?? nil)
        XCTAssertEqual(backTitle["safety"] as? String, "unsafe")
        XCTAssertEqual((backTitle["edits"] as? [[String: Any]])?.first?["replacement"] as? String, "General")
        let unused = try XCTUnwrap(fixes["spec.unused-ignore"] ?? nil)
        XCTAssertEqual((unused["edits"] as? [[String: Any]])?.first?["replacement"] as? String, "[]")
        XCTAssertEqual(json.stderr, "2 files, 2 screens: 0 errors, 1 warning, 1 info (1 fixable with --fix, 1 more with --unsafe-fixes)\n")

        let sarif = try HiglintProcess.run(["check", "-f", "sarif", "--fail-on", "never", "."], in: tree.url)
        let log = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
        let results = try XCTUnwrap((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        XCTAssertEqual(results.count, 2)
        for result in results {
            let change = try XCTUnwrap(((result["fixes"] as? [[String: Any]])?.first?["artifactChanges"] as? [[String: Any]])?.first)
            XCTAssertEqual((change["artifactLocation"] as? [String: String])?["uri"], "b/wifi.yaml")
        }
    }

    func testSARIFResultsCarryTheirFixes() throws {
        let tree = try SpecTree()
        try tree.write("small.yaml", Self.fixable)
        let outcome = try HiglintProcess.run(["check", "--format", "sarif", "."], in: tree.url)
        let sarif = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        let run = try XCTUnwrap((sarif["runs"] as? [[String: Any]])?.first)
        let result = try XCTUnwrap((run["results"] as? [[String: Any]])?.first)
        let fix = try XCTUnwrap((result["fixes"] as? [[String: Any]])?.first)
        let change = try XCTUnwrap((fix["artifactChanges"] as? [[String: Any]])?.first)
        XCTAssertEqual((change["artifactLocation"] as? [String: String])?["uri"], "small.yaml")
        let replacement = try XCTUnwrap((change["replacements"] as? [[String: Any]])?.first)
        XCTAssertEqual(replacement["deletedRegion"] as? [String: Int], ["startLine": 3, "startColumn": 50, "endLine": 3, "endColumn": 50])
        XCTAssertEqual((replacement["insertedContent"] as? [String: String])?["text"], ", hit_area: [44, 44]")
    }

    /// The example app and a generated corpus, fixed with every fix: each file still
    /// loads, every comment is still there, and no finding of a rule without a fix moves
    /// or appears, apart from what the fixes' new values make the rules see.
    func testFixingTheExamplesAndTheCorpusKeepsThemWhole() throws {
        let tree = try SpecTree()
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        try FileManager.default.copyItem(at: root.appendingPathComponent("examples"), to: tree.url.appendingPathComponent("examples"))
        let python = URL(fileURLWithPath: "/usr/bin/python3")
        if FileManager.default.isExecutableFile(atPath: python.path) {
            let generated = try ChildProcess.run(
                python, [root.appendingPathComponent("bench/gen_corpus.py").path, "60", tree.url.appendingPathComponent("corpus").path],
                in: tree.url)
            XCTAssertEqual(generated.status, 0, generated.stderr)
        }
        let files = try FileManager.default.subpathsOfDirectory(atPath: tree.url.path).filter { $0.hasSuffix(".yaml") }.sorted()
        XCTAssertGreaterThan(files.count, 10)
        let before = try files.map { try read(tree, $0) }
        let unfixable = { (json: String) throws -> [String] in
            let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
            return try XCTUnwrap(report["findings"] as? [[String: Any]])
                .filter { $0["fix"] is NSNull }
                .map { "\($0["file"] ?? "") \($0["rule"] ?? "") \($0["element"] ?? "") \($0["message"] ?? "")" }.sorted()
        }
        let reviewed = try HiglintProcess.run(["check", "-f", "json", "--fail-on", "never", "."], in: tree.url)
        // What --diff shows is what --fix does: the diff, applied by git to a copy, gives the same files.
        let diff = try HiglintProcess.run(["check", "--fix", "--diff", "."], in: tree.url)
        XCTAssertEqual(diff.status, 1, diff.stderr)
        let copy = try SpecTree()
        for file in files { try copy.write(file, try read(tree, file)) }
        try copy.write("fixes.diff", diff.stdout)
        let git = URL(fileURLWithPath: "/usr/bin/git")
        let canApply = FileManager.default.isExecutableFile(atPath: git.path)
        if canApply {
            let applied = try ChildProcess.run(git, ["apply", "fixes.diff"], in: copy.url)
            XCTAssertEqual(applied.status, 0, applied.stderr)
        }
        let fixing = try HiglintProcess.run(["check", "--fix", "--fail-on", "never", "-q", "."], in: tree.url)
        XCTAssertEqual(fixing.status, 0, fixing.stderr)
        XCTAssertFalse(fixing.stderr.contains("warning:"), fixing.stderr)
        let after = try files.map { try read(tree, $0) }
        XCTAssertNotEqual(before, after, "nothing was fixed")
        if canApply { XCTAssertEqual(try files.map { try read(copy, $0) }, after) }
        for (index, file) in files.enumerated() {
            let loaded = YAMLLoader.load(Array(after[index].utf8))
            if case .failure(let failure) = loaded { XCTFail("\(file) no longer loads: \(failure.message)") }
            XCTAssertEqual(comments(before[index]), comments(after[index]), file)
        }
        let rereviewed = try HiglintProcess.run(["check", "-f", "json", "--fail-on", "never", "."], in: tree.url)
        XCTAssertEqual(try unfixable(reviewed.stdout), try unfixable(rereviewed.stdout))
        let again = try HiglintProcess.run(["check", "--fix", "--diff", "."], in: tree.url)
        XCTAssertEqual(again.stdout, "", "a second --fix would change more")

        // The unsafe fixes too: still loadable, comments still there, nothing left to do after.
        let unsafe = try HiglintProcess.run(["check", "--fix", "--unsafe-fixes", "--fail-on", "never", "-q", "."], in: tree.url)
        XCTAssertFalse(unsafe.stderr.contains("warning:"), unsafe.stderr)
        let final = try files.map { try read(tree, $0) }
        XCTAssertNotEqual(final, after, "no unsafe fix was applied")
        for (index, file) in files.enumerated() {
            if case .failure(let failure) = YAMLLoader.load(Array(final[index].utf8)) { XCTFail("\(file) no longer loads: \(failure.message)") }
            XCTAssertEqual(comments(before[index]), comments(final[index]), file)
        }
        XCTAssertEqual(try HiglintProcess.run(["check", "--fix", "--unsafe-fixes", "--diff", "."], in: tree.url).stdout, "")
    }

    private func comments(_ text: String) -> [Substring] {
        text.split(separator: "\n").compactMap { line in line.firstRange(of: "#").map { line[$0.lowerBound...] } }
    }
}
