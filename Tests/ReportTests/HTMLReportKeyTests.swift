import Foundation
import HiglintCore
import XCTest

/// The page keys its maps by element ids, rule ids and plugin names; ids that are also
/// the names of Object.prototype's members must not make a lookup throw (which blanked
/// every card) or find the prototype's member instead of the page's own entry.
final class HTMLReportKeyTests: XCTestCase {
    private static let names = ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf"]

    /// Each element a 30-pt button, so each has a `buttons.hit-target` error; findings of
    /// plugins named the same way, with rule ids the page has no description of, are added.
    private static func report() -> Report {
        var yaml = "screen: Prototype\nelements:\n"
        for (index, name) in names.enumerated() {
            yaml += "  - {id: \(name), type: button, label: \(name), frame: [16, \(100 + 60 * index), 30, 30]}\n"
        }
        var report = Reports.report(["prototype.yaml": yaml])
        for (index, name) in names.enumerated() {
            report.findings.append(Finding(
                file: "prototype.yaml", line: 3 + index, column: 5, rule: "\(name).odd", severity: .warning,
                message: "a finding of the \(name) plugin", hint: "", screen: "Prototype", element: name))
        }
        report.findings.sort(by: Finding.reportOrder)
        return report
    }

    func testIdsNamedLikePrototypeMembersShowEveryFindingInChromium() throws {
        let report = Self.report()
        XCTAssertEqual(report.findings.filter { $0.rule == "buttons.hit-target" }.count, Self.names.count)
        let temp = try TempDirectory()
        let page = try temp.write("report.html", Reports.render(report, .html))
        let loaded = try Browser.load(page)
        XCTAssertEqual(loaded.console, [], "the page logged or threw")
        XCTAssertNil(attribute("data-errors", in: loaded.dom))
        XCTAssertNotNil(attribute("data-rendered-ms", in: loaded.dom), "the script did not finish")
        XCTAssertEqual(loaded.dom.components(separatedBy: "<section class=\"card\">").count - 1, 1)
        // Every finding is listed, with its element, and each element is outlined with its rules.
        XCTAssertEqual(loaded.dom.components(separatedBy: "<p class=\"msg\">").count - 1, report.findings.count, loaded.dom)
        for finding in report.findings {
            XCTAssertTrue(loaded.dom.contains("<p class=\"msg\">\(finding.message)</p>"), "\(finding.message) is missing")
            XCTAssertTrue(loaded.dom.contains(":\(finding.line):\(finding.column) · \(finding.element ?? "")</span>"))
        }
        for name in Self.names {
            // The outline's label names the element's rules in report order.
            let rules = ["buttons.hit-target", "\(name).odd"].sorted()
            XCTAssertTrue(loaded.dom.contains(">\(rules.joined(separator: ", "))</text>"), "\(name) is not outlined: \(loaded.dom)")
        }
        XCTAssertFalse(loaded.dom.contains("<figcaption>"), "an element was looked up and not found")
    }

    private func attribute(_ name: String, in dom: String) -> String? {
        guard let start = dom.range(of: " \(name)=\"") else { return nil }
        return String(dom[start.upperBound...].prefix { $0 != "\"" })
    }
}
