import HiglintCore
import InterfaceBuilderImporter
import XCTest

/// Every IB element kind, font form and frame nesting the importer maps.
final class ElementMappingTests: XCTestCase {
    private func screen(_ subviews: String, resources: String = "") -> Screen? {
        IB.screen(IB.storyboard(IB.scene(IB.controller(subviews: subviews)), resources: resources))
    }

    private func view(_ kind: String, _ id: String, attributes: String = "", inner: String = "", frame: String = "x=\"10\" y=\"20\" width=\"100\" height=\"50\"") -> String {
        "<\(kind) opaque=\"NO\"\(attributes) id=\"\(id)\">\n<rect key=\"frame\" \(frame)/>\n\(inner)\n</\(kind)>"
    }

    func testEveryElementKindMapsToItsType() throws {
        let kinds: [(String, ElementType)] = [
            ("button", .button), ("label", .text), ("textField", .textField), ("searchBar", .textField),
            ("switch", .switch), ("slider", .slider), ("segmentedControl", .segmentedControl), ("stepper", .button),
            ("imageView", .image), ("tableView", .list), ("collectionView", .grid), ("stackView", .group),
            ("view", .group), ("scrollView", .group), ("pageControl", .custom), ("activityIndicatorView", .custom),
            ("mapView", .custom), ("wkWebView", .custom), ("pickerView", .custom), ("datePicker", .custom),
            ("visualEffectView", .group), ("containerView", .group), ("textView", .textField),
        ]
        let subviews = kinds.enumerated().map { view($0.element.0, "e\($0.offset)") }.joined(separator: "\n")
        let mapped = try XCTUnwrap(screen(subviews))
        XCTAssertEqual(mapped.elements.map(\.type), kinds.map(\.1))
        XCTAssertEqual(mapped.elements.map(\.id), kinds.indices.map { "e\($0)" })
        let readOnly = try XCTUnwrap(screen(view("textView", "t", attributes: " editable=\"NO\"")))
        XCTAssertEqual(readOnly.elements.first?.type, .text)
    }

    func testScrollingContainers() throws {
        let mapped = try XCTUnwrap(screen([
            view("tableView", "table"),
            view("collectionView", "row", inner: "<collectionViewFlowLayout key=\"collectionViewLayout\" scrollDirection=\"horizontal\" id=\"l1\"/>"),
            view("collectionView", "column", inner: "<collectionViewFlowLayout key=\"collectionViewLayout\" id=\"l2\"/>"),
            view("scrollView", "scroll"),
        ].joined(separator: "\n")))
        XCTAssertEqual(mapped.elements.map(\.scroll), [.vertical, .horizontal, .vertical, .both])
    }

    func testFramesAddUpThroughSubviewsAndContentViews() throws {
        let cell = """
            <tableViewCell id="cell">
              <rect key="frame" x="0.0" y="100" width="375" height="60"/>
              <tableViewCellContentView key="contentView" id="content">
                <rect key="frame" x="8" y="2" width="359" height="56"/>
                <subviews>
                  \(IB.button("deep", 5, 6, 30, 30))
                </subviews>
              </tableViewCellContentView>
            </tableViewCell>
            """
        let table = view("tableView", "table", inner: "<prototypes>\(cell)</prototypes>", frame: "x=\"0\" y=\"64\" width=\"375\" height=\"603\"")
        let outer = view("view", "outer", inner: "<subviews>\(table)</subviews>", frame: "x=\"0\" y=\"10\" width=\"375\" height=\"657\"")
        let mapped = try XCTUnwrap(screen(outer))
        XCTAssertEqual(IB.element("table", in: mapped)?.frame, Rect(x: 0, y: 74, width: 375, height: 603))
        XCTAssertEqual(IB.element("cell", in: mapped)?.frame, Rect(x: 0, y: 174, width: 375, height: 60))
        // Through the cell's content view, not beside it: 0+0+0+8+5, 10+64+100+2+6.
        XCTAssertEqual(IB.element("deep", in: mapped)?.frame, Rect(x: 13, y: 182, width: 30, height: 30))
        XCTAssertNil(IB.element("content", in: mapped), "a content view is where subviews live, not an element")
    }

    func testStaticTableSectionsAndEffectContentViewsNest() throws {
        let sections = """
            <sections><tableViewSection id="sec"><cells>
              <tableViewCell id="cell"><rect key="frame" x="0.0" y="40" width="375" height="44"/></tableViewCell>
            </cells></tableViewSection></sections>
            """
        let effect = view("visualEffectView", "blur", inner: """
            <view key="contentView" id="blur-content"><rect key="frame" x="0.0" y="0.0" width="100" height="50"/>
            <subviews>\(view("label", "inside", frame: "x=\"4\" y=\"4\" width=\"50\" height=\"20\""))</subviews></view>
            """)
        let mapped = try XCTUnwrap(screen(view("tableView", "table", inner: sections) + "\n" + effect))
        XCTAssertEqual(IB.element("cell", in: mapped)?.frame, Rect(x: 10, y: 60, width: 375, height: 44))
        XCTAssertEqual(IB.element("inside", in: mapped)?.frame, Rect(x: 14, y: 24, width: 50, height: 20))
    }

    func testCanvasIsTheRootViewsSizeElseTheDeviceElseTheDefault() throws {
        func controller(_ width: Int, _ height: Int, extra: String = "") -> String {
            IB.controller(subviews: "", extra: extra).replacingOccurrences(
                of: "width=\"375\" height=\"667\"", with: "width=\"\(width)\" height=\"\(height)\"")
        }
        XCTAssertEqual(IB.screen(IB.storyboard(IB.scene(controller(414, 896)), device: "retina6_1"))?.canvas, Size(width: 414, height: 896))
        // Freeform, with or without simulated metrics, and a root drawn at another size than the
        // device: every frame inside is laid out against the root, so the canvas is the root.
        let freeform = controller(320, 480, extra: "<freeformSimulatedSizeMetrics key=\"simulatedDestinationMetrics\"/>")
        XCTAssertEqual(IB.screen(IB.storyboard(IB.scene(freeform), device: "retina6_1"))?.canvas, Size(width: 320, height: 480))
        XCTAssertEqual(IB.screen(IB.storyboard(IB.scene(controller(540, 620)), device: "retina4_7"))?.canvas, Size(width: 540, height: 620))
        // A root view without a frame: the device's size, turned for landscape, else the default.
        let frameless = IB.controller(subviews: "").replacingOccurrences(
            of: "<rect key=\"frame\" x=\"0.0\" y=\"0.0\" width=\"375\" height=\"667\"/>", with: "")
        XCTAssertEqual(IB.screen(IB.storyboard(IB.scene(frameless), device: "ipad12_9rounded"))?.canvas, Size(width: 1024, height: 1366))
        XCTAssertEqual(IB.screen(IB.storyboard(IB.scene(frameless), device: nil))?.canvas, Size(width: 375, height: 667))
    }

    func testLabelsTitlesAndPlaceholders() throws {
        let mapped = try XCTUnwrap(screen([
            view("label", "text", attributes: " text=\"Hello\""),
            view("label", "long", inner: "<string key=\"text\">Two\nlines</string>"),
            view("label", "rich", inner: "<attributedString key=\"attributedText\"><fragment content=\"Bold \"/><fragment content=\"news\"/></attributedString>"),
            view("button", "stated", inner: "<state key=\"normal\" title=\"Save\"/>"),
            view("button", "configured", inner: "<buttonConfiguration key=\"configuration\" style=\"filled\" title=\"Go\"/>"),
            view("textField", "field", attributes: " placeholder=\"Email\""),
        ].joined(separator: "\n")))
        XCTAssertEqual(mapped.elements.map(\.label), ["Hello", "Two\nlines", "Bold news", "Save", "Go", "Email"])
        XCTAssertEqual(mapped.elements.map(\.border), [false, false, false, false, true, false])
    }

    func testFontForms() throws {
        func font(_ description: String, adjusts: Bool = false) throws -> Font? {
            let attributes = adjusts ? " adjustsFontForContentSizeCategory=\"YES\"" : ""
            let mapped = try XCTUnwrap(screen(view("label", "l", attributes: attributes, inner: description)))
            return mapped.elements.first?.font
        }
        let system = try XCTUnwrap(try font("<fontDescription key=\"fontDescription\" type=\"system\" pointSize=\"10\"/>"))
        XCTAssertEqual([system.size, system.weight.map { _ in 1 }, system.dynamic.map { $0 ? 1 : 0 }], [10, nil, 0])
        let bold = try XCTUnwrap(try font("<fontDescription key=\"fontDescription\" type=\"boldSystem\" pointSize=\"17\"/>"))
        XCTAssertEqual(bold.weight, .bold)
        let light = try XCTUnwrap(try font("<fontDescription key=\"fontDescription\" type=\"system\" weight=\"light\" pointSize=\"20\"/>"))
        XCTAssertEqual(light.weight, .light)
        let ultraLight = try XCTUnwrap(try font("<fontDescription key=\"fontDescription\" type=\"system\" weight=\"ultraLight\" pointSize=\"20\"/>"))
        XCTAssertEqual(ultraLight.weight, .ultralight)
        let defaultSize = try XCTUnwrap(try font("<fontDescription key=\"fontDescription\" type=\"system\" pointSize=\"0.0\"/>"))
        XCTAssertNil(defaultSize.size, "pointSize 0 is the element's default size, which IB does not write")
        let body = try XCTUnwrap(try font("<fontDescription key=\"fontDescription\" style=\"UICTFontTextStyleBody\"/>"))
        XCTAssertEqual(body.style, .body)
        XCTAssertEqual(body.effectiveSize, 17)
        XCTAssertEqual(body.dynamic, true)
        let styles = ["Title0": Font.Style.largeTitle, "Title1": .title1, "Title2": .title2, "Title3": .title3,
                      "Headline": .headline, "Callout": .callout, "Subhead": .subheadline, "Footnote": .footnote,
                      "Caption1": .caption1, "Caption2": .caption2]
        for (name, style) in styles {
            XCTAssertEqual(try font("<fontDescription key=\"fontDescription\" style=\"UICTFontTextStyle\(name)\"/>")?.style, style, name)
        }
        let custom = try XCTUnwrap(try font("<fontDescription key=\"fontDescription\" name=\"Avenir-Light\" family=\"Avenir\" pointSize=\"12\"/>"))
        XCTAssertEqual(custom.size, 12)
        XCTAssertEqual(custom.weight, .light)
        XCTAssertEqual(custom.dynamic, false)
        let unknownWeight = try XCTUnwrap(try font("<fontDescription key=\"fontDescription\" name=\"Futura\" family=\"Futura\" pointSize=\"12\"/>"))
        XCTAssertNil(unknownWeight.weight)
        let apple = try XCTUnwrap(try font("<fontDescription key=\"fontDescription\" name=\".AppleSystemUIFont\" family=\".AppleSystemUIFont\" pointSize=\"14\"/>"))
        XCTAssertEqual(apple.size, 14)
        XCTAssertNil(apple.weight)
        // The flag on a fixed font: code may scale it (UIFontMetrics); IB cannot say.
        XCTAssertNil(try font("<fontDescription key=\"fontDescription\" type=\"system\" pointSize=\"15\"/>", adjusts: true)?.dynamic)
        let attributed = try XCTUnwrap(screen(view("label", "a", inner: "<attributedString key=\"attributedText\"><fragment content=\"x\"><attributes><font key=\"NSFont\" size=\"9\" name=\"HelveticaNeue-Bold\"/></attributes></fragment></attributedString>")))
        XCTAssertEqual(attributed.elements.first?.font?.size, 9)
        XCTAssertEqual(attributed.elements.first?.font?.weight, .bold)
    }

    func testButtonConfigurationTitleFont() throws {
        let mapped = try XCTUnwrap(screen(view("button", "b", inner: """
            <buttonConfiguration key="configuration" style="plain" title="Go">
              <fontDescription key="titleFontDescription" type="system" weight="semibold" pointSize="13"/>
            </buttonConfiguration>
            """)))
        XCTAssertEqual(mapped.elements.first?.font?.size, 13)
        XCTAssertEqual(mapped.elements.first?.font?.weight, .semibold)
    }

    func testSymbolsAreSystemIconsAndOtherImagesCustom() throws {
        let mapped = try XCTUnwrap(screen([
            view("imageView", "symbol", attributes: " image=\"star.fill\" catalog=\"system\""),
            view("imageView", "asset", attributes: " image=\"logo\""),
            view("button", "declared", inner: "<state key=\"normal\" image=\"trash\"/>"),
            view("button", "referenced", inner: "<buttonConfiguration key=\"configuration\" style=\"plain\"><imageReference key=\"image\" image=\"chevron.down\" catalog=\"system\"/></buttonConfiguration>"),
            view("button", "custom", inner: "<state key=\"normal\" image=\"icon_cross\"/>"),
        ].joined(separator: "\n"), resources: "<image name=\"trash\" catalog=\"system\" width=\"10\" height=\"10\"/>"))
        XCTAssertEqual(mapped.elements.map(\.icon), [
            .system("star.fill"), .custom("logo"), .system("trash"), .system("chevron.down"), .custom("icon_cross"),
        ])
    }

    func testTheHTMLReportDrawsIBScreens() throws {
        let text = IB.storyboard(IB.scene(IB.controller(attributes: " storyboardIdentifier=\"Home\"", subviews: IB.button("go", 10, 100, 30, 30))))
        let engine = Engine(plugins: [IB.importer.plugin], importers: [IB.importer], config: Config(), wireframes: true)
        let result = engine.review(Array(text.utf8), file: SpecFile(path: "/nowhere/Main.storyboard", displayPath: "Main.storyboard"), with: IB.importer)
        let wireframe = try XCTUnwrap(result.wireframes.first)
        XCTAssertEqual(wireframe.screen, "Home")
        XCTAssertEqual(wireframe.items.map(\.name), ["go"])
        XCTAssertEqual(wireframe.items.first?.frame, Rect(x: 10, y: 100, width: 30, height: 30))
    }

    func testFindingsPointAtTheStartTagAndNameTheElement() throws {
        let text = IB.storyboard(IB.scene(IB.controller(subviews: IB.button("small", 10, 10, 43.9, 44, inner: "<state key=\"normal\" title=\"Save\"/>")
            + "\n" + IB.button("enough", 100, 10, 44, 44))))
        let result = IB.review(text)
        let hits = result.findings.filter { $0.rule == "buttons.hit-target" }
        XCTAssertEqual(hits.count, 1, "\(hits)")
        let hit = try XCTUnwrap(hits.first)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let line = try XCTUnwrap(lines.firstIndex { $0.contains("id=\"small\"") })
        XCTAssertEqual(hit.line, line + 1)
        XCTAssertEqual(hit.column, lines[line].prefix { $0 != "<" }.count + 1)
        XCTAssertEqual(hit.element, "small")
        XCTAssertEqual(hit.file, "Main.storyboard")
        XCTAssertTrue(hit.message.hasSuffix("(IB button \"Save\" in scene \"Main\")"), hit.message)
    }
}
