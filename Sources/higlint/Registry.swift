import FigmaImporter
import HiglintCore
import HiglintPlugins
import InterfaceBuilderImporter
import XcodeAppFacts
#if HIGLINT_SWIFTUI
import SwiftUIImporter
#endif

/// What the commands review with, in one place: the rule plugins, and the importers that
/// read other formats into the same screens.
enum Registry {
    /// For the commands that run on while files change (watch, lsp): the app facts are
    /// checked against their files whenever they are given again.
    static let importers: [any ScreenImporter] = [InterfaceBuilderImporter(), FigmaImporter()] + swiftUI
    /// Built only where the toolchain has swift-syntax's host libraries (Package.swift); without
    /// them `.swift` files are not part of the review at all (README, "SwiftUI").
    #if HIGLINT_SWIFTUI
    private static let swiftUI: [any ScreenImporter] = [SwiftUIImporter()]
    static let reviewsSwiftUI = true
    #else
    private static let swiftUI: [any ScreenImporter] = []
    static let reviewsSwiftUI = false
    #endif
    /// For one pass over a tree (check, import): each file the app facts come from is looked
    /// at once in the run, and a directory the discovery listed (`discovery.keptEntries`,
    /// kept by `keptByDiscovery`) is not listed again. Made for each pass, so that a second
    /// one sees the files anew.
    static func importersForOnePass(after discovery: SpecDiscovery.Outcome) -> [any ScreenImporter] {
        let projects = reviewsSwiftUI ? discovery.keptEntries : discovery.keptEntries.mapValues { $0.filter(AppFactsLocator.isProjectName) }
        return [InterfaceBuilderImporter(appFacts: AppFactsLocator(looks: .once, listed: projects)), FigmaImporter()] + swiftUI
    }
    /// The entries `importersForOnePass` takes from the discovery; without the SwiftUI
    /// importer, also the `.swift` files, so `check` can say once that they are not reviewed.
    static let keptByDiscovery: @Sendable (String) -> Bool = {
        AppFactsLocator.isProjectName($0) || (!reviewsSwiftUI && $0.hasSuffix(".swift"))
    }
    /// The plugins, then each importer's own rules, in the order `higlint rules` lists them.
    static let plugins: [Plugin] = BuiltinPlugins.all + importers.map(\.plugin)
    static var importedExtensions: [String] { importers.flatMap(\.fileExtensions) }
}
