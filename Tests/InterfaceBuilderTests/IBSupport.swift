import Foundation
import HiglintCore
import HiglintPlugins
import InterfaceBuilderImporter
import XCTest

/// Small Interface Builder documents written for the tests, and ways to review them.
enum IB {
    static func storyboard(
        _ scenes: String, device: String? = "retina4_7", runtime: String = "iOS.CocoaTouch", initial: String? = nil,
        attributes: String = "", resources: String = ""
    ) -> String {
        let deviceLine = device.map { "    <device id=\"\($0)\" orientation=\"portrait\" appearance=\"light\"/>\n" } ?? ""
        let initialAttribute = initial.map { " initialViewController=\"\($0)\"" } ?? ""
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22505" targetRuntime="\(runtime)"\(attributes)\(initialAttribute)>
            \(deviceLine)    <scenes>
            \(scenes)    </scenes>
                <resources>
            \(resources)    </resources>
            </document>

            """
    }

    static func scene(_ controller: String) -> String {
        "        <scene sceneID=\"scene\">\n            <objects>\n\(controller)\n            </objects>\n        </scene>\n"
    }

    /// A view controller whose root view holds `subviews`.
    static func controller(
        id: String = "vc-1", attributes: String = "", subviews: String, extra: String = ""
    ) -> String {
        """
                        <viewController id="\(id)"\(attributes) sceneMemberID="viewController">
                            <view key="view" contentMode="scaleToFill" id="\(id)-view">
                                <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                                <subviews>
            \(subviews)
                                </subviews>
                            </view>
            \(extra)
                        </viewController>
            """
    }

    static func xib(_ objects: String, runtime: String = "iOS.CocoaTouch", device: String? = "retina4_7") -> String {
        let deviceLine = device.map { "    <device id=\"\($0)\" orientation=\"portrait\" appearance=\"light\"/>\n" } ?? ""
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22505" targetRuntime="\(runtime)">
            \(deviceLine)    <objects>
                    <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
                    <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
            \(objects)
                </objects>
            </document>

            """
    }

    static func button(_ id: String, _ x: Double, _ y: Double, _ width: Double, _ height: Double, attributes: String = "", inner: String = "") -> String {
        """
                                    <button opaque="NO" contentMode="scaleToFill" buttonType="system"\(attributes) id="\(id)">
                                        <rect key="frame" x="\(x)" y="\(y)" width="\(width)" height="\(height)"/>
            \(inner)
                                    </button>
            """
    }

    static let importer = InterfaceBuilderImporter()

    static func engine(_ config: Config = Config()) -> Engine {
        Engine(plugins: BuiltinPlugins.all + [importer.plugin], importers: [importer], config: config, wireframes: false)
    }

    static func screens(_ text: String, name: String = "Main.storyboard", file: StaticString = #filePath, line: UInt = #line) -> [ImportedScreen] {
        switch importer.importScreens(from: Array(text.utf8), file: SpecFile(path: "/nowhere/\(name)", displayPath: name), options: ImportOptions()) {
        case .imported(let imported):
            XCTAssertEqual(imported.diagnostics, [], file: file, line: line)
            return imported.screens
        case .skipped(let reason):
            XCTFail("skipped: \(reason)", file: file, line: line)
            return []
        }
    }

    static func screen(_ text: String, name: String = "Main.storyboard", file: StaticString = #filePath, line: UInt = #line) -> Screen? {
        let all = screens(text, name: name, file: file, line: line)
        XCTAssertEqual(all.count, 1, file: file, line: line)
        return all.first?.screen
    }

    static func review(_ text: String, name: String = "Main.storyboard", config: Config = Config()) -> FileResult {
        engine(config).review(Array(text.utf8), file: SpecFile(path: "/nowhere/\(name)", displayPath: name), with: importer)
    }

    static func element(_ id: String, in screen: Screen?) -> Element? {
        screen?.allElements.first { $0.id == id }
    }
}
