@testable import FigmaImporter
import HiglintCore
import XCTest

/// The mapping at its boundaries: which frames are screens, sizes of controls and text,
/// what is not measured, component names, and colours composited as Figma paints them.
final class FigmaMappingTests: XCTestCase {
    private func button(_ width: Double, _ height: Double, id: String = "2:1", name: String = "Go") -> String {
        FigmaFile.node("FRAME", id: id, name: name, box: (1016, 2100, width, height), extra: [FigmaFile.tap])
    }

    func testAButtonOf43Point9FailsAndOf44Passes() {
        let small = FigmaFile.review(FigmaFile.file([FigmaFile.screen([button(43.9, 44)])]))
        XCTAssertEqual(FigmaFile.rules(small), ["buttons.hit-target"])
        XCTAssertEqual(small.findings.first?.element, "Go")
        XCTAssertTrue(small.findings.first?.message.contains("43.9x44 pt is under 44x44 pt") ?? false, small.findings.first?.message ?? "")
        XCTAssertTrue(small.findings.first?.message.hasSuffix("(Figma FRAME, node 2:1)") ?? false, small.findings.first?.message ?? "")
        XCTAssertEqual(small.findings.first?.url, "https://www.figma.com/design/\(FigmaFile.key)/?node-id=2-1")
        // The finding points at the node's object: line and column of its `{`.
        let text = FigmaFile.file([FigmaFile.screen([button(43.9, 44)])])
        let line = text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("\"2:1\"") }
        XCTAssertEqual(small.findings.first?.line, line.map { $0 })
        XCTAssertEqual(small.findings.first?.column, 1)
        XCTAssertEqual(FigmaFile.rules(FigmaFile.review(FigmaFile.file([FigmaFile.screen([button(44, 44)])]))), [])
    }

    func testALayerWithoutATapInteractionIsNoControlHoweverItLooks() {
        let plain = FigmaFile.node("FRAME", id: "2:1", name: "Button-looking", box: (1016, 2100, 20, 20),
                                   extra: [FigmaFile.fills(FigmaFile.solid(0, 0.5, 1))],
                                   children: [FigmaFile.text(id: "2:2", characters: "OK", box: (1016, 2100, 20, 20))])
        XCTAssertEqual(FigmaFile.rules(FigmaFile.review(FigmaFile.file([FigmaFile.screen([plain])]))), [])
        let hover = FigmaFile.node("FRAME", id: "2:1", name: "Hover", box: (1016, 2100, 20, 20),
                                   extra: ["\"interactions\": [{\"trigger\": {\"type\": \"ON_HOVER\"}, \"actions\": []}]"])
        XCTAssertEqual(FigmaFile.rules(FigmaFile.review(FigmaFile.file([FigmaFile.screen([hover])]))), [])
        let tapTrigger = FigmaFile.node("FRAME", id: "2:1", name: "Tap", box: (1016, 2100, 20, 20),
                                        extra: ["\"interactions\": [{\"trigger\": {\"type\": \"ON_TAP\"}, \"actions\": []}]"])
        XCTAssertEqual(FigmaFile.rules(FigmaFile.review(FigmaFile.file([FigmaFile.screen([tapTrigger])]))), ["buttons.hit-target"])
        let link = FigmaFile.node("FRAME", id: "2:1", name: "Link", box: (1016, 2100, 20, 20), extra: ["\"transitionNodeID\": \"9:9\""])
        XCTAssertEqual(FigmaFile.rules(FigmaFile.review(FigmaFile.file([FigmaFile.screen([link])]))), ["buttons.hit-target"])
    }

    func testTextOf10Point9FailsAndOf11PassesAndTheSmallestRunCounts() {
        let small = FigmaFile.review(FigmaFile.file([FigmaFile.screen([FigmaFile.text(id: "2:1", box: (1016, 2100, 100, 20), size: 10.9)])]))
        XCTAssertEqual(FigmaFile.rules(small), ["text.min-size"])
        XCTAssertTrue(small.findings.first?.message.contains("10.9 pt is under 11 pt") ?? false, small.findings.first?.message ?? "")
        XCTAssertEqual(FigmaFile.rules(FigmaFile.review(FigmaFile.file([FigmaFile.screen([FigmaFile.text(id: "2:1", box: (1016, 2100, 100, 20), size: 11)])]))), [])
        // "Hello" at 17 pt, its last two characters from run 1 at 9 pt.
        let mixed = FigmaFile.node("TEXT", id: "2:1", name: "Mixed", box: (1016, 2100, 100, 20), extra: [
            "\"characters\": \"Hello\"", "\"style\": {\"fontWeight\": 400, \"fontSize\": 17}", FigmaFile.fills(FigmaFile.solid(0, 0, 0)),
            "\"characterStyleOverrides\": [0, 0, 0, 1, 1]", "\"styleOverrideTable\": {\"1\": {\"fontSize\": 9}, \"2\": {\"fontSize\": 5}}",
        ])
        let runs = FigmaFile.review(FigmaFile.file([FigmaFile.screen([mixed])]))
        XCTAssertEqual(FigmaFile.rules(runs), ["text.min-size"])
        XCTAssertTrue(runs.findings.first?.message.contains("size 9 pt") ?? false, "the unused run of 5 pt does not count")
    }

    func testWeightsAreSFProsAndTheNearestHundred() {
        let cases: [(Double, Font.Weight?)] = [
            (100, .ultralight), (200, .thin), (300, .light), (349, .light), (350, .regular), (400, .regular), (500, .medium),
            (600, .semibold), (700, .bold), (800, .heavy), (900, .black), (950, .black), (0, nil), (1001, nil),
        ]
        for (value, weight) in cases { XCTAssertEqual(TextStyle.weight(value), weight, "\(value)") }
        let light = FigmaFile.review(FigmaFile.file([FigmaFile.screen([FigmaFile.text(id: "2:1", box: (1016, 2100, 100, 20), weight: 300)])]))
        XCTAssertEqual(FigmaFile.rules(light), ["text.light-weight"])
    }

    func testTheDeviceTablePortraitLandscapeAndScrollingHeights() {
        let cases: [(Double, Double, String?, Bool)] = [
            (390, 844, "iPhone 12, 13, 14", false), (390, 843.9, nil, false), (390, 2000, "iPhone 12, 13, 14", false),
            (375, 667, "iPhone 8, SE", false), (375, 811, "iPhone 8, SE", false), (375, 812, "iPhone X, XS, 11 Pro, 12 mini, 13 mini", false),
            (844, 390, "iPhone 12, 13, 14", true), (430, 932, "iPhone 14 Pro Max, 15 Plus, 15 Pro Max, 16 Plus", false),
            (834, 1194, "iPad Pro 11-inch", false), (1194, 834, "iPad Pro 11-inch", true), (1024, 768, "iPad 9.7-inch", true),
            (1024, 1366, "iPad Pro 12.9-inch", false), (1440, 1024, nil, false), (391, 844, nil, false), (390.005, 844, "iPhone 12, 13, 14", false),
        ]
        for (width, height, name, landscape) in cases {
            let match = Devices.match(width: width, height: height)
            XCTAssertEqual(match?.model.name, name, "\(width)x\(height)")
            if name != nil { XCTAssertEqual(match?.landscape, landscape, "\(width)x\(height)") }
        }
        XCTAssertEqual(Devices.match(width: 430, height: 932)?.model.device, .iphonePlus)
        XCTAssertEqual(Devices.match(width: 402, height: 874)?.model.device, .iphone)
        XCTAssertEqual(Devices.match(width: 844, height: 390)?.canvas, Size(width: 844, height: 390))
        // A frame of no device's size is a component: no screen.
        XCTAssertEqual(FigmaFile.imported(FigmaFile.file([FigmaFile.screen([], size: (320, 100))]))?.screens.count, 0)
        let screens = FigmaFile.imported(FigmaFile.file([FigmaFile.screen([], size: (1194, 834))]))?.screens ?? []
        XCTAssertEqual(screens.map(\.screen.device), [.ipad])
        XCTAssertEqual(screens.map(\.screen.canvas), [Size(width: 1194, height: 834)])
    }

    func testHiddenAndClippedLayersAreNotMeasured() {
        let hidden = FigmaFile.node("FRAME", id: "2:1", name: "Hidden", box: (1016, 2100, 20, 20), extra: [FigmaFile.tap, "\"visible\": false"])
        let transparent = FigmaFile.node("FRAME", id: "2:2", name: "Clear", box: (1016, 2200, 20, 20), extra: [FigmaFile.tap, "\"opacity\": 0"])
        // Wholly outside the screen frame, which clips: not on screen at all.
        let outside = FigmaFile.node("FRAME", id: "2:3", name: "Outside", box: (1400, 2100, 20, 20), extra: [FigmaFile.tap])
        // Half outside: the part shown is not the size it has.
        let half = FigmaFile.node("FRAME", id: "2:4", name: "Half", box: (1380, 2100, 20, 20), extra: [FigmaFile.tap])
        let clipper = FigmaFile.node("FRAME", id: "2:5", name: "Card", box: (1016, 2300, 100, 100), extra: ["\"clipsContent\": true"], children: [
            FigmaFile.node("FRAME", id: "2:6", name: "Cut", box: (1100, 2300, 30, 30), extra: [FigmaFile.tap]),
            FigmaFile.text(id: "2:7", box: (1016, 2300, 50, 20), size: 9),
        ])
        let result = FigmaFile.review(FigmaFile.file([FigmaFile.screen([hidden, transparent, outside, half, clipper])]))
        XCTAssertEqual(result.findings.map { "\($0.rule) \($0.element ?? "")" }, ["text.min-size Label"])
        let file = FigmaFile.imported(FigmaFile.file([FigmaFile.screen([hidden, transparent, outside, half, clipper])]))
        XCTAssertEqual(file?.unknown["buttons.hit-target"], 2, "the half-shown layer and the cut one are counted")
    }

    func testComponentNamesSayControlsAndBars() throws {
        let components = [
            "\"10:1\": {\"key\": \"a\", \"name\": \"Buttons/Primary\"}",
            "\"10:2\": {\"key\": \"b\", \"name\": \"State=On\", \"componentSetId\": \"11:1\"}",
            "\"10:3\": {\"key\": \"c\", \"name\": \"Chip\"}",
            "\"10:4\": {\"key\": \"d\", \"name\": \"iOS/Tab Bar\"}",
            "\"10:5\": {\"key\": \"e\", \"name\": \"TextField\"}",
        ]
        let sets = ["\"11:1\": {\"key\": \"s\", \"name\": \"Toggle\"}"]
        func instance(_ id: String, _ component: String, _ box: (Double, Double, Double, Double), children: [String]? = nil) -> String {
            FigmaFile.node("INSTANCE", id: id, name: "Layer \(id)", box: box, extra: ["\"componentId\": \"\(component)\""], children: children)
        }
        func tab(_ n: Int) -> String {
            FigmaFile.node("FRAME", id: "4:\(n)", name: "Tab \(n)", box: (1000 + Double(n) * 60, 2760, 60, 49), children: [
                FigmaFile.node("VECTOR", id: "5:\(n)", name: "icon", box: (1020 + Double(n) * 60, 2765, 20, 20)),
                FigmaFile.text(id: "6:\(n)", characters: "T\(n)", box: (1010 + Double(n) * 60, 2790, 40, 12), size: 11),
            ])
        }
        let frame = FigmaFile.screen([
            instance("3:1", "10:1", (1016, 2100, 100, 30)),
            instance("3:2", "10:2", (1016, 2200, 51, 31)),
            instance("3:3", "10:3", (1016, 2300, 30, 30), children: [FigmaFile.text(id: "3:9", box: (1016, 2300, 30, 30))]),
            instance("3:5", "10:5", (1016, 2400, 200, 44)),
            instance("3:4", "10:4", (1000, 2760, 390, 49), children: (0..<6).map(tab)),
        ])
        let text = FigmaFile.file([frame], components: components, sets: sets)
        let result = FigmaFile.review(text)
        XCTAssertEqual(result.findings.map { "\($0.rule) \($0.element ?? "")" }.sorted(), [
            "bars.tab-count ", "buttons.hit-target Layer 3:1", "buttons.hit-target Layer 3:2",
        ].sorted())
        let screen = try XCTUnwrap(FigmaFile.imported(text)?.screens.first?.screen)
        XCTAssertEqual(screen.elements.map(\.type), [.button, .switch, .group, .textField])
        XCTAssertEqual(screen.tabBar?.tabs.map(\.title), ["T0", "T1", "T2", "T3", "T4", "T5"])
        XCTAssertEqual(screen.tabBar?.tabs.first?.icon, .custom("icon"))
        XCTAssertEqual(FigmaFile.imported(text)?.unknown["buttons.hit-target"], 1, "the Chip instance may take taps or not")
        XCTAssertTrue(result.findings.first { $0.rule == "buttons.hit-target" }?.message.contains("Figma instance of \"Buttons/Primary\"") ?? false)
    }

    func testCoordinatesAreRelativeToTheScreenFrame() throws {
        let frame = FigmaFile.screen([button(50, 50)])
        let element = try XCTUnwrap(FigmaFile.imported(FigmaFile.file([frame]))?.screens.first?.screen.elements.first)
        XCTAssertEqual(element.frame, Rect(x: 16, y: 100, width: 50, height: 50))
        let offscreen = FigmaFile.screen([FigmaFile.node("FRAME", id: "2:1", name: "Wide", box: (1000, 2100, 391, 50),
                                                           extra: [FigmaFile.fills(FigmaFile.solid(0, 0, 0))],
                                                           children: [FigmaFile.text(id: "2:2", box: (1000, 2100, 40, 20), color: FigmaFile.solid(1, 1, 1))])],
                                         name: "Scroller")
        // The screen frame clips: a layer wider than it is shown in part only, and not measured.
        XCTAssertEqual(FigmaFile.rules(FigmaFile.review(FigmaFile.file([offscreen]))), [])
    }

    // MARK: Colours (#43)

    private func contrast(_ children: [String], frameFill: String = FigmaFile.fills(FigmaFile.solid(1, 1, 1))) -> FileResult {
        let frame = FigmaFile.node("FRAME", id: "1:1", name: "Home", box: (1000, 2000, 390, 844), extra: [frameFill], children: children)
        return FigmaFile.review(FigmaFile.file([frame]))
    }

    func testGreyTextOnWhiteAndOpacityComposited() {
        let grey = FigmaFile.text(id: "2:1", box: (1016, 2100, 100, 20), color: FigmaFile.solid(0.6, 0.6, 0.6))
        let found = contrast([grey])
        XCTAssertEqual(FigmaFile.rules(found), ["text.contrast"])
        XCTAssertTrue(found.findings.first?.message.hasPrefix("#999999 on #FFFFFF is 2.84:1, under 4.5:1") ?? false, found.findings.first?.message ?? "")
        // Black at 40% (paint opacity) over white is #999999 too; so is a black layer at 40% opacity.
        let paintOpacity = FigmaFile.text(id: "2:1", box: (1016, 2100, 100, 20), color: FigmaFile.solid(0, 0, 0, opacity: 0.4))
        XCTAssertTrue(contrast([paintOpacity]).findings.first?.message.hasPrefix("#999999 on #FFFFFF") ?? false)
        let layerOpacity = FigmaFile.text(id: "2:1", box: (1016, 2100, 100, 20), extra: ["\"opacity\": 0.4"])
        XCTAssertTrue(contrast([layerOpacity]).findings.first?.message.hasPrefix("#999999 on #FFFFFF") ?? false)
        XCTAssertEqual(FigmaFile.rules(contrast([FigmaFile.text(id: "2:1", box: (1016, 2100, 100, 20), color: FigmaFile.solid(0.4627, 0.4627, 0.4627))])), [])
    }

    func testWhatIsUnderTheTextIsTheLayersItsBoxLiesOn() {
        let label = FigmaFile.text(id: "2:2", characters: "Sign in", box: (1030, 2110, 60, 20), color: FigmaFile.solid(1, 1, 1))
        // A blue rounded rectangle under a white label, beside it in a group.
        let rectangle = FigmaFile.node("RECTANGLE", id: "2:3", name: "bg", box: (1016, 2100, 88, 40),
                                       extra: [FigmaFile.fills(FigmaFile.solid(0, 0.478, 1)), "\"cornerRadius\": 8"])
        let group = FigmaFile.node("GROUP", id: "2:1", name: "Pill", box: (1016, 2100, 88, 40), children: [rectangle, label])
        XCTAssertEqual(FigmaFile.rules(contrast([group])), ["text.contrast"], "white on #007AFF is 4.02:1")
        XCTAssertTrue(contrast([group]).findings.first?.message.hasPrefix("#FFFFFF on #007AFF is 4.02:1") ?? false)
        // The same rectangle only under half the label: what is behind it is not one colour.
        let halfRectangle = FigmaFile.node("RECTANGLE", id: "2:3", name: "bg", box: (1016, 2100, 50, 40), extra: [FigmaFile.fills(FigmaFile.solid(0, 0, 0))])
        let halfGroup = FigmaFile.node("GROUP", id: "2:1", name: "Pill", box: (1016, 2100, 88, 40), children: [halfRectangle, label])
        XCTAssertEqual(FigmaFile.rules(contrast([halfGroup])), [])
        // A gradient under it, or a layer drawn over it: unknown, counted, no finding.
        let gradient = FigmaFile.node("RECTANGLE", id: "2:3", name: "bg", box: (1016, 2100, 88, 40),
                                      extra: ["\"fills\": [{\"type\": \"GRADIENT_LINEAR\", \"gradientStops\": []}]"])
        let over = FigmaFile.node("RECTANGLE", id: "2:4", name: "veil", box: (1016, 2100, 88, 40), extra: [FigmaFile.fills(FigmaFile.solid(0, 0, 0, a: 0.5))])
        for children in [[gradient, label], [label, over]] {
            let frame = FigmaFile.node("FRAME", id: "1:1", name: "Home", box: (1000, 2000, 390, 844),
                                       extra: [FigmaFile.fills(FigmaFile.solid(1, 1, 1))], children: children)
            let text = FigmaFile.file([frame])
            XCTAssertEqual(FigmaFile.rules(FigmaFile.review(text)), [])
            XCTAssertEqual(FigmaFile.imported(text)?.unknown["text.contrast"], 1)
        }
    }

    func testAFrameWithoutAFillShowsTheSystemBackgroundInBothAppearances() {
        let black = FigmaFile.text(id: "2:1", box: (1016, 2100, 100, 20), color: FigmaFile.solid(0, 0, 0))
        let found = contrast([black], frameFill: "\"fills\": []")
        XCTAssertEqual(found.findings.count, 1)
        XCTAssertTrue(found.findings.first?.message.hasPrefix("#000000 on #000000 is 1.00:1, under 4.5:1 in the dark appearance") ?? false)
    }
}

/// `figma.files` in the config: the key of a file saved under any name, for its links.
final class FigmaConfigTests: XCTestCase {
    private func load(_ text: String) throws -> Config {
        var config = try ConfigLoader(plugins: [FigmaImporter().plugin]).parse(Array(text.utf8), file: "c.yaml")
        config.baseDirectory = "/project"
        return config
    }

    func testAFileTheConfigNamesHasItsKeyWhateverItsName() throws {
        let config = try load("figma:\n  files:\n    - {key: Kq3ZPwLrB7mVxTn2aYdE9s, path: design/app.figma.json}\n")
        XCTAssertEqual(config.figmaFiles.map(\.key), ["Kq3ZPwLrB7mVxTn2aYdE9s"])
        XCTAssertEqual(config.importOptions.designFileKeys, ["/project/design/app.figma.json": "Kq3ZPwLrB7mVxTn2aYdE9s"])
        let frame = FigmaFile.screen([FigmaFile.node("FRAME", id: "2:1", name: "Go", box: (1016, 2100, 20, 20), extra: [FigmaFile.tap])])
        let result = FigmaFile.engine(config: config).review(
            Array(FigmaFile.file([frame]).utf8), file: SpecFile(path: "/project/design/app.figma.json", displayPath: "design/app.figma.json"),
            with: FigmaImporter())
        XCTAssertEqual(result.findings.map(\.url), ["https://www.figma.com/design/Kq3ZPwLrB7mVxTn2aYdE9s/?node-id=2-1"])
        // Named neither by the config nor with a key, a file's findings have no link.
        XCTAssertEqual(FigmaFile.review(FigmaFile.file([frame]), name: "app.figma.json").findings.map(\.url), [nil])
    }

    func testEntriesThatCannotBeUsedAreErrorsWithTheirPositions() {
        let cases = [
            ("figma:\n  files:\n    - {key: \"no/key\", path: a.figma.json}\n", "3:13"),
            ("figma:\n  files:\n    - {key: Kq3ZPwLrB7, path: a.json}\n", "3:31"),
            ("figma:\n  files:\n    - {key: Kq3ZPwLrB7}\n", "3:7"),
            ("figma:\n  filez: []\n", "2:3"),
        ]
        for (text, position) in cases {
            XCTAssertThrowsError(try load(text), text) { error in
                let mark = (error as? ConfigError)?.mark
                XCTAssertEqual(mark.map { "\($0.line):\($0.column)" }, position, "\(error)")
            }
        }
    }
}
