/// Paths kept in byte order, so that everything below a directory is one
/// contiguous run: finding a subtree costs a binary search and its size, not
/// a pass over every path the watcher knows.
struct SortedPaths: Sendable {
    private(set) var all: [String] = []

    var count: Int { all.count }

    static func precedes(_ a: String, _ b: String) -> Bool {
        a.utf8.lexicographicallyPrecedes(b.utf8)
    }

    /// Byte-wise prefix test: Swift's `hasPrefix` compares by canonical
    /// equivalence, which is not how the file system names things.
    static func isPath(_ path: String, atOrUnder directory: String) -> Bool {
        if path.utf8.elementsEqual(directory.utf8) { return true }
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

    func contains(_ path: String) -> Bool {
        let index = lowerBound(path)
        return index < all.count && all[index].utf8.elementsEqual(path.utf8)
    }

    mutating func insert(_ path: String) {
        let index = lowerBound(path)
        if index < all.count && all[index].utf8.elementsEqual(path.utf8) { return }
        all.insert(path, at: index)
    }

    mutating func remove(_ path: String) {
        let index = lowerBound(path)
        if index < all.count && all[index].utf8.elementsEqual(path.utf8) { all.remove(at: index) }
    }

    /// `directory` itself when present, then everything below it.
    func paths(atOrUnder directory: String) -> [String] {
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
    mutating func insert(contentsOf paths: [String]) {
        if paths.count < 16 {
            for path in paths { insert(path) }
            return
        }
        var merged = all + paths
        merged.sort(by: Self.precedes)
        var unique: [String] = []
        unique.reserveCapacity(merged.count)
        for path in merged where !(unique.last.map { $0.utf8.elementsEqual(path.utf8) } ?? false) {
            unique.append(path)
        }
        all = unique
    }
}
