/// A reader of one design format (the YAML spec, Interface Builder files, Figma, SwiftUI):
/// bytes in, screens of the same model out, with marks that point into its own file.
/// The plugins never learn where a screen came from; the engine picks an importer by
/// the file's extension and every importer's screens go through the engine's one screen
/// loop (`Engine.start(_:file:)`): diagnostics, ignore lists, duplicate ids, rules,
/// suppression, fixes, notes, summaries and wireframes alike.
public protocol ScreenImporter: Sendable {
    /// The importer's own rules, as `loaderRules` (`ib.syntax`), under the importer's name;
    /// the CLI lists it with the plugins so that `rules`, `explain` and the config know them.
    /// An importer whose problems are all the core's rules (the spec reader) has none.
    var plugin: Plugin { get }
    /// The extensions of the files it reads, with the dot (`.storyboard`).
    var fileExtensions: [String] { get }
    /// Pure apart from what the importer reads beside the file (app facts, referenced files).
    func importScreens(from bytes: [UInt8], file: SpecFile, options: ImportOptions) -> ImportResult
    /// Whether the format is source people type (Swift), not a file a tool writes (a
    /// storyboard): the language server reviews it as it is typed, as it does specs, and
    /// the fixes its findings carry may edit it.
    var isSourceText: Bool { get }
}

extension ScreenImporter {
    public var isSourceText: Bool { false }
}

/// What the config tells an importer: the limits specs have, and the device a screen
/// has when its source does not say.
public struct ImportOptions: Sendable {
    public var limits: LoaderLimits
    public var defaultDevice: Device
    /// By absolute path: the key of the design file a file was saved from, when the config
    /// names it (`figma.files`), for links to the design.
    public var designFileKeys: [String: String]

    public init(limits: LoaderLimits = LoaderLimits(), defaultDevice: Device = .iphone, designFileKeys: [String: String] = [:]) {
        self.limits = limits
        self.defaultDevice = defaultDevice
        self.designFileKeys = designFileKeys
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
    /// By element name: where the element can be opened in the tool it was designed in (a
    /// Figma layer's link), given with every finding on it as the finding's `url`.
    public var elementLinks: [String: String]
    /// The same for the screen itself, given with the findings on no element of it.
    public var link: String?
    /// Suppressions a person wrote in the source (`// higlint:ignore RULE`) that this screen
    /// answers for: each is among the screen's or its elements' suppressions with the same
    /// mark, and is reported as `spec.unused-ignore` when no finding of the file used it.
    /// An entry belongs to one screen of its file, though any screen may use it.
    public var writtenIgnores: [IgnoreEntry]
    /// Edits of the source that fix a rule's finding on an element, where the importer can
    /// write them (source text only, `isSourceText`): the finding carries the fix.
    public var sourceFixes: [SourceFix]
    /// The source's words for the built-in rules' findings on the screen; nil keeps the rules' own.
    public var wording: FindingWording?
    /// Whether the screen's and its elements' `ignore` lists are what a person wrote (a
    /// spec's): each entry is then checked against the known rules (`spec.unknown-rule`) and
    /// reported when it suppresses nothing (`spec.unused-ignore`). An importer's own lists
    /// hold back what its format cannot say, and are neither.
    public var ignoreListsWritten: Bool
    /// Writes the rules' fix actions (`Violation.fix`, a diagnostic's `fix`) as edits of the
    /// imported file, for a format whose text the actions address (a spec's YAML); nil for a
    /// format nothing may edit that way (a storyboard), whose findings then carry only `sourceFixes`.
    public var fixWriter: (any FixWriter)?

    public init(
        screen: Screen, elementNotes: ElementNotes = [:], reviewedPlugins: Set<String>? = nil,
        diagnostics: [ImportDiagnostic] = [], elementLinks: [String: String] = [:], link: String? = nil,
        writtenIgnores: [IgnoreEntry] = [], sourceFixes: [SourceFix] = [], wording: FindingWording? = nil,
        ignoreListsWritten: Bool = false, fixWriter: (any FixWriter)? = nil
    ) {
        self.screen = screen
        self.elementNotes = elementNotes
        self.reviewedPlugins = reviewedPlugins
        self.diagnostics = diagnostics
        self.elementLinks = elementLinks
        self.link = link
        self.writtenIgnores = writtenIgnores
        self.sourceFixes = sourceFixes
        self.wording = wording
        self.ignoreListsWritten = ignoreListsWritten
        self.fixWriter = fixWriter
    }

    /// Whether a finding on the screen needs more than the rule's own words and place: a
    /// note, a link or the source's wording. Most screens (every spec's) need none, and
    /// their findings are then built in place.
    var decoratesFindings: Bool {
        wording != nil || link != nil || !elementLinks.isEmpty || !elementNotes.isEmpty
    }

    /// The link a finding on `element` (nil: on the screen) is given.
    public func link(for element: String?) -> String? {
        element.flatMap { elementLinks[$0] } ?? link
    }

    /// The screen moved out, one with nothing in it left in its place: the engine flattens
    /// and changes its own, which a copy sharing the entry's lists would copy again.
    mutating func takeScreen() -> Screen {
        var taken = Self.emptyScreen
        swap(&taken, &screen)
        return taken
    }

    /// Left behind by `takeScreen`: one screen, so that taking one allocates nothing.
    private static let emptyScreen = Screen(device: .iphone, canvas: Size(width: 0, height: 0))

    func sourceFix(rule: String, element: String?) -> Fix? {
        guard !sourceFixes.isEmpty, let element else { return nil }
        return sourceFixes.first { $0.rule == rule && $0.element == element }?.fix
    }
}

/// Turns fix actions into edits of one imported screen's file. Pure, and callable from any
/// thread; asked only for a finding with actions whose rule has a fix.
public protocol FixWriter: Sendable {
    /// The edits that do every one of `actions`; nil when the text does not allow all of
    /// them cleanly, and the finding then has no fix rather than a clumsy one.
    func edits(for actions: [FixAction]) -> [TextEdit]?
}

/// The fix of `rule`'s finding on the element named `element`, as edits of the imported file.
public struct SourceFix: Sendable, Hashable {
    public var rule: String
    public var element: String
    public var fix: Fix

    public init(rule: String, element: String, fix: Fix) {
        self.rule = rule
        self.element = element
        self.fix = fix
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

    /// Whether no element has a note: notes written on demand may have some.
    var isEmpty: Bool {
        if case .written(let notes) = storage { return notes.isEmpty }
        return false
    }

    public subscript(element: String) -> String? {
        switch storage {
        case .written(let notes): return notes[element]
        case .rendered(let render): return render(element)
        }
    }
}

/// A finding an importer reports itself, under one of its `loaderRules` or a core rule
/// (`spec.limits`, a spec's `spec.schema`).
public struct ImportDiagnostic: Sendable, Equatable {
    public var rule: String
    public var message: String
    public var mark: Mark
    public var element: String?
    /// What fixes the problem, written by the screen's `fixWriter`, for a rule that has a fix.
    public var fix: [FixAction]
    /// The severity this problem takes instead of its core rule's default (`SpecIssue.severity`);
    /// a severity the config sets wins.
    public var severity: Severity?
    /// The `ignore` entries of the element the problem is in, and its ancestors', with where
    /// each is written: they suppress it, as they do a rule's finding on the element.
    public var suppressed: [String]
    public var suppressionMarks: [Mark]

    public init(
        rule: String, message: String, at mark: Mark, element: String? = nil, fix: [FixAction] = [],
        severity: Severity? = nil, suppressed: [String] = [], suppressionMarks: [Mark] = []
    ) {
        self.rule = rule
        self.message = message
        self.mark = mark
        self.element = element
        self.fix = fix
        self.severity = severity
        self.suppressed = suppressed
        self.suppressionMarks = suppressionMarks
    }
}
