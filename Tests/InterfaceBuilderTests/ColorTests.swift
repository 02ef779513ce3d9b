import Foundation
import HiglintCore
import InterfaceBuilderImporter
import TestSupport
import XcodeAppFacts
import XCTest

/// Colours read from IB files, and `text.contrast` on them (issue #43).
final class ColorTests: XCTestCase {
    static func srgb(_ hex: String) -> String {
        guard let color = RGBA(hex: hex) else { return "" }
        return "red=\"\(color.red)\" green=\"\(color.green)\" blue=\"\(color.blue)\" alpha=\"\(color.alpha)\" colorSpace=\"custom\" customColorSpace=\"sRGB\""
    }

    static func label(_ id: String = "l", text: String = "Terms apply", color: String?, frame: String = "x=\"20\" y=\"100\" width=\"200\" height=\"21\"", size: Int = 15) -> String {
        """
                                    <label opaque="NO" text="\(text)" id="\(id)">
                                        <rect key="frame" \(frame)/>
                                        <fontDescription key="fontDescription" type="system" pointSize="\(size)"/>
        \(color.map { "                                <color key=\"textColor\" \($0)/>" } ?? "")
                                    </label>
        """
    }

    /// A storyboard whose root view has `background` (attributes of a `<color>`) and holds `subviews`.
    static func document(background: String? = srgb("#FFFFFF"), subviews: String) -> String {
        let color = background.map { "<color key=\"backgroundColor\" \($0)/>" } ?? ""
        return IB.storyboard(IB.scene("""
                            <viewController id="vc-1" sceneMemberID="viewController">
                                <view key="view" contentMode="scaleToFill" id="root">
                                    <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                                    <subviews>
            \(subviews)
                                    </subviews>
                                    \(color)
                                </view>
                            </viewController>
            """))
    }

    /// The findings' messages without the note that says what the element is in IB.
    static func contrast(_ result: FileResult) -> [String] {
        result.findings.filter { $0.rule == "text.contrast" }.map { finding in
            finding.message.range(of: " (IB ").map { String(finding.message[..<$0.lowerBound]) } ?? finding.message
        }
    }

    func testBlackOnWhitePassesAndTheBoundaryGraysSplit() {
        XCTAssertEqual(Self.contrast(IB.review(Self.document(subviews: Self.label(color: Self.srgb("#000000"))))), [])
        let failing = Self.contrast(IB.review(Self.document(subviews: Self.label(color: Self.srgb("#777777")))))
        XCTAssertEqual(failing.count, 1)
        XCTAssertTrue(failing.first?.hasPrefix("#777777 on #FFFFFF is 4.47:1, under 4.5:1") == true, "\(failing)")
        XCTAssertEqual(Self.contrast(IB.review(Self.document(subviews: Self.label(color: Self.srgb("#767676"))))), [])
    }

    func testGrayColourSpacesAreSRGBGrays() {
        let screen = IB.screen(Self.document(
            background: "white=\"0.0\" alpha=\"1\" colorSpace=\"custom\" customColorSpace=\"genericGamma22GrayColorSpace\"",
            subviews: Self.label(color: "white=\"0.5\" alpha=\"1\" colorSpace=\"calibratedWhite\"")))
        XCTAssertEqual(screen?.background, .fixed(.black))
        XCTAssertEqual(IB.element("l", in: screen)?.color, .fixed(RGBA(red: 0.5, green: 0.5, blue: 0.5)))
        let calibrated = IB.screen(Self.document(subviews: Self.label(
            color: "red=\"1\" green=\"0.0\" blue=\"0.0\" alpha=\"1\" colorSpace=\"custom\" customColorSpace=\"calibratedRGB\"")))
        XCTAssertEqual(IB.element("l", in: calibrated)?.color, .fixed(RGBA(red: 1, green: 0, blue: 0)))
    }

    func testDisplayP3IsConvertedOrUnknownOutsideSRGB() {
        let white = IB.screen(Self.document(subviews: Self.label(
            color: "red=\"1\" green=\"1\" blue=\"1\" alpha=\"1\" colorSpace=\"custom\" customColorSpace=\"displayP3\"")))
        guard case .known(let light, _)? = IB.element("l", in: white)?.color else { return XCTFail("not known") }
        XCTAssertEqual(light.hexRGB, "#FFFFFF")
        let red = IB.screen(Self.document(subviews: Self.label(
            color: "red=\"1\" green=\"0.0\" blue=\"0.0\" alpha=\"1\" colorSpace=\"custom\" customColorSpace=\"displayP3\"")))
        XCTAssertEqual(IB.element("l", in: red)?.color?.isKnown, false)
        // sRGB's red in P3 is (0.9175, 0.2003, 0.1386): back, it is sRGB's red again.
        let inGamut = ColorSpaces.fromDisplayP3(red: 0.9175, green: 0.2003, blue: 0.1386, alpha: 1)
        XCTAssertEqual(inGamut?.hexRGB, "#FF0000")
    }

    func testSystemColoursHaveBothAppearances() {
        let passing = Self.document(background: "systemColor=\"systemBackgroundColor\"", subviews: Self.label(color: "systemColor=\"labelColor\""))
        XCTAssertEqual(Self.contrast(IB.review(passing)), [])
        XCTAssertEqual(IB.screen(passing)?.background, .known(light: .white, dark: .black))
        // The secondary label colour is 60 % opaque: composited, it is under 4.5:1 in the light
        // appearance (a known property of the colour, for small text) and over it in the dark.
        let secondary = Self.document(background: "systemColor=\"systemBackgroundColor\"", subviews: Self.label(color: "systemColor=\"secondaryLabelColor\""))
        XCTAssertEqual(Self.contrast(IB.review(secondary)), ["#8A8A8E on #FFFFFF is 3.43:1, under 4.5:1 in the light appearance"])
        XCTAssertEqual(IB.element("l", in: IB.screen(secondary))?.color?[.dark]?.hexRGB, "#EBEBF5")
        // Black text on the system background disappears in the dark appearance alone.
        let dark = Self.contrast(IB.review(Self.document(background: "systemColor=\"systemBackgroundColor\"", subviews: Self.label(color: Self.srgb("#000000")))))
        XCTAssertEqual(dark, ["#000000 on #000000 is 1.00:1, under 4.5:1 in the dark appearance"])
        // White on systemBlue is under 4.5:1 in both appearances, by different figures.
        let blue = Self.contrast(IB.review(Self.document(background: "systemColor=\"systemBlueColor\"", subviews: Self.label(color: "systemColor=\"whiteColor\""))))
        XCTAssertEqual(blue, [
            "#FFFFFF on #007AFF is 4.01:1, under 4.5:1 in the light appearance",
            "#FFFFFF on #0A84FF is 3.64:1, under 4.5:1 in the dark appearance",
        ])
        // A label with no text colour is in the label colour.
        let plain = IB.screen(Self.document(background: "systemColor=\"systemBackgroundColor\"", subviews: Self.label(color: nil)))
        XCTAssertEqual(IB.element("l", in: plain)?.color, .known(light: .black, dark: .white))
    }

    func testUnknownSystemColourAndButtonTintAreCountedNotJudged() {
        let text = Self.document(subviews: Self.label(color: "systemColor=\"tintColor\"") + "\n" + IB.button("b", 20, 200, 100, 44, inner: "<state key=\"normal\" title=\"Go\"/>"))
        let result = IB.review(text)
        XCTAssertEqual(Self.contrast(result), [])
        XCTAssertEqual(result.unknown, ["text.contrast": 2])
        let tinted = IB.screen(Self.document(subviews: IB.button(
            "b", 20, 200, 100, 44,
            inner: "<state key=\"normal\" title=\"Go\"/>\n<color key=\"tintColor\" \(Self.srgb("#999999"))/>")))
        XCTAssertEqual(IB.element("b", in: tinted)?.color, .fixed(RGBA(hex: "#999999") ?? .black))
    }

    func testAnImageViewBehindMakesTheContrastUnknownAndCounted() {
        let image = """
                                    <imageView image="photo" id="img">
                                        <rect key="frame" x="0.0" y="0.0" width="375" height="300"/>
                                    </imageView>
            """
        let text = Self.document(subviews: image + "\n" + Self.label(color: Self.srgb("#FFFFFF")))
        let result = IB.review(text)
        XCTAssertEqual(Self.contrast(result), [])
        XCTAssertEqual(result.unknown, ["text.contrast": 1])
        // Beside the image, not over it, the white label is on the white root view.
        let beside = Self.document(subviews: image + "\n" + Self.label(color: Self.srgb("#FFFFFF"), frame: "x=\"20\" y=\"400\" width=\"200\" height=\"21\""))
        XCTAssertEqual(Self.contrast(IB.review(beside)).count, 1)
        // Inside a visual-effect view, or a view of a custom class, it is unknown too.
        let effect = Self.document(subviews: """
                                    <visualEffectView id="fx">
                                        <rect key="frame" x="0.0" y="0.0" width="375" height="300"/>
                                        <view key="contentView" id="fx-content">
                                            <rect key="frame" x="0.0" y="0.0" width="375" height="300"/>
                                            <subviews>
            \(Self.label(color: Self.srgb("#FFFFFF")))
                                            </subviews>
                                        </view>
                                    </visualEffectView>
            """)
        XCTAssertEqual(IB.review(effect).unknown, ["text.contrast": 1])
    }

    func testASiblingFillBehindIsTheTextsBackground() {
        let banner = """
                                    <view id="banner">
                                        <rect key="frame" x="0.0" y="50" width="375" height="100"/>
                                        <color key="backgroundColor" \(Self.srgb("#000000"))/>
                                    </view>
            """
        // White text over a black banner it does not sit in: fine, though the root view is white.
        XCTAssertEqual(Self.contrast(IB.review(Self.document(subviews: banner + "\n" + Self.label(color: Self.srgb("#FFFFFF"))))), [])
        XCTAssertEqual(
            Self.contrast(IB.review(Self.document(subviews: banner + "\n" + Self.label(color: Self.srgb("#333333"))))),
            ["#333333 on #000000 is 1.66:1, under 4.5:1"])
    }

    func testNamedColourFromTheProjectsAssetCatalog() throws {
        let project = try ColorSetProject("higlint-ibcolor")
        defer { project.remove() }
        let contents = try project.colorSet(
            "Resources/Assets.xcassets/Colors/Brand.colorset", light: ("0x00", "0x00", "0xFF"), dark: ("0.200", "0.200", "0.200"))
        let folder = project.root.appendingPathComponent("App/Base.lproj")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("Main.storyboard").path
        let text = Self.document(background: "systemColor=\"systemBackgroundColor\"", subviews: Self.label(color: "name=\"Brand\"") + "\n" + Self.label("m", color: "name=\"Missing\"", frame: "x=\"20\" y=\"300\" width=\"200\" height=\"21\""))
        let result = IB.engine().review(Array(text.utf8), file: SpecFile(path: path, displayPath: "Main.storyboard"), with: IB.importer)
        // Blue on white passes; #333333 on black does not, in the dark appearance only.
        XCTAssertEqual(Self.contrast(result), ["#333333 on #000000 is 1.66:1, under 4.5:1 in the dark appearance"])
        XCTAssertEqual(result.unknown, ["text.contrast": 1])
        // The watcher reviews the storyboard again when the colour set changes.
        XCTAssertTrue(result.dependencies.contains(contents.path), "\(result.dependencies)")
    }

    func testNoCatalogOutsideTheProjectsFolderIsRead() throws {
        let outer = FileManager.default.temporaryDirectory.appendingPathComponent("higlint-ibcolor-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: outer) }
        let files = FileManager.default
        let set = outer.appendingPathComponent("Shared.xcassets/Brand.colorset")
        try files.createDirectory(at: set, withIntermediateDirectories: true)
        try Data(#"{"colors": [{"idiom": "universal", "color": {"color-space": "srgb", "components": {"red": "0", "green": "0", "blue": "0", "alpha": "1"}}}]}"#.utf8)
            .write(to: set.appendingPathComponent("Contents.json"))
        let project = outer.appendingPathComponent("App")
        try files.createDirectory(at: project.appendingPathComponent("App.xcodeproj"), withIntermediateDirectories: true)
        XCTAssertEqual(AssetColors.near(documentAt: project.appendingPathComponent("Main.storyboard").path).colors, [:])
        XCTAssertEqual(AssetColors.near(documentAt: outer.appendingPathComponent("Main.storyboard").path).colors["Brand"], .fixed(.black))
    }

    func testColourSetsReadEachComponentSpelling() {
        let json = JSONValue.parse(Array("""
            {"colors": [{"idiom": "universal", "color": {"color-space": "gray-gamma-22", "components": {"white": "128", "alpha": "0.5"}}}]}
            """.utf8)) ?? .null
        XCTAssertEqual(AssetColors.colorSet(json), .fixed(RGBA(red: 128.0 / 255, green: 128.0 / 255, blue: 128.0 / 255, alpha: 0.5)))
        let reference = JSONValue.parse(Array("""
            {"colors": [{"idiom": "universal", "color": {"platform": "ios", "reference": "systemRedColor"}}]}
            """.utf8)) ?? .null
        XCTAssertEqual(AssetColors.colorSet(reference)[.dark]?.hexRGB, "#FF453A")
        XCTAssertEqual(AssetColors.colorSet(.null).isKnown, false)
    }

    // MARK: - One appearance

    /// `overrideUserInterfaceStyle` as IB stores it: a user-defined runtime attribute.
    static func interfaceStyle(_ value: Int) -> String {
        """
        <userDefinedRuntimeAttributes>
            <userDefinedRuntimeAttribute type="number" keyPath="overrideUserInterfaceStyle">
                <integer key="value" value="\(value)"/>
            </userDefinedRuntimeAttribute>
        </userDefinedRuntimeAttributes>
        """
    }

    func testAControllerLockedToOneAppearanceIsReviewedInItAlone() {
        // A fixed dark gray on the system background: legible in Light, 2.81:1 in Dark.
        let gray = Self.label(color: Self.srgb("#555555"))
        let open = Self.document(background: "systemColor=\"systemBackgroundColor\"", subviews: gray)
        XCTAssertEqual(Self.contrast(IB.review(open)).map { $0.hasSuffix("in the dark appearance") }, [true])
        let light = open.replacingOccurrences(of: "sceneMemberID=\"viewController\">", with: "sceneMemberID=\"viewController\">" + Self.interfaceStyle(1))
        XCTAssertEqual(Self.contrast(IB.review(light)), [])
        XCTAssertEqual(IB.screen(light)?.background, .fixed(.white))
        // Locked to Dark, the failure is the only one there is: no appearance to name.
        let dark = open.replacingOccurrences(of: "sceneMemberID=\"viewController\">", with: "sceneMemberID=\"viewController\">" + Self.interfaceStyle(2))
        XCTAssertEqual(Self.contrast(IB.review(dark)), ["#555555 on #000000 is 2.81:1, under 4.5:1"])
        // 0 is "unspecified": the system decides, both appearances.
        let unspecified = open.replacingOccurrences(of: "sceneMemberID=\"viewController\">", with: "sceneMemberID=\"viewController\">" + Self.interfaceStyle(0))
        XCTAssertEqual(Self.contrast(IB.review(unspecified)), Self.contrast(IB.review(open)))
        // A root without a fill, locked to Light, has the light system background.
        let bare = Self.document(background: nil, subviews: gray)
            .replacingOccurrences(of: "id=\"root\">", with: "id=\"root\">" + Self.interfaceStyle(1))
        XCTAssertEqual(IB.screen(bare)?.background, .fixed(.white))
        XCTAssertEqual(Self.contrast(IB.review(bare)), [])
    }

    func testAViewLockedToOneAppearanceDrawsItsSubviewsInIt() {
        // The same gray label twice: inside a light-locked panel of the system background, and beside it.
        func panel(_ inside: String) -> String {
            """
                                    <view id="panel">
                                        <rect key="frame" x="0" y="0" width="375" height="300"/>
                                        <subviews>
            \(Self.label("inside", color: inside))
                                        </subviews>
                                        <color key="backgroundColor" systemColor="systemBackgroundColor"/>
            \(Self.interfaceStyle(1))
                                    </view>
            \(Self.label("outside", color: Self.srgb("#555555"), frame: "x=\"20\" y=\"400\" width=\"200\" height=\"21\""))
            """
        }
        let gray = panel(Self.srgb("#555555"))
        let result = IB.review(Self.document(background: "systemColor=\"systemBackgroundColor\"", subviews: gray))
        XCTAssertEqual(result.findings.filter { $0.rule == "text.contrast" }.map(\.element), ["outside"])
        let screen = IB.screen(Self.document(background: "systemColor=\"systemBackgroundColor\"", subviews: gray))
        XCTAssertEqual(IB.element("panel", in: screen)?.background, .fixed(.white))
        XCTAssertEqual(IB.element("inside", in: screen)?.color, .fixed(RGBA(hex: "#555555") ?? .black))
        // A label of the system's label colour in a light-locked view over a dark-locked root:
        // black on the panel's white, legible.
        let labelInside = panel("systemColor=\"labelColor\"")
        let darkRoot = Self.document(background: "systemColor=\"systemBackgroundColor\"", subviews: labelInside)
            .replacingOccurrences(of: "id=\"root\">", with: "id=\"root\">" + Self.interfaceStyle(2))
        XCTAssertEqual(IB.element("inside", in: IB.screen(darkRoot))?.color, .fixed(.black))
    }

    // MARK: - A placeholder drawn as a label

    func testALabelDrawnInsideAnEditableTextViewIsItsPlaceholderNotItsText() {
        func form(editable: String = "", labelFrame: String = "x=\"28\" y=\"108\" width=\"200\" height=\"21\"") -> String {
            let textView = """
                                    <textView clipsSubviews="YES"\(editable) id="field">
                                        <rect key="frame" x="20" y="100" width="335" height="150"/>
                                        <color key="backgroundColor" \(Self.srgb("#FFFFFF"))/>
                                        <fontDescription key="fontDescription" type="system" pointSize="14"/>
                                        <color key="textColor" \(Self.srgb("#000000"))/>
                                    </textView>
                """
            return Self.document(subviews: textView + Self.label("hint", text: "How can the app be improved?", color: Self.srgb("#C7C7CD"), frame: labelFrame))
        }
        XCTAssertEqual(IB.review(form()).findings.filter { $0.rule == "text.contrast" }.map(\.element), [])
        // The rules that measure its text still do.
        XCTAssertTrue(IB.review(form()).findings.contains { $0.rule == "text.fixed-size" && $0.element == "hint" })
        // Beside the text view, or over one that cannot be edited, it is text like any other.
        XCTAssertEqual(IB.review(form(labelFrame: "x=\"20\" y=\"300\" width=\"200\" height=\"21\"")).findings
            .filter { $0.rule == "text.contrast" }.map(\.element), ["hint"])
        XCTAssertEqual(IB.review(form(editable: " editable=\"NO\"")).findings.filter { $0.rule == "text.contrast" }.map(\.element), ["hint"])
    }

    // MARK: - What UIKit fills when IB states no colour

    func testATableAndItsCellsHaveUIKitsFillForTheTablesStyle() {
        func table(style: String, cellFill: String = "") -> String {
            IB.storyboard(IB.scene("""
                <tableViewController id="tvc" sceneMemberID="viewController">
                    <tableView key="view" style="\(style)" dataMode="prototypes" id="table">
                        <rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
                        <prototypes>
                            <tableViewCell reuseIdentifier="c" id="cell">
                                <rect key="frame" x="0.0" y="50" width="375" height="44"/>
                                <tableViewCellContentView key="contentView" id="content">
                                    <rect key="frame" x="0.0" y="0.0" width="375" height="44"/>
                                    <subviews>
                \(Self.label("title", color: Self.srgb("#494949"), frame: "x=\"16\" y=\"0\" width=\"200\" height=\"44\""))
                                    </subviews>
                                </tableViewCellContentView>
                                \(cellFill)
                            </tableViewCell>
                        </prototypes>
                    </tableView>
                </tableViewController>
                """))
        }
        let grouped = IB.screen(table(style: "insetGrouped"))
        XCTAssertEqual(IB.element("table", in: grouped)?.background?[.light]?.hexRGB, "#F2F2F7")
        XCTAssertEqual(IB.element("cell", in: grouped)?.background?[.dark]?.hexRGB, "#1C1C1E")
        // A fixed dark gray title: legible on the cell in Light, not in Dark, and the message says which.
        XCTAssertEqual(Self.contrast(IB.review(table(style: "insetGrouped"))), ["#494949 on #1C1C1E is 1.88:1, under 4.5:1 in the dark appearance"])
        let plain = IB.screen(table(style: "plain"))
        XCTAssertEqual(IB.element("cell", in: plain)?.background?[.dark]?.hexRGB, "#000000")
        XCTAssertEqual(IB.element("table", in: plain)?.background?[.light]?.hexRGB, "#FFFFFF")
        // A fill IB states is the cell's.
        let white = IB.screen(table(style: "grouped", cellFill: "<color key=\"backgroundColor\" \(Self.srgb("#FFFFFF"))/>"))
        XCTAssertEqual(IB.element("cell", in: white)?.background, .fixed(.white))
    }

    // MARK: - IB's Default colour

    func testIBsDefaultColourIsTheLabelColourEvenWhenCodeHoldsTheLabel() {
        // A label left at Default on a fixed white container, with an outlet from its
        // controller: the file says the label colour, white in the dark appearance.
        let container = """
                                    <view id="box">
                                        <rect key="frame" x="0" y="0" width="375" height="300"/>
                                        <subviews>
            \(Self.label("title", color: nil))
                                        </subviews>
                                        <color key="backgroundColor" \(Self.srgb("#FFFFFF"))/>
                                    </view>
            """
        let text = Self.document(subviews: container).replacingOccurrences(
            of: "</viewController>", with: "<connections><outlet property=\"titleLabel\" destination=\"title\" id=\"o1\"/></connections></viewController>")
        XCTAssertTrue(text.contains("property=\"titleLabel\""))
        XCTAssertEqual(IB.element("title", in: IB.screen(text))?.color, SystemColors.color(named: "labelColor"))
        XCTAssertEqual(Self.contrast(IB.review(text)), ["#FFFFFF on #FFFFFF is 1.00:1, under 4.5:1 in the dark appearance"])
    }
}
