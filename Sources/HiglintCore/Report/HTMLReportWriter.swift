/// The `html` format: one self-contained page (no network, no external asset)
/// that draws every screen as a wireframe with its findings beside it.
///
/// The page carries the report as JSON and draws cards on demand, 40 at a
/// time as the reader scrolls. Measured on a 10,000-screen tree: 6.9 MB, load
/// event at about 0.5 s in headless Chromium; drawing every wireframe up front
/// took about 7 s and a 25 MB DOM (docs/reports.md). The summary and the
/// filters are plain HTML, so the counts read even without JavaScript.
///
/// Spec strings reach the page only as JSON inside a non-executed script
/// element, with `<`, `>` and `&` escaped, and the script puts them in the
/// page with `textContent` and `setAttribute`, never as markup.
public struct HTMLReportWriter: ReportWriter {
    public let name = "html"
    public let fileExtension = "html"
    public let summary = "one self-contained page with a wireframe of every screen, for designers"
    public let drawsScreens = true

    public init() {}

    public func render(_ report: Report, options: ReportRenderOptions) -> String {
        Self.document(report, options: options, fileData: Self.fileData(report, rules: options.rules))
    }

    /// The page around already rendered per-file data (see `fileData`), so a
    /// watcher can keep each file's piece and re-render only the files that changed.
    public static func document(_ report: Report, options: ReportRenderOptions, fileData: [String]) -> String {
        let rulesByID = Dictionary(options.rules.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        // Nothing may load from anywhere: the report is one file that works offline.
        out += "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">\n"
        out += "<meta name=\"generator\" content=\"higlint \(MarkupText.attribute(HiglintVersion.current))\">\n"
        out += "<title>higlint report</title>\n<style>\n" + HTMLReportAssets.css + "</style>\n</head>\n<body>\n"
        out += header(report, options: options)
        out += filters(report)
        out += "<main id=\"cards\"></main>\n<div id=\"more\"></div>\n"
        out += "<noscript><p class=\"noscript\">The wireframes and findings are drawn by the page's script; "
        out += "enable JavaScript, or use <code>--format text</code>.</p></noscript>\n"
        out += "<script type=\"application/json\" id=\"higlint-data\">"
        out += scriptSafe(dataJSON(report, options: options, rules: rulesByID, fileData: fileData))
        out += "</script>\n<script>\n" + HTMLReportAssets.script + "</script>\n</body>\n</html>\n"
        return out
    }

    /// Each reviewed file's JSON: its screens' wireframes and its findings (the
    /// report's, which include the project pass's), in report order.
    public static func fileData(_ report: Report, rules: [RuleDescription]) -> [String] {
        let hints = Dictionary(rules.map { ($0.id, $0.hint) }, uniquingKeysWith: { first, _ in first })
        var byFile: [String: [Finding]] = [:]
        for finding in report.findings { byFile[finding.file, default: []].append(finding) }
        var out: [String] = []
        var listed = Set<String>()
        for result in report.files where result.readProblem == nil {
            listed.insert(result.file.displayPath)
            out.append(fileData(result, findings: byFile[result.file.displayPath] ?? [], ruleHints: hints))
        }
        for path in byFile.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) where !listed.contains(path) {
            let orphan = FileResult(file: SpecFile(path: path, displayPath: path), findings: [], summaries: [], screenCount: 0)
            out.append(fileData(orphan, findings: byFile[path] ?? [], ruleHints: hints))
        }
        return out
    }

    /// One file's piece: `ruleHints` maps rule ids to their hints, which the page keeps once per rule.
    public static func fileData(_ result: FileResult, findings: [Finding], ruleHints: [String: String]) -> String {
        var screenIndex: [String: Int] = [:]
        for (index, wireframe) in result.wireframes.enumerated() {
            if let name = wireframe.screen, screenIndex[name] == nil { screenIndex[name] = index }
        }
        var out = "{\"f\":" + JSONText.string(result.file.displayPath) + ",\"s\":["
        out += result.wireframes.map(wireframeJSON).joined(separator: ",")
        out += "],\"x\":["
        out += findings.map { finding in
            var item = "{\"l\":\(finding.line),\"c\":\(finding.column),\"r\":" + JSONText.string(finding.rule)
            item += ",\"v\":\"" + severityCode(finding.severity) + "\",\"m\":" + JSONText.string(finding.message)
            if let screen = finding.screen, let index = screenIndex[screen] { item += ",\"k\":\(index)" }
            if let element = finding.element {
                item += ",\"e\":" + JSONText.string(element)
            } else if let screen = finding.screen, let index = screenIndex[screen],
                      let bar = result.wireframes[index].bar(atLine: finding.line, column: finding.column) {
                // About a bar as a whole (six tabs): the page outlines the bar.
                item += ",\"b\":\"" + bar.rawValue + "\""
            }
            if let url = finding.url { item += ",\"u\":" + JSONText.string(url) }
            // The hint is the rule's, kept once in the rules table; a finding carries its own only if it differs.
            if finding.hint != ruleHints[finding.rule] { item += ",\"h\":" + JSONText.string(finding.hint) }
            return item + "}"
        }.joined(separator: ",")
        return out + "]}"
    }

    // MARK: - Parts

    private static func header(_ report: Report, options: ReportRenderOptions) -> String {
        func plural(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }
        var out = "<header class=\"top\">\n<h1>higlint report</h1>\n"
        var line = "\(plural(report.fileCount, "file")), \(plural(report.screenCount, "screen")) reviewed"
        if let subtitle = options.subtitle { line += " · " + subtitle }
        out += "<p class=\"sub\">" + MarkupText.escape(line) + "</p>\n"
        out += "<div class=\"totals\">"
        for severity in Severity.allCases.reversed() {
            let count = report.count(severity)
            out += "<span class=\"total sev-\(severity.rawValue)\"><b>\(count)</b> \(severity.rawValue)\(count == 1 || severity == .info ? "" : "s")</span>"
        }
        out += "</div>\n"
        let plugins = pluginCounts(report)
        if !plugins.isEmpty {
            out += "<table class=\"by-plugin\"><thead><tr><th scope=\"col\">plugin</th>"
            for severity in Severity.allCases.reversed() { out += "<th scope=\"col\">\(severity.rawValue)</th>" }
            out += "<th scope=\"col\">total</th></tr></thead><tbody>"
            for (plugin, counts) in plugins {
                out += "<tr><th scope=\"row\">" + MarkupText.escape(plugin) + "</th>"
                for severity in Severity.allCases.reversed() {
                    let count = counts[severity, default: 0]
                    out += "<td class=\"\(count == 0 ? "zero" : "sev-" + severity.rawValue)\">\(count)</td>"
                }
                out += "<td>\(counts.values.reduce(0, +))</td></tr>"
            }
            out += "</tbody></table>\n"
        }
        return out + "</header>\n"
    }

    private static func filters(_ report: Report) -> String {
        var out = "<nav class=\"filters\" aria-label=\"filters\">\n<fieldset><legend>severity</legend>"
        for severity in Severity.allCases.reversed() {
            out += "<label class=\"chip sev-\(severity.rawValue)\"><input type=\"checkbox\" data-severity=\"\(severity.rawValue)\" checked> \(severity.rawValue)</label>"
        }
        out += "</fieldset>\n<fieldset><legend>plugin</legend>"
        for (plugin, counts) in pluginCounts(report) {
            let name = MarkupText.attribute(plugin)
            out += "<label class=\"chip\"><input type=\"checkbox\" data-plugin=\"\(name)\" checked> \(name) <small>\(counts.values.reduce(0, +))</small></label>"
        }
        out += "</fieldset>\n<fieldset><legend>show</legend>"
        out += "<label class=\"chip\"><input type=\"checkbox\" id=\"show-clean\"> screens without findings</label>"
        // Only a report with colours to draw has two appearances to show.
        if report.files.contains(where: { $0.wireframes.contains(where: \.hasColors) }) {
            out += "<label class=\"chip\"><input type=\"checkbox\" id=\"appearance-dark\"> dark appearance</label>"
        }
        out += "<input type=\"search\" id=\"query\" placeholder=\"filter by screen, file, rule or text\" aria-label=\"filter by text\">"
        out += "</fieldset>\n<p id=\"status\" role=\"status\"></p>\n</nav>\n"
        return out
    }

    /// Findings per plugin and severity, plugins by name.
    private static func pluginCounts(_ report: Report) -> [(String, [Severity: Int])] {
        var counts: [String: [Severity: Int]] = [:]
        for finding in report.findings {
            let plugin = String(finding.rule.prefix { $0 != "." })
            counts[plugin, default: [:]][finding.severity, default: 0] += 1
        }
        return counts.keys.sorted().map { ($0, counts[$0] ?? [:]) }
    }

    private static func dataJSON(
        _ report: Report, options: ReportRenderOptions, rules: [String: RuleDescription], fileData: [String]
    ) -> String {
        var out = "{\"version\":1"
        if let seconds = options.liveRefreshSeconds { out += ",\"live\":\(max(1, seconds))" }
        let used = Set(report.findings.map(\.rule)).sorted()
        out += ",\"rules\":{"
        out += used.map { id in
            let rule = rules[id]
            return JSONText.string(id) + ":{\"s\":" + JSONText.string(rule?.summary ?? "")
                + ",\"h\":" + JSONText.string(rule?.hint ?? "") + "}"
        }.joined(separator: ",")
        out += "},\"files\":[\n" + fileData.joined(separator: ",\n") + "\n]}"
        return out
    }

    private static func wireframeJSON(_ wireframe: Wireframe) -> String {
        var out = "{\"n\":" + JSONText.optional(wireframe.screen) + ",\"c\":[" + number(wireframe.canvas.width) + ","
            + number(wireframe.canvas.height) + "]"
        if let background = wireframe.background { out += ",\"bg\":" + colorJSON(background) }
        if let bar = wireframe.statusBar { out += ",\"sb\":" + rect(bar) }
        if let bar = wireframe.navigationBar {
            out += ",\"nb\":{\"r\":" + rect(bar.frame)
            if let title = bar.title { out += ",\"t\":" + JSONText.string(title) }
            if let back = bar.backTitle { out += ",\"b\":" + JSONText.string(back) }
            out += "}"
        }
        if let bar = wireframe.toolbar { out += ",\"tb\":" + rect(bar) }
        if let bar = wireframe.tabBar { out += ",\"tab\":" + rect(bar) }
        out += ",\"i\":[" + wireframe.items.map(itemJSON).joined(separator: ",") + "]"
        if !wireframe.unplaced.isEmpty {
            out += ",\"u\":[" + wireframe.unplaced.map(JSONText.string).joined(separator: ",") + "]"
        }
        return out + "}"
    }

    private static func itemJSON(_ item: Wireframe.Item) -> String {
        var out = "{\"n\":" + JSONText.string(item.name) + ",\"t\":" + JSONText.string(item.type) + ",\"f\":" + rect(item.frame)
        switch item.place {
        case .content: break
        case .navigationBar: out += ",\"p\":\"n\""
        case .toolbar: out += ",\"p\":\"t\""
        case .tabBar: out += ",\"p\":\"b\""
        }
        if let label = item.label { out += ",\"l\":" + JSONText.string(label) }
        if let icon = item.icon { out += ",\"o\":" + JSONText.string(icon) }
        if let badge = item.badge { out += ",\"g\":" + JSONText.string(badge) }
        if let hit = item.hitArea { out += ",\"a\":" + rect(hit) }
        if item.depth > 0 { out += ",\"d\":\(item.depth)" }
        if item.placed { out += ",\"z\":1" }
        if let color = item.color { out += ",\"fc\":" + colorJSON(color) }
        if let background = item.background { out += ",\"fb\":" + colorJSON(background) }
        return out + "}"
    }

    /// `["#RRGGBB[AA]", "#RRGGBB[AA]"]`: the light and the dark value; nil colours are not written.
    private static func colorJSON(_ color: Color) -> String {
        guard let light = color[.light], let dark = color[.dark] else { return "null" }
        return "[" + JSONText.string(light.hex) + "," + JSONText.string(dark.hex) + "]"
    }

    private static func rect(_ rect: Rect) -> String {
        "[" + [rect.x, rect.y, rect.width, rect.height].map(number).joined(separator: ",") + "]"
    }

    /// Points as a designer writes them; a non-finite value (never from the decoder) draws as 0.
    private static func number(_ value: Double) -> String {
        value.isFinite ? formatPoints(value) : "0"
    }

    private static func severityCode(_ severity: Severity) -> String {
        switch severity {
        case .error: return "e"
        case .warning: return "w"
        case .info: return "i"
        }
    }

    /// JSON that can sit inside a `<script>` element: no `</script>`, no `<!--`,
    /// whatever the spec's strings hold. The three characters only ever occur
    /// inside JSON strings, where the \u escapes mean the same.
    static func scriptSafe(_ json: String) -> String {
        ScalarEscape.escape(json) { scalar in
            switch scalar {
            case "<": return "\\u003c"
            case ">": return "\\u003e"
            case "&": return "\\u0026"
            default: return nil
            }
        }
    }
}

extension ReportFormat {
    public static let html = ReportFormat(HTMLReportWriter())
}
