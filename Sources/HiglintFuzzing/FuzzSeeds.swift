#if canImport(Glibc)
import Glibc
#endif
import HiglintCore

/// The seed corpus: every rule's examples from the catalog (the specs its
/// tests prove it on) and the spec files named, each twice: as raw bytes
/// (mode byte 0) and as choices for the structure-aware mode (mode byte 1);
/// and a dictionary of the format's words as DIRECTORY.dict.
public enum FuzzSeeds {
    /// Writes the seeds into `directory` (which must exist); returns how many, or the first problem.
    public static func write(into directory: String, specFiles: [String]) -> Result<Int, WriteProblem> {
        var specs: [(name: String, bytes: [UInt8])] = []
        for rule in FuzzInput.engine.allRuleDescriptions {
            for (index, example) in (rule.triggeringExamples + rule.nonTriggeringExamples).enumerated() {
                specs.append(("rule-\(rule.id)-\(index)", Array(example.utf8)))
            }
        }
        for path in specFiles {
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
        return .success(written)
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
