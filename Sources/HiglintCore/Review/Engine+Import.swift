/// The importers an engine reads files with, and which one a file goes to.
extension Engine {
    /// The importer that claims a file name by its ending (`.storyboard`, `.yaml`); nil for
    /// a name none claims, which `start(_:)` reads as a spec.
    public func importer(for path: String) -> (any ScreenImporter)? {
        for (suffix, importer) in importerSuffixes where path.hasSuffix(suffix) {
            return importer
        }
        return nil
    }

    /// `importers` with the spec reader after them, unless one of them reads `.yaml` itself:
    /// every engine reads specs, however it was made.
    static func withSpecImporter(_ importers: [any ScreenImporter]) -> [any ScreenImporter] {
        importers.contains { $0.fileExtensions.contains(SpecImporter.yamlExtension) } ? importers : importers + [SpecImporter()]
    }

    /// Each ending an importer claims, with the importer, in the importers' order: looked up for
    /// every file, so made once.
    static func suffixes(of importers: [any ScreenImporter]) -> [(String, any ScreenImporter)] {
        importers.flatMap { importer in importer.fileExtensions.map { ($0, importer) } }
    }
}
