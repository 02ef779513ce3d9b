/// The `sarif` format: SARIF 2.1.0, which GitHub code scanning and IDEs read.
///
/// One run; `tool.driver.rules` lists every rule so a viewer can show its help
/// even for rules that found nothing. Paths are relative to `SRCROOT`, the
/// directory the review ran in, so the file means the same on any checkout.
/// Findings a baseline hid are results too, with an external suppression:
/// dropped, code scanning would close their alerts as fixed.
public struct SARIFWriter: ReportWriter {
    public let name = "sarif"
    public let fileExtension = "sarif"
    public let summary = "SARIF 2.1.0, for GitHub code scanning and IDEs"

    public init() {}

    public func render(_ report: Report, options: ReportRenderOptions) -> String {
        Self.write(report, rules: options.rules, sourceRoot: options.sourceRoot)
    }

    public static let schemaURI = "https://json.schemastore.org/sarif-2.1.0.json"
    public static let rootBaseID = "SRCROOT"
    /// The `partialFingerprints` key; bump the version if the fingerprint's recipe changes.
    public static let fingerprintKey = "higlintFinding/v1"
    /// The driver's `informationUri`: the manual page installed with the binary
    /// (the `man:` scheme systemd units use too); the project names no web address.
    public static let informationURI = "man:higlint(1)"

    public static func write(_ report: Report, rules: [RuleDescription], sourceRoot: String?) -> String {
        var ruleIndex: [String: Int] = [:]
        for (index, rule) in rules.enumerated() where ruleIndex[rule.id] == nil { ruleIndex[rule.id] = index }

        var out = "{\n  \"$schema\": \(JSONText.string(schemaURI)),\n  \"version\": \"2.1.0\",\n  \"runs\": [\n    {\n"
        out += "      \"tool\": {\n        \"driver\": {\n"
        out += "          \"name\": \"higlint\",\n"
        out += "          \"informationUri\": \(JSONText.string(informationURI)),\n"
        out += "          \"version\": \(JSONText.string(HiglintVersion.current)),\n"
        out += "          \"semanticVersion\": \(JSONText.string(HiglintVersion.current)),\n"
        out += "          \"rules\": ["
        out += rules.isEmpty ? "]\n" : "\n" + rules.map { "            " + renderRule($0) }.joined(separator: ",\n") + "\n          ]\n"
        out += "        }\n      },\n"
        if let sourceRoot {
            let root = sourceRoot.hasSuffix("/") ? sourceRoot : sourceRoot + "/"
            out += "      \"originalUriBaseIds\": {\(JSONText.string(rootBaseID)): {\"uri\": \(JSONText.string(fileURI(root)))}},\n"
        }
        out += "      \"columnKind\": \"unicodeCodePoints\",\n"
        // Shown and baselined together, so a finding keeps its fingerprint when a baseline takes it.
        let baselined = Set(report.baselined)
        let all = report.baselined.isEmpty ? report.findings : (report.findings + report.baselined).sorted(by: Finding.reportOrder)
        let results = zip(all, FindingFingerprint.all(all)).map { finding, fingerprint in
            let index = ruleIndex[finding.rule]
            return "        " + render(
                finding, ruleIndex: index, fingerprint: fingerprint, suppressed: baselined.contains(finding),
                fixSummary: index.flatMap { rules[$0].fix?.summary })
        }
        out += "      \"results\": ["
        out += results.isEmpty ? "]\n" : "\n" + results.joined(separator: ",\n") + "\n      ]\n"
        out += "    }\n  ]\n}\n"
        return out
    }

    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: return "error"
        case .warning: return "warning"
        case .info: return "note"
        }
    }

    /// `buttons.hit-target` becomes `ButtonsHitTarget`: SARIF's `name` is an identifier, the id stays the key.
    static func ruleName(_ id: String) -> String {
        id.split(whereSeparator: { $0 == "." || $0 == "-" || $0 == "_" })
            .map { $0.prefix(1).uppercased() + $0.dropFirst() }
            .joined()
    }

    private static func renderRule(_ rule: RuleDescription) -> String {
        var out = "{\"id\": \(JSONText.string(rule.id)), \"name\": \(JSONText.string(ruleName(rule.id)))"
        out += ", \"shortDescription\": {\"text\": \(JSONText.string(rule.summary))}"
        out += ", \"fullDescription\": {\"text\": \(JSONText.string(rule.rationale))}"
        let help = "\(rule.hint)\n\nWhy: \(rule.rationale)\nRun `higlint explain \(rule.id)` for examples."
        let markdown = "**Fix:** \(rule.hint)\n\n**Why:** \(rule.rationale)\n\nRun `higlint explain \(rule.id)` for examples."
        out += ", \"help\": {\"text\": \(JSONText.string(help)), \"markdown\": \(JSONText.string(markdown))}"
        out += ", \"defaultConfiguration\": {\"level\": \(JSONText.string(level(rule.severity)))}"
        var tags = [rule.plugin]
        if rule.isProjectRule { tags.append("project-rule") }
        out += ", \"properties\": {\"tags\": [\(tags.map(JSONText.string).joined(separator: ", "))]"
        if let fix = rule.fix { out += ", \"fix\": \(JSONText.string(fix.safety.rawValue))" }
        out += "}}"
        return out
    }

    private static func render(
        _ finding: Finding, ruleIndex: Int?, fingerprint: String, suppressed: Bool, fixSummary: String?
    ) -> String {
        var out = "{\"ruleId\": \(JSONText.string(finding.rule))"
        if let ruleIndex { out += ", \"ruleIndex\": \(ruleIndex)" }
        out += ", \"level\": \(JSONText.string(level(finding.severity)))"
        out += ", \"message\": {\"text\": \(JSONText.string(finding.message))}"
        out += ", \"locations\": [{\"physicalLocation\": {\"artifactLocation\": " + artifactLocation(finding.file)
        out += ", \"region\": {\"startLine\": \(max(1, finding.line)), \"startColumn\": \(max(1, finding.column))}}"
        var names: [String] = []
        // Whole names: a viewer shows the qualified name as the finding's place, and it must tell places apart.
        if let screen = finding.screen { names.append("screen \(quoted(screen, limit: .max))") }
        if let element = finding.element { names.append("element \(quoted(element, limit: .max))") }
        if !names.isEmpty {
            out += ", \"logicalLocations\": [{\"name\": \(JSONText.string(finding.element ?? finding.screen ?? ""))"
            out += ", \"fullyQualifiedName\": \(JSONText.string(names.joined(separator: " / ")))}]"
        }
        out += "}]"
        if let fix = finding.fix { out += ", \"fixes\": [" + render(fix, in: finding.file, summary: fixSummary) + "]" }
        out += ", \"partialFingerprints\": {\(JSONText.string(fingerprintKey)): \(JSONText.string(fingerprint))}"
        if suppressed {
            out += ", \"suppressions\": [{\"kind\": \"external\", \"justification\": \"accepted in the baseline\"}]"
        }
        var properties: [String] = []
        if !finding.hint.isEmpty { properties.append("\"hint\": \(JSONText.string(finding.hint))") }
        // The design's own page for the element (a Figma layer), which a viewer can open.
        if let url = finding.url { properties.append("\"url\": \(JSONText.string(url))") }
        if !properties.isEmpty { out += ", \"properties\": {" + properties.joined(separator: ", ") + "}" }
        return out + "}"
    }

    /// A fix as one change to the finding's file; an insertion deletes an empty region.
    private static func render(_ fix: Fix, in file: String, summary: String?) -> String {
        var out = "{\"description\": {\"text\": \(JSONText.string((summary ?? "Fix") + " (\(fix.safety.rawValue))"))}"
        out += ", \"artifactChanges\": [{\"artifactLocation\": " + artifactLocation(file) + ", \"replacements\": ["
        out += fix.edits.map { edit in
            "{\"deletedRegion\": {\"startLine\": \(edit.start.line), \"startColumn\": \(edit.start.column)"
                + ", \"endLine\": \(edit.end.line), \"endColumn\": \(edit.end.column)}"
                + ", \"insertedContent\": {\"text\": \(JSONText.string(edit.replacement))}}"
        }.joined(separator: ", ")
        return out + "]}]}"
    }

    private static func artifactLocation(_ path: String) -> String {
        if path.hasPrefix("/") { return "{\"uri\": \(JSONText.string(fileURI(path)))}" }
        return "{\"uri\": \(JSONText.string(percentEncoded(path))), \"uriBaseId\": \(JSONText.string(rootBaseID))}"
    }

    // MARK: - URIs

    static func fileURI(_ absolutePath: String) -> String {
        "file://" + percentEncoded(absolutePath)
    }

    /// RFC 3986: unreserved characters and `/` stay, every other byte of the UTF-8 is %XX.
    static func percentEncoded(_ path: String) -> String {
        var out = ""
        out.reserveCapacity(path.utf8.count)
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                 UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return out
    }
}

extension ReportFormat {
    public static let sarif = ReportFormat(SARIFWriter())
}
