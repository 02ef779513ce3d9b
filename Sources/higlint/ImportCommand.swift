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
        let outcome = ConfigResolution.discovery(for: config).discover(paths)
        outcome.notes.forEach(Console.note)
        outcome.errors.forEach { Console.error("higlint: error: \($0)") }
        var failed = !outcome.errors.isEmpty
        var problems = false
        var written = 0
        let options = ImportOptions(limits: config.limits, defaultDevice: config.appDevice)
        for file in outcome.files {
            guard let importer = Registry.importers.first(where: { $0.fileExtensions.contains(where: file.path.hasSuffix) })
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
                for spec in ImportedSpecs.specs(of: imported, from: file, plugins: Registry.plugins) {
                    let path = FileSystem.join(FileSystem.absolute(directory), spec.path)
                    if case .failure(let problem) = FileSystem.makeDirectories(FileSystem.directory(of: path)) {
                        Console.error("higlint: error: \(problem)")
                        failed = true
                        continue
                    }
                    if case .failure(let problem) = AtomicFile.write(spec.text, to: path) {
                        Console.error("higlint: error: \(problem)")
                        failed = true
                        continue
                    }
                    written += 1
                }
            }
        }
        Console.note("wrote \(written) screen spec\(written == 1 ? "" : "s") to \(directory)")
        if failed { return ExitStatus.failure }
        return problems ? ExitStatus.findings : ExitStatus.clean
    }
}
