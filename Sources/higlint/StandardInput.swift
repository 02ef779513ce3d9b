#if canImport(Glibc)
import Glibc
#endif
import HiglintCore

/// The spec `higlint check -` reads from standard input.
enum StandardInput {
    enum Contents {
        case bytes([UInt8])
        /// More than the limit: only the size is kept, for the finding that says so.
        case tooLarge(size: Int)
    }

    /// Reads to the end, keeping at most `limit` bytes in memory: past that it only counts.
    static func read(limit: Int) -> Result<Contents, ReadProblem> {
        var kept: [UInt8] = []
        var total = 0
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(0, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(.system(FileSystem.errorText(errno)))
            }
            if count == 0 { break }
            total += count
            if total <= limit { kept.append(contentsOf: chunk[0..<count]) } else { kept = [] }
        }
        return .success(total > limit ? .tooLarge(size: total) : .bytes(kept))
    }
}
