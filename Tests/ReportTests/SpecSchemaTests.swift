import Foundation
import HiglintCore
import XCTest

/// schema/screen-spec.schema.json is what editors validate specs with; it must
/// say exactly what the decoder reads.
final class SpecSchemaTests: XCTestCase {
    private static var schemaURL: URL { Reports.repositoryRoot.appendingPathComponent("schema/screen-spec.schema.json") }

    private func schema() throws -> [String: Any] {
        let data = try Data(contentsOf: Self.schemaURL)
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    private func definition(_ name: String, in schema: [String: Any]) throws -> [String: Any] {
        let definitions = try XCTUnwrap(schema["definitions"] as? [String: Any])
        return try XCTUnwrap(definitions[name] as? [String: Any], "no definition \(name)")
    }

    private func keys(_ object: [String: Any]) -> Set<String> {
        Set((object["properties"] as? [String: Any])?.keys.map { $0 } ?? [])
    }

    /// The frame definition's map form (the list form has no keys).
    private func frameKeys(_ schema: [String: Any]) throws -> Set<String> {
        let forms = try XCTUnwrap(try definition("frame", in: schema)["oneOf"] as? [[String: Any]])
        return keys(try XCTUnwrap(forms.first { $0["type"] as? String == "object" }))
    }

    /// Every map of the format, both ways: each key the decoder knows is in the
    /// schema, and the schema offers no key the decoder would call unknown.
    func testEveryKeyTheDecoderKnowsAndNoOther() throws {
        let schema = try schema()
        XCTAssertEqual(keys(schema), Set(SpecKeys.screen), "top level")
        let maps: [(String, [String])] = [
            ("element", SpecKeys.element), ("toolbarItem", SpecKeys.toolbarItem), ("tab", SpecKeys.tab),
            ("font", SpecKeys.font), ("statusBar", SpecKeys.statusBar), ("navigationBar", SpecKeys.navigationBar),
            ("backButton", SpecKeys.backButton), ("toolbar", SpecKeys.toolbar), ("tabBar", SpecKeys.tabBar),
            ("login", SpecKeys.login), ("data", SpecKeys.data), ("gesture", SpecKeys.gesture),
            ("layoutVariant", SpecKeys.layoutVariant), ("review", SpecKeys.review),
            ("layouts", SizeClass.allCases.map(\.rawValue)),
        ]
        for (name, known) in maps {
            XCTAssertEqual(keys(try definition(name, in: schema)), Set(known), name)
        }
        XCTAssertEqual(try frameKeys(schema), Set(SpecKeys.frame), "frame")
        // No map in the schema escapes this test.
        let definitions = try XCTUnwrap(schema["definitions"] as? [String: [String: Any]])
        let withKeys = Set(definitions.filter { $0.value["properties"] != nil }.map(\.key))
        XCTAssertEqual(withKeys, Set(maps.map(\.0)))
        for (name, object) in definitions where object["properties"] != nil {
            XCTAssertEqual(object["additionalProperties"] as? Bool, false, "\(name) must flag unknown keys, as the decoder does")
        }
        XCTAssertEqual(schema["additionalProperties"] as? Bool, false)
    }

    /// Closed word lists match the model's enums, so completion offers exactly the accepted words.
    func testEnumsMatchTheModel() throws {
        let schema = try schema()
        let top = try XCTUnwrap(schema["properties"] as? [String: [String: Any]])
        func values(_ property: [String: Any]?) -> Set<String> {
            Set((property?["enum"] as? [String]) ?? ((property?["items"] as? [String: Any])?["enum"] as? [String]) ?? [])
        }
        func property(_ definition: String, _ key: String) throws -> [String: Any]? {
            (try self.definition(definition, in: schema)["properties"] as? [String: [String: Any]])?[key]
        }
        XCTAssertEqual(values(top["device"]), Set(Device.allCases.map(\.rawValue)))
        XCTAssertEqual(values(top["kind"]), Set(ScreenKind.allCases.map(\.rawValue)))
        XCTAssertEqual(values(top["orientations"]), Set(Orientation.allCases.map(\.rawValue)))
        XCTAssertEqual(values(try property("element", "type")), Set(ElementType.allCases.map(\.rawValue)))
        XCTAssertEqual(values(try property("element", "scroll")), Set(Scroll.allCases.map(\.rawValue)))
        XCTAssertEqual(values(try property("font", "weight")), Set(Font.Weight.allCases.map(\.rawValue)))
        XCTAssertEqual(values(try property("font", "style")), Set(Font.Style.allCases.map(\.rawValue)))
        XCTAssertEqual(values(try property("statusBar", "style")), Set(StatusBar.Style.allCases.map(\.rawValue)))
        XCTAssertEqual(values(try property("backButton", "style")), Set(BackButton.Style.allCases.map(\.rawValue)))
        XCTAssertEqual(values(try property("login", "required")), Set(Login.Requirement.allCases.map(\.rawValue)))
        XCTAssertEqual(values(try property("data", "save")), Set(DataPolicy.Save.allCases.map(\.rawValue)))
        XCTAssertEqual(values(try property("gesture", "type")), Set(Gesture.Kind.allCases.map(\.rawValue)))
    }

    /// With a real validator: the examples pass, and a typo or a wrong type fails.
    func testExamplesValidateAndMistakesDoNot() throws {
        let python = try Tool.python(modules: ["jsonschema", "yaml"])
        let examples = try FileManager.default.contentsOfDirectory(
            at: Reports.repositoryRoot.appendingPathComponent("examples"), includingPropertiesForKeys: nil
        ).filter { $0.pathExtension == "yaml" }.map(\.path).sorted()
        XCTAssertFalse(examples.isEmpty)
        let temp = try TempDirectory()
        let typo = try temp.write("typo.yaml", "screen: Home\nelemnts: []\n").path
        let wrongType = try temp.write("wrong.yaml", "screen: Home\nelements:\n  - {id: a, type: buton, frame: [0, 0, wide, 44]}\n").path
        let script = """
            import json, sys, yaml, jsonschema
            validator = jsonschema.Draft7Validator(json.load(open(sys.argv[1])))
            for path in sys.argv[2:]:
                count = 0
                for document in yaml.safe_load_all(open(path)):
                    count += sum(1 for _ in validator.iter_errors(document))
                print(count, path)
            """
        let outcome = try Tool.run(python, ["-c", script, Self.schemaURL.path] + examples + [typo, wrongType])
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        var errors: [String: Int] = [:]
        for line in outcome.stdout.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1)
            if parts.count == 2 { errors[String(parts[1])] = Int(parts[0]) }
        }
        for example in examples { XCTAssertEqual(errors[example], 0, "\(example) does not validate") }
        XCTAssertEqual(errors[typo], 1)
        XCTAssertEqual(errors[wrongType], 2, "type and frame")
    }
}
