import Foundation

/// A project folder for the named-colour tests of each importer: `App.xcodeproj` at its top,
/// where the search for asset catalogs stops, and colour sets written as Xcode writes them.
public struct ColorSetProject: Sendable {
    /// The components of one appearance as Xcode spells them: `"0xFF"` or `"0.200"`.
    public typealias Components = (red: String, green: String, blue: String)

    public let root: URL

    /// A new folder in the temporary directory, named from `label`; `remove()` takes it away.
    public init(_ label: String) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("App.xcodeproj"), withIntermediateDirectories: true)
    }

    public func remove() {
        try? FileManager.default.removeItem(at: root)
    }

    /// Writes the `Contents.json` of the colour set at `set` (below the root, such as
    /// `App/Assets.xcassets/Caption.colorset`): `light` for any appearance, `dark` for the dark
    /// one, both opaque sRGB. Returns the file, which a review lists among its dependencies.
    @discardableResult
    public func colorSet(_ set: String, light: Components, dark: Components) throws -> URL {
        let folder = root.appendingPathComponent(set)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        func color(_ value: Components) -> String {
            #""color": {"color-space": "srgb", "components": {"alpha": "1.000", "blue": "\#(value.blue)", "green": "\#(value.green)", "red": "\#(value.red)"}}"#
        }
        let contents = folder.appendingPathComponent("Contents.json")
        try Data("""
            {"colors": [
              {\(color(light)), "idiom": "universal"},
              {"appearances": [{"appearance": "luminosity", "value": "dark"}],
               \(color(dark)), "idiom": "universal"}
            ], "info": {"author": "xcode", "version": 1}}
            """.utf8).write(to: contents)
        return contents
    }
}
