import HiglintCore
import XcodeAppFacts
import SwiftIfConfig
import SwiftParser
import SwiftParserDiagnostics
import SwiftSyntax

/// Reads SwiftUI source (`.swift` files that import SwiftUI) into the core's screen model,
/// statically, with the toolchain's own parser; the plugins review its screens as they
/// review specs. What the source only computes when the app runs stays unknown.
public struct SwiftUIImporter: ScreenImporter {
    public static let pluginName = "swiftui"
    public static let syntaxRule = "swiftui.syntax"

    public let fileExtensions = [".swift"]
    public var isSourceText: Bool { true }
    private let appFacts: AppFactsLocator

    public init(appFacts: AppFactsLocator = AppFactsLocator()) {
        self.appFacts = appFacts
    }

    public var plugin: Plugin {
        Plugin(
            name: Self.pluginName, summary: "The SwiftUI importer's own findings.", screenRules: [],
            loaderRules: [Self.syntaxDescription])
    }

    static let syntaxDescription = RuleDescription(
        id: syntaxRule, severity: .error, summary: "A SwiftUI source file does not parse as Swift.",
        rationale: "Source that does not parse does not build, and the parts the parser had to guess at cannot be reviewed; the rest of the file still is.",
        seed: "the SwiftUI importer (docs/swiftui.md)",
        hint: "Fix the Swift at the position given (often a merge conflict left in the file); the message is the Swift parser's own.",
        triggeringExamples: [
            "import SwiftUI\n\nstruct Home: View {\n    var body: some View {\n        Text(\"Hi\"\n    }\n}\n",
        ],
        nonTriggeringExamples: [
            "import SwiftUI\n\nstruct Home: View {\n    var body: some View {\n        Text(\"Hi\")\n    }\n}\n",
        ])

    /// Rules the source cannot answer for: screens of different files may share a struct
    /// name (an app's target and its widget's), and a bar's look is the system's.
    static let unknownFactRules = [
        "spec.duplicate-screen", "bars.inconsistent-appearance", "bars.translucency-mismatch", "bars.status-bar-style",
        "bars.toolbar-inconsistent-appearance",
    ]

    public func importScreens(from bytes: [UInt8], file: SpecFile, options: ImportOptions) -> ImportResult {
        // A byte-order mark is no part of the source, and no column.
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        let skip = bytes.starts(with: bom) ? 3 : 0
        let source = skip == 0 ? bytes : Array(bytes[skip...])
        let tree = source.withUnsafeBufferPointer { Parser.parse(source: $0, maximumNestingLevel: 256) }
        let positions = SourcePositions(source, offset: skip)
        let regions = tree.configuredRegions(in: IOSBuildConfiguration())
        let declarations = ViewDeclarations(tree, regions: regions)
        // A Swift file of the app that draws no SwiftUI (a model, a helper) holds nothing to
        // review: it is neither an error nor worth a line of its own.
        guard declarations.importsSwiftUI else { return .imported(ImportedFile(screens: [])) }
        var diagnostics: [ImportDiagnostic] = []
        if tree.hasError, let (message, position) = Self.firstSyntaxError(in: tree) {
            diagnostics.append(ImportDiagnostic(
                rule: Self.syntaxRule, message: "does not parse as Swift: \(message)", at: positions.mark(position)))
        }
        let suppressions = source.contains(UInt8(ascii: ":")) && Self.mentionsMarker(source)
            ? Suppressions(tree, positions: positions) : Suppressions()
        let app = appFacts.lookUp(documentAt: file.path)
        let catalog = CatalogLookup(documentPath: file.path)
        let builder = ScreenAssembler(
            declarations: declarations, regions: regions, positions: positions, suppressions: suppressions,
            catalog: catalog, facts: app.facts, defaultDevice: options.defaultDevice)
        let (screens, unknown) = builder.screens()
        return .imported(ImportedFile(
            screens: screens, diagnostics: diagnostics, notes: app.notes, dependencies: app.sources + catalog.sources,
            unknown: unknown))
    }

    /// The parser's first error in the file. A missing token is found where the next one
    /// starts, often lines later; what is missing belongs just after the last token written,
    /// where the compiler reports it.
    private static func firstSyntaxError(in tree: SourceFileSyntax) -> (String, AbsolutePosition)? {
        var first: (String, AbsolutePosition)?
        for diagnostic in ParseDiagnosticsGenerator.diagnostics(for: tree) where diagnostic.diagMessage.severity == .error {
            var position = diagnostic.position
            if let token = diagnostic.node.firstToken(viewMode: .all), token.presence == .missing,
               let previous = token.previousToken(viewMode: .sourceAccurate) {
                position = previous.endPositionBeforeTrailingTrivia
            }
            if first.map({ position < $0.1 }) ?? true { first = (diagnostic.message, position) }
        }
        return first
    }

    private static func mentionsMarker(_ source: [UInt8]) -> Bool {
        let marker = Array(Suppressions.lineMarker.utf8)
        guard source.count >= marker.count else { return false }
        var index = 0
        while index + marker.count <= source.count {
            if source[index] == marker[0], source[index..<(index + marker.count)].elementsEqual(marker) { return true }
            index += 1
        }
        return false
    }
}

/// Makes the file's screens: each view struct that no other view of the file shows in
/// place, and each presentation (sheet, destination, tab content) written in place.
struct ScreenAssembler {
    let declarations: ViewDeclarations
    let regions: ConfiguredRegions
    let positions: SourcePositions
    let suppressions: Suppressions
    let catalog: CatalogLookup
    let facts: AppFacts
    let defaultDevice: Device

    var device: Device { facts.device ?? defaultDevice }

    /// The screens, and by rule how many of their elements the rule cannot judge.
    func screens() -> (screens: [ImportedScreen], unknown: [String: Int]) {
        var built: [(name: String, screen: ImportedScreen, inlined: Set<String>, unknown: [String: Int])] = []
        var usedNames = Set<String>()
        for declaration in declarations.views {
            guard let body = declaration.body else { continue }
            let mark = positions.mark(of: declaration.node)
            var mapper = ViewMapper(
                declarations: declarations, regions: regions, positions: positions, suppressions: suppressions, catalog: catalog)
            var environment = ViewEnvironment(owner: declaration.name, declaration: declaration)
            environment.backdropUnknown = declarations.importsWidgetKit
            let elements = mapper.elements(of: body, in: environment)
            let name = unique(declaration.name, in: &usedNames)
            var screens = [screen(named: name, at: mark, elements: elements, mapper: mapper)]
            var presented = mapper.presentations
            var inlined = mapper.inlined
            var unknown = mapper.unknown
            // Each presentation may present more; the bound keeps a file's screens finite.
            var round = 0
            while !presented.isEmpty, round < 64 {
                round += 1
                var next: [Presentation] = []
                for presentation in presented {
                    var inner = ViewMapper(
                declarations: declarations, regions: regions, positions: positions, suppressions: suppressions, catalog: catalog)
                    let mapped = inner.elements(of: presentation)
                    // A presented view of another file (`DonutEditor(...)`) is reviewed in its own file.
                    guard !mapped.isEmpty || inner.facts.hasBars || !inner.presentations.isEmpty else { continue }
                    screens.append(screen(
                        named: unique("\(name) \(presentation.name)", in: &usedNames), at: presentation.mark, elements: mapped,
                        mapper: inner))
                    next += inner.presentations
                    inlined.formUnion(inner.inlined)
                    unknown.merge(inner.unknown, uniquingKeysWith: +)
                }
                presented = next
            }
            // The counts go with the view's first screen: its presentations were mapped for it.
            for (position, screen) in screens.enumerated() {
                built.append((declaration.name, screen, inlined, position == 0 ? unknown : [:]))
            }
        }
        // A view another view of the file shows in place is reviewed there, not twice.
        var shownInPlace = Set<String>()
        for entry in built { shownInPlace.formUnion(entry.inlined.subtracting([entry.name])) }
        let kept = built.filter { !shownInPlace.contains($0.name) }
        var unknown: [String: Int] = [:]
        for entry in kept { unknown.merge(entry.unknown, uniquingKeysWith: +) }
        return (withWrittenIgnores(kept.map(\.screen)), unknown)
    }

    /// Gives each suppression comment to one screen, which answers for it when it is unused:
    /// a line's to the first screen with an element it applies to (naming that element),
    /// a file's, and one that applies to no element, to the first screen.
    private func withWrittenIgnores(_ screens: [ImportedScreen]) -> [ImportedScreen] {
        let entries = suppressions.entries
        guard !entries.isEmpty, !screens.isEmpty else { return screens }
        var owners: [Mark: (screen: Int, element: String)] = [:]
        for (index, entry) in screens.enumerated() {
            let screen = entry.screen
            let items = (screen.navigationBar?.items ?? []) + (screen.toolbar?.items ?? []) + (screen.tabBar?.tabs ?? [])
            for element in Screen.flatten(screen.elements) + Screen.flatten(items) {
                for mark in element.suppressionMarks where owners[mark] == nil { owners[mark] = (index, element.name) }
            }
        }
        var out = screens
        for (rule, mark) in entries {
            let owner = owners[mark]
            out[owner?.screen ?? 0].writtenIgnores.append(IgnoreEntry(
                name: rule, mark: mark, element: owner?.element, suppressed: [], suppressionMarks: []))
        }
        return out
    }

    private func unique(_ name: String, in used: inout Set<String>) -> String {
        var candidate = name
        var count = 1
        while !used.insert(candidate).inserted {
            count += 1
            candidate = "\(name) (\(count))"
        }
        return candidate
    }

    private func screen(named name: String, at mark: Mark, elements: [Element], mapper: ViewMapper) -> ImportedScreen {
        let facts = mapper.facts
        var screen = Screen(device: device, canvas: DeviceFacts.defaultCanvas(for: device))
        screen.name = name
        var marks = Marks<ScreenField>(mark)
        marks.record(.screen, key: mark, value: mark)
        var ignored = SwiftUIImporter.unknownFactRules
        if facts.title != nil || !facts.navigationItems.isEmpty || facts.back != nil {
            let barMark = facts.titleMark ?? facts.navigationItems.first?.marks.map ?? mark
            marks.record(.navigationBar, key: barMark, value: barMark)
            var bar = NavigationBar(marks: Marks(barMark))
            bar.title = facts.title
            bar.items = facts.navigationItems
            bar.back = facts.back
            // SwiftUI's bars are translucent, as UIKit's are by default.
            bar.translucent = true
            screen.navigationBar = bar
            // A title can come from a view around this one, in another file.
            if facts.title == nil { ignored.append("bars.nav-title-missing") }
        }
        if !facts.toolbarItems.isEmpty {
            var toolbar = Toolbar(marks: Marks(facts.toolbarItems[0].marks.map))
            toolbar.items = facts.toolbarItems
            toolbar.translucent = true
            screen.toolbar = toolbar
        }
        if !facts.tabs.isEmpty {
            var tabBar = TabBar(marks: Marks(facts.tabMark ?? mark))
            tabBar.tabs = facts.tabs
            tabBar.translucent = true
            screen.tabBar = tabBar
        }
        // What the app's Info.plist file says for every screen is reported once, at its key,
        // where that file is reviewed (as for Interface Builder); what only an `INFOPLIST_KEY_*`
        // setting says has no such line, and stays on each screen.
        let app = self.facts
        let appHidesStatusBar = app.statusBarHidden == true && !app.inInfoPlist.contains(.statusBarHidden)
        if let hidden = facts.statusBarHidden ?? (appHidesStatusBar ? mark : nil) {
            var statusBar = StatusBar(marks: Marks(hidden))
            statusBar.hidden = true
            screen.statusBar = statusBar
        }
        let onPad = device == .ipad
        let orientations = onPad ? app.padOrientations : app.orientations
        if let orientations, !orientations.isEmpty, !app.inInfoPlist.contains(onPad ? .padOrientations : .orientations) {
            screen.orientations = orientations
        } else {
            ignored += ["orientation.ipad-all", "orientation.missing-variant"]
        }
        screen.marks = marks
        screen.elements = elements
        // An app locked to one appearance by its Info.plist is drawn in that one alone.
        if let appearance = self.facts.interfaceStyle { screen.lock(to: appearance) }
        var marksOfIgnored = Array(repeating: mark, count: ignored.count)
        for (rule, ruleMark) in suppressions.file {
            ignored.append(rule)
            marksOfIgnored.append(ruleMark)
        }
        screen.review.ignore = ignored
        screen.review.ignoreMarks = marksOfIgnored
        return ImportedScreen(
            screen: screen, elementNotes: ElementNotes(mapper.notes), sourceFixes: mapper.sourceFixes,
            wording: screen.orientations != nil && app.requiresFullScreen == true ? Self.fullScreenWording : nil)
    }

    private static let fullScreenWording = FindingWording { rule, _, message, _ in
        if rule == "orientation.ipad-all" { message += AppFacts.requiresFullScreenNote }
    }
}
