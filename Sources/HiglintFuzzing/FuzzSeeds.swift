#if canImport(Glibc)
import Glibc
#endif
import FigmaImporter
import HiglintCore
import InterfaceBuilderImporter
import XcodeAppFacts

/// The seed corpus: every rule's examples from the catalog (the specs its
/// tests prove it on) and the spec files named, each twice: as raw bytes
/// (mode byte 0) and as choices for the structure-aware mode (mode byte 1);
/// the Interface Builder documents named (`.storyboard`, `.xib`, or directories
/// holding them), and the importer's own rule examples, with mode byte 2; the Xcode
/// project files among them or below them (`project.pbxproj`), with mode byte 4; the Figma
/// file responses (`*.figma.json`) and the Figma importer's rule examples, with mode byte 8;
/// and a dictionary of the formats' words as DIRECTORY.dict.
public enum FuzzSeeds {
    /// Writes the seeds into `directory` (which must exist); returns how many, or the first problem.
    public static func write(into directory: String, specFiles: [String]) -> Result<Int, WriteProblem> {
        var specs: [(name: String, bytes: [UInt8])] = []
        for rule in FuzzInput.engine.allRuleDescriptions {
            for (index, example) in (rule.triggeringExamples + rule.nonTriggeringExamples).enumerated() {
                specs.append(("rule-\(rule.id)-\(index)", Array(example.utf8)))
            }
        }
        var documents: [(name: String, bytes: [UInt8])] = []
        for rule in [FuzzInput.importer.plugin].flatMap(\.loaderRules) {
            for (index, example) in (rule.triggeringExamples + rule.nonTriggeringExamples).enumerated() {
                documents.append(("rule-\(rule.id)-\(index)", Array(example.utf8)))
            }
        }
        var designs: [(name: String, bytes: [UInt8])] = []
        for rule in [FuzzInput.figma.plugin].flatMap(\.loaderRules) {
            for (index, example) in (rule.triggeringExamples + rule.nonTriggeringExamples).enumerated() {
                designs.append(("rule-\(rule.id)-\(index)", Array(example.utf8)))
            }
        }
        let documentPaths = specFiles.map { files(at: $0, named: isInterfaceBuilderDocument) }
        let projectPaths = specFiles.map { files(at: $0, named: { $0 == "project.pbxproj" }) }
        let designPaths = specFiles.map { files(at: $0, named: { $0.hasSuffix(FigmaImporter.fileExtension) }) }
        for path in designPaths.joined() {
            if case .success(let bytes) = FileReader.read(path, maxBytes: 1 << 20) { designs.append((seedName(path), bytes)) }
        }
        for path in documentPaths.joined() {
            if case .success(let bytes) = FileReader.read(path, maxBytes: 1 << 20) { documents.append((seedName(path), bytes)) }
        }
        var projects: [(name: String, bytes: [UInt8])] = []
        for path in projectPaths.joined() {
            if case .success(let bytes) = FileReader.read(path, maxBytes: AppFactsLocator.maximumProjectBytes) {
                projects.append((seedName(path), bytes))
            }
        }
        for (index, path) in specFiles.enumerated() where documentPaths[index].isEmpty && projectPaths[index].isEmpty && designPaths[index].isEmpty {
            if case .success(let bytes) = FileReader.read(path, maxBytes: 1 << 20) { specs.append((seedName(path), bytes)) }
        }
        var written = 0
        if case .failure(let problem) = AtomicFile.write(dictionary(), to: directory + ".dict") {
            return .failure(problem)
        }
        let kinds: [(modes: [UInt8], seeds: [(name: String, bytes: [UInt8])])] = [
            ([0, 1], specs), ([2], documents), ([4], projects), ([8], designs),
        ]
        for kind in kinds {
            for seed in kind.seeds {
                for mode in kind.modes {
                    let name = FileSystem.join(directory, "seed-\(mode)-\(seed.name)")
                    var bytes = [mode] + seed.bytes
                    let result = bytes.withUnsafeMutableBytes {
                        AtomicFile.write(pieces: [UnsafeRawBufferPointer($0)], to: name)
                    }
                    if case .failure(let problem) = result { return .failure(problem) }
                    written += 1
                }
            }
        }
        return .success(written)
    }

    /// A seed's name from the path of the file it was read from.
    private static func seedName(_ path: String) -> String {
        "file-" + path.split(separator: "/").joined(separator: "-")
    }

    private static func isInterfaceBuilderDocument(_ name: String) -> Bool {
        FuzzInput.importer.fileExtensions.contains(where: name.hasSuffix)
    }

    /// The files at `path` whose name `isWanted` takes: itself, or those below it (in name order).
    static func files(at path: String, named isWanted: (String) -> Bool) -> [String] {
        if isWanted(String(path.split(separator: "/").last ?? "")) { return [path] }
        guard case .success(let entries) = FileSystem.list(path) else { return [] }
        // Links are not followed, as `check` walks.
        return entries.sorted { $0.name < $1.name }.flatMap { entry -> [String] in
            let child = FileSystem.join(path, entry.name)
            guard !entry.name.hasPrefix(".") else { return [] }
            switch entry.kind {
            case .directory: return files(at: child, named: isWanted)
            case .regular: return isWanted(entry.name) ? [child] : []
            default: return []
            }
        }
    }

    /// The members and values the Figma importer reads, as the JSON of a file response writes them.
    static let figmaWords = [
        "\"document\"", "\"children\"", "\"type\"", "\"id\"", "\"name\"", "\"version\"", "\"DOCUMENT\"", "\"CANVAS\"",
        "\"SECTION\"", "\"FRAME\"", "\"GROUP\"", "\"COMPONENT\"", "\"COMPONENT_SET\"", "\"INSTANCE\"", "\"TEXT\"",
        "\"RECTANGLE\"", "\"ELLIPSE\"", "\"VECTOR\"", "\"absoluteBoundingBox\"", "\"x\"", "\"y\"", "\"width\"",
        "\"height\"", "\"visible\"", "\"opacity\"", "\"clipsContent\"", "\"overflowDirection\"", "\"fills\"",
        "\"strokes\"", "\"effects\"", "\"SOLID\"", "\"IMAGE\"", "\"color\"", "\"r\"", "\"g\"", "\"b\"", "\"a\"",
        "\"blendMode\"", "\"characters\"", "\"style\"", "\"fontSize\"", "\"fontWeight\"",
        "\"characterStyleOverrides\"", "\"styleOverrideTable\"", "\"interactions\"", "\"trigger\"", "\"ON_CLICK\"",
        "\"ON_TAP\"", "\"transitionNodeID\"", "\"componentId\"", "\"components\"", "\"componentSets\"",
        "\"componentSetId\"", "\"Button\"", "\"Toggle\"", "\"Tab Bar\"", "\"Navigation Bar\"", "\"Title\"",
        "\"status\"", "\"err\"", "\"nodes\"", "true", "false", "null", "1e400", "-0", "\\u0000", "\\ud800",
    ]

    /// A libFuzzer dictionary (`-dict=`): the format's keys and words, so the
    /// raw mode's mutations put whole keys into the bytes rather than letter by letter.
    public static func dictionary() -> String {
        let words = Set(StructuredSpec.keyGroups.joined() + StructuredSpec.words + ["&", "*", "<<", "---", "- ", ": ", "{", "}", "[", "]"]
            + figmaWords)
        return words.filter { !$0.isEmpty }.sorted().map { word in
            "\"" + word.unicodeScalars.map { scalar in
                scalar == "\"" || scalar == "\\" || scalar.value < 0x20 || scalar.value > 0x7E
                    ? String(scalar).utf8.map { "\\x" + (($0 < 16) ? "0" : "") + String($0, radix: 16, uppercase: true) }.joined()
                    : String(scalar)
            }.joined() + "\""
        }.joined(separator: "\n") + "\n"
    }
}
