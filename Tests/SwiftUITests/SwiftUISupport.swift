import Foundation
import HiglintCore
import HiglintPlugins
import SwiftUIImporter
import XCTest

/// Small SwiftUI sources written for the tests, and ways to review them.
enum SwiftUISource {
    /// `body` as the body of `struct Home: View` in a file that imports SwiftUI.
    static func view(_ body: String, name: String = "Home", extra: String = "") -> String {
        "import SwiftUI\n\nstruct \(name): View {\n\(extra)    var body: some View {\n\(body)\n    }\n}\n"
    }

    static func engine() -> Engine {
        let importer = SwiftUIImporter()
        return Engine(plugins: BuiltinPlugins.all + [importer.plugin], importers: [importer], config: Config())
    }

    static func review(_ source: String, path: String = "Home.swift") -> FileResult {
        engine().review(Array(source.utf8), file: SpecFile(path: "/nonexistent/\(path)", displayPath: path), with: SwiftUIImporter())
    }

    static func imported(_ source: String, path: String = "Home.swift") -> ImportResult {
        SwiftUIImporter().importScreens(
            from: Array(source.utf8), file: SpecFile(path: "/nonexistent/\(path)", displayPath: path), options: ImportOptions())
    }

    static func screens(_ source: String) -> [ImportedScreen] {
        guard case .imported(let file) = imported(source) else { return [] }
        return file.screens
    }
}
