#if canImport(Glibc)
import HiglintReview
import Glibc
#endif
import CGNUCalls

/// How a new live report takes the old one's place: the two files are exchanged
/// (renameat2 with RENAME_EXCHANGE) and the old one, now under the temp name, is
/// unlinked; where there is nothing to exchange with, or the file system or kernel
/// cannot exchange, a plain rename does it. Either way a reader opening the path
/// finds the old report or the new one, whole.
///
/// Why not always rename: on ext4, renaming a file over another starts writing the
/// new one back to disk at once (auto_da_alloc), and freeing the file it replaces then
/// waits for the write-back the previous save started. Measured with a 14.4 MB report
/// (the 100,000-spec corpus), the rename alone took about as long as writing the file;
/// with the exchange, the new report is visible as soon as it is written, and the old
/// one, whose pages never reached the disk, is dropped quickly afterwards. What a power
/// loss leaves is then up to the page cache (the report may be older or empty), which
/// the live report accepts: it is never synced, and each start writes it again.
enum ReportSwap {
    /// Exchanges the two paths; returns 0, or the errno of a failure.
    typealias Exchange = @Sendable (_ a: String, _ b: String) -> Int32

    static let systemExchange: Exchange = { a, b in
        higlint_rename_exchange(a, b) == 0 ? 0 : errno
    }

    /// Puts `temp` at `path`; returns 0 or the errno of the rename that failed.
    /// `identity` is the new file's, so the watcher knows the report it finds there as its own.
    static func replace(_ temp: String, at path: String, exchange: Exchange = systemExchange, identity: inout FileIdentity?) -> Int32 {
        identity = PathStatus.of(temp, follow: false)?.identity
        // Only a file is swapped out: a directory put there by someone would be moved to the
        // temp name, where the rename's refusal (EISDIR) leaves it in place and says so.
        if PathStatus.of(path, follow: false)?.kind == .regular, exchange(temp, path) == 0 {
            // A failure leaves a temp file, which the next start removes.
            unlink(temp)
            return 0
        }
        // Whatever stopped the exchange (no report yet, a file system that cannot), the rename is the contract.
        return rename(temp, path) == 0 ? 0 : errno
    }
}
