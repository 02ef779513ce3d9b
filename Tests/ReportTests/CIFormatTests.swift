import Foundation
import HiglintCore
import XCTest

/// The `github` and `gitlab` formats through the real binary, read the way
/// their consumers read them.
final class CIFormatTests: XCTestCase {
    static let specs: [String: String] = [
        "screens/home.yaml": """
            screen: Home
            parent: Nowhere
            elements:
              - {id: save, type: button, label: Save, frame: [16, 100, 30, 30]}
              - {id: "a,b:c", type: button, label: "Quit\\nnow", frame: [16, 200, 30, 30]}
            """,
        "screens/100% done.yaml": "screen: Done\nelements:\n  - {id: ok, type: button, frame: [16, 100, 30, 30]}\n",
    ]

    private func tree() throws -> TempDirectory {
        let temp = try TempDirectory()
        for (path, spec) in Self.specs { try temp.write(path, spec) }
        return temp
    }

    private func json(_ run: Tool.Outcome) throws -> [[String: Any]] {
        try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]], run.stdout)
    }

    // MARK: - GitHub

    /// The runner reads `::COMMAND PROPERTIES::DATA` and unescapes `%25`, `%0D`, `%0A`
    /// (and `%3A`, `%2C` in properties). This script does the same, as GitHub's
    /// actions/toolkit documents it, and prints the annotations as JSON.
    private static let workflowCommandReader = #"""
        import json, re, sys
        def unescape(s, prop):
            s = s.replace("%0D", "\r").replace("%0A", "\n")
            if prop: s = s.replace("%3A", ":").replace("%2C", ",")
            return s.replace("%25", "%")
        out = []
        for line in sys.stdin.read().split("\n"):
            if not line: continue
            m = re.fullmatch(r"::(error|warning|notice) ([^:]*)::(.*)", line)
            if not m: sys.exit("not a workflow command: " + repr(line))
            props = dict((k, unescape(v, True)) for k, v in (p.split("=", 1) for p in m.group(2).split(",")))
            out.append({"command": m.group(1), "props": props, "message": unescape(m.group(3), False)})
        print(json.dumps(out))
        """#

    func testGitHubWorkflowCommandsNameFileLineColumnAndRule() throws {
        let temp = try tree()
        let run = try Tool.higlint(["check", "screens", "--quiet", "--format", "github", "--fail-on", "warning"], in: temp.url)
        XCTAssertEqual(run.status, 1, run.stderr)
        let python = try Tool.python(modules: ["re"])
        let input = try temp.write("commands.txt", run.stdout)
        let parsed = try Tool.run(python, ["-c", "import sys; sys.stdin = open(sys.argv[1]); exec(sys.argv[2])", input.path, Self.workflowCommandReader])
        XCTAssertEqual(parsed.status, 0, parsed.stderr)
        let annotations = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(parsed.stdout.utf8)) as? [[String: Any]])

        let text = try Tool.higlint(["check", "screens", "--quiet", "--format", "json"], in: temp.url)
        let findings = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(text.stdout.utf8)) as? [String: Any])?["findings"] as? [[String: Any]])
        XCTAssertEqual(annotations.count, findings.count, run.stdout)
        for (annotation, finding) in zip(annotations, findings) {
            let props = try XCTUnwrap(annotation["props"] as? [String: String])
            XCTAssertEqual(props["file"], finding["file"] as? String)
            XCTAssertEqual(props["line"], (finding["line"] as? Int).map(String.init))
            XCTAssertEqual(props["col"], (finding["column"] as? Int).map(String.init))
            XCTAssertEqual(props["title"], finding["rule"] as? String)
            let expected = ["error": "error", "warning": "warning", "info": "notice"][finding["severity"] as? String ?? ""]
            XCTAssertEqual(annotation["command"] as? String, expected)
            let message = try XCTUnwrap(annotation["message"] as? String)
            let lines = message.split(separator: "\n", omittingEmptySubsequences: false)
            XCTAssertEqual(lines.count, 2, "the message, then the hint: \(message)")
            XCTAssertTrue(lines[0].hasSuffix(finding["message"] as? String ?? "?"), message)
            XCTAssertEqual(String(lines[1]), finding["hint"] as? String)
            if let element = finding["element"] as? String { XCTAssertTrue(lines[0].hasPrefix(element + ": "), message) }
        }
        let files = Set(annotations.compactMap { ($0["props"] as? [String: String])?["file"] })
        XCTAssertEqual(files, ["screens/100% done.yaml", "screens/home.yaml"], "a % in a name survives the escaping")
        XCTAssertTrue(annotations.contains { ($0["message"] as? String)?.hasPrefix("a,b:c: ") == true })
        XCTAssertTrue(annotations.contains { $0["command"] as? String == "warning" })
    }

    /// docs/github-problem-matcher.json, for jobs that keep the text report: GitHub's runner
    /// applies its regular expression to each log line. Node runs the same expression here.
    func testTheProblemMatcherReadsTheTextReport() throws {
        let temp = try tree()
        let text = try Tool.higlint(["check", "screens", "--quiet", "--fail-on", "never"], in: temp.url)
        let json = try Tool.higlint(["check", "screens", "--quiet", "--format", "json"], in: temp.url)
        let findings = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])?["findings"] as? [[String: Any]])
        let lines = try temp.write("log.txt", text.stdout)
        let matcher = Reports.repositoryRoot.appendingPathComponent("docs/github-problem-matcher.json")
        let script = """
            const fs = require("fs");
            const pattern = JSON.parse(fs.readFileSync(process.argv[1], "utf8")).problemMatcher[0].pattern[0];
            const expression = new RegExp(pattern.regexp);
            const out = fs.readFileSync(process.argv[2], "utf8").split("\\n").filter(l => l).map(line => {
              const m = expression.exec(line);
              return m && {file: m[pattern.file], line: +m[pattern.line], column: +m[pattern.column],
                           severity: m[pattern.severity], message: m[pattern.message], code: m[pattern.code]};
            });
            console.log(JSON.stringify(out));
            """
        let run = try Tool.run(try Tool.node(), ["-e", script, matcher.path, lines.path])
        XCTAssertEqual(run.status, 0, run.stderr)
        let matched = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [Any])
        XCTAssertEqual(matched.count, findings.count)
        for (match, finding) in zip(matched, findings) {
            guard let match = match as? [String: Any] else {
                XCTAssertEqual(finding["severity"] as? String, "info", "only infos go unmatched: \(finding)")
                continue
            }
            XCTAssertEqual(match["file"] as? String, finding["file"] as? String)
            XCTAssertEqual(match["line"] as? Int, finding["line"] as? Int)
            XCTAssertEqual(match["column"] as? Int, finding["column"] as? Int)
            XCTAssertEqual(match["severity"] as? String, finding["severity"] as? String)
            XCTAssertEqual(match["code"] as? String, finding["rule"] as? String)
            XCTAssertTrue((match["message"] as? String)?.hasSuffix(finding["message"] as? String ?? "?") == true, "\(match)")
        }
    }

    // MARK: - GitLab

    func testGitLabCodeQualityHasTheDocumentedFields() throws {
        let temp = try tree()
        let run = try Tool.higlint(["check", "screens", "--quiet", "--output", "gitlab=gl-code-quality.json", "--output", "json=-"], in: temp.url)
        XCTAssertEqual(run.status, 1, run.stderr)
        let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(try temp.read("gl-code-quality.json").utf8)) as? [[String: Any]])
        let findings = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])?["findings"] as? [[String: Any]])
        XCTAssertEqual(report.count, findings.count)
        var fingerprints = Set<String>()
        for (issue, finding) in zip(report, findings) {
            XCTAssertEqual(issue["check_name"] as? String, finding["rule"] as? String)
            XCTAssertTrue((issue["description"] as? String)?.hasSuffix(finding["message"] as? String ?? "?") == true)
            let severity = try XCTUnwrap(issue["severity"] as? String)
            XCTAssertTrue(["info", "minor", "major", "critical", "blocker"].contains(severity), severity)
            XCTAssertEqual(severity, ["error": "major", "warning": "minor", "info": "info"][finding["severity"] as? String ?? ""])
            let location = try XCTUnwrap(issue["location"] as? [String: Any])
            XCTAssertEqual(location["path"] as? String, finding["file"] as? String)
            XCTAssertEqual((location["lines"] as? [String: Any])?["begin"] as? Int, finding["line"] as? Int)
            let fingerprint = try XCTUnwrap(issue["fingerprint"] as? String)
            XCTAssertFalse(fingerprint.isEmpty)
            fingerprints.insert(fingerprint)
        }
        XCTAssertEqual(fingerprints.count, report.count, "GitLab tells issues apart by fingerprint")

        // The fingerprint ignores the line, so an issue survives an edit above it.
        try temp.write("screens/home.yaml", "# moved\n\n" + XCTUnwrap(Self.specs["screens/home.yaml"]))
        let moved = try Tool.higlint(["check", "screens", "--quiet", "--format", "gitlab"], in: temp.url)
        let movedPrints = Set(try json(moved).compactMap { $0["fingerprint"] as? String })
        XCTAssertEqual(movedPrints, fingerprints)
    }

    func testGitLabEmptyReportIsAnEmptyArray() throws {
        let temp = try TempDirectory()
        try temp.write("ok.yaml", "screen: Fine\nelements:\n  - {id: ok, type: button, label: OK, frame: [16, 100, 120, 44]}\n")
        let run = try Tool.higlint(["check", "ok.yaml", "--quiet", "--format", "gitlab"], in: temp.url)
        XCTAssertEqual(run.status, 0, run.stderr + run.stdout)
        XCTAssertEqual(run.stdout, "[]\n")
    }
}
