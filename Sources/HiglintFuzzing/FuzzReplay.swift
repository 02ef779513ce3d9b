import HiglintCore

/// Fuzz inputs kept as files: a crash the fuzzer wrote, a corpus directory,
/// the regression inputs the tests replay.
public enum FuzzReplay {
    public struct Input: Sendable {
        public var name: String
        public var bytes: [UInt8]
    }

    /// The file at `path`, or every file directly in the directory at `path`, by name.
    public static func inputs(at path: String) -> Result<[Input], ReadProblem> {
        if case .directory = FileSystem.targetKind(at: path) {
            switch FileSystem.list(path) {
            case .failure(let problem): return .failure(problem)
            case .success(let entries):
                var inputs: [Input] = []
                for entry in entries.sorted(by: { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) })
                where entry.kind == .regular && !entry.name.hasPrefix(".") {
                    switch FileReader.read(FileSystem.join(path, entry.name), maxBytes: 1 << 24) {
                    case .success(let bytes): inputs.append(Input(name: entry.name, bytes: bytes))
                    case .failure(let problem): return .failure(problem)
                    }
                }
                return .success(inputs)
            }
        }
        return FileReader.read(path, maxBytes: 1 << 24).map { [Input(name: path, bytes: $0)] }
    }
}
