import HiglintCore

/// Findings rendered once as the bytes they take in the JSON report:
/// `    {...},\n` for each, in report order. The bytes live in memory of their
/// own that never moves, so the report can be written straight from many of
/// them with one `writev` instead of being copied into a new string first.
///
/// Immutable once made; that is what makes sharing it across threads safe.
public final class RenderedFindings: @unchecked Sendable {
    /// Before each finding and after it: the report indents findings by four
    /// spaces and separates them with commas. The comma after the report's
    /// last finding is left out when writing.
    public static let indent = Array("    ".utf8)
    public static let separator = Array(",\n".utf8)

    public let bytes: UnsafeRawBufferPointer
    /// How many findings.
    public let count: Int

    private init(_ source: [UInt8], count: Int) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, source.count), alignment: 1)
        source.withUnsafeBytes { buffer.copyMemory(from: $0) }
        bytes = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(buffer)[0..<source.count])
        self.count = count
    }

    deinit {
        bytes.deallocate()
    }

    /// Nil for no findings, so the many clean files cost nothing.
    public static func make(_ findings: [Finding]) -> RenderedFindings? {
        guard !findings.isEmpty else { return nil }
        var out: [UInt8] = []
        JSONReportWriter.appendLines(findings, to: &out)
        return RenderedFindings(out, count: findings.count)
    }

    private static func append(_ finding: Finding, to out: inout [UInt8]) {
        JSONReportWriter.appendLines([finding], to: &out)
    }

    /// A file's own findings (rendered as `own`) with the project pass's
    /// findings on that file put in among them in report order.
    public static func merging(_ own: RenderedFindings?, ownFindings: [Finding], with extra: [Finding]) -> RenderedFindings? {
        guard let own else { return make(extra) }
        if extra.isEmpty { return own }
        var out: [UInt8] = []
        out.reserveCapacity(own.bytes.count + extra.count * 600)
        own.withLines { ownLines in
            var i = 0
            var j = 0
            // When the kept lines and the findings disagree (never, unless rendering
            // changed under us), the findings are the truth: render them again.
            let usable = ownLines.count == ownFindings.count
            while i < ownFindings.count || j < extra.count {
                if j >= extra.count || (i < ownFindings.count && !Finding.reportOrder(extra[j], ownFindings[i])) {
                    if usable { out += ownLines[i] } else { append(ownFindings[i], to: &out) }
                    i += 1
                } else {
                    append(extra[j], to: &out)
                    j += 1
                }
            }
        }
        return RenderedFindings(out, count: ownFindings.count + extra.count)
    }

    /// Each finding's bytes (indent and separator included), in order, valid
    /// during `body`. A rendered finding holds no raw newline (JSON escapes
    /// it), so the newline of each separator ends exactly one finding.
    public func withLines<Result>(_ body: ([UnsafeRawBufferPointer]) -> Result) -> Result {
        var found: [UnsafeRawBufferPointer] = []
        found.reserveCapacity(count)
        var start = 0
        for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") {
            found.append(UnsafeRawBufferPointer(rebasing: bytes[start...index]))
            start = index + 1
        }
        return withExtendedLifetime(self) { body(found) }
    }
}
