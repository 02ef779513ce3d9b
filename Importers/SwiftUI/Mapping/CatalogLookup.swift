import HiglintCore
import XcodeAppFacts

/// The app's asset-catalog colours for `Color("Name")`, read from the catalogs near the file
/// (up to the project's folder, never outside it) the first time a name is met: most files
/// name none, and reading catalogs for each would cost a walk of directories a file.
final class CatalogLookup {
    private let documentPath: String?
    private var colors: AssetColors?

    init(documentPath: String?) {
        self.documentPath = documentPath
    }

    /// The colour set's colour, or nil when no catalog near the file has one of that name.
    func color(named name: String) -> Color? {
        if colors == nil { colors = documentPath.map(AssetColors.near(documentAt:)) ?? AssetColors() }
        return colors?.colors[name]
    }

    /// The colour sets read, for the watcher to review the file again when one changes.
    var sources: [String] { colors?.sources ?? [] }
}
