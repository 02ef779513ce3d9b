/// A reader of a design format other than the YAML spec (Interface Builder files now):
/// bytes in, screens of the same model out, with marks that point into its own file.
/// The plugins never learn where a screen came from; the engine picks an importer by
/// the file's extension and reviews its screens like spec documents.
public protocol ScreenImporter: Sendable {
    /// The importer's own rules, as `loaderRules` (`ib.syntax`), under the importer's name;
    /// the CLI lists it with the plugins so that `rules`, `explain` and the config know them.
    var plugin: Plugin { get }
    /// The extensions of the files it reads, with the dot (`.storyboard`).
    var fileExtensions: [String] { get }
    /// Pure apart from what the importer reads beside the file (app facts, referenced files).
    func importScreens(from bytes: [UInt8], file: SpecFile, options: ImportOptions) -> ImportResult
}

/// What the config tells an importer: the limits specs have, and the device a screen
/// has when its source does not say.
public struct ImportOptions: Sendable {
    public var limits: LoaderLimits
    public var defaultDevice: Device

    public init(limits: LoaderLimits = LoaderLimits(), defaultDevice: Device = .iphone) {
        self.limits = limits
        self.defaultDevice = defaultDevice
    }
}

public enum ImportResult: Sendable {
    case imported(ImportedFile)
    /// A file of the format that holds nothing to review here (a macOS document, an old
    /// archive): it is listed as skipped with the reason, never an error.
    case skipped(reason: String)
}

/// What an importer made of one file.
public struct ImportedFile: Sendable {
    public var screens: [ImportedScreen]
    /// Problems of the file as a whole (it does not parse, it is over a limit).
    public var diagnostics: [ImportDiagnostic]
    /// What the importer could not read beside the file (an app's project that does not
    /// parse, a storyboard a reference names that is not there): one log line each, as
    /// `path:line:column: message` when there is a position.
    public var notes: [String]
    /// The files besides this one that the screens depend on (absolute paths, whether they
    /// exist or not): a watcher reviews the file again when one of them changes.
    public var dependencies: [String]
    /// By rule id: how many elements the rule could not judge because the source did not
    /// say what it needs (a size computed at run time, a colour from code). No finding is
    /// guessed for them; the JSON report counts them, so coverage is seen, never a silent pass.
    public var unknown: [String: Int]

    public init(
        screens: [ImportedScreen], diagnostics: [ImportDiagnostic] = [], notes: [String] = [], dependencies: [String] = [],
        unknown: [String: Int] = [:]
    ) {
        self.screens = screens
        self.diagnostics = diagnostics
        self.notes = notes
        self.dependencies = dependencies
        self.unknown = unknown
    }
}

/// One imported screen and what the engine needs to report on it faithfully.
public struct ImportedScreen: Sendable {
    public var screen: Screen
    /// By element name: what the element is in its source (its type, title and id, and
    /// whether code may change it), added to every finding on it. A spec's element is named
    /// by its id, which is enough there; an imported one needs its source's words.
    public var elementNotes: ElementNotes
    /// When set, only these plugins review the screen (a launch screen is reviewed for text).
    public var reviewedPlugins: Set<String>?
    public var diagnostics: [ImportDiagnostic]
    /// The source's words for the built-in rules' findings on the screen; nil keeps the rules' own.
    public var wording: FindingWording?

    public init(
        screen: Screen, elementNotes: ElementNotes = [:], reviewedPlugins: Set<String>? = nil,
        diagnostics: [ImportDiagnostic] = [], wording: FindingWording? = nil
    ) {
        self.screen = screen
        self.elementNotes = elementNotes
        self.reviewedPlugins = reviewedPlugins
        self.diagnostics = diagnostics
        self.wording = wording
    }
}

/// How an importer says a finding in the words of its source's tool. The rules speak the
/// spec format (`dynamic: false`, `hit_area`, element ids), which a person working in that
/// tool cannot act on; the importer knows what the element is there and what to change.
/// It sees the rule, the element and the rule's message and hint, and may rewrite both,
/// before the element's note is added. Pure, and callable from any thread.
public struct FindingWording: Sendable {
    public typealias Reword = @Sendable (_ rule: String, _ element: String?, _ message: inout String, _ hint: inout String) -> Void

    private let reword: Reword

    public init(_ reword: @escaping Reword) {
        self.reword = reword
    }

    func apply(to finding: inout Finding) {
        reword(finding.rule, finding.element, &finding.message, &finding.hint)
    }
}

/// An imported screen's note for each element it names, written only when asked for: few
/// elements get a finding, and writing every element's note cost an IB file more than a
/// tenth of its mapping. Whoever asks for a note (a finding's message, `higlint import`'s
/// comment) gets the same words, however it is stored.
public struct ElementNotes: Sendable, ExpressibleByDictionaryLiteral {
    private enum Storage: Sendable {
        case written([String: String])
        case rendered(@Sendable (String) -> String?)
    }

    private let storage: Storage

    /// Notes already written, by element name.
    public init(_ notes: [String: String]) {
        storage = .written(notes)
    }

    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }

    /// Notes written on demand by `render`, which gives an element's note by its name (nil
    /// when it has none). It must be pure: it may be called from any thread, and more than
    /// once for one element.
    public init(rendering render: @escaping @Sendable (_ element: String) -> String?) {
        storage = .rendered(render)
    }

    public subscript(element: String) -> String? {
        switch storage {
        case .written(let notes): return notes[element]
        case .rendered(let render): return render(element)
        }
    }
}

/// A finding an importer reports itself, under one of its `loaderRules` or a core rule
/// (`spec.limits`).
public struct ImportDiagnostic: Sendable, Equatable {
    public var rule: String
    public var message: String
    public var mark: Mark
    public var element: String?

    public init(rule: String, message: String, at mark: Mark, element: String? = nil) {
        self.rule = rule
        self.message = message
        self.mark = mark
        self.element = element
    }
}
