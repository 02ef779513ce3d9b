import Foundation
import HiglintCore
@testable import XcodeAppFacts
import TestSupport
import XCTest

/// The project reader's object index and group walk against the plain reading they replace:
/// the full parse's dictionaries, walked the obvious way (`ReferenceWalk`). On Simplenote's
/// project and on copies edited to take every way around the fast paths.
final class ObjectIndexTests: XCTestCase {
    static let simplenote = TestFixtures.path("apps/simplenote/Simplenote.xcodeproj/project.pbxproj")

    private func simplenoteText() throws -> String {
        let bytes = try FileReader.read(Self.simplenote, maxBytes: 1 << 24).get()
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Every object's range and isa as the full parse has them, and the isa seen by the scan
    /// (when it saw one) the same as the one read exactly.
    private func assertIndexMatchesFullParse(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let bytes = Array(text.utf8)
        let full = try XCTUnwrap(OldStylePropertyListParser.parse(bytes).get()["objects"]?.dictionary, file: file, line: line)
        let index = try XCTUnwrap(OldStylePropertyListParser.parseIndexingObjects(bytes).get().objects, file: file, line: line)
        XCTAssertEqual(Set(index.rangesByID.keys), Set(full.keys), file: file, line: line)
        for (id, object) in full {
            let number = try XCTUnwrap(index.number(of: id), id, file: file, line: line)
            XCTAssertEqual(OldStylePropertyListParser.object(in: index.ranges[number], of: bytes), object, id, file: file, line: line)
            if let isa = index.isaRanges[number] {
                XCTAssertEqual(String(decoding: bytes[isa], as: UTF8.self), object["isa"]?.string, id, file: file, line: line)
            }
        }
    }

    func testTheIndexHoldsWhatTheFullParseHoldsOnTheRealProject() throws {
        let text = try simplenoteText()
        try assertIndexMatchesFullParse(text)
        // Every object of a project as Xcode writes it has its isa seen by the scan: the exact
        // reading is the exception.
        let index = try XCTUnwrap(OldStylePropertyListParser.parseIndexingObjects(Array(text.utf8)).get().objects)
        XCTAssertEqual(index.count, 1474)
        XCTAssertTrue(index.isaRanges.allSatisfy { $0 != nil })
    }

    func testAnIsaTheScanCannotBeSureOfIsReadExactly() throws {
        let text = """
            { objects = {
              a = {isa = PBXGroup; isa = PBXFileReference; };
              b = {"isa" = "PBXFileReference"; path = x; };
              c = {isa = (PBXFileReference); };
              d = {isa = <50>; };
              e = {path = PBXFileReference; };
              g = {isa = PBXFileReference; isa = PBXGroup; };
              h = PBXFileReference;
              i = {isa = PBXGroup; "\\151sa" = PBXFileReference; };
              j = {isa = "PBXGroup"; isa = PBXFileReference; };
              k = {isa = PBXFileReference; isa = "PBXGroup"; };
              l = {isa = PBXGroup; path = x; /* isa = PBXFileReference */ isa = PBXFileReference; };
              m = {isa=PBXFileReference;};
              o = {isa = PBXFile/Reference; };
            }; }
            """
        try assertIndexMatchesFullParse(text)
        let bytes = Array(text.utf8)
        let index = try XCTUnwrap(OldStylePropertyListParser.parseIndexingObjects(bytes).get().objects)
        let seen = index.rangesByID.keys.sorted().filter { index.isaRanges[index.number(of: $0)!] != nil }
        // A quoted key or value anywhere among an object's isa entries leaves it to the exact reading.
        XCTAssertEqual(seen, ["a", "g", "l", "m", "o"])
    }

    func testARepeatedIdKeepsItsLastValue() throws {
        try assertIndexMatchesFullParse("""
            { objects = { A = {isa = PBXGroup; }; B = {isa = PBXGroup; }; A = {isa = PBXFileReference; }; "B" = x; }; }
            """)
    }

    /// Ids that are not ASCII: Swift's strings are equal when canonically equivalent, so the
    /// Kelvin sign is the letter K and a decomposed é the composed one, as in the full parse's
    /// dictionary; from the first such id on, the index finds ids as that dictionary does.
    func testIdsThatAreNotASCIIAreFoundAsTheFullParseFindsThem() throws {
        let text = """
            { objects = { K = {isa = PBXGroup; }; Z = {isa = X; }; "\u{212A}" = {isa = PBXFileReference; }; \
            "e\u{301}" = {isa = A; }; "\u{E9}" = {isa = B; }; caf\u{E9} = {isa = C; }; Y = {isa = D; }; }; }
            """
        try assertIndexMatchesFullParse(text)
        let index = try XCTUnwrap(OldStylePropertyListParser.parseIndexingObjects(Array(text.utf8)).get().objects)
        XCTAssertEqual(index.number(of: "K"), index.number(of: "\u{212A}"))
        XCTAssertEqual(index.number(of: "\u{E9}"), index.number(of: "e\u{301}"))
        XCTAssertNotNil(index.number(of: "Y"))
        XCTAssertNil(index.number(of: "W"))
    }

    /// Ids of every length from 1 to 40 (whole words and the bytes after them), ids that differ
    /// only in one byte of a word or of the tail, and a byte that is not ASCII in a word or in
    /// the tail: each found as the full parse finds it, and no other.
    func testIdsOfEveryLengthAndPlaceOfDifferenceAreFound() throws {
        let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
        var ids: [String] = []
        for length in 1...40 {
            let id = String((0..<length).map { alphabet[($0 * 7 + length) % alphabet.count] })
            ids.append(id)
            for place in [0, length / 2, length - 1] {
                var changed = Array(id)
                changed[place] = changed[place] == "Z" ? "Y" : "Z"
                ids.append(String(changed))
            }
        }
        var text = "{ objects = {"
        for (number, id) in Set(ids).sorted().enumerated() { text += " \(id) = {isa = I\(number); };" }
        text += " }; }"
        try assertIndexMatchesFullParse(text)
        let index = try XCTUnwrap(OldStylePropertyListParser.parseIndexingObjects(Array(text.utf8)).get().objects)
        for id in ids { XCTAssertNotNil(index.number(of: id), id) }
        XCTAssertNil(index.number(of: String(repeating: "q", count: 24)))
        XCTAssertEqual(Set(ids.compactMap { index.number(of: $0) }).count, Set(ids).count)
        for place in [2, 12, 30] {
            var id = Array(String(repeating: "A", count: 36).utf8)
            id.replaceSubrange(place..<place + 1, with: Array("\u{E9}".utf8))
            try assertIndexMatchesFullParse("{ objects = { \"\(String(decoding: id, as: UTF8.self))\" = {isa = A; }; B = {isa = B; }; }; }")
        }
    }

    func testAQueryThatIsNotASCIIFindsAnASCIIId() throws {
        let text = "{ objects = { K = {isa = PBXGroup; }; }; }"
        let index = try XCTUnwrap(OldStylePropertyListParser.parseIndexingObjects(Array(text.utf8)).get().objects)
        XCTAssertEqual(index.number(of: "\u{212A}"), index.number(of: "K"))
    }

    func testTheIndexGrowsPastItsFirstSize() throws {
        var text = "{ objects = {"
        for number in 0..<500 { text += " ID\(number) = {isa = PBXGroup; name = n\(number); };" }
        text += " }; }"
        try assertIndexMatchesFullParse(text)
    }

    // MARK: - The group walk

    /// The walk's targets for every file the project names (and a few it does not) against
    /// the reference walk over the full parse.
    private func assertWalkMatchesReference(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let path = "/checkout/App.xcodeproj/project.pbxproj"
        let bytes = Array(text.utf8)
        let project = try XcodeProject.parse(bytes, path: path).get()
        let reference = try ReferenceWalk(OldStylePropertyListParser.parse(bytes).get(), projectPath: path)
        XCTAssertFalse(reference.targetsByPath.isEmpty, file: file, line: line)
        for (file2, expected) in reference.targetsByPath {
            XCTAssertEqual(project.targets(containing: file2).map(\.id), expected, file2, file: file, line: line)
        }
        for missing in ["/checkout/Nothing.xib", "/checkout", "/"] {
            XCTAssertEqual(project.targets(containing: missing).map(\.id), reference.targetsByPath[missing] ?? [], file: file, line: line)
        }
    }

    func testTheWalkFindsTheTargetsThePlainWalkFindsOnTheRealProject() throws {
        try assertWalkMatchesReference(try simplenoteText())
    }

    func testTheWalkFindsTheSameTargetsWhenIdsAreQuotedOrTheIsaIsQuoted() throws {
        let text = try simplenoteText()
        // Children lists with a quoted id (read as values, not as byte ranges), and every
        // group's isa quoted (read exactly, not from the scan).
        var quotedChildren = ""
        var inChildren = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.contains("children = (") { inChildren = true }
            if inChildren, line.hasSuffix(","), let id = line.split(separator: " ").first(where: { !$0.isEmpty && $0 != "\t" }) {
                let trimmed = id.trimmingCharacters(in: .whitespaces)
                quotedChildren += line.replacingOccurrences(of: trimmed, with: "\"\(trimmed)\"") + "\n"
            } else {
                quotedChildren += line + "\n"
            }
            if line.contains(");") { inChildren = false }
        }
        XCTAssertNotEqual(quotedChildren, text + "\n")
        try assertWalkMatchesReference(quotedChildren)
        try assertWalkMatchesReference(text.replacingOccurrences(of: "isa = PBXGroup;", with: "isa = \"PBXGroup\";"))
        try assertWalkMatchesReference(text.replacingOccurrences(of: "isa = PBXFileReference;", with: "\"isa\" = PBXFileReference;"))
    }

    func testTheWalkFindsTheSameTargetsWithAnIdThatIsNotASCII() throws {
        let text = try simplenoteText()
        // One object more, with an id that is not ASCII: the index then finds ids as strings.
        let edited = text.replacingOccurrences(
            of: "/* Begin PBXBuildFile section */",
            with: "/* Begin PBXBuildFile section */\n\t\t\"\u{E9}t\u{E9}\" = {isa = PBXBuildFile; };")
        XCTAssertNotEqual(edited, text)
        try assertWalkMatchesReference(edited)
    }

    // MARK: - Build settings

    /// The project-level configurations read once at parse time are the list read on demand:
    /// on the real project and on one without a list.
    func testTheProjectLevelConfigurationsAreTheListReadOnDemand() throws {
        let project = try XcodeProject.parse(Array(try simplenoteText().utf8), path: "/p/S.xcodeproj/project.pbxproj").get()
        let onDemand = project.configurations(of: project.projectConfigurationList)
        XCTAssertFalse(onDemand.byName.isEmpty)
        XCTAssertEqual(project.projectConfigurations.byName, onDemand.byName)
        XCTAssertEqual(project.projectConfigurations.defaultName, onDemand.defaultName)
        let bare = "{ objects = { P = {isa = PBXProject; targets = (); }; }; rootObject = P; }"
        let empty = try XcodeProject.parse(Array(bare.utf8), path: "/p/E.xcodeproj/project.pbxproj").get()
        XCTAssertEqual(empty.projectConfigurations.byName, [:])
        XCTAssertNil(empty.projectConfigurations.defaultName)
    }

    /// Each configuration's settings read in place as `BuildSettings.layer` makes them from
    /// the built value: on every configuration of the real project, and on ones written to
    /// take every way out of the reading in place.
    func testBuildSettingsReadInPlaceAreTheLayerOfTheBuiltValue() throws {
        let edge = """
            { objects = {
              C1 = {isa = XCBuildConfiguration; buildSettings = {
                A = 1; B = "two words"; C = "esc\\"aped\\n"; D = (x, "y z", (nested), {k = v;}, <00>, w, );
                E = {inner = 1;}; F = <0a0b>; "G[sdk=iphoneos*]" = no; H = first; H = (second); I = kept; I = {gone = 1;};
                "caf\u{E9}[x]" = no; "\u{E9}t\u{E9}" = yes; J = (); K = ""; L = "$(inherited)"; }; name = Release; };
              C2 = {isa = XCBuildConfiguration; buildSettings = notADictionary; name = Debug; };
              C3 = {isa = XCBuildConfiguration; name = Debug; };
              C4 = {isa = XCBuildConfiguration; buildSettings = {A = 1;}; buildSettings = {B = 2;}; };
              C5 = {isa = XCBuildConfiguration; buildSettings = {A = 1;}; buildSettings = x; };
              C6 = {isa = XCBuildConfiguration; buildSettings = x; buildSettings = {B = (p, q);}; };
              L = {isa = XCConfigurationList; buildConfigurations = (C1, C2, C3, C4, C5, C6); };
              P = {isa = PBXProject; buildConfigurationList = L; mainGroup = G; targets = (); };
              G = {isa = PBXGroup; children = (); sourceTree = "<group>"; };
            }; rootObject = P; }
            """
        // The project keeps the configurations its lists name (all of them, in a project Xcode wrote).
        for text in [try simplenoteText(), edge] {
            let bytes = Array(text.utf8)
            let full = try XCTUnwrap(OldStylePropertyListParser.parse(bytes).get()["objects"]?.dictionary)
            let project = try XcodeProject.parse(bytes, path: "/checkout/App.xcodeproj/project.pbxproj").get()
            var compared = 0
            for (id, object) in full where object["isa"]?.string == "XCBuildConfiguration" {
                let read = try XCTUnwrap(project.configuration(id), id)
                XCTAssertEqual(read.settings, BuildSettings.layer(object["buildSettings"]?.dictionary), id)
                compared += 1
            }
            XCTAssertGreaterThanOrEqual(compared, 6)
        }
        let project = try XcodeProject.parse(Array(edge.utf8), path: "/checkout/App.xcodeproj/project.pbxproj").get()
        let settings = try XCTUnwrap(project.configuration("C1")).settings
        XCTAssertEqual(settings["C"], "esc\"aped\n")
        XCTAssertEqual(settings["D"], "x y z w")
        XCTAssertEqual(settings["H"], "second")
        XCTAssertNil(settings["I"])
        XCTAssertNil(settings["E"])
        XCTAssertEqual(Set(settings.keys), ["A", "B", "C", "D", "H", "\u{E9}t\u{E9}", "J", "K", "L"])
        XCTAssertEqual(try XCTUnwrap(project.configuration("C6")).settings, ["B": "p q"])
        XCTAssertEqual(try XCTUnwrap(project.configuration("C5")).settings, [:])
    }

    func testAConditionalKeyIsToldByItsBracket() {
        XCTAssertTrue(BuildSettings.isConditional("KEY[sdk=iphoneos*]"))
        XCTAssertTrue(BuildSettings.isConditional("caf\u{E9}[arch=arm64]"))
        XCTAssertFalse(BuildSettings.isConditional("KEY"))
        XCTAssertFalse(BuildSettings.isConditional("caf\u{E9}"))
    }
}

/// Which targets' resources phases copy each file of a project, worked out from the full
/// parse's dictionaries the plain way: what `XcodeProject` is held to.
private struct ReferenceWalk {
    var targetsByPath: [String: [String]] = [:]

    init(_ root: PropertyList, projectPath: String) throws {
        let objects = try XCTUnwrap(root["objects"]?.dictionary)
        let project = try XCTUnwrap(root["rootObject"]?.string.flatMap { objects[$0] })
        var targetsByReference: [String: [String]] = [:]
        let targets = (project["targets"]?.array ?? []).compactMap(\.string)
        for target in targets {
            for phase in objects[target]?["buildPhases"]?.array?.compactMap(\.string) ?? []
            where objects[phase]?["isa"]?.string == "PBXResourcesBuildPhase" {
                for buildFile in objects[phase]?["files"]?.array?.compactMap(\.string) ?? [] {
                    if let reference = objects[buildFile]?["fileRef"]?.string, targetsByReference[reference]?.contains(target) != true {
                        targetsByReference[reference, default: []].append(target)
                    }
                }
            }
        }
        let directory = FileSystem.directory(of: FileSystem.directory(of: projectPath))
        var referencesByPath: [String: [String]] = [:]
        var visited: Set<String> = []
        func walk(_ id: String, _ parent: String, _ variant: String?, _ depth: Int) {
            guard depth < 64, !visited.contains(id), let object = objects[id]?.dictionary else { return }
            visited.insert(id)
            let path = object["path"]?.string
            let resolved: String?
            switch object["sourceTree"]?.string ?? "<group>" {
            case "<group>": resolved = path.flatMap { $0.isEmpty ? nil : $0 }.map { FileSystem.absolute($0, relativeTo: parent) } ?? parent
            case "SOURCE_ROOT": resolved = path.flatMap { $0.isEmpty ? nil : $0 }.map { FileSystem.absolute($0, relativeTo: directory) } ?? directory
            default: resolved = nil
            }
            guard let resolved else { return }
            switch object["isa"]?.string {
            case "PBXGroup", "PBXVariantGroup", "XCVersionGroup":
                let inner = object["isa"]?.string == "PBXVariantGroup" ? id : variant
                for child in object["children"]?.array?.compactMap(\.string) ?? [] { walk(child, resolved, inner, depth + 1) }
            case "PBXFileReference":
                referencesByPath[resolved, default: []].append(id)
                if let variant { referencesByPath[resolved, default: []].append(variant) }
            default: break
            }
        }
        if let main = project["mainGroup"]?.string { walk(main, directory, nil, 0) }
        for (path, references) in referencesByPath {
            let found = Set(references.flatMap { targetsByReference[$0] ?? [] })
            if !found.isEmpty { targetsByPath[path] = targets.filter(found.contains) }
        }
    }
}
