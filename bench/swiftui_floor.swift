// The SwiftUI floor: the least work that turns Swift source into a syntax tree and looks at
// every node of it once.
//
// It walks its paths the way `higlint check` does (no symlinks followed below a named path,
// dot entries skipped, *.swift only), reads each file whole, parses it with the toolchain's
// own SwiftParser (the host library the SwiftUI importer links) on one thread, and visits the
// tree once with a SyntaxAnyVisitor that only counts nodes. Whatever `check` does beyond this
// (resolving #if, finding the views, the mapping, app facts, rules, the report) is overhead
// measured against this program in the same run.
//
// build: swiftc -O -I HOST -L HOST -lSwiftParser -lSwiftSyntax -Xlinker -rpath -Xlinker HOST
//        -o swiftui_floor swiftui_floor.swift   (HOST: scripts/swift-syntax-host.sh)
// usage: swiftui_floor PATH...
// prints: files, bytes, nodes and files with parse errors, so a broken run cannot pass for a fast one.

#if canImport(Glibc)
import Glibc
#endif
import SwiftParser
import SwiftSyntax

final class NodeCounter: SyntaxAnyVisitor {
    var nodes = 0

    override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
        nodes += 1
        return .visitChildren
    }
}

struct Totals {
    var files = 0
    var bytes = 0
    var nodes = 0
    var errors = 0
}

func readWhole(_ path: String) -> [UInt8]? {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
    var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
    var filled = 0
    while filled < bytes.count {
        let count = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + filled, $0.count - filled) }
        guard count > 0 else { break }
        filled += count
    }
    bytes.removeSubrange(filled...)
    return bytes
}

func parse(_ path: String, into totals: inout Totals) {
    guard let bytes = readWhole(path) else { return }
    let tree = bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
    let counter = NodeCounter(viewMode: .sourceAccurate)
    counter.walk(tree)
    totals.files += 1
    totals.bytes += bytes.count
    totals.nodes += counter.nodes
    if tree.hasError { totals.errors += 1 }
}

func walk(_ directory: String, into totals: inout Totals) {
    guard let dir = opendir(directory) else { return }
    defer { closedir(dir) }
    while let entry = readdir(dir) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        guard !name.hasPrefix(".") else { continue }
        let path = directory + "/" + name
        var type = entry.pointee.d_type
        if type == UInt8(DT_UNKNOWN) {
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            let mode = info.st_mode & S_IFMT
            type = UInt8(mode == S_IFDIR ? DT_DIR : mode == S_IFREG ? DT_REG : DT_LNK)
        }
        if type == UInt8(DT_DIR) {
            walk(path, into: &totals)
        } else if type == UInt8(DT_REG), name.hasSuffix(".swift") {
            parse(path, into: &totals)
        }
    }
}

let arguments = CommandLine.arguments.dropFirst()
guard !arguments.isEmpty else {
    fputs("usage: swiftui_floor PATH...\n", stderr)
    exit(2)
}
var totals = Totals()
for path in arguments {
    var info = stat()
    guard stat(path, &info) == 0 else { continue }
    if info.st_mode & S_IFMT == S_IFDIR {
        walk(path, into: &totals)
    } else if info.st_mode & S_IFMT == S_IFREG {
        parse(path, into: &totals)
    }
}
print("{\"files\": \(totals.files), \"bytes\": \(totals.bytes), \"nodes\": \(totals.nodes), \"errors\": \(totals.errors)}")
exit(0)
