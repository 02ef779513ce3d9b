import FigmaImporter
import Foundation
import HiglintCore
import HiglintPlugins
import XCTest

/// Small file responses written for the tests, pretty-printed as the API's are (one member a
/// line), and ways to review them.
enum FigmaFile {
    static let key = "AbCdEf0123456789xyzKEY"
    static var fileName: String { "\(key).figma.json" }

    /// A node: `type`, `id`, `name`, a box, and whatever else `extra` holds (JSON members).
    static func node(
        _ type: String, id: String, name: String, box: (Double, Double, Double, Double)? = nil, extra: [String] = [],
        children: [String]? = nil
    ) -> String {
        var members = ["\"id\": \"\(id)\"", "\"name\": \"\(name)\"", "\"type\": \"\(type)\""]
        if let box {
            members.append("\"absoluteBoundingBox\": {\"x\": \(box.0), \"y\": \(box.1), \"width\": \(box.2), \"height\": \(box.3)}")
        }
        members += extra
        if let children { members.append("\"children\": [\n" + children.joined(separator: ",\n") + "\n]") }
        return "{\n" + members.joined(separator: ",\n") + "\n}"
    }

    static func solid(_ r: Double, _ g: Double, _ b: Double, a: Double = 1, opacity: Double? = nil) -> String {
        let paintOpacity = opacity.map { ", \"opacity\": \($0)" } ?? ""
        return "{\"type\": \"SOLID\", \"blendMode\": \"NORMAL\"\(paintOpacity), \"color\": {\"r\": \(r), \"g\": \(g), \"b\": \(b), \"a\": \(a)}}"
    }

    static func fills(_ paints: String...) -> String { "\"fills\": [" + paints.joined(separator: ", ") + "]" }

    static let tap = "\"interactions\": [{\"trigger\": {\"type\": \"ON_CLICK\"}, \"actions\": [{\"type\": \"BACK\"}]}]"

    static func text(
        id: String, name: String = "Label", characters: String = "Hello", box: (Double, Double, Double, Double),
        size: Double = 17, weight: Double = 400, color: String = solid(0, 0, 0), extra: [String] = []
    ) -> String {
        node("TEXT", id: id, name: name, box: box, extra: [
            "\"characters\": \"\(characters)\"",
            "\"style\": {\"fontFamily\": \"SF Pro Text\", \"fontWeight\": \(weight), \"fontSize\": \(size)}",
            "\"fills\": [\(color)]", "\"characterStyleOverrides\": []", "\"styleOverrideTable\": {}",
        ] + extra)
    }

    /// A file whose first page holds `frames`; `components` are members of the `components` table.
    static func file(_ frames: [String], components: [String] = [], sets: [String] = []) -> String {
        let page = node("CANVAS", id: "0:1", name: "Page 1", children: frames)
        let document = node("DOCUMENT", id: "0:0", name: "Document", children: [page])
        return "{\n\"document\": \(document),\n\"components\": {\(components.joined(separator: ", "))},\n"
            + "\"componentSets\": {\(sets.joined(separator: ", "))},\n\"name\": \"Test\",\n\"version\": \"1\"\n}\n"
    }

    /// An iPhone 12 frame (390x844) at (1000, 2000) on the canvas, white, holding `children`.
    static func screen(_ children: [String], name: String = "Home", size: (Double, Double) = (390, 844)) -> String {
        node("FRAME", id: "1:1", name: name, box: (1000, 2000, size.0, size.1),
             extra: [fills(solid(1, 1, 1)), "\"clipsContent\": true"], children: children)
    }

    static func engine(config: Config = Config()) -> Engine {
        let importer = FigmaImporter()
        return Engine(plugins: BuiltinPlugins.all + [importer.plugin], importers: [importer], config: config)
    }

    static func review(_ text: String, name: String = fileName) -> FileResult {
        review(Array(text.utf8), name: name)
    }

    static func review(_ bytes: [UInt8], name: String = fileName, config: Config = Config()) -> FileResult {
        engine(config: config).review(bytes, file: SpecFile(path: "/nonexistent/\(name)", displayPath: name), with: FigmaImporter())
    }

    static func imported(_ text: String, name: String = fileName) -> ImportedFile? {
        guard case .imported(let file) = FigmaImporter().importScreens(
            from: Array(text.utf8), file: SpecFile(path: "/nonexistent/\(name)", displayPath: name), options: ImportOptions())
        else { return nil }
        return file
    }

    static func rules(_ result: FileResult) -> [String] { result.findings.map(\.rule) }
}
