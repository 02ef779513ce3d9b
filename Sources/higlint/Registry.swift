import HiglintCore
import HiglintPlugins
import InterfaceBuilderImporter

/// What the commands review with, in one place: the rule plugins, and the importers that
/// read other formats into the same screens.
enum Registry {
    static let importers: [any ScreenImporter] = [InterfaceBuilderImporter()]
    /// The plugins, then each importer's own rules, in the order `higlint rules` lists them.
    static let plugins: [Plugin] = BuiltinPlugins.all + importers.map(\.plugin)
    static var importedExtensions: [String] { importers.flatMap(\.fileExtensions) }
}
