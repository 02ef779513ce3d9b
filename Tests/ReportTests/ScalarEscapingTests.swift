import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import HiglintCore
import XCTest

/// Ids and screen names holding a CR LF (one Swift Character), a lone CR, NUL, ESC and
/// the five markup characters, in every structured output: each parses with a reader that
/// is not ours, and gives back what the spec says, as far as its format can carry it (XML
/// has no NUL or ESC: they arrive as U+FFFD).
final class ScalarEscapingTests: XCTestCase {
    static let names = ["crlf\r\nx", "cr\rx", "nul\u{0}x", "esc\u{1B}[31mx", "<&\"'>x"]
    /// The same, written in YAML's double-quoted escapes.
    private static let written = [#"crlf\r\nx"#, #"cr\rx"#, #"nul\0x"#, #"esc\e[31mx"#, #"<&\"'>x"#]

    /// One screen a name, named `screen NAME`, with one 30-pt button whose id is `NAME`: one
    /// `buttons.hit-target` error each.
    private static func report() -> Report {
        let yaml = written.map { name in
            "screen: \"screen \(name)\"\nelements:\n  - {id: \"\(name)\", type: button, frame: [16, 100, 30, 30]}\n"
        }.joined(separator: "---\n")
        return Reports.report(["names.yaml": yaml])
    }

    /// What XML 1.0 can carry of `text`: everything but the control characters other than tab, LF and CR.
    private static func inXML(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            out.unicodeScalars.append(scalar.value < 0x20 && !["\t", "\n", "\r"].contains(scalar) ? "\u{FFFD}" : scalar)
        }
        return out
    }

    func testTheSpecHoldsTheNames() {
        let findings = Self.report().findings
        XCTAssertEqual(findings.map(\.rule), Array(repeating: "buttons.hit-target", count: 5), "\(findings)")
        XCTAssertEqual(findings.compactMap(\.element), Self.names)
        XCTAssertEqual(findings.compactMap(\.screen), Self.names.map { "screen " + $0 })
    }

    /// Python's ElementTree reads the JUnit file: attributes (the case's name, the failure's
    /// message) and text (the failure's detail) give back each CR, LF and markup character.
    func testJUnitParsesAndKeepsEveryScalarXMLCan() throws {
        let xml = Reports.render(Self.report(), .junit)
        XCTAssertFalse(xml.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "a raw control character: \(xml.debugDescription)")
        let temp = try TempDirectory()
        let file = try temp.write("report.xml", xml)
        let python = try Tool.python(modules: ["xml.etree.ElementTree"])
        let script = """
            import json, sys, xml.etree.ElementTree as ET
            root = ET.parse(sys.argv[1]).getroot()
            cases = [[c.get("name"), c.find("failure").get("message"), c.find("failure").text] for c in root.iter("testcase")]
            print(json.dumps(cases))
            """
        let read = try Tool.run(python, ["-c", script, file.path])
        XCTAssertEqual(read.status, 0, read.stderr)
        let cases = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(read.stdout.utf8)) as? [[String]])
        XCTAssertEqual(cases.map { $0[0] }, Self.names.map { Self.inXML("screen " + $0) })
        XCTAssertEqual(cases.map { $0[1] }, Self.names.map { Self.inXML("error: \($0): frame 30x30 pt is under 44x44 pt") })
        for (detail, name) in zip(cases.map { $0[2] }, Self.names) {
            XCTAssertTrue(detail.contains("\nelement: \(Self.inXML(name))\n"), detail.debugDescription)
        }
    }

    /// Foundation's XMLParser, a second reader, agrees on the attributes.
    func testJUnitAttributesReadTheSameWithXMLParser() throws {
        final class Names: NSObject, XMLParserDelegate {
            var cases: [String] = []
            func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                        attributes: [String: String] = [:]) {
                if name == "testcase", let value = attributes["name"] { cases.append(value) }
            }
        }
        let parser = XMLParser(data: Data(Reports.render(Self.report(), .junit).utf8))
        let names = Names()
        parser.delegate = names
        XCTAssertTrue(parser.parse(), "\(String(describing: parser.parserError))")
        XCTAssertEqual(names.cases, Self.names.map { Self.inXML("screen " + $0) })
    }

    func testJSONAndSARIFCarryTheExactStrings() throws {
        let report = Self.report()
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(Reports.render(report, .json).utf8)) as? [String: Any])
        let findings = try XCTUnwrap(json["findings"] as? [[String: Any]])
        XCTAssertEqual(findings.compactMap { $0["element"] as? String }, Self.names)
        XCTAssertEqual(findings.compactMap { $0["screen"] as? String }, Self.names.map { "screen " + $0 })

        let sarif = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(Reports.render(report, .sarif).utf8)) as? [String: Any])
        let results = try XCTUnwrap((sarif["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        let logical = results.compactMap { (($0["locations"] as? [[String: Any]])?.first?["logicalLocations"] as? [[String: Any]])?.first }
        XCTAssertEqual(logical.compactMap { $0["name"] as? String }, Self.names)
    }

    /// The page's data gives back the exact strings, and Chromium shows every finding with
    /// the markup characters as text.
    func testHTMLDataCarriesTheExactStringsAndChromiumShowsThem() throws {
        let html = Reports.render(Self.report(), .html)
        let open = "<script type=\"application/json\" id=\"higlint-data\">"
        let start = try XCTUnwrap(html.range(of: open))
        let end = try XCTUnwrap(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
        let data = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(html[start.upperBound..<end.lowerBound].utf8)) as? [String: Any])
        let file = try XCTUnwrap((data["files"] as? [[String: Any]])?.first)
        XCTAssertEqual((file["s"] as? [[String: Any]])?.compactMap { $0["n"] as? String }, Self.names.map { "screen " + $0 })
        XCTAssertEqual((file["x"] as? [[String: Any]])?.compactMap { $0["e"] as? String }, Self.names)

        let temp = try TempDirectory()
        let loaded = try Browser.load(try temp.write("report.html", html))
        XCTAssertEqual(loaded.console, [], "the page logged or threw")
        XCTAssertFalse(loaded.dom.contains("data-errors=\""))
        XCTAssertEqual(loaded.dom.components(separatedBy: "<p class=\"msg\">frame 30x30 pt is under 44x44 pt</p>").count - 1, 5)
        XCTAssertTrue(loaded.dom.contains("<h2>screen &lt;&amp;\"'&gt;x</h2>"), loaded.dom)
        XCTAssertTrue(loaded.dom.contains(":19:5 · &lt;&amp;\"'&gt;x</span>"), loaded.dom)
    }
}
