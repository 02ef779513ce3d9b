import HiglintCore
import HiglintPlugins
import InterfaceBuilderImporter
import TestSupport
import XCTest

/// The specs `higlint import` writes for one imported file.
final class ImportedSpecsTests: XCTestCase {
    private let plugins = BuiltinPlugins.all + [IB.importer.plugin]

    private func specs(_ text: String, name: String) throws -> [ImportedSpecs.Spec] {
        let file = SpecFile(path: "/nowhere/\(name)", displayPath: name)
        guard case .imported(let imported) = IB.importer.importScreens(from: Array(text.utf8), file: file, options: ImportOptions())
        else { throw SetupFailure("the importer skipped \(name)") }
        return ImportedSpecs.specs(of: imported, from: file, plugins: plugins)
    }

    func testOneSpecAScreenWithItsSourceOnEachElement() throws {
        let scenes = IB.scene(IB.controller(id: "a", attributes: " title=\"Log in/out?\"", subviews: IB.button("b", 10, 10, 30, 30)))
            + IB.scene(IB.controller(id: "c", attributes: " title=\"Log in/out?\"", subviews: ""))
        let written = try specs(IB.storyboard(scenes), name: "../App/Main.storyboard")
        XCTAssertEqual(written.map(\.path), ["App/Main/Log-in-out.yaml", "App/Main/Log-in-out-c.yaml"])
        let text = try XCTUnwrap(written.first?.text)
        XCTAssertTrue(text.hasPrefix("# Imported by higlint from ../App/Main.storyboard, line "), text)
        XCTAssertTrue(text.contains("\n  # ../App/Main.storyboard:"), text)
        XCTAssertTrue(text.contains("(IB button in scene \"Log in/out?\")\n  - {id: b, type: button, frame: [10, 10, 30, 30]}"), text)
    }

    func testWhatTheImporterHeldBackIsWrittenAsIgnoreLists() throws {
        let control = "<slider opaque=\"NO\" id=\"s\"><rect key=\"frame\" x=\"10\" y=\"10\" width=\"51\" height=\"31\"/></slider>"
        let launch = IB.storyboard(IB.scene(IB.controller(subviews: control)), attributes: " launchScreen=\"YES\"")
        let text = try XCTUnwrap(try specs(launch, name: "Launch.storyboard").first?.text)
        XCTAssertTrue(text.contains("ignore: [buttons.hit-target]"), text)
        // The launch screen is reviewed for text only, and no ignore names a rule nobody has.
        XCTAssertTrue(text.contains("ignore: [spec.duplicate-screen, layout.outside-container, text.heavy-weight, orientation.ipad-all, orientation.missing-variant, bars.status-bar-hidden, buttons, login, lifecycle, gestures, bars, orientation, layout]"), text)
        let decoded = IB.engine().review(Array(text.utf8), file: SpecFile(path: "x.yaml", displayPath: "x.yaml"))
        XCTAssertEqual(decoded.findings.map(\.rule), [])
    }

    func testFolderAndSlugStayInsideTheOutputDirectory() throws {
        let text = IB.storyboard(IB.scene(IB.controller(subviews: "")))
        XCTAssertEqual(try specs(text, name: "/abs/./x/../Main.storyboard").map(\.path), ["abs/x/Main/Main.yaml"])
        XCTAssertEqual(try specs(text, name: ".storyboard").map(\.path), ["storyboard/storyboard.yaml"])
    }
}
