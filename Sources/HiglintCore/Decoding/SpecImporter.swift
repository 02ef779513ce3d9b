import Synchronization

/// The YAML screen spec as one importer among the others: each document of the file is a
/// screen, its repeated keys and the decoder's problems are the screen's diagnostics (under
/// the core's `spec.*` rules), its `ignore` lists are a person's, so the engine checks them
/// and reports those left unused, and the rules' fix actions are written against the document.
public struct SpecImporter: ScreenImporter {
    static let yamlExtension = ".yaml"

    public init() {}

    /// None of its own: a spec's problems are the core's rules, which every engine knows.
    public var plugin: Plugin {
        Plugin(name: CoreRules.pluginName, summary: "The loader and the spec format itself.", screenRules: [])
    }

    public var fileExtensions: [String] { [Self.yamlExtension, ".yml"] }

    /// A spec is typed by people: the language server reviews it as typed, and its fixes edit it.
    public var isSourceText: Bool { true }

    public func importScreens(from bytes: [UInt8], file: SpecFile, options: ImportOptions) -> ImportResult {
        importScreens(YAMLLoader.load(bytes, limits: options.limits), bytes: bytes, options: options)
    }

    /// The screens of `bytes` as `loaded` (`YAMLLoader.load` of them under `options.limits`),
    /// for a caller that reads the documents too, so the text is loaded once.
    public func importScreens(_ loaded: Result<[YAMLDocument], LoadFailure>, bytes: [UInt8], options: ImportOptions) -> ImportResult {
        let documents: [YAMLDocument]
        switch loaded {
        case .success(let loaded): documents = loaded
        case .failure(let failure):
            // A file that does not load gets that one finding and nothing else.
            let rule = failure.kind == .limits ? CoreRules.limits : CoreRules.syntax
            return .imported(ImportedFile(screens: [], diagnostics: [ImportDiagnostic(rule: rule, message: failure.message, at: failure.mark)]))
        }
        guard !documents.isEmpty else {
            let empty = ImportDiagnostic(
                rule: CoreRules.schema, message: "the file is empty: it holds no screen (`screen:` is missing)", at: .start)
            return .imported(ImportedFile(screens: [], diagnostics: [empty]))
        }
        let decoder = SpecDecoder(defaultDevice: options.defaultDevice)
        // Made into text for fixes only once a finding has one, so a review without fixes never builds it.
        let source = SpecSource(bytes)
        var screens: [ImportedScreen] = []
        screens.reserveCapacity(documents.count)
        for document in documents {
            let decoded = decoder.decode(document)
            var diagnostics: [ImportDiagnostic] = []
            diagnostics.reserveCapacity(document.duplicateKeys.count + decoded.issues.count)
            for duplicate in document.duplicateKeys {
                let message = "key \(quoted(duplicate.key)) repeats the one at line \(duplicate.firstMark.line), column \(duplicate.firstMark.column); the first is used"
                diagnostics.append(ImportDiagnostic(rule: CoreRules.duplicateKey, message: message, at: duplicate.mark))
            }
            for issue in decoded.issues {
                diagnostics.append(ImportDiagnostic(
                    rule: issue.rule, message: issue.message, at: issue.mark, element: issue.element, fix: issue.fix,
                    severity: issue.severity, suppressed: issue.suppressed, suppressionMarks: issue.suppressionMarks))
            }
            // Moved out of the decoded value: `decoded.screen` while `decoded` lived copied the
            // screen, a retain of each of its lists and strings and a release later.
            screens.append(ImportedScreen(
                screen: (consume decoded).screen, diagnostics: diagnostics, ignoreListsWritten: true,
                fixWriter: SpecFixWriter(document: document, source: source)))
        }
        return .imported(ImportedFile(screens: screens))
    }
}

/// A spec's fix actions as edits of its text, resolved against the screen's document.
struct SpecFixWriter: FixWriter {
    let document: YAMLDocument
    let source: SpecSource

    func edits(for actions: [FixAction]) -> [TextEdit]? {
        FixResolver(document: document, source: source.text).edits(for: actions)
    }
}

/// A spec file's bytes, and the text fixes resolve against, made on first use and shared by
/// the file's screens.
final class SpecSource: Sendable {
    private let bytes: [UInt8]
    private let made = Mutex<SourceText?>(nil)

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    var text: SourceText {
        made.withLock { made in
            if let made { return made }
            let text = SourceText(bytes)
            made = text
            return text
        }
    }
}
