#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension FileSystem {
    /// Whether `lhs` sorts before `rhs` by their UTF-8 bytes: the order reports list
    /// files in. The same answer as `lhs.utf8.lexicographicallyPrecedes(rhs.utf8)`,
    /// from one memcmp instead of a generic loop over both views.
    public static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        var lhs = lhs
        var rhs = rhs
        return lhs.withUTF8 { left in rhs.withUTF8 { right in precedes(left, left.indices, right, right.indices) } }
    }

    /// Whether the bytes `left[leftRange]` sort before `right[rightRange]`, as `precedes` orders strings.
    static func precedes(
        _ left: UnsafeBufferPointer<UInt8>, _ leftRange: Range<Int>, _ right: UnsafeBufferPointer<UInt8>,
        _ rightRange: Range<Int>
    ) -> Bool {
        let common = min(leftRange.count, rightRange.count)
        if common > 0, let leftBase = left.baseAddress, let rightBase = right.baseAddress {
            let order = memcmp(leftBase + leftRange.lowerBound, rightBase + rightRange.lowerBound, common)
            if order != 0 { return order < 0 }
        }
        return leftRange.count < rightRange.count
    }

    /// A directory's entries in the order a walk visits them: by the bytes of their names,
    /// a directory's name with a `/` after it (so `a/` sorts after `a.yaml` and before `a0`).
    /// Both walks use it, check's discovery and the watcher's first scan, so that their files
    /// come out in report order with nothing left to sort. The keys are laid end to end in
    /// one buffer and compared with `memcmp`, and the sort moves positions, not entries:
    /// directories list in hash order, and names compared as `String`s cost more than the
    /// rest of the walk.
    public static func inWalkOrder(_ entries: [(name: String, kind: Kind)]) -> [(name: String, kind: Kind)] {
        var bytes: [UInt8] = []
        var bounds: [Range<Int>] = []
        bounds.reserveCapacity(entries.count)
        for entry in entries {
            let start = bytes.count
            bytes.append(contentsOf: entry.name.utf8)
            if entry.kind == .directory { bytes.append(UInt8(ascii: "/")) }
            bounds.append(start..<bytes.count)
        }
        let order = bytes.withUnsafeBufferPointer { buffer in
            bounds.indices.sorted { precedes(buffer, bounds[$0], buffer, bounds[$1]) }
        }
        return order.map { entries[$0] }
    }
}
