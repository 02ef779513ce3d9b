#if canImport(Glibc)
import Glibc
#endif
import HiglintCore
import InterfaceBuilderImporter

/// The seed corpus: every rule's examples from the catalog (the specs its
/// tests prove it on) and the spec files named, each twice: as raw bytes
/// (mode byte 0) and as choices for the structure-aware mode (mode byte 1);
/// the Interface Builder documents named (`.storyboard`, `.xib`, or directories
/// holding them), and the importer's own rule examples, with mode byte 2; the Xcode
/// project files among them or below them (`project.pbxproj`), with mode byte 4; and a
/// dictionary of the format's words as DIRECTORY.dict.
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
        for path in specFiles.flatMap(interfaceBuilderFiles(at:)) {
            if case .success(let bytes) = FileReader.read(path, maxBytes: 1 << 20) {
                documents.append(("file-" + path.split(separator: "/").joined(separator: "-"), bytes))
            }
        }
        let projects = specFiles.flatMap(projectFiles(at:))
        for path in specFiles where interfaceBuilderFiles(at: path).isEmpty && projectFiles(at: path).isEmpty {
            if case .success(let bytes) = FileReader.read(path, maxBytes: 1 << 20) {
                specs.append(("file-" + path.split(separator: "/").joined(separator: "-"), bytes))
            }
        }
        var written = 0
        if case .failure(let problem) = AtomicFile.write(dictionary(), to: directory + ".dict") {
            return .failure(problem)
        }
        for spec in specs {
            for mode: UInt8 in [0, 1] {
                let name = FileSystem.join(directory, "seed-\(mode)-\(spec.name)")
                var bytes = [mode] + spec.bytes
                let result = bytes.withUnsafeMutableBytes {
                    AtomicFile.write(pieces: [UnsafeRawBufferPointer($0)], to: name)
                }
                if case .failure(let problem) = result { return .failure(problem) }
                written += 1
            }
        }
        var inputs: [(name: String, mode: UInt8, path: String?, bytes: [UInt8])] = documents.map { ($0.name, 2, nil, $0.bytes) }
        inputs += projects.map { ("file-" + $0.split(separator: "/").joined(separator: "-"), 4, $0, []) }
        for input in inputs {
            var bytes = input.bytes
            if let path = input.path {
                guard case .success(let read) = FileReader.read(path, maxBytes: AppFactsLocator.maximumProjectBytes) else { continue }
                bytes = read
            }
            let name = FileSystem.join(directory, "seed-\(input.mode)-\(input.name)")
            var seed = [input.mode] + bytes
            let result = seed.withUnsafeMutableBytes {
                AtomicFile.write(pieces: [UnsafeRawBufferPointer($0)], to: name)
            }
            if case .failure(let problem) = result { return .failure(problem) }
            written += 1
        }
        return .success(written)
    }

    /// The Xcode project files at `path`: itself when it is one, or those below it (in name order).
    static func projectFiles(at path: String) -> [String] {
        if path.hasSuffix("/project.pbxproj") || path == "project.pbxproj" { return [path] }
        guard case .success(let entries) = FileSystem.list(path) else { return [] }
        return entries.sorted { $0.name < $1.name }.flatMap { entry -> [String] in
            guard !entry.name.hasPrefix("."), entry.kind == .directory else { return [] }
            let child = FileSystem.join(path, entry.name)
            if AppFactsLocator.isProjectName(entry.name) {
                let file = FileSystem.join(child, "project.pbxproj")
                guard case .success(let inside) = FileSystem.list(child), inside.contains(where: { $0.name == "project.pbxproj" })
                else { return [] }
                return [file]
            }
            return projectFiles(at: child)
        }
    }

    /// The `.storyboard` and `.xib` files at `path`: itself, or those below it (in name order).
    static func interfaceBuilderFiles(at path: String) -> [String] {
        let extensions = FuzzInput.importer.fileExtensions
        if extensions.contains(where: path.hasSuffix) { return [path] }
        guard case .success(let entries) = FileSystem.list(path) else { return [] }
        // Links are not followed, as `check` walks.
        return entries.sorted { $0.name < $1.name }.flatMap { entry -> [String] in
            let child = FileSystem.join(path, entry.name)
            guard !entry.name.hasPrefix(".") else { return [] }
            switch entry.kind {
            case .directory: return interfaceBuilderFiles(at: child)
            case .regular: return extensions.contains(where: entry.name.hasSuffix) ? [child] : []
            default: return []
            }
        }
    }

    /// A libFuzzer dictionary (`-dict=`): the format's keys and words, so the
    /// raw mode's mutations put whole keys into the bytes rather than letter by letter.
    public static func dictionary() -> String {
        let words = Set(StructuredSpec.keyGroups.joined() + StructuredSpec.words + ["&", "*", "<<", "---", "- ", ": ", "{", "}", "[", "]"])
        return words.filter { !$0.isEmpty }.sorted().map { word in
            "\"" + word.unicodeScalars.map { scalar in
                scalar == "\"" || scalar == "\\" || scalar.value < 0x20 || scalar.value > 0x7E
                    ? String(scalar).utf8.map { "\\x" + (($0 < 16) ? "0" : "") + String($0, radix: 16, uppercase: true) }.joined()
                    : String(scalar)
            }.joined() + "\""
        }.joined(separator: "\n") + "\n"
    }
}
