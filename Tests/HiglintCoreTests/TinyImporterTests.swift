import Foundation
import HiglintCore
import HiglintPlugins
import XCTest

/// A format of one line per element, registered through the seam every importer uses and
/// nothing else: the engine's one screen loop gives it ignore lists and unused ignores,
/// duplicate ids, rules, suppression, fixes, notes, summaries and wireframes unchanged.
///
///     screen NAME
///     ignore RULE...
///     TYPE ID X Y WIDTH HEIGHT [ignore=RULE,RULE]
struct TinyImporter: ScreenImporter {
    var plugin: Plugin { Plugin(name: "tiny", summary: "The tiny test format.", screenRules: []) }
    var fileExtensions: [String] { [".tiny"] }
    var isSourceText: Bool { true }

    func importScreens(from bytes: [UInt8], file: SpecFile, options: ImportOptions) -> ImportResult {
        var screen = Screen(device: options.defaultDevice, canvas: Size(width: 390, height: 844))
        var notes: [String: String] = [:]
        var diagnostics: [ImportDiagnostic] = []
        var offset = 0
        for (number, line) in String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            defer { offset += line.utf8.count + 1 }
            let start = Mark(line: number + 1, column: 1, offset: offset)
            let words = Self.words(of: line, at: start)
            guard let first = words.first else { continue }
            switch first.text {
            case "screen":
                screen.name = words.dropFirst().first?.text
            case "ignore":
                for word in words.dropFirst() {
                    screen.review.ignore.append(word.text)
                    screen.review.ignoreMarks.append(word.mark)
                }
            default:
                let numbers = words.dropFirst(2).prefix(4).compactMap { Double($0.text) }
                guard let type = ElementType(rawValue: first.text), words.count >= 6, numbers.count == 4 else {
                    diagnostics.append(ImportDiagnostic(rule: CoreRules.schema, message: "not an element line", at: start))
                    continue
                }
                var fields = Element.Fields(placement: .content, path: "line \(number + 1)", marks: Marks(start))
                fields.type = type
                fields.id = words[1].text
                fields.frame = Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
                for word in words.dropFirst(6) where word.text.hasPrefix("ignore=") {
                    var column = word.mark.column + "ignore=".count
                    for name in word.text.dropFirst("ignore=".count).split(separator: ",", omittingEmptySubsequences: false) {
                        fields.ignore.append(String(name))
                        fields.ignoreMarks.append(Mark(line: start.line, column: column, offset: start.offset + column - 1))
                        column += name.count + 1
                    }
                }
                fields.suppressed = fields.ignore
                fields.suppressionMarks = fields.ignoreMarks
                if notes[words[1].text] == nil { notes[words[1].text] = " (tiny line \(number + 1))" }
                screen.elements.append(Element(fields))
            }
        }
        let imported = ImportedScreen(
            screen: screen, elementNotes: ElementNotes(notes), diagnostics: diagnostics, ignoreListsWritten: true,
            fixWriter: TinyFixWriter(bytes: bytes))
        return .imported(ImportedFile(screens: [imported]))
    }

    /// The line's words split at spaces, each with where it starts.
    private static func words(of line: Substring, at start: Mark) -> [(text: String, mark: Mark)] {
        var words: [(text: String, mark: Mark)] = []
        var column = 1
        for word in line.split(separator: " ", omittingEmptySubsequences: false) {
            if !word.isEmpty {
                words.append((String(word), Mark(line: start.line, column: column, offset: start.offset + column - 1)))
            }
            column += word.count + 1
        }
        return words
    }
}

/// Writes the one action the format can take, a word replaced (a misspelt ignore entry's rename).
struct TinyFixWriter: FixWriter {
    let bytes: [UInt8]

    func edits(for actions: [FixAction]) -> [TextEdit]? {
        var edits: [TextEdit] = []
        for action in actions {
            guard case .replace(let mark, let value) = action, case .text(let text) = value, mark.offset < bytes.count else { return nil }
            let end = bytes[mark.offset...].firstIndex { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\n") }
                ?? bytes.count
            edits.append(TextEdit(
                range: mark.offset..<end, replacement: text, start: mark,
                end: Mark(line: mark.line, column: mark.column + end - mark.offset, offset: end)))
        }
        return edits
    }
}

final class TinyImporterTests: XCTestCase {
    private let text = """
        screen Home
        ignore gestures.reserved
        button save 16 100 120 20 ignore=buttons.hit-targt
        button save 16 200 120 20 ignore=buttons.hit-target
        text title 16 40 200 30 ignore=text.contrast
        wobble
        """

    private func reviewed() throws -> (result: FileResult, report: Report, path: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tiny-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("home.tiny").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let engine = Engine(plugins: BuiltinPlugins.all, importers: [TinyImporter()], config: Config())
        XCTAssertTrue(engine.importer(for: path) is TinyImporter, "picked by its ending, as every importer is")
        XCTAssertTrue(engine.importer(for: "a.yaml") is SpecImporter, "the spec reader is one importer among the others")
        let result = engine.review(SpecFile(path: path, displayPath: "home.tiny"))
        return (result, engine.report([result]), path)
    }

    func testANewImporterGetsTheWholeScreenLoop() throws {
        let (result, report, _) = try reviewed()
        let found = report.findings.map { "\($0.line):\($0.column) \($0.rule)\($0.element.map { " \($0)" } ?? "")" }
        // Its own diagnostic, under a core rule.
        XCTAssertTrue(found.contains("6:1 spec.schema"), "\(found)")
        // The ignore list a person wrote: a name no rule has, with the closest as a fix.
        XCTAssertTrue(found.contains("3:34 spec.unknown-rule save"), "\(found)")
        // Duplicate ids.
        XCTAssertTrue(found.contains("4:1 spec.duplicate-element-id save"), "\(found)")
        // Rules, with suppression: the first small button is reported, the second's entry holds it back.
        let hitTargets = report.findings.filter { $0.rule == "buttons.hit-target" }
        XCTAssertEqual(hitTargets.map(\.line), [3], "\(found)")
        // Notes: the importer's words for the element, added to the rule's message.
        XCTAssertTrue(hitTargets.first?.message.hasSuffix(" (tiny line 3)") == true, hitTargets.first?.message ?? "")
        // Unused ignores, the screen's and an element's, reported by the project pass.
        let unused = report.findings.filter { $0.rule == CoreRules.unusedIgnore }.map { "\($0.line):\($0.column)" }
        XCTAssertEqual(unused, ["2:8", "5:32"], "\(found)")
        // Summaries and wireframes.
        XCTAssertEqual(result.summaries.map(\.name), ["Home"])
        XCTAssertEqual(result.wireframes.count, 1)
        XCTAssertEqual(result.screenCount, 1)
    }

    func testTheImportersFixWriterWritesTheFix() throws {
        let (_, report, _) = try reviewed()
        let rename = try XCTUnwrap(report.findings.first { $0.rule == CoreRules.unknownRule }?.fix)
        XCTAssertEqual(rename.edits.map(\.replacement), ["buttons.hit-target"])
        let fixed = String(decoding: FixApplier.apply([rename], to: Array(text.utf8)).text, as: UTF8.self)
        XCTAssertTrue(fixed.contains("button save 16 100 120 20 ignore=buttons.hit-target\n"), fixed)
    }
}
