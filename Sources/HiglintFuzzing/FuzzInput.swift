import FigmaImporter
import HiglintCore
import HiglintPlugins
import InterfaceBuilderImporter
import XcodeAppFacts

/// One fuzz input through everything that reads a spec: the YAML loader, the
/// decoder, every plugin's rules, the project pass, the fixes and every report writer;
/// and through the config loader, which reads YAML of its own. It looks for
/// crashes, hangs and leaks (the sanitizers' job) and checks that rendering
/// is deterministic.
///
/// The first byte chooses the mode: 2 (modulo 4), the rest is an Interface Builder
/// document for the importer (libxml2's SAX reader, the mapping, the rules); 4 (modulo 8),
/// an Xcode project file, read as the app facts read one and asked what they ask of it;
/// 8 (modulo 16), a Figma file response for the Figma importer (its JSON reader, the mapping,
/// the rules) and for the test `figma pull` makes before it saves an answer;
/// other even values, the rest is the spec's bytes as they are; odd, the rest steers
/// `StructuredSpec`, which writes YAML that parses, so the fuzzer reaches the decoder and
/// the rules instead of spending its time on syntax errors.
///
/// It also holds the loader's token reader to libyaml's event parser on every spec input.
public enum FuzzInput {
    static let importer = InterfaceBuilderImporter()
    static let engine = Engine(
        plugins: BuiltinPlugins.all + [importer.plugin], importers: [importer], config: Config())
    static let figma = FigmaImporter()
    static let figmaEngine = Engine(plugins: BuiltinPlugins.all + [figma.plugin], importers: [figma], config: Config())
    static let figmaOptions = ReportRenderOptions(rules: figmaEngine.allRuleDescriptions, failOn: .warning, sourceRoot: "/fuzz")
    static let configLoader = ConfigLoader(plugins: BuiltinPlugins.all)
    static let options = ReportRenderOptions(rules: engine.allRuleDescriptions, failOn: .warning, sourceRoot: "/fuzz")

    /// The spec bytes an input stands for.
    public static func spec(from input: [UInt8]) -> [UInt8] {
        guard let mode = input.first else { return [] }
        let rest = Array(input.dropFirst())
        return mode & 1 == 0 ? rest : Array(StructuredSpec.generate(from: rest).utf8)
    }

    /// Whether an input is an Interface Builder document (mode byte 2 modulo 4).
    public static func isInterfaceBuilder(_ input: [UInt8]) -> Bool {
        input.first.map { $0 & 3 == 2 } ?? false
    }

    /// Whether an input is an Xcode project file (mode byte 4 modulo 8).
    public static func isProjectFile(_ input: [UInt8]) -> Bool {
        input.first.map { $0 & 7 == 4 } ?? false
    }

    /// Whether an input is a Figma file response (mode byte 8 modulo 16).
    public static func isFigma(_ input: [UInt8]) -> Bool {
        input.first.map { $0 & 15 == 8 } ?? false
    }

    public static func run(_ input: [UInt8]) {
        if isInterfaceBuilder(input) { return runInterfaceBuilder(Array(input.dropFirst())) }
        if isProjectFile(input) { return runProjectFile(Array(input.dropFirst())) }
        if isFigma(input) { return runFigma(Array(input.dropFirst())) }
        let bytes = spec(from: input)
        // The loader's token reader must read whatever it takes as libyaml's parser does.
        if let disagreement = YAMLLoader.tokenReaderDisagreement(bytes) { fatalError(disagreement) }
        // Two files with the same screens give the project rules (duplicates, parents) something to compare.
        let first = engine.review(bytes, file: SpecFile(path: "/fuzz/a.yaml", displayPath: "fuzz/a.yaml"))
        let second = engine.review(bytes, file: SpecFile(path: "/fuzz/b.yaml", displayPath: "fuzz/b.yaml"))
        // The files are not on disk: the project fixes resolve against the input itself.
        let report = engine.report([first, second], sources: { _ in bytes })
        // Every fix, applied in passes as `check --fix --unsafe-fixes` would: the edits must
        // stay inside the text and the loop must end.
        if report.findings.contains(where: { $0.fix != nil }) {
            let fixed = FixLoop.run(bytes, applying: [.safe, .unsafe]) { text in
                engine.review(text, file: SpecFile(path: "/fuzz/a.yaml", displayPath: "fuzz/a.yaml"), among: second.summaries).findings
            }
            if fixed.passes > FixLoop.maximumPasses { fatalError("the fix loop ran \(fixed.passes) passes") }
        }
        for format in ReportFormat.all {
            let once = format.render(report, options: options)
            // Same input, same bytes: a writer that differs between two calls is a bug.
            if format == .json, once != format.render(report, options: options) {
                fatalError("the \(format) report differs between two renderings of one report")
            }
        }
        _ = try? configLoader.parse(bytes, file: "fuzz/config.yaml")
    }

    /// A file response named by its key (so every finding has a link) and one that names
    /// none, through the importer and every writer; and the pull's test of an answer, which
    /// must agree with the review: what it would save is never `figma.syntax`, and what it
    /// would refuse is a finding, never a silent pass.
    static func runFigma(_ bytes: [UInt8]) {
        let linked = figmaEngine.review(bytes, file: SpecFile(path: "/fuzz/Kq3ZPwLrB7mVxTn2aYdE9s.figma.json", displayPath: "fuzz/Kq3ZPwLrB7mVxTn2aYdE9s.figma.json"), with: figma)
        let unlinked = figmaEngine.review(bytes, file: SpecFile(path: "/fuzz/b.figma.json", displayPath: "fuzz/b.figma.json"), with: figma)
        let report = figmaEngine.report([linked, unlinked], sources: { _ in bytes })
        for format in ReportFormat.all {
            let once = format.render(report, options: figmaOptions)
            if format == .json, once != format.render(report, options: figmaOptions) {
                fatalError("the \(format) report of a Figma file differs between two renderings")
            }
        }
        let refused = linked.findings.contains { $0.rule == FigmaImporter.syntaxRule || $0.rule == CoreRules.limits }
        switch FigmaFileResponse.check(bytes) {
        case .file:
            if linked.findings.contains(where: { $0.rule == FigmaImporter.syntaxRule }) {
                fatalError("figma pull would save a file the review calls figma.syntax")
            }
        case .notAFile(let why):
            if !refused { fatalError("figma pull refuses what the review passes: \(why)") }
        }
    }

    /// The bytes as a project file: the parse, its object index and the questions the app facts ask.
    static func runProjectFile(_ bytes: [UInt8]) {
        if ProjectFileReading.answers(bytes) != ProjectFileReading.answers(bytes) {
            fatalError("two readings of one project file differ")
        }
    }

    /// A storyboard and a xib with these bytes, through the importer and every writer. Their
    /// paths are under `/fuzz`, where no project is, so the app facts stay unknown.
    static func runInterfaceBuilder(_ bytes: [UInt8]) {
        let first = engine.review(bytes, file: SpecFile(path: "/fuzz/a.storyboard", displayPath: "fuzz/a.storyboard"), with: importer)
        let second = engine.review(bytes, file: SpecFile(path: "/fuzz/b.xib", displayPath: "fuzz/b.xib"), with: importer)
        let report = engine.report([first, second], sources: { _ in bytes })
        for format in ReportFormat.all {
            let once = format.render(report, options: options)
            if format == .json, once != format.render(report, options: options) {
                fatalError("the \(format) report of an IB document differs between two renderings")
            }
        }
    }
}
