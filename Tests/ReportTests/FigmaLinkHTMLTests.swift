import Foundation
import HiglintCore
import TestSupport
import XCTest

/// The HTML report's "Open in the design" link in a real browser: one on each finding on a
/// Figma layer, to that layer, opening in a new tab without the report as its opener; none
/// on a spec's finding; and none for an address that is not https, whatever it holds.
final class FigmaLinkHTMLTests: XCTestCase {
    static let key = FigmaTestFiles.key
    /// Its caption's node is an instance's, whose id the link must escape.
    static let design = FigmaTestFiles.signIn(termsNode: "I1:4;2:5")

    /// Each `<a class="design-link" ...>` of the DOM Chromium left, as written.
    private func designLinks(_ dom: String) -> [String] {
        dom.components(separatedBy: "<a ").dropFirst().map { String($0.prefix { $0 != ">" }) }
            .filter { $0.contains("class=\"design-link\"") }
    }

    func testEachFindingOnALayerLinksToItInChromium() throws {
        let temp = try TempDirectory()
        _ = try temp.write("design/\(Self.key).figma.json", Self.design)
        _ = try temp.write("specs/home.yaml", "screen: Home\nelements:\n  - {id: go, type: button, label: Go, frame: [10, 100, 30, 30]}\n")
        let output = temp.url.appendingPathComponent("report.html")
        let run = try Tool.higlint(["check", ".", "--fail-on", "never", "--quiet", "--output", "html=\(output.path)"], in: temp.url)
        XCTAssertEqual(run.status, 0, run.stderr)
        let loaded = try Browser.load(output)
        XCTAssertEqual(loaded.console, [], "the page logged or threw")
        XCTAssertTrue(loaded.dom.contains(" data-rendered-ms=\""), "the script did not finish")
        XCTAssertFalse(loaded.dom.contains(" data-errors=\""))
        let base = "https://www.figma.com/design/\(Self.key)/?node-id="
        XCTAssertEqual(designLinks(loaded.dom).sorted(), [
            "class=\"design-link\" href=\"\(base)1-3\" target=\"_blank\" rel=\"noopener noreferrer\"",
            "class=\"design-link\" href=\"\(base)I1-4%3B2-5\" target=\"_blank\" rel=\"noopener noreferrer\"",
        ], loaded.dom)
        XCTAssertEqual(loaded.dom.components(separatedBy: ">Open in the design</a>").count - 1, 2)
        // The spec's finding is listed, without a link.
        XCTAssertTrue(loaded.dom.contains("specs/home.yaml:3:5 · go</span></div><p class=\"msg\">frame 30x30 pt is under 44x44 pt</p><p class=\"hint\">Enlarge the frame, or give the element a <code>hit_area</code> of at least 44x44 pt.</p></li>"), loaded.dom)
    }

    /// A url that is not an https address is no link, and one that holds markup stays an
    /// attribute's text: the page sets `href` as a property, never as markup.
    func testOnlyHTTPSAddressesBecomeLinksInChromium() throws {
        var report = Reports.report(["a.yaml": "screen: A\nelements:\n  - {id: a, type: button, label: A, frame: [10, 100, 30, 30]}\n"
            + "  - {id: b, type: button, label: B, frame: [10, 200, 30, 30]}\n  - {id: c, type: button, label: C, frame: [10, 300, 30, 30]}\n"
            + "  - {id: d, type: button, label: D, frame: [10, 400, 30, 30]}\n  - {id: e, type: button, label: E, frame: [10, 500, 30, 30]}\n"])
        let urls = ["javascript:alert(1)", "file:///etc/passwd", "http://www.figma.com/design/K/", "HTTPS://www.figma.com/design/K/",
                    "https://www.figma.com/design/K/?node-id=1-2&x=\"><img src=x onerror=alert(4)>"]
        XCTAssertEqual(report.findings.count, urls.count)
        for index in report.findings.indices { report.findings[index].url = urls[index] }
        let temp = try TempDirectory()
        let page = try temp.write("report.html", Reports.render(report, .html))
        let loaded = try Browser.load(page)
        XCTAssertEqual(loaded.console, [], "the page logged or threw")
        XCTAssertFalse(loaded.dom.contains("<img"), "a url became an element")
        for scheme in ["javascript:", "file:", "http:", "HTTPS:"] {
            XCTAssertFalse(loaded.dom.contains("href=\"\(scheme)"), "a \(scheme) url became a link")
        }
        XCTAssertEqual(designLinks(loaded.dom), [
            "class=\"design-link\" href=\"https://www.figma.com/design/K/?node-id=1-2&amp;x=&quot;&gt;&lt;img src=x onerror=alert(4)&gt;\" target=\"_blank\" rel=\"noopener noreferrer\"",
        ], loaded.dom)
    }
}
