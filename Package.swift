// swift-tools-version:6.0
import Foundation
import PackageDescription

/// The toolchain's own swift-syntax, which the SwiftUI importer parses with: the host
/// libraries beside the `swiftc` on PATH (`<toolchain>/usr/lib/swift/host`). SwiftPM cannot
/// fetch swift-syntax here, and these are the compiler's own parser. Nil when they are not
/// there, or when `HIGLINT_SWIFTUI=off`: the importer is then left out (README, "SwiftUI").
let swiftSyntaxHost: String? = {
    let environment = ProcessInfo.processInfo.environment
    guard environment["HIGLINT_SWIFTUI"] != "off" else { return nil }
    let files = FileManager.default
    for entry in (environment["PATH"] ?? "").split(separator: ":") where !entry.isEmpty {
        let candidate = URL(fileURLWithPath: String(entry)).appendingPathComponent("swiftc")
        guard files.isExecutableFile(atPath: candidate.path) else { continue }
        // `/usr/bin/swiftc` is often a link into the toolchain; its libraries are beside the real one.
        let binary = candidate.resolvingSymlinksInPath().deletingLastPathComponent()
        let host = binary.deletingLastPathComponent().appendingPathComponent("lib/swift/host").path
        let needed = ["libSwiftParser.so", "libSwiftSyntax.so", "libSwiftIfConfig.so", "SwiftParser.swiftmodule"]
        return needed.allSatisfy { files.fileExists(atPath: host + "/" + $0) } ? host : nil
    }
    return nil
}()

/// The host libraries the importer links: the three it imports and those they load.
let swiftSyntaxLibraries = [
    "SwiftParser", "SwiftSyntax", "SwiftIfConfig", "SwiftDiagnostics", "SwiftOperators", "SwiftBasicFormat",
    "SwiftParserDiagnostics", "SwiftSyntaxBuilder",
]

let swiftUITargets: [Target] = swiftSyntaxHost.map { host in
    [
        .target(
            name: "SwiftUIImporter", dependencies: ["HiglintCore", "XcodeAppFacts"], path: "Importers/SwiftUI",
            swiftSettings: [.unsafeFlags(["-I", host])],
            linkerSettings: [.unsafeFlags(
                ["-L", host] + swiftSyntaxLibraries.map { "-l\($0)" } + ["-Xlinker", "-rpath", "-Xlinker", host])]),
        .testTarget(
            name: "SwiftUITests", dependencies: ["HiglintCore", "HiglintPlugins", "SwiftUIImporter", "TestSupport"],
            path: "Tests/SwiftUITests", swiftSettings: [.unsafeFlags(["-I", host])]),
    ]
} ?? []

/// One library target per rule plugin; each sees only the core's plugin API.
let pluginNames = ["Buttons", "Bars", "Login", "Orientation", "Text", "Gestures", "Layout", "Lifecycle"]

let pluginTargets: [Target] = pluginNames.map { name in
    .target(name: "\(name)Plugin", dependencies: ["HiglintCore"], path: "Plugins/\(name)")
}

let package = Package(
    name: "higlint",
    products: [
        .executable(name: "higlint", targets: ["higlint"]),
        .executable(name: "higlint-figma-pull", targets: ["higlint-figma-pull"]),
    ],
    targets: [
        .systemLibrary(
            name: "CYAML", path: "Sources/CYAML", pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"])]),
        .systemLibrary(
            name: "CLibXML2", path: "Sources/CLibXML2", pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]),
        .systemLibrary(
            name: "CInotifyTools", path: "Sources/CInotifyTools",
            providers: [.apt(["libinotifytools0-dev"])]),
        // signalfd is glibc's own; its header is the whole module.
        .systemLibrary(name: "CSignalFD", path: "Sources/CSignalFD"),
        // fork, the parent-death signal and exec, for plugin processes; also header-only.
        .systemLibrary(name: "CPluginSpawn", path: "Sources/CPluginSpawn"),
        // The GNU calls the watcher needs (renameat2 exchange, ppoll); header-only too.
        .systemLibrary(name: "CGNUCalls", path: "Sources/CGNUCalls"),
        // mimalloc's settings, for the binary that links it (below); header only, a weak reference.
        .systemLibrary(name: "CAllocator", path: "Sources/CAllocator", providers: [.apt(["libmimalloc-dev"])]),
        // The HTML report's stylesheet and script are files of their own, compiled into the binary.
        .target(
            name: "HiglintCore", dependencies: ["CYAML"], path: "Sources/HiglintCore",
            resources: [.embedInCode("Report/report.css"), .embedInCode("Report/report.js")]),
        // Importers read other formats into the same model; like plugins, each sees only the core.
        // An app's facts (devices, orientations, status bar) from its Xcode project, Info.plist
        // and xcconfigs: read by the importers of the formats an Xcode app holds.
        .target(name: "XcodeAppFacts", dependencies: ["HiglintCore", "CLibXML2"], path: "Importers/AppFacts"),
        .target(name: "InterfaceBuilderImporter", dependencies: ["HiglintCore", "CLibXML2", "XcodeAppFacts"],
                path: "Importers/InterfaceBuilder"),
        // Figma file responses (`*.figma.json`), with a JSON reader of its own that keeps positions.
        .target(name: "FigmaImporter", dependencies: ["HiglintCore"], path: "Importers/Figma"),
        // `higlint figma pull`: the only part that speaks HTTP, with Foundation's URLSession (libcurl).
        // A program of its own, which `higlint figma pull` runs in its place: linked into `higlint`,
        // Foundation's networking would load some sixty libraries at every command's start (BENCHMARKS.md).
        .target(name: "HiglintFigmaPull", dependencies: ["HiglintCore", "FigmaImporter"], path: "Sources/HiglintFigmaPull"),
        .executableTarget(name: "higlint-figma-pull", dependencies: ["HiglintFigmaPull", "HiglintCore"], path: "Sources/higlint-figma-pull"),
        .target(name: "HiglintPlugins", dependencies: ["HiglintCore"] + pluginNames.map { .target(name: "\($0)Plugin") },
                path: "Sources/HiglintPlugins"),
        // Runs external plugins as processes; at the edge like the watcher, the core knows only `FileReviewer`.
        .target(name: "HiglintPluginHost", dependencies: ["HiglintCore", "CPluginSpawn"], path: "Sources/HiglintPluginHost"),
        // The results of a tree kept by file, and the project pass rerun as they change: what
        // the watcher and the language server share (and nothing of inotify or systemd).
        .target(name: "HiglintReview", dependencies: ["HiglintCore"], path: "Sources/HiglintReview"),
        .target(name: "HiglintWatch", dependencies: ["HiglintCore", "HiglintReview", "CInotifyTools", "CSignalFD", "CGNUCalls"], path: "Sources/HiglintWatch"),
        // The language server: its documents, diagnostics and answers are values; one loop at the edge does the I/O.
        // The spec schema, which hover and completion read, is compiled in (a link to schema/).
        .target(name: "HiglintLSP", dependencies: ["HiglintCore", "HiglintReview"], path: "Sources/HiglintLSP",
                resources: [.embedInCode("screen-spec.schema.json")]),
        // The fuzz target (`make fuzz`): libFuzzer's driver declared by a header of its own,
        // the harness a library so the tests replay the regression inputs through it.
        .systemLibrary(name: "CLibFuzzer", path: "Sources/CLibFuzzer"),
        .target(name: "HiglintFuzzing", dependencies: ["HiglintCore", "HiglintPlugins", "InterfaceBuilderImporter", "FigmaImporter", "XcodeAppFacts"], path: "Sources/HiglintFuzzing"),
        .executableTarget(name: "higlint-fuzz", dependencies: ["HiglintFuzzing", "CLibFuzzer"], path: "Sources/higlint-fuzz"),
        // The shipped binary allocates through mimalloc (Debian's libmimalloc2.0) instead of
        // glibc's malloc: with the review on every core, glibc takes an arena lock on each call
        // its per-thread cache misses, and the review makes about 190,000 allocations on the IB
        // bench (BENCHMARKS.md, "The eighth round"). Release only: the sanitizer builds (debug) bring
        // allocators of their own, which must not meet a second one.
        // With the SwiftUI importer, `HIGLINT_SWIFTUI` tells the CLI to register it.
        .executableTarget(
            name: "higlint",
            dependencies: ["HiglintCore", "HiglintPlugins", "HiglintWatch", "HiglintLSP", "HiglintPluginHost", "InterfaceBuilderImporter", "FigmaImporter", "XcodeAppFacts", "CAllocator"]
                + (swiftSyntaxHost == nil ? [] : ["SwiftUIImporter"]),
            path: "Sources/higlint",
            swiftSettings: swiftSyntaxHost.map { [.define("HIGLINT_SWIFTUI"), .unsafeFlags(["-I", $0])] } ?? [],
            linkerSettings: [.linkedLibrary("mimalloc", .when(configuration: .release))]),
        // The catalog tests list the SwiftUI importer's rules where it is built.
        .testTarget(name: "HiglintCoreTests", dependencies: ["HiglintCore", "HiglintPlugins", "HiglintFuzzing", "InterfaceBuilderImporter", "FigmaImporter", "XcodeAppFacts", "TestSupport"]
                        + (swiftSyntaxHost == nil ? [] : ["SwiftUIImporter"]),
                    path: "Tests/HiglintCoreTests",
                    swiftSettings: swiftSyntaxHost.map { [.define("HIGLINT_SWIFTUI"), .unsafeFlags(["-I", $0])] } ?? []),
        .testTarget(name: "PluginTests", dependencies: ["HiglintCore", "HiglintPlugins", "TestSupport"], path: "Tests/PluginTests"),
        // Runs child processes for the tests that drive the real binary and tools; seeded randomness.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        // Drives the real binary, and imports it to walk the command declarations the binary is checked against.
        .testTarget(name: "CLITests", dependencies: ["higlint", "HiglintCore", "HiglintFigmaPull", "TestSupport"], path: "Tests/CLITests",
                    swiftSettings: swiftSyntaxHost.map { [.define("HIGLINT_SWIFTUI"), .unsafeFlags(["-I", $0])] } ?? []),
        // The SwiftUI tests of the watcher and the language server run where the binary reviews Swift.
        .testTarget(name: "WatchTests", dependencies: ["HiglintCore", "HiglintPlugins", "HiglintReview", "HiglintWatch", "TestSupport"], path: "Tests/WatchTests",
                    swiftSettings: swiftSyntaxHost == nil ? [] : [.define("HIGLINT_SWIFTUI")]),
        .testTarget(
            name: "InterfaceBuilderTests",
            dependencies: ["HiglintCore", "HiglintPlugins", "InterfaceBuilderImporter", "XcodeAppFacts", "TestSupport"],
            path: "Tests/InterfaceBuilderTests"),
        .testTarget(
            name: "FigmaTests", dependencies: ["HiglintCore", "HiglintPlugins", "FigmaImporter", "TestSupport"],
            path: "Tests/FigmaTests"),
        .testTarget(name: "AppFactsTests", dependencies: ["XcodeAppFacts", "HiglintCore", "TestSupport"],
                    path: "Tests/AppFactsTests"),
        .testTarget(name: "PluginHostTests", dependencies: ["HiglintCore", "HiglintPluginHost", "InterfaceBuilderImporter", "TestSupport"],
                    path: "Tests/PluginHostTests"),
        // Talks to the real binary's `higlint lsp` as an editor does; the server's values are tested directly too.
        .testTarget(name: "LSPTests", dependencies: ["HiglintCore", "HiglintPlugins", "HiglintLSP", "TestSupport"], path: "Tests/LSPTests",
                    swiftSettings: swiftSyntaxHost == nil ? [] : [.define("HIGLINT_SWIFTUI")]),
        .testTarget(name: "ReportTests", dependencies: ["HiglintCore", "HiglintPlugins", "TestSupport"], path: "Tests/ReportTests"),
    ] + pluginTargets + swiftUITargets,
    swiftLanguageModes: [.v6]
)
