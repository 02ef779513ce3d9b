#if canImport(Glibc)
import Glibc
#endif
import HiglintCore

/// Paths kept in byte order, so that everything below a directory is one
/// contiguous run: finding a subtree costs a binary search and its size, not
/// a pass over every path the watcher knows.
public struct SortedPaths: Sendable {
    public init() {}

    public private(set) var all: [String] = []

    public var count: Int { all.count }

    /// Byte order, compared with `memcmp` (`FileSystem.precedes`): the generic comparison of
    /// two UTF-8 views cost some 600 instructions for two paths of one deep folder, and the
    /// first scan sorts every path of the tree (at 100,000 files, most of its serial time).
    public static func precedes(_ a: String, _ b: String) -> Bool {
        FileSystem.precedes(a, b)
    }

    /// The same bytes (Swift's `==` compares by canonical equivalence, which is not how
    /// the file system names things), compared with `memcmp`.
    public static func same(_ a: String, _ b: String) -> Bool {
        var a = a
        var b = b
        return a.withUTF8 { left in
            b.withUTF8 { right in
                guard left.count == right.count, let leftBase = left.baseAddress, let rightBase = right.baseAddress else {
                    return left.count == right.count
                }
                return memcmp(leftBase, rightBase, left.count) == 0
            }
        }
    }

    /// Byte-wise prefix test: Swift's `hasPrefix` compares by canonical
    /// equivalence, which is not how the file system names things.
    public static func isPath(_ path: String, atOrUnder directory: String) -> Bool {
        if SortedPaths.same(path, directory) { return true }
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        return path.utf8.starts(with: prefix.utf8)
    }

    private func lowerBound(_ key: String) -> Int {
        var low = 0
        var high = all.count
        while low < high {
            let middle = (low + high) / 2
            if Self.precedes(all[middle], key) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    public func contains(_ path: String) -> Bool {
        let index = lowerBound(path)
        return index < all.count && SortedPaths.same(all[index], path)
    }

    public mutating func insert(_ path: String) {
        let index = lowerBound(path)
        if index < all.count && SortedPaths.same(all[index], path) { return }
        all.insert(path, at: index)
    }

    public mutating func remove(_ path: String) {
        let index = lowerBound(path)
        if index < all.count && SortedPaths.same(all[index], path) { all.remove(at: index) }
    }

    /// `directory` itself when present, then everything below it.
    public func paths(atOrUnder directory: String) -> [String] {
        var found: [String] = []
        if contains(directory) { found.append(directory) }
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        var index = lowerBound(prefix)
        while index < all.count, all[index].utf8.starts(with: prefix.utf8) {
            found.append(all[index])
            index += 1
        }
        return found
    }
}

extension SortedPaths {
    /// Many at once: one sort instead of an insertion into the middle for each.
    public mutating func insert(contentsOf paths: [String]) {
        if paths.count < 16 {
            for path in paths { insert(path) }
            return
        }
        if all.isEmpty, paths.indices.dropFirst().allSatisfy({ Self.precedes(paths[$0 - 1], paths[$0]) }) {
            all = paths
            return
        }
        var merged = all + paths
        merged.sort(by: Self.precedes)
        var unique: [String] = []
        unique.reserveCapacity(merged.count)
        for path in merged where !(unique.last.map { SortedPaths.same($0, path) } ?? false) {
            unique.append(path)
        }
        all = unique
    }
}
