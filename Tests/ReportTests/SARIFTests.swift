import Foundation
import HiglintCore
import TestSupport
import XCTest

final class SARIFTests: XCTestCase {
    /// The OASIS schema, kept in the repository so that a clone alone can run the check.
    static var schema: URL { TestFixtures.url("sarif-schema-2.1.0.json") }

    /// The kept copy is the OASIS schema the product contract ships: its SHA-256 as taken from
    /// the contract, and its very bytes when the contract is beside the project.
    func testKeptSchemaIsTheContractsOwn() throws {
        let kept = try Data(contentsOf: Self.schema)
        XCTAssertEqual(SHA256.hex(Array(kept)), Self.schemaDigest)
        let contract = Reports.shared.appendingPathComponent("schemas/sarif-schema-2.1.0.json")
        if FileManager.default.fileExists(atPath: contract.path) {
            XCTAssertEqual(kept, try Data(contentsOf: contract))
        }
    }

    static let schemaDigest = "80cd7ffb9b62a4162d541aa9170862dd264f6cce0f04c57f1ac9f2337b808958"

    /// The document validates against the official SARIF 2.1.0 schema, with a real validator.
    func testValidatesAgainstTheOfficialSchema() throws {
        let schema = Self.schema
        XCTAssertTrue(FileManager.default.fileExists(atPath: schema.path), "no SARIF schema at \(schema.path)")
        let python = try Tool.python(modules: ["jsonschema"])
        let temp = try TempDirectory()
        let weird = ["odd name/ü <x> & \"q\".yaml": "screen: \"<script>alert(1)</script>\"\nelements:\n  - {id: \"a\\tb\", type: button, frame: [0, 0, 10, 10]}\n"]
        let cases: [(String, Report)] = [
            ("app", Reports.report(Reports.app)),
            ("empty", Reports.report([:])),
            ("weird", Reports.report(weird)),
            ("baselined", Baseline(recording: Array(Reports.report(Reports.app).findings.prefix(3))).apply(to: Reports.report(Reports.app)).report),
        ]
        let script = """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1]))
            validator = jsonschema.Draft7Validator(schema)
            failed = False
            for path in sys.argv[2:]:
                for error in validator.iter_errors(json.load(open(path))):
                    failed = True
                    print(path, "/".join(map(str, error.absolute_path)), error.message[:300])
            sys.exit(1 if failed else 0)
            """
        var paths: [String] = []
        for (name, report) in cases {
            paths.append(try temp.write("\(name).sarif", Reports.render(report, .sarif)).path)
        }
        // A document that breaks the schema must fail, or the check proves nothing.
        paths.append(try temp.write("broken.sarif", "{\"version\": \"2.1.0\", \"runs\": [{\"results\": []}]}").path)
        let outcome = try Tool.run(python, ["-c", script, schema.path] + paths)
        let complaints = outcome.stdout.split(separator: "\n")
        XCTAssertEqual(outcome.status, 1)
        XCTAssertFalse(complaints.isEmpty)
        XCTAssertTrue(complaints.allSatisfy { $0.hasPrefix(paths[paths.count - 1]) }, outcome.stdout + outcome.stderr)
    }

    func testDriverListsEveryRuleAndResultsCarryLevelsAndLocations() throws {
        let report = Reports.report(Reports.app)
        let run = try firstRun(Reports.render(report, .sarif))
        let driver = try XCTUnwrap((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        XCTAssertEqual(driver["name"] as? String, "higlint")
        XCTAssertEqual(driver["informationUri"] as? String, "man:higlint(1)")
        let rules = try XCTUnwrap(driver["rules"] as? [[String: Any]])
        XCTAssertEqual(rules.compactMap { $0["id"] as? String }, Reports.rules.map(\.id))
        let hitTarget = try XCTUnwrap(rules.first { $0["id"] as? String == "buttons.hit-target" })
        XCTAssertEqual(hitTarget["name"] as? String, "ButtonsHitTarget")
        XCTAssertEqual((hitTarget["defaultConfiguration"] as? [String: Any])?["level"] as? String, "error")
        XCTAssertNotNil((hitTarget["shortDescription"] as? [String: Any])?["text"] as? String)
        XCTAssertNotNil((hitTarget["fullDescription"] as? [String: Any])?["text"] as? String)
        XCTAssertTrue(((hitTarget["help"] as? [String: Any])?["text"] as? String)?.contains("hit_area") == true)
        let heavy = try XCTUnwrap(rules.first { $0["id"] as? String == "text.heavy-weight" })
        XCTAssertEqual((heavy["defaultConfiguration"] as? [String: Any])?["level"] as? String, "note")

        let base = try XCTUnwrap(run["originalUriBaseIds"] as? [String: [String: String]])
        XCTAssertEqual(base["SRCROOT"]?["uri"], "file:///work/app/")
        let results = try XCTUnwrap(run["results"] as? [[String: Any]])
        XCTAssertEqual(results.count, report.findings.count)
        for (result, finding) in zip(results, report.findings) {
            XCTAssertEqual(result["ruleId"] as? String, finding.rule)
            XCTAssertEqual(rules[try XCTUnwrap(result["ruleIndex"] as? Int)]["id"] as? String, finding.rule)
            let expected = ["error": "error", "warning": "warning", "info": "note"][finding.severity.rawValue]
            XCTAssertEqual(result["level"] as? String, expected)
            XCTAssertEqual((result["message"] as? [String: Any])?["text"] as? String, finding.message)
            let location = try XCTUnwrap((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
            let artifact = try XCTUnwrap(location["artifactLocation"] as? [String: Any])
            XCTAssertEqual(artifact["uri"] as? String, finding.file)
            XCTAssertEqual(artifact["uriBaseId"] as? String, "SRCROOT")
            let region = try XCTUnwrap(location["region"] as? [String: Any])
            XCTAssertEqual(region["startLine"] as? Int, finding.line)
            XCTAssertEqual(region["startColumn"] as? Int, finding.column)
        }
        let levels = Set(results.compactMap { $0["level"] as? String })
        XCTAssertTrue(levels.isSuperset(of: ["error", "warning"]), "\(levels)")
    }

    func testPathsArePercentEncodedAndAbsolutePathsNeedNoBase() throws {
        let relative = Finding(file: "my specs/ü#1.yaml", line: 1, column: 1, rule: "spec.schema", severity: .error, message: "m", hint: "h")
        var absolute = relative
        absolute.file = "/tmp/a b.yaml"
        let run = try firstRun(SARIFWriter.write(Report(files: [], findings: [relative, absolute]), rules: [], sourceRoot: nil))
        XCTAssertNil(run["originalUriBaseIds"])
        let results = try XCTUnwrap(run["results"] as? [[String: Any]])
        let artifacts = results.compactMap {
            (($0["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: String]
        }
        XCTAssertEqual(artifacts, [
            ["uri": "my%20specs/%C3%BC%231.yaml", "uriBaseId": "SRCROOT"],
            ["uri": "file:///tmp/a%20b.yaml"],
        ])
    }

    /// Code scanning tracks an alert by its fingerprint: it must survive lines
    /// moving, and tell apart different elements and repeated findings.
    func testFingerprintsAreStableAcrossEditsAndDistinct() throws {
        let spec = """
            screen: Home
            elements:
              - {id: save, type: button, frame: [16, 100, 30, 30]}
              - {id: undo, type: button, frame: [16, 200, 30, 30]}
            """
        let before = try fingerprints(Reports.report(["a.yaml": spec]))
        let moved = try fingerprints(Reports.report(["a.yaml": "# a comment\n\n" + spec]))
        XCTAssertEqual(before.count, 2)
        XCTAssertEqual(before, moved, "the same findings two lines lower keep their fingerprints")
        XCTAssertEqual(Set(before).count, 2, "two elements, two fingerprints")
        let renamed = try fingerprints(Reports.report(["b.yaml": spec]))
        XCTAssertTrue(Set(renamed).isDisjoint(with: before), "another file is another finding")

        let twice = try fingerprints(Reports.report(["a.yaml": "screen: Home\ndevice: android\nkind: wrong\n"]))
        XCTAssertEqual(twice.count, 2)
        XCTAssertEqual(Set(twice).count, 2, "two schema findings on one screen still differ")
    }

    /// Code scanning closes an alert whose result disappears; a baselined finding is
    /// therefore listed, suppressed, with the fingerprint it had before the baseline.
    func testBaselinedFindingsAreSuppressedResultsThroughTheBinary() throws {
        let temp = try TempDirectory()
        try temp.write("a.yaml", "screen: Home\nelements:\n  - {id: save, type: button, frame: [16, 100, 30, 30]}\n")
        let before = try Tool.higlint(["check", "a.yaml", "--quiet", "--format", "sarif"], in: temp.url)
        XCTAssertEqual(before.status, 1, before.stderr)
        XCTAssertEqual(try Tool.higlint(["check", "a.yaml", "--quiet", "--write-baseline", "b.json"], in: temp.url).status, 0)
        try temp.write("a.yaml", "screen: Home\nelements:\n  - {id: save, type: button, frame: [16, 100, 30, 30]}\n  - {id: undo, type: button, frame: [16, 200, 30, 30]}\n")
        let after = try Tool.higlint(["check", "a.yaml", "--quiet", "--baseline", "b.json", "--format", "sarif"], in: temp.url)
        XCTAssertEqual(after.status, 1, "the new finding still fails: \(after.stderr)")

        let results = try XCTUnwrap(try firstRun(after.stdout)["results"] as? [[String: Any]])
        XCTAssertEqual(results.count, 2, "the baselined finding is not dropped")
        let suppressed = results.filter { $0["suppressions"] != nil }
        XCTAssertEqual(suppressed.count, 1)
        let suppression = try XCTUnwrap((suppressed.first?["suppressions"] as? [[String: Any]])?.first)
        XCTAssertEqual(suppression["kind"] as? String, "external")
        let print = { (result: [String: Any]) in (result["partialFingerprints"] as? [String: String])?[SARIFWriter.fingerprintKey] }
        let original = try XCTUnwrap(try firstRun(before.stdout)["results"] as? [[String: Any]]).first.flatMap(print)
        XCTAssertEqual(suppressed.first.flatMap(print), original, "baselining keeps the alert's fingerprint")
        let fresh = try XCTUnwrap(results.first { $0["suppressions"] == nil })
        XCTAssertEqual(((fresh["locations"] as? [[String: Any]])?.first?["logicalLocations"] as? [[String: Any]])?.first?["name"] as? String, "undo")
    }

    func testRenderingIsDeterministic() {
        let report = Reports.report(Reports.app)
        XCTAssertEqual(Reports.render(report, .sarif), Reports.render(Reports.report(Reports.app), .sarif))
    }

    // MARK: - Helpers

    private func firstRun(_ text: String) throws -> [String: Any] {
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        XCTAssertEqual(json["version"] as? String, "2.1.0")
        let runs = try XCTUnwrap(json["runs"] as? [[String: Any]])
        XCTAssertEqual(runs.count, 1)
        return try XCTUnwrap(runs.first)
    }

    private func fingerprints(_ report: Report) throws -> [String] {
        let results = try XCTUnwrap(try firstRun(Reports.render(report, .sarif))["results"] as? [[String: Any]])
        return results.compactMap { ($0["partialFingerprints"] as? [String: String])?[SARIFWriter.fingerprintKey] }
    }
}
