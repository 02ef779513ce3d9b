import Foundation
import HiglintCore
import XCTest

/// Spec text and file names with line breaks, a tab, a terminal escape
/// sequence and bidirectional overrides, through the real binary: the text
/// report keeps one finding a line and shows what is there; the structured
/// formats carry the exact strings, escaped as each format requires.
final class EscapingOutputTests: XCTestCase {
    static let fileName = "bad\nname\u{202E}.yaml"
    static let shownFileName = #"bad\nname\u{202E}.yaml"#
    /// A screen name with a right-to-left override, a parent with a line break, a key with a tab,
    /// an element id with an escape sequence and a label "Quit\n", an id with an isolate.
    static let spec = #"""
        screen: "Home\u202Etxt.exe"
        parent: "Nowhere\nland"
        "elem\tents": 1
        elements:
          - {id: "save\e[31m", type: button, label: "Quit\n", frame: [16, 100, 30, 30]}
          - {id: "x\u2066y", type: button, label: Ok, frame: [16, 200, 30, 30]}
        """#

    private func check(_ format: ReportFormat) throws -> (stdout: String, directory: TempDirectory) {
        let temp = try TempDirectory()
        try temp.write(Self.fileName, Self.spec)
        let run = try Tool.higlint(["check", ".", "--quiet", "--format", format.name], in: temp.url)
        XCTAssertEqual(run.status, 1, run.stderr)
        return (run.stdout, temp)
    }

    func testTextKeepsOneFindingALineAndShowsEscapes() throws {
        let text = try check(.text).stdout
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        XCTAssertEqual(lines.count, 5, text)
        for line in lines {
            XCTAssertTrue(line.hasPrefix(Self.shownFileName + ":"), String(line))
        }
        XCTAssertTrue(text.contains(#":5:5: error: save\u{1B}[31m: label "Quit\n" offers to quit the app [lifecycle.quit-control]"#), text)
        XCTAssertTrue(text.contains(#":2:9: warning: parent "Nowhere\nland" names no screen in the tree"#), text)
        XCTAssertTrue(text.contains(#":3:1: warning: unknown key "elem\tents"; did you mean "elements"?"#), text)
        let raw = text.unicodeScalars.filter { ($0.value < 0x20 && $0 != "\n") || (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value) }
        XCTAssertEqual(raw.map(\.value), [], "control or bidirectional characters reached the text report")
    }

    func testJSONCarriesTheExactStrings() throws {
        let json = try check(.json).stdout
        let findings = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])["findings"] as? [[String: Any]]
        let all = try XCTUnwrap(findings)
        XCTAssertEqual(all.count, 5)
        XCTAssertEqual(Set(all.compactMap { $0["file"] as? String }), [Self.fileName])
        XCTAssertEqual(Set(all.compactMap { $0["screen"] as? String }), ["Home\u{202E}txt.exe"])
        XCTAssertEqual(Set(all.compactMap { $0["element"] as? String }), ["save\u{1B}[31m", "x\u{2066}y"])
        // Messages are the same in every format: spec text in them is quoted, one line.
        XCTAssertTrue(all.contains { $0["message"] as? String == #"label "Quit\n" offers to quit the app"# })
        XCTAssertFalse(json.contains("\u{1B}"), "JSON escapes the control character")
    }

    func testSARIFEncodesThePathAndKeepsTheLocationOneLine() throws {
        let sarif = try check(.sarif).stdout
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any])
        let run = try XCTUnwrap((root["runs"] as? [[String: Any]])?.first)
        let results = try XCTUnwrap(run["results"] as? [[String: Any]])
        XCTAssertEqual(results.count, 5)
        let location = try XCTUnwrap((results.first?["locations"] as? [[String: Any]])?.first)
        let physical = try XCTUnwrap(location["physicalLocation"] as? [String: Any])
        XCTAssertEqual((physical["artifactLocation"] as? [String: Any])?["uri"] as? String, "bad%0Aname%E2%80%AE.yaml")
        let logical = try XCTUnwrap((location["logicalLocations"] as? [[String: Any]])?.first)
        XCTAssertEqual(logical["fullyQualifiedName"] as? String, #"screen "Home\u{202E}txt.exe""#)
    }

    /// Python's XML parser reads the JUnit file: the file name survives in the attribute
    /// (a line break as `&#10;`), and the control character, which XML cannot carry, is replaced.
    func testJUnitParsesWithTheFileNameIntact() throws {
        let junit = try check(.junit)
        let file = try junit.directory.write("report.xml", junit.stdout)
        let python = try Tool.python(modules: ["xml.etree.ElementTree"])
        let script = """
            import json, sys, xml.etree.ElementTree as ET
            root = ET.parse(sys.argv[1]).getroot()
            print(json.dumps([[s.get("name"), [c.get("name") for c in s.iter("testcase")], len(list(s.iter("failure")))] for s in root.iter("testsuite")]))
            """
        let read = try Tool.run(python, ["-c", script, file.path])
        XCTAssertEqual(read.status, 0, read.stderr)
        let suites = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(read.stdout.utf8)) as? [[Any]])
        XCTAssertEqual(suites.count, 1)
        XCTAssertEqual(suites.first?[0] as? String, Self.fileName)
        XCTAssertEqual(suites.first?[1] as? [String], ["Home\u{202E}txt.exe"])
        XCTAssertEqual(suites.first?[2] as? Int, 1, "one screen, one failure holding its three errors")
        XCTAssertFalse(junit.stdout.contains("\u{1B}"))
    }

    func testHTMLDataCarriesTheExactStrings() throws {
        let html = try check(.html).stdout
        let open = "<script type=\"application/json\" id=\"higlint-data\">"
        let start = try XCTUnwrap(html.range(of: open))
        let end = try XCTUnwrap(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
        let data = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(html[start.upperBound..<end.lowerBound].utf8)) as? [String: Any])
        let file = try XCTUnwrap((data["files"] as? [[String: Any]])?.first)
        XCTAssertEqual(file["f"] as? String, Self.fileName)
        let screen = try XCTUnwrap((file["s"] as? [[String: Any]])?.first)
        XCTAssertEqual(screen["n"] as? String, "Home\u{202E}txt.exe")
        let items = try XCTUnwrap(screen["i"] as? [[String: Any]])
        XCTAssertEqual(items.compactMap { $0["l"] as? String }, ["Quit\n", "Ok"])
    }
}
