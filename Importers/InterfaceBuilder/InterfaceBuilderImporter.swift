import HiglintCore
import XcodeAppFacts

/// Reads Interface Builder documents (`.storyboard`, `.xib`) into the core's screen model,
/// so the plugins review them as they review specs.
public struct InterfaceBuilderImporter: ScreenImporter {
    public static let pluginName = "ib"
    public static let syntaxRule = "ib.syntax"
    /// XML elements nest about four deep for each level of views (a view, its `subviews`,
    /// a cell's content view), so the spec limit on nesting allows four times as many.
    static let depthPerSpecLevel = 4

    /// IB files, and the Info.plist that decides what every screen of the app shares.
    public let fileExtensions = [".storyboard", ".xib", "Info.plist"]
    private let appFacts: AppFactsLocator

    public init(appFacts: AppFactsLocator = AppFactsLocator()) {
        self.appFacts = appFacts
    }

    public var plugin: Plugin {
        Plugin(
            name: Self.pluginName, summary: "The Interface Builder importer's own findings.", screenRules: [],
            loaderRules: [Self.syntaxDescription])
    }

    static let syntaxDescription = RuleDescription(
        id: syntaxRule, severity: .error, summary: "An Interface Builder file is not well-formed XML.",
        rationale: "A storyboard or xib that does not parse cannot be reviewed at all, and Xcode will not open it either; every other check is silent on it until it is fixed.",
        seed: "the Interface Builder importer (docs/interface-builder.md)",
        hint: "Fix the XML at the position given (often a merge conflict left in the file); the message is libxml2's own.",
        triggeringExamples: [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\" targetRuntime=\"iOS.CocoaTouch\">\n<<<<<<< HEAD\n</document>\n",
        ],
        nonTriggeringExamples: [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\" targetRuntime=\"iOS.CocoaTouch\">\n<scenes/>\n</document>\n",
        ])

    public func importScreens(from bytes: [UInt8], file: SpecFile, options: ImportOptions) -> ImportResult {
        if InfoPlistScreens.isInfoPlist(file.path) { return InfoPlistScreens.imported(bytes, file: file, appFacts: appFacts) }
        let maxDepth = options.limits.maxDepth * Self.depthPerSpecLevel
        let root: XMLElement
        switch SAXReader.read(bytes, maxDepth: maxDepth, filter: IBVocabulary.readerFilter) {
        case .document(let document): root = document
        case .malformed(let message, let mark):
            return .imported(ImportedFile(screens: [], diagnostics: [
                ImportDiagnostic(rule: Self.syntaxRule, message: "not well-formed XML: \(message)", at: mark),
            ]))
        case .tooDeep(let mark):
            let message = "elements nest deeper than \(maxDepth) levels "
                + "(limits.max_depth \(options.limits.maxDepth), four XML levels each)"
            return .imported(ImportedFile(screens: [], diagnostics: [
                ImportDiagnostic(rule: CoreRules.limits, message: message, at: mark),
            ]))
        }
        if let reason = DocumentMapper.skipReason(root) { return .skipped(reason: reason) }
        let references = References()
        let app = appFacts.lookUp(documentAt: file.path)
        let colors = ColorReader(documentPath: file.path)
        let mapper = DocumentMapper(
            root: root, fileBase: Self.baseName(of: file.displayPath), facts: app.facts,
            defaultDevice: options.defaultDevice, colors: colors,
            resolve: { storyboard, identifier in
                let candidates = Self.candidates(for: storyboard, besides: file.path)
                references.paths += candidates
                let found = Self.referencedController(identifier, in: candidates, options: options)
                if found == nil { references.missing.append(identifier.map { "\(storyboard) (\($0))" } ?? storyboard) }
                return found
            })
        let screens = mapper.screens()
        var notes = app.notes
        for name in references.missing {
            notes.append("\(file.displayPath): the storyboard reference to \(name) was not found beside it; "
                + "its tab is reviewed without the item it shows")
        }
        var dependencies: [String] = []
        for path in app.sources + references.paths + colors.sources where !dependencies.contains(path) {
            dependencies.append(path)
        }
        let unknown = screens.reduce(0) { $0 + Self.unknownContrast(in: $1.screen) }
        return .imported(ImportedFile(
            screens: screens, notes: notes, dependencies: dependencies,
            unknown: unknown > 0 ? [Self.contrastRule: unknown] : [:]))
    }

    static let contrastRule = "text.contrast"

    /// The text-bearing elements `text.contrast` reviews (those its `hasText` takes) whose
    /// colour, or a colour behind them, is unknown: the rule is silent on them, so they are counted.
    static func unknownContrast(in screen: Screen) -> Int {
        var count = 0
        screen.forEachBackdrop { element, backdrop in
            guard !element.suppressed.contains(ViewMapper.textPlugin), !element.suppressed.contains(contrastRule) else { return }
            let hasText: Bool
            switch element.type {
            case .text?: hasText = element.label != nil || element.font != nil
            case .button?: hasText = element.label != nil
            case .textField?: hasText = true
            default: hasText = false
            }
            guard hasText else { return }
            if element.color?.isKnown != true || !backdrop.isKnown { count += 1 }
        }
        return count
    }

    /// `Settings` for `App/Base.lproj/Settings.storyboard`.
    static func baseName(of path: String) -> String {
        if path.utf8.last != UInt8(ascii: "/"), path.utf8.allSatisfy({ $0 < 0x80 }) {
            // ASCII, where `/` and `.` are always characters of their own: found by bytes, with
            // no split into characters (which cost 7,400 instructions a file).
            let start = path.utf8.lastIndex(of: UInt8(ascii: "/")).map { path.utf8.index(after: $0) } ?? path.startIndex
            let name = path.utf8[start...]
            let end = name.lastIndex(of: UInt8(ascii: ".")).flatMap { $0 == start ? nil : $0 } ?? path.utf8.endIndex
            return String(decoding: path.utf8[start..<end], as: UTF8.self)
        }
        var name = Substring(path.split(separator: "/").last ?? Substring(path))
        if let dot = name.lastIndex(of: "."), dot != name.startIndex { name = name[..<dot] }
        return String(name)
    }

    /// Where a storyboard reference's file may be: beside this file, or in a `Base.lproj`
    /// beside it or beside its folder (absolute, as the watcher compares them).
    static func candidates(for storyboard: String, besides path: String) -> [String] {
        let absolute = FileSystem.absolute(path)
        let directory = FileSystem.directory(of: absolute)
        let parent = FileSystem.directory(of: directory)
        let file = storyboard + ".storyboard"
        return [
            FileSystem.join(directory, file), FileSystem.join(FileSystem.join(directory, "Base.lproj"), file),
            FileSystem.join(FileSystem.join(parent, "Base.lproj"), file),
        ]
    }

    /// The controller a storyboard reference names, from the first candidate that reads:
    /// the one with that storyboard identifier, or the initial one when there is none.
    static func referencedController(_ identifier: String?, in candidates: [String], options: ImportOptions) -> XMLElement? {
        for candidate in candidates {
            guard case .success(let bytes) = FileReader.read(candidate, maxBytes: options.limits.maxFileBytes),
                  case .document(let root) = SAXReader.read(
                      bytes, maxDepth: options.limits.maxDepth * depthPerSpecLevel, filter: IBVocabulary.readerFilter)
            else { continue }
            let wanted = identifier ?? root[.initialViewController]
            let controllers = (root.child(.scenes)?.children(.scene) ?? []).compactMap { scene in
                scene.child(.objects)?.children.first { IBVocabulary.viewControllers.contains($0.name) }
            }
            return controllers.first { identifier == nil ? $0[.id] == wanted : $0[.storyboardIdentifier] == wanted }
        }
        return nil
    }
}

/// The storyboard references of a document, gathered while it maps: where their files may
/// be, and those that could not be read.
private final class References {
    var paths: [String] = []
    var missing: [String] = []
}
