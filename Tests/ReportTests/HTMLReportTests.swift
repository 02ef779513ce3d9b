import Foundation
import HiglintCore
import XCTest

final class HTMLReportTests: XCTestCase {
    static let hostile = """
        screen: "<script>alert(1)</script>"
        navigation_bar:
          title: "</script><script>alert(2)</script>"
        elements:
          - id: "\\"><img src=x onerror=alert(3)>"
            type: button
            label: "<b>bold</b> & <!-- comment"
            frame: [16, 100, 300, 30]
        """

    // MARK: - Escaping

    func testSpecStringsNeverBecomeMarkup() throws {
        let html = Reports.render(Reports.report(["x<y>.yaml": Self.hostile]), .html)
        for raw in ["<script>alert", "</script><script>", "<img src=x", "<b>bold</b>", "<!-- comment", "x<y>.yaml"] {
            XCTAssertFalse(html.contains(raw), "\(raw) reached the page unescaped")
        }
        // Exactly the two script elements the writer puts there: the data and the code.
        XCTAssertEqual(html.components(separatedBy: "<script").count - 1, 2)
        XCTAssertEqual(html.components(separatedBy: "</script>").count - 1, 2)
        XCTAssertTrue(html.contains("\\u003cscript\\u003ealert(1)\\u003c/script\\u003e"))
    }

    /// In a real browser the hostile names show as text, and nothing runs.
    func testHostileNamesRenderAsTextInChromium() throws {
        let temp = try TempDirectory()
        let page = try temp.write("report.html", Reports.render(Reports.report(["x<y>.yaml": Self.hostile]), .html))
        let loaded = try Browser.load(page)
        XCTAssertEqual(loaded.console, [], "the page logged or threw")
        XCTAssertNotNil(attribute("data-rendered-ms", in: loaded.dom), "the script did not finish")
        XCTAssertNil(attribute("data-errors", in: loaded.dom))
        XCTAssertTrue(loaded.dom.contains("<h2>&lt;script&gt;alert(1)&lt;/script&gt;</h2>"), loaded.dom)
        // The bar title is cut to fit the bar; what shows is text.
        XCTAssertTrue(loaded.dom.contains("&lt;/script&gt;&lt;script&gt;al"), loaded.dom)
        XCTAssertTrue(loaded.dom.contains("&lt;b&gt;bold&lt;/b&gt; &amp; &lt;!-- comment"))
        XCTAssertFalse(loaded.dom.contains("<img"), "an element id became an element")
        XCTAssertEqual(loaded.dom.components(separatedBy: "<script").count - 1, 2)
    }

    // MARK: - Structure

    func testPageIsSelfContainedWithSummaryAndFilters() throws {
        let report = Reports.report(Reports.app)
        let html = Reports.render(report, .html)
        XCTAssertTrue(html.hasPrefix("<!DOCTYPE html>"))
        for external in ["src=\"http", "href=\"http", "@import", "url(http", "<link"] {
            XCTAssertFalse(html.contains(external), "the page loads \(external)")
        }
        XCTAssertTrue(html.contains("default-src 'none'"), "a content security policy forbids every network load")
        // Summary: totals by severity and a row per plugin.
        XCTAssertTrue(html.contains("<span class=\"total sev-error\"><b>\(report.count(.error))</b> errors</span>"))
        XCTAssertTrue(html.contains("<span class=\"total sev-warning\"><b>\(report.count(.warning))</b> warning"))
        let plugins = Set(report.findings.map { String($0.rule.prefix { $0 != "." }) })
        XCTAssertGreaterThan(plugins.count, 2)
        for plugin in plugins {
            XCTAssertTrue(html.contains("<tr><th scope=\"row\">\(plugin)</th>"), "no summary row for \(plugin)")
            XCTAssertTrue(html.contains("data-plugin=\"\(plugin)\""), "no filter for \(plugin)")
        }
        for severity in ["error", "warning", "info"] { XCTAssertTrue(html.contains("data-severity=\"\(severity)\"")) }
    }

    func testEmbeddedDataHoldsWireframesAndFindings() throws {
        let report = Reports.report(Reports.app)
        let data = try embeddedData(Reports.render(report, .html))
        let files = try XCTUnwrap(data["files"] as? [[String: Any]])
        XCTAssertEqual(files.compactMap { $0["f"] as? String }, ["app/broken.yaml", "app/detail.yaml", "app/home.yaml"])
        XCTAssertEqual(files.reduce(0) { $0 + (($1["x"] as? [Any])?.count ?? 0) }, report.findings.count)

        let home = files[2]
        let screen = try XCTUnwrap((home["s"] as? [[String: Any]])?.first)
        XCTAssertEqual(screen["n"] as? String, "Home")
        XCTAssertEqual(screen["c"] as? [Double], [375, 667])
        XCTAssertEqual(screen["sb"] as? [Double], [0, 0, 375, 20])
        XCTAssertEqual((screen["nb"] as? [String: Any])?["r"] as? [Double], [0, 20, 375, 44])
        let items = try XCTUnwrap(screen["i"] as? [[String: Any]])
        XCTAssertEqual(items.compactMap { $0["n"] as? String }, ["save", "body", "edit"])
        XCTAssertEqual(items[0]["f"] as? [Double], [16, 100, 40, 40])
        XCTAssertEqual(items[0]["l"] as? String, "Save")
        XCTAssertEqual(items[2]["p"] as? String, "n")
        let findings = try XCTUnwrap(home["x"] as? [[String: Any]])
        let save = try XCTUnwrap(findings.first { $0["e"] as? String == "save" })
        XCTAssertEqual(save["r"] as? String, "buttons.hit-target")
        XCTAssertEqual(save["v"] as? String, "e")
        XCTAssertEqual(save["k"] as? Int, 0, "the finding points at its screen")
        XCTAssertNil(save["h"], "the hint is kept once, in the rules table")
        let rules = try XCTUnwrap(data["rules"] as? [String: [String: String]])
        XCTAssertEqual(rules["buttons.hit-target"]?["h"], report.findings.first { $0.rule == "buttons.hit-target" }?.hint)
        let broken = try XCTUnwrap(files[0]["x"] as? [[String: Any]])
        XCTAssertNil(broken.first?["k"], "a file that does not parse has findings on no screen")
    }

    /// What the reader sees: every screen with findings drawn, outlines in the
    /// severity's colour, labelled with the rule id, findings listed beside.
    func testChromiumDrawsWireframesWithOutlinedFindings() throws {
        let temp = try TempDirectory()
        let page = try temp.write("report.html", Reports.render(Reports.report(Reports.app), .html))
        let loaded = try Browser.load(page)
        XCTAssertEqual(loaded.console, [])
        XCTAssertEqual(attribute("data-cards", in: loaded.dom), "3")
        XCTAssertEqual(loaded.dom.components(separatedBy: "<section class=\"card\">").count - 1, 3)
        XCTAssertEqual(loaded.dom.components(separatedBy: "<svg").count - 1, 2, "Home and Detail are drawn; broken.yaml has no screen")
        XCTAssertTrue(loaded.dom.contains("<g class=\"sev-error\"><rect"), "an error outline")
        XCTAssertTrue(loaded.dom.contains("buttons.hit-target</text>"), "the outline's label")
        XCTAssertTrue(loaded.dom.contains("app/home.yaml:"), "file:line:col beside the wireframe")
        XCTAssertTrue(loaded.dom.contains("<p class=\"hint\">"))
    }

    static let colored = """
        screen: Colours
        background: {light: "#F2F2F7", dark: "#1C1C1E"}
        elements:
          - id: note
            type: text
            label: Tap to start
            color: {light: "#3C3C43", dark: "#EBEBF5"}
            frame: [16, 100, 300, 30]
          - id: go
            type: button
            label: Go
            color: "#FFFFFF"
            background: {light: "#007AFF", dark: "#0A84FF"}
            frame: [16, 150, 300, 44]
        """

    /// Colours are drawn as written, in the appearance shown: the system's at first (light
    /// here, dark in a browser forced dark), and the page offers the toggle only when a
    /// screen has colours; a report without any has neither the toggle nor colour data.
    func testWireframesAreDrawnInTheirColoursInEitherAppearance() throws {
        let html = Reports.render(Reports.report(["colours.yaml": Self.colored]), .html)
        XCTAssertTrue(html.contains("id=\"appearance-dark\""))
        let data = try embeddedData(html)
        let screen = try XCTUnwrap(((data["files"] as? [[String: Any]])?.first?["s"] as? [[String: Any]])?.first)
        XCTAssertEqual(screen["bg"] as? [String], ["#F2F2F7", "#1C1C1E"])
        let items = try XCTUnwrap(screen["i"] as? [[String: Any]])
        XCTAssertEqual(items.first?["fc"] as? [String], ["#3C3C43", "#EBEBF5"])
        XCTAssertEqual(items.last?["fb"] as? [String], ["#007AFF", "#0A84FF"])
        XCTAssertEqual(items.last?["fc"] as? [String], ["#FFFFFF", "#FFFFFF"])
        let plain = Reports.render(Reports.report(Reports.app), .html)
        XCTAssertFalse(plain.contains("id=\"appearance-dark\""))
        XCTAssertFalse(plain.contains("\"fc\":"), plain)
        XCTAssertFalse(plain.contains("\"bg\":"), plain)

        let temp = try TempDirectory()
        let page = try temp.write("report.html", Reports.render(Reports.report(["colours.yaml": Self.colored]), .html, failOn: nil))
        let light = try Browser.load(page)
        XCTAssertEqual(light.console, [])
        XCTAssertTrue(light.dom.contains("data-appearance=\"light\""), light.dom)
        XCTAssertTrue(light.dom.contains("fill: rgb(242, 242, 247)"), "the light background")
        XCTAssertTrue(light.dom.contains("fill: rgb(0, 122, 255)"), "the button's light fill")
        XCTAssertTrue(light.dom.contains("fill: rgb(60, 60, 67)"), "the text's light colour")
        let dark = try Browser.load(page, extraArguments: ["--force-dark-mode", "--blink-settings=preferredColorScheme=0"])
        XCTAssertEqual(dark.console, [])
        XCTAssertTrue(dark.dom.contains("data-appearance=\"dark\""), dark.dom)
        XCTAssertTrue(dark.dom.contains("fill: rgb(28, 28, 30)"), "the dark background")
        XCTAssertTrue(dark.dom.contains("fill: rgb(10, 132, 255)"), "the button's dark fill")
        XCTAssertTrue(dark.dom.contains("fill: rgb(235, 235, 245)"), "the text's dark colour")
    }

    /// A finding about a bar as a whole (six tabs on an iPhone) outlines that bar in the
    /// wireframe, labelled with its rule, as an element's finding outlines the element.
    func testABarsFindingOutlinesTheBar() throws {
        let tabs = (1...6).map { "    - {title: T\($0), icon: system:t\($0)}" }.joined(separator: "\n")
        let spec = "screen: Store\ntab_bar:\n  tabs:\n\(tabs)\n"
        let html = Reports.render(Reports.report(["store.yaml": spec]), .html)
        let data = try embeddedData(html)
        let findings = try XCTUnwrap((data["files"] as? [[String: Any]])?.first?["x"] as? [[String: Any]])
        let tabCount = try XCTUnwrap(findings.first { $0["r"] as? String == "bars.tab-count" })
        XCTAssertEqual(tabCount["b"] as? String, "tab-bar")
        XCTAssertNil(tabCount["e"])
        let temp = try TempDirectory()
        let page = try temp.write("report.html", html)
        let loaded = try Browser.load(page)
        XCTAssertEqual(loaded.console, [])
        XCTAssertTrue(loaded.dom.contains("<g class=\"sev-error\" data-bar=\"tab-bar\"><rect"), loaded.dom)
        XCTAssertTrue(loaded.dom.contains("bars.tab-count</text>"), "the outline's label")
    }

    func testLiveModeReloadsOnlyWhenAsked() throws {
        let report = Reports.report(Reports.app)
        var options = Reports.options()
        XCTAssertNil(try embeddedData(ReportFormat.html.render(report, options: options))["live"])
        options.liveRefreshSeconds = 3
        options.subtitle = "updated 12:00:01"
        let html = ReportFormat.html.render(report, options: options)
        XCTAssertEqual(try embeddedData(html)["live"] as? Int, 3)
        XCTAssertTrue(html.contains("updated 12:00:01"))
    }

    /// The report of the shipped examples, from the built binary, in Chromium:
    /// no console message, every card drawn, and a screenshot.
    func testExamplesReportLoadsCleanlyAndScreenshots() throws {
        let root = Reports.repositoryRoot
        let temp = try TempDirectory()
        let output = temp.url.appendingPathComponent("report.html")
        let run = try Tool.higlint(
            ["check", "--config", "config.yaml", "--fail-on", "never", "--quiet", "--output", "html=\(output.path)"], in: root)
        XCTAssertEqual(run.status, 0, run.stderr)
        let loaded = try Browser.load(output)
        XCTAssertEqual(loaded.console, [])
        XCTAssertNil(attribute("data-errors", in: loaded.dom))
        XCTAssertNotNil(attribute("data-rendered-ms", in: loaded.dom))
        XCTAssertGreaterThan(loaded.dom.components(separatedBy: "<svg").count - 1, 0)

        let png = temp.url.appendingPathComponent("report.png")
        XCTAssertEqual(try Browser.screenshot(output, to: png), [])
        let bytes = try Data(contentsOf: png)
        XCTAssertEqual(Array(bytes.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "a PNG")
        XCTAssertGreaterThan(bytes.count, 20_000, "a blank page compresses to far less")
    }

    // MARK: - Helpers

    private func attribute(_ name: String, in dom: String) -> String? {
        guard let start = dom.range(of: " \(name)=\"") else { return nil }
        return String(dom[start.upperBound...].prefix { $0 != "\"" })
    }

    private func embeddedData(_ html: String) throws -> [String: Any] {
        let open = "<script type=\"application/json\" id=\"higlint-data\">"
        let start = try XCTUnwrap(html.range(of: open))
        let end = try XCTUnwrap(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
        let json = String(html[start.upperBound..<end.lowerBound])
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }
}
