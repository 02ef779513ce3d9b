#if canImport(Glibc)
import Glibc
#endif

/// The file-writing edge of fixing: puts a fixed text in place of the file it was read
/// from, unless the file changed on disk since.
public enum FixedFile {
    public enum Problem: Error, Sendable, Equatable, CustomStringConvertible {
        /// The file no longer holds the text that was fixed: someone saved it meanwhile.
        case changedOnDisk
        case unreadable(ReadProblem)
        case unwritable(WriteProblem)

        public var description: String {
            switch self {
            case .changedOnDisk: return "changed on disk while it was being fixed; left as it is"
            case .unreadable(let problem): return "cannot read it again before writing: \(problem)"
            case .unwritable(let problem): return "\(problem)"
            }
        }
    }

    /// Whether fixes may edit the file: screen specs only. Files another format was imported
    /// from (a storyboard) are never edited, and their findings get no fix.
    public static func isEditable(_ path: String) -> Bool {
        let lowered = path.lowercased()
        return lowered.hasSuffix(".yaml") || lowered.hasSuffix(".yml")
    }

    /// Replaces `path` atomically with `fixed` when it still holds `original`, keeping its
    /// permissions. Writes nothing when the two are equal, so an unchanged file keeps its
    /// modification time. (A save between the final look and the rename can still be lost;
    /// the look makes that window a few microseconds instead of the whole run.)
    public static func replace(_ path: String, original: [UInt8], with fixed: [UInt8]) -> Result<Bool, Problem> {
        guard fixed != original else { return .success(false) }
        switch FileReader.read(path, maxBytes: LoaderLimits.largestFileBytes) {
        // Deleted meanwhile is changed on disk too: nothing of it is to be written back.
        case .failure(.notFound): return .failure(.changedOnDisk)
        case .failure(let problem): return .failure(.unreadable(problem))
        case .success(let current) where current != original: return .failure(.changedOnDisk)
        case .success: break
        }
        // A symlink stays a symlink: the file it points at is the one replaced.
        let target = FileSystem.realPath(path) ?? path
        // A file made read-only is not rewritten behind its back, as the rename would allow.
        guard access(target, W_OK) == 0 else { return .failure(.unwritable(WriteProblem(.replace, path, code: errno))) }
        var info = stat()
        let permissions: mode_t? = stat(target, &info) == 0 ? info.st_mode & 0o7777 : nil
        // Root passes `access` whatever the mode says; a mode that lets nobody write still
        // means the file is not to be changed.
        if let permissions, permissions & 0o222 == 0 {
            var problem = WriteProblem(.replace, path, code: EACCES)
            problem.reason = "it is read-only (mode \(String(permissions & 0o777, radix: 8)))"
            return .failure(.unwritable(problem))
        }
        let written = fixed.withUnsafeBytes { bytes in
            AtomicFile.write(pieces: [bytes], to: target, permissions: permissions)
        }
        if case .failure(let problem) = written { return .failure(.unwritable(problem)) }
        return .success(true)
    }
}
