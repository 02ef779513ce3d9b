import Foundation
import HiglintCore
import XCTest

/// `higlint check` writing several reports and using a baseline, end to end.
final class CheckOutputTests: XCTestCase {
    static let small = "screen: Home\nelements:\n  - {id: save, type: button, frame: [16, 100, 30, 30]}\n"

    /// Every format of the list, each to its own file, in one run: each file holds the bytes
    /// the format renders in-process for the same specs.
    func testSeveralOutputsInOneRun() throws {
        let temp = try TempDirectory()
        try temp.write("specs/a.yaml", Self.small)
        try FileManager.default.createDirectory(at: temp.url.appendingPathComponent("out"), withIntermediateDirectories: true)
        let files = ReportFormat.all.map { "r-\($0.name).\($0.writer.fileExtension)" }
        let outputs = zip(ReportFormat.all, files).flatMap { format, file in ["--output", "\(format.name)=out/\(file)"] }
        let run = try Tool.higlint(["check", "specs"] + outputs, in: temp.url)
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stdout.hasPrefix("specs/a.yaml:3:5: error:"), "text still goes to stdout: \(run.stdout)")
        XCTAssertTrue(try temp.read("out/r-sarif.sarif").contains("\"version\": \"2.1.0\""))
        XCTAssertTrue(try temp.read("out/r-html.html").hasPrefix("<!DOCTYPE html>"))
        XCTAssertTrue(try temp.read("out/r-junit.xml").hasPrefix("<?xml"))
        XCTAssertTrue(try temp.read("out/r-json.json").contains("\"findings\""))
        XCTAssertEqual(try temp.read("out/r-text.txt"), run.stdout)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: temp.url.appendingPathComponent("out").path)
        XCTAssertEqual(leftovers.sorted(), files.sorted(), "one file per format and no temp file left behind")
    }

    func testFormatNamesAreUniqueAndPlain() {
        XCTAssertEqual(Set(ReportFormat.names).count, ReportFormat.all.count)
        for format in ReportFormat.all {
            // `--output NAME=FILE` tells a format from a path by the absence of `/` and `.`.
            XCTAssertFalse(format.name.isEmpty || format.name.contains("/") || format.name.contains("."), format.name)
            XCTAssertEqual(ReportFormat(name: format.name), format)
            XCTAssertFalse(format.writer.fileExtension.hasPrefix("."), format.name)
        }
        XCTAssertNil(ReportFormat(name: "xml"))
    }

    func testPlainOutputTakesTheFormatAndDashIsStdout() throws {
        let temp = try TempDirectory()
        try temp.write("a.yaml", Self.small)
        let plain = try Tool.higlint(["check", "a.yaml", "--format", "junit", "--output", "r.xml"], in: temp.url)
        XCTAssertEqual(plain.stdout, "")
        XCTAssertTrue(try temp.read("r.xml").contains("<testsuites"))
        let dash = try Tool.higlint(["check", "a.yaml", "--output", "sarif=-", "--output", "text=r.txt"], in: temp.url)
        XCTAssertTrue(dash.stdout.contains("\"runs\""), dash.stdout)
        XCTAssertFalse(dash.stdout.contains("a.yaml:3:5: error"), "the text report went to its file only")
        XCTAssertTrue(try temp.read("r.txt").hasPrefix("a.yaml:3:5: error:"))
    }

    func testOutputMistakesAreUsageErrors() throws {
        let temp = try TempDirectory()
        try temp.write("a.yaml", Self.small)
        let unknown = try Tool.higlint(["check", "a.yaml", "--output", "sarf=r.sarif"], in: temp.url)
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.contains("unknown report format \"sarf\""), unknown.stderr)
        let twice = try Tool.higlint(["check", "a.yaml", "--output", "html=r", "--output", "sarif=r"], in: temp.url)
        XCTAssertEqual(twice.status, 2)
        XCTAssertTrue(twice.stderr.contains("both be written to r"), twice.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: temp.url.appendingPathComponent("r").path))
        let format = try Tool.higlint(["check", "a.yaml", "--format", "xml"], in: temp.url)
        XCTAssertEqual(format.status, 2)
        let names = ReportFormat.names
        XCTAssertTrue(format.stderr.contains(names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")), format.stderr)
        // A path whose name holds `=` after a directory stays a path.
        let path = try Tool.higlint(["check", "a.yaml", "--output", "./x=y.txt"], in: temp.url)
        XCTAssertEqual(path.status, 1, path.stderr)
        XCTAssertTrue(try temp.read("x=y.txt").contains("buttons.hit-target"))
    }

    func testOneFailedOutputIsExitTwoAndTheOthersAreWritten() throws {
        let temp = try TempDirectory()
        try temp.write("a.yaml", Self.small)
        let run = try Tool.higlint(["check", "a.yaml", "--output", "html=missing/r.html", "--output", "sarif=r.sarif"], in: temp.url)
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.contains("missing"), run.stderr)
        XCTAssertTrue(try temp.read("r.sarif").contains("buttons.hit-target"))
    }

    func testBaselineAdoptionEndToEnd() throws {
        let temp = try TempDirectory()
        try temp.write("a.yaml", Self.small)
        let write = try Tool.higlint(["check", "a.yaml", "--write-baseline", "baseline.json"], in: temp.url)
        XCTAssertEqual(write.status, 0, "after recording, nothing is new: \(write.stderr)")
        XCTAssertEqual(write.stdout, "")
        XCTAssertTrue(write.stderr.contains("wrote 1 finding to the baseline baseline.json"), write.stderr)
        XCTAssertTrue(try temp.read("baseline.json").contains("\"element\": \"save\""))

        // Lines move and a new problem appears: only the new one is reported.
        try temp.write("a.yaml", "# moved down\n" + Self.small + "  - {id: undo, type: button, frame: [16, 200, 20, 20]}\n")
        let after = try Tool.higlint(["check", "a.yaml", "--baseline", "baseline.json"], in: temp.url)
        XCTAssertEqual(after.status, 1)
        XCTAssertEqual(after.stdout.split(separator: "\n").count, 1, after.stdout)
        XCTAssertTrue(after.stdout.contains("a.yaml:5:5: error: undo: frame 20x20 pt"), after.stdout)
        // One bracket holds everything after the counts.
        XCTAssertTrue(after.stderr.hasSuffix(" (1 more in the baseline, 1 fixable with --fix)\n"), after.stderr)

        // The recorded problem is fixed: the baseline entry is listed as stale.
        try temp.write("a.yaml", "screen: Home\nelements:\n  - {id: save, type: button, frame: [16, 100, 44, 44]}\n")
        let fixed = try Tool.higlint(["check", "a.yaml", "--baseline", "baseline.json"], in: temp.url)
        XCTAssertEqual(fixed.status, 0)
        XCTAssertTrue(fixed.stderr.contains("baseline.json: 1 baseline finding no longer matches"), fixed.stderr)
        XCTAssertTrue(fixed.stderr.contains("a.yaml: screen \"Home\", element \"save\": buttons.hit-target"), fixed.stderr)

        let missing = try Tool.higlint(["check", "a.yaml", "--baseline", "nope.json"], in: temp.url)
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("cannot read baseline nope.json"), missing.stderr)
        try temp.write("bad.json", "{\"findings\": 3}")
        let bad = try Tool.higlint(["check", "a.yaml", "--baseline", "bad.json"], in: temp.url)
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.hasPrefix("bad.json:1:14: error:"), bad.stderr)
    }

    func testHelpNamesEveryFormatAndOption() throws {
        let temp = try TempDirectory()
        let help = try Tool.higlint(["check", "--help"], in: temp.url)
        XCTAssertEqual(help.status, 0)
        for word in ["--output [FORMAT=]FILE", "--baseline FILE", "--write-baseline FILE"] {
            XCTAssertTrue(help.stdout.contains(word), "help lacks \(word)")
        }
        for format in ReportFormat.all {
            let line = help.stdout.split(separator: "\n").first { $0.hasPrefix("  \(format.name) ") }
            XCTAssertNotNil(line, "help lists no \(format.name)")
            XCTAssertTrue(line?.hasSuffix(format.writer.summary) ?? false, "help's \(format.name) line: \(line ?? "")")
        }
    }
}
