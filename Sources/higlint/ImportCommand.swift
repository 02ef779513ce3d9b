import HiglintCore

/// `higlint import`: writes the screens of Interface Builder files as screen specs.
enum ImportCommand {
    static let out = Option(
        name: "out", value: .directory, summary: "the directory the specs are written to (made if missing)")

    static let declaration = CommandDeclaration(
        name: "import", operands: Operands(placeholder: "PATH", count: .any),
        summary: "write the screens of storyboards and xibs as screen specs",
        description: """
            Writes one screen spec for each screen of the Interface Builder files
            (*.storyboard, *.xib; directories recursively) under each PATH, in
            DIR/<file without its extension>/<screen>.yaml. A comment above each
            element names its place in the source; `check` on the specs finds what
            it finds on the source files.
            """,
        options: [.config, out],
        epilogue: "exit status: 0 written, 1 a file did not import (its problem is printed), 2 usage, config or I/O error.")

    static let command = Command(declaration: declaration, run: run)

    static func run(_ arguments: ParsedArguments) -> Int32 {
        guard let directory = arguments.value(out) else {
            Console.error("higlint import: --out DIR is required")
            return ExitStatus.failure
        }
        let config: Config
        do {
            config = try ConfigResolution.resolve(arguments.value(.config))
        } catch {
            Console.error(error.description)
            return ExitStatus.failure
        }
        let paths = ConfigResolution.reviewPaths(arguments.operands, config: config)
        var discovery = ConfigResolution.discovery(for: config)
        discovery.keepsEntry = Registry.keptByDiscovery
        let outcome = discovery.discover(paths)
        outcome.notes.forEach(Console.note)
        outcome.errors.forEach { Console.error("higlint: error: \($0)") }
        var failed = !outcome.errors.isEmpty
        var problems = false
        var written = 0
        var specs: [ImportedSpecs.Spec] = []
        let options = config.importOptions
        let importers = Registry.importersForOnePass(after: outcome)
        for file in outcome.files {
            guard let importer = importers.first(where: { $0.fileExtensions.contains(where: file.path.hasSuffix) })
            else { continue }
            let bytes: [UInt8]
            switch FileReader.read(file.path, maxBytes: config.limits.maxFileBytes) {
            case .success(let read): bytes = read
            case .failure(let problem):
                Console.error("higlint: error: \(file.displayPath): \(problem)")
                failed = true
                continue
            }
            switch importer.importScreens(from: bytes, file: file, options: options) {
            case .skipped(let reason):
                Console.note("\(file.displayPath): skipped, \(reason)")
            case .imported(let imported):
                for diagnostic in imported.diagnostics {
                    let place = "\(file.displayPath):\(diagnostic.mark.line):\(diagnostic.mark.column)"
                    Console.error("\(place): error: \(diagnostic.message) [\(diagnostic.rule)]")
                    problems = true
                }
                specs += ImportedSpecs.specs(of: imported, from: file, plugins: Registry.plugins)
            }
        }
        let root = FileSystem.absolute(directory)
        guard write(specs, under: root) else { return ExitStatus.failure }
        // What the importer held back but nothing needed here would be `spec.unused-ignore`
        // infos in the specs and not in the source: reviewed as `check` would, then dropped.
        let engine = Engine(plugins: Registry.plugins, config: config, wireframes: false)
        let files = specs.map { SpecFile(path: FileSystem.join(root, $0.path), displayPath: $0.path) }
        let unused = engine.report(ParallelReview.review(files, with: engine)).findings
            .filter { $0.rule == CoreRules.unusedIgnore }
        var changed = Set<Int>()
        for finding in unused {
            guard let index = specs.firstIndex(where: { $0.path == finding.file }),
                  let name = finding.message.split(separator: "\"", omittingEmptySubsequences: false).dropFirst().first
            else { continue }
            specs[index].removeIgnore(String(name), element: finding.element)
            changed.insert(index)
        }
        guard write(changed.sorted().map { specs[$0] }, under: root) else { return ExitStatus.failure }
        written = specs.count
        Console.note("wrote \(written) screen spec\(written == 1 ? "" : "s") to \(directory)")
        if failed { return ExitStatus.failure }
        return problems ? ExitStatus.findings : ExitStatus.clean
    }

    /// Writes each spec below `root`; false after logging the first problem.
    private static func write(_ specs: [ImportedSpecs.Spec], under root: String) -> Bool {
        for spec in specs {
            let path = FileSystem.join(root, spec.path)
            if case .failure(let problem) = FileSystem.makeDirectories(FileSystem.directory(of: path)) {
                Console.error("higlint: error: \(problem)")
                return false
            }
            if case .failure(let problem) = AtomicFile.write(spec.text, to: path) {
                Console.error("higlint: error: \(problem)")
                return false
            }
        }
        return true
    }
}
