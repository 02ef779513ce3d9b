#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension FileSystem {
    /// Makes `path` and the directories above it that are missing (`mkdir -p`).
    public static func makeDirectories(_ path: String) -> Result<Void, WriteProblem> {
        var current = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            current += "/" + component
            if mkdir(current, 0o755) != 0, errno != EEXIST {
                return .failure(WriteProblem(.create, current, code: errno))
            }
        }
        return .success(())
    }
}
