import HiglintCore

/// What `check` says, once, when the reviewed paths hold SwiftUI source and this binary was
/// built without the SwiftUI importer: otherwise those files would pass without a word.
enum SwiftUIAbsence {
    /// How much of a file is read for its imports, which come first.
    static let prefixBytes = 16 * 1024

    /// The `.swift` files among the discovery's kept entries (absolute directories to names).
    static func swiftFiles(in kept: [String: [String]]) -> [String] {
        kept.keys.sorted().flatMap { directory in
            (kept[directory] ?? []).filter { $0.hasSuffix(".swift") }.sorted().map { FileSystem.join(directory, $0) }
        }
    }

    /// The one line for `count` SwiftUI files not reviewed; nil when there are none.
    static func note(count: Int) -> String? {
        guard count > 0 else { return nil }
        let files = count == 1 ? "1 .swift file imports" : "\(count) .swift files import"
        return "\(files) SwiftUI and \(count == 1 ? "is" : "are") not reviewed: this higlint was built without the SwiftUI "
            + "importer (the toolchain it was built with has no swift-syntax host libraries, or HIGLINT_SWIFTUI=off); "
            + "README, \"Reviewing SwiftUI source\", says how to build it"
    }

    /// Whether the text imports SwiftUI on a line of its own (`import SwiftUI`,
    /// `@preconcurrency import SwiftUI`), as the importer would review it.
    static func importsSwiftUI(_ bytes: some Collection<UInt8>) -> Bool {
        for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
            var words = line.split { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r") }[...]
            while let first = words.first, first.first == UInt8(ascii: "@") { words = words.dropFirst() }
            guard words.count >= 2, words[words.startIndex].elementsEqual("import".utf8) else { continue }
            let module = words[words.startIndex + 1]
            if module.elementsEqual("SwiftUI".utf8) || module.elementsEqual("SwiftUI;".utf8) { return true }
        }
        return false
    }

    /// How many of `paths` import SwiftUI, reading the start of each.
    static func count(_ paths: [String]) -> Int {
        paths.reduce(0) { total, path in
            guard case .success(let bytes) = FileReader.read(path, maxBytes: LoaderLimits.largestFileBytes) else { return total }
            return total + (importsSwiftUI(bytes.prefix(prefixBytes)) ? 1 : 0)
        }
    }
}
