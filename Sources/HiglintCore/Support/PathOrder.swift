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
}
