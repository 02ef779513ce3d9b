import HiglintCore
import HiglintReview

/// The bytes of one live report as the watcher writes them: a head (the summary, the
/// watch status, the findings' opening), the kept chunks of rendered findings as they
/// are (the last without its comma), and the closing. Chunks never change once made, so
/// two layouts whose heads are as long and whose first chunks are the same objects hold
/// the same bytes up to there, at the same offsets: what lets a spare copy of one report
/// be patched into the next (`LiveReport`).
struct ReportLayout: Sendable {
    let head: [UInt8]
    let chunks: [RenderedFindings]
    let tail: [UInt8]
    /// How many bytes the report takes.
    let count: Int

    init(head: [UInt8], chunks: [RenderedFindings] = [], tail: [UInt8] = []) {
        self.head = head
        self.chunks = chunks
        self.tail = tail
        var count = head.count + tail.count
        for chunk in chunks { count += chunk.bytes.count }
        if !chunks.isEmpty { count -= RenderedFindings.separator.count }
        self.count = count
    }

    /// Where this layout's bytes may first differ from `other`'s after the head: the
    /// index of that chunk and its offset. Nil when the heads differ in length, so that
    /// nothing after them is at the same place. The last chunk of either is never taken
    /// as shared, since it is written without its comma.
    func firstDifference(from other: ReportLayout) -> (chunk: Int, offset: Int)? {
        guard head.count == other.head.count else { return nil }
        let shareable = min(chunks.count, other.chunks.count) - 1
        var index = 0
        var offset = head.count
        while index < shareable, chunks[index] === other.chunks[index] {
            offset += chunks[index].bytes.count
            index += 1
        }
        return (index, offset)
    }

    /// The report's pieces in order (the head, each chunk, the closing), valid during `body`.
    func withPieces<Result>(_ body: ([UnsafeRawBufferPointer]) -> Result) -> Result {
        head.withUnsafeBytes { headBytes in
            tail.withUnsafeBytes { tailBytes in
                var pieces: [UnsafeRawBufferPointer] = [headBytes]
                pieces.reserveCapacity(chunks.count + 2)
                for chunk in chunks.dropLast() { pieces.append(chunk.bytes) }
                if let last = chunks.last {
                    pieces.append(UnsafeRawBufferPointer(rebasing: last.bytes.dropLast(RenderedFindings.separator.count)))
                }
                pieces.append(tailBytes)
                return withExtendedLifetime(chunks) { body(pieces) }
            }
        }
    }
}
