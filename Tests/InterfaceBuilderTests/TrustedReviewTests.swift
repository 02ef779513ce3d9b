import HiglintCore
@testable import InterfaceBuilderImporter
import XCTest

/// The classes of finding a person judged wrong on real IB files (issue 38), each on a small
/// file of its own: what the file says decides, not what a spec would default to.
final class TrustedReviewTests: XCTestCase {
    private func findings(_ subviews: String, extra: String = "", rule: String) -> [Finding] {
        IB.review(IB.storyboard(IB.scene(IB.controller(subviews: subviews, extra: extra)))).findings.filter { $0.rule == rule }
    }

    private func label(_ id: String, attributes: String = "", font: String = "type=\"system\" pointSize=\"17\"", frame: String = "x=\"10\" y=\"10\" width=\"100\" height=\"21\"") -> String {
        "<label opaque=\"NO\" text=\"Hello\"\(attributes) id=\"\(id)\"><rect key=\"frame\" \(frame)/><fontDescription key=\"fontDescription\" \(font)/></label>"
    }

    // MARK: - The canvas

    func testARootDrawnAtItsOwnSizeIsTheCanvasItsFramesAreMeasuredAgainst() {
        // A form sheet laid out 540 pt wide in an iPhone document: a button from x 300 to 400 is on it.
        let sheet = IB.storyboard(IB.scene(IB.controller(subviews: IB.button("b", 300, 100, 100, 44)))
            .replacingOccurrences(of: "width=\"375\" height=\"667\"", with: "width=\"540\" height=\"620\""))
        XCTAssertEqual(IB.review(sheet).findings.filter { $0.rule == "layout.offscreen" }.map(\.element), [])
        // On a root of the device's own width the same button reaches past the right edge.
        XCTAssertEqual(findings(IB.button("b", 300, 100, 100, 44), rule: "layout.offscreen").map(\.element), ["b"])
    }

    func testACellOrAViewOfItsOwnHasNoScreenEdges() {
        let wide = IB.button("b", -10, 10, 100, 44)
        let cell = IB.xib("""
            <tableViewCell id="cell"><rect key="frame" x="0.0" y="0.0" width="320" height="64"/>
            <tableViewCellContentView key="contentView" id="content"><rect key="frame" x="0.0" y="0.0" width="320" height="64"/>
            <subviews>\(wide)</subviews></tableViewCellContentView></tableViewCell>
            """)
        XCTAssertEqual(IB.review(cell, name: "Cell.xib").findings.filter { $0.rule.hasPrefix("layout.") }.map(\.rule), [])
        let banner = IB.xib("<view id=\"banner\"><rect key=\"frame\" x=\"0.0\" y=\"0.0\" width=\"320\" height=\"64\"/><subviews>\(wide)</subviews></view>")
        XCTAssertEqual(IB.review(banner, name: "Banner.xib").findings.filter { $0.rule == "layout.offscreen" }.map(\.rule), [])
        // The view a view controller owns is a screen, with edges.
        let owned = banner.replacingOccurrences(
            of: "<placeholder placeholderIdentifier=\"IBFilesOwner\" id=\"-1\" userLabel=\"File's Owner\"/>",
            with: "<placeholder placeholderIdentifier=\"IBFilesOwner\" id=\"-1\" userLabel=\"File's Owner\" customClass=\"BannerViewController\"><connections><outlet property=\"view\" destination=\"banner\" id=\"o\"/></connections></placeholder>")
        XCTAssertEqual(IB.review(owned, name: "Banner.xib").findings.filter { $0.rule == "layout.offscreen" }.map(\.element), ["b"])
    }

    // MARK: - Rules held back on IB

    func testBoldAndAnOverhangPastTheContainerAreNotReportedOnIB() {
        let box = """
            <view id="box"><rect key="frame" x="0" y="100" width="200" height="44"/>
            <subviews>\(label("bold", font: "type=\"boldSystem\" pointSize=\"17\"", frame: "x=\"150\" y=\"10\" width=\"100\" height=\"21\""))</subviews></view>
            """
        let all = IB.review(IB.storyboard(IB.scene(IB.controller(subviews: box)))).findings.map(\.rule)
        XCTAssertFalse(all.contains("text.heavy-weight"), "\(all)")
        XCTAssertFalse(all.contains("layout.outside-container"), "\(all)")
        XCTAssertTrue(all.contains("text.fixed-size"), "\(all)")
    }

    func testCancelAndSaveOfAModalSheetAreNotACrowdedBar() {
        func bar(_ items: String) -> [Finding] {
            let controller = IB.controller(subviews: "", extra: "<navigationItem key=\"navigationItem\" title=\"Add\" id=\"nav\">\(items)</navigationItem>")
            return IB.review(IB.storyboard(IB.scene(controller))).findings.filter { $0.rule == "bars.nav-crowded" }
        }
        let cancel = "<barButtonItem key=\"leftBarButtonItem\" systemItem=\"cancel\" id=\"l\"/>"
        XCTAssertEqual(bar(cancel + "<barButtonItem key=\"rightBarButtonItem\" systemItem=\"save\" id=\"r\"/>"), [])
        XCTAssertEqual(bar("<barButtonItem key=\"leftBarButtonItem\" title=\"Cancel\" id=\"l\"/><barButtonItem key=\"rightBarButtonItem\" title=\"Add\" style=\"done\" id=\"r\"/>"), [])
        // Two actions on the right, or something other than Cancel on the left, is crowded.
        XCTAssertEqual(bar(cancel + "<rightBarButtonItems><barButtonItem title=\"Save\" id=\"r1\"/><barButtonItem title=\"Share\" id=\"r2\"/></rightBarButtonItems>").count, 1)
        XCTAssertEqual(bar("<barButtonItem key=\"leftBarButtonItem\" title=\"Edit\" id=\"l\"/><barButtonItem key=\"rightBarButtonItem\" systemItem=\"done\" id=\"r\"/>").count, 1)
    }

    // MARK: - Hidden views

    func testTextHiddenInIBOrInADebugContainerIsNotReviewedAsText() {
        let hidden = label("self", attributes: " hidden=\"YES\"")
        let inHidden = "<view hidden=\"YES\" id=\"box\"><rect key=\"frame\" x=\"0\" y=\"100\" width=\"200\" height=\"44\"/><subviews>\(label("child"))</subviews></view>"
        let debug = "<view id=\"dbg\" userLabel=\"Debug\"><rect key=\"frame\" x=\"0\" y=\"200\" width=\"200\" height=\"44\"/><subviews>\(label("debugged"))</subviews></view>"
        XCTAssertEqual(findings([hidden, inHidden, debug, label("shown")].joined(separator: "\n"), rule: "text.fixed-size").map(\.element), ["shown"])
    }

    // MARK: - Segues

    func testAPushBackToAnEarlierScreenIsAFlowNotAParentCycle() throws {
        let navigation = """
                    <navigationController id="nav" sceneMemberID="viewController">
                        <navigationBar key="navigationBar" id="bar"><rect key="frame" x="0.0" y="20" width="375" height="44"/></navigationBar>
                        <connections><segue destination="a" kind="relationship" relationship="rootViewController" id="root"/></connections>
                    </navigationController>
            """
        func pushing(_ id: String, to destination: String) -> String {
            IB.controller(id: id, attributes: " title=\"\(id.uppercased())\"", subviews: IB.button("\(id)-go", 10, 100, 100, 44, inner: "<connections><segue destination=\"\(destination)\" kind=\"show\" id=\"\(id)-seg\"/></connections>"))
        }
        // B is earlier in the file than A, A is the navigation controller's root.
        let text = IB.storyboard(IB.scene(pushing("b", to: "a")) + IB.scene(navigation) + IB.scene(pushing("a", to: "b")))
        let screens = IB.screens(text).map(\.screen)
        XCTAssertEqual(screens.map(\.name), ["B", "A"])
        XCTAssertEqual(screens.map(\.parent), ["A", nil])
        XCTAssertEqual(IB.review(text).findings.filter { $0.rule == "spec.parent-cycle" }.map(\.message), [])
        // Two screens that only push each other: the first in the file stands as the root.
        let ring = IB.storyboard(IB.scene(pushing("b", to: "a")) + IB.scene(pushing("a", to: "b")))
        XCTAssertEqual(IB.screens(ring).map(\.screen.parent), [nil, "B"])
    }

    // MARK: - Actions

    func testATitleOffersToQuitOnlyWhenTheSelectorDoesNotSayOtherwise() {
        func quits(_ title: String, _ selector: String?) -> [String] {
            let connection = selector.map { "<connections><action selector=\"\($0)\" destination=\"-1\" eventType=\"touchUpInside\" id=\"act\"/></connections>" } ?? ""
            let button = IB.button("b", 10, 100, 200, 44, inner: "<state key=\"normal\" title=\"\(title)\"/>\(connection)")
            return findings(button, rule: "lifecycle.quit-control").map(\.element).compactMap { $0 }
        }
        XCTAssertEqual(quits("EXIT", "backTapped:"), [], "the code it calls goes back")
        XCTAssertEqual(quits("Exit", nil), ["b"], "no selector in IB: the title is all there is")
        XCTAssertEqual(quits("Bye", "closeApp"), ["b"])
        XCTAssertEqual(quits("Done", "exit(_:)"), ["b"])
    }

    func testSelectorsThatEndTheApp() {
        for selector in ["quit", "quit:", "quitApp:", "exit", "exitApplication", "closeApp", "terminate", "onQuitButtonTapped:", "didTapExitApp:"] {
            XCTAssertTrue(ViewMapper.quitsApp(selector), selector)
        }
        for selector in ["close", "closeTapped:", "exitFullScreen", "backTapped:", "quitEditing", "dismiss:", "logOut", ""] {
            XCTAssertFalse(ViewMapper.quitsApp(selector), selector)
        }
    }

    // MARK: - Recall

    func testAControlsOwnConstantSizeIsMeasuredUnderAnAncestorIBHasNotLaidOut() throws {
        let sized = "<constraints><constraint firstAttribute=\"width\" constant=\"90\" id=\"w\"/><constraint firstAttribute=\"height\" constant=\"40\" id=\"h\"/></constraints>"
        let box = """
            <stackView ambiguous="YES" id="box"><rect key="frame" x="0" y="100" width="375" height="100"/>
            <subviews>\(IB.button("donate", 10, 10, 90, 40, inner: sized))\(IB.button("free", 110, 10, 90, 40))</subviews></stackView>
            """
        let found = findings(box, rule: "buttons.hit-target")
        XCTAssertEqual(found.map(\.element), ["donate"])
        XCTAssertTrue(found.first?.message.hasPrefix("size 90x40 pt, set by its width and height constraints, is under 44x44 pt") == true, found.first?.message ?? "")
        // Its place is not known, so it is compared with no neighbour.
        XCTAssertEqual(findings(box, rule: "buttons.spacing"), [])
        // An optional constraint (priority under 1000) fixes nothing.
        let optional = sized.replacingOccurrences(of: "constant=\"40\"", with: "constant=\"40\" priority=\"750\"")
        XCTAssertEqual(findings(box.replacingOccurrences(of: sized, with: optional), rule: "buttons.hit-target"), [])
    }

    func testTableHeaderAndFooterViewsAreMapped() throws {
        let table = """
            <tableView id="table"><rect key="frame" x="0" y="64" width="375" height="603"/>
            <view key="tableHeaderView" id="header"><rect key="frame" x="0.0" y="0.0" width="375" height="80"/>
            <subviews>\(label("title"))</subviews></view>
            <view key="tableFooterView" id="footer"><rect key="frame" x="0.0" y="300" width="375" height="60"/>
            <subviews>\(IB.button("more", 15, 0, 345, 30))</subviews></view>
            </tableView>
            """
        let mapped = try XCTUnwrap(IB.screen(IB.storyboard(IB.scene(IB.controller(subviews: table)))))
        XCTAssertEqual(IB.element("title", in: mapped)?.frame, Rect(x: 10, y: 74, width: 100, height: 21))
        XCTAssertEqual(IB.element("more", in: mapped)?.frame, Rect(x: 15, y: 364, width: 345, height: 30))
        XCTAssertEqual(findings(table, rule: "buttons.hit-target").map(\.element), ["more"])
    }

    func testAutoshrinkIsHeldToTheSmallestSizeItReaches() {
        let scaled = label("scaled", attributes: " minimumScaleFactor=\"0.5\"")
        let floor = label("floor", attributes: " minimumFontSize=\"9\"", frame: "x=\"10\" y=\"40\" width=\"100\" height=\"21\"")
        let off = label("off", attributes: " minimumScaleFactor=\"0.5\" adjustsFontSizeToFit=\"NO\"", frame: "x=\"10\" y=\"70\" width=\"100\" height=\"21\"")
        let styled = label("styled", attributes: " minimumScaleFactor=\"0.5\"", font: "style=\"UICTFontTextStyleBody\"", frame: "x=\"10\" y=\"100\" width=\"100\" height=\"21\"")
        let found = findings([scaled, floor, off, styled].joined(separator: "\n"), rule: "text.min-size")
        XCTAssertEqual(found.map(\.element), ["scaled", "floor", "styled"])
        XCTAssertTrue(found[0].message.hasPrefix("font can shrink to 8.5 pt (Autoshrink, from System 17 pt), under 11 pt"), found[0].message)
        XCTAssertTrue(found[1].message.hasPrefix("font can shrink to 9 pt (Autoshrink, from System 17 pt), under 11 pt"), found[1].message)
    }

    func testViewsActingAsButtonsAreHeldToTheHitTarget() {
        let recognizers = """
                        <tapGestureRecognizer id="tap"><connections><action selector="iconTapped:" destination="vc-1" id="t1"/></connections></tapGestureRecognizer>
                        <tapGestureRecognizer numberOfTapsRequired="3" id="triple"><connections><action selector="unlockDebugMode" destination="vc-1" id="t3"/></connections></tapGestureRecognizer>
            """
        func tappable(_ id: String, _ y: Int, recognizer: String? = nil, trait: Bool = false, inner: String = "", attributes: String = "") -> String {
            let outlet = recognizer.map { "<connections><outletCollection property=\"gestureRecognizers\" destination=\"\($0)\" appends=\"YES\" id=\"\(id)-g\"/></connections>" } ?? ""
            let traits = trait ? "<accessibility key=\"accessibilityConfiguration\"><accessibilityTraits key=\"traits\" button=\"YES\"/></accessibility>" : ""
            return "<view id=\"\(id)\"\(attributes)><rect key=\"frame\" x=\"10\" y=\"\(y)\" width=\"30\" height=\"30\"/>\(traits)\(inner)\(outlet)</view>"
        }
        let views = [
            tappable("icon", 100, recognizer: "tap"), tappable("traited", 200, trait: true),
            tappable("secret", 300, recognizer: "triple"),
            tappable("off", 400, recognizer: "tap", attributes: " userInteractionEnabled=\"NO\""),
            tappable("background", 500, recognizer: "tap", inner: "<subviews>\(IB.button("inner", 0, 0, 44, 44))</subviews>"),
        ].joined(separator: "\n")
        let text = IB.storyboard(IB.scene(IB.controller(subviews: views) + "\n" + recognizers))
        XCTAssertEqual(IB.review(text).findings.filter { $0.rule == "buttons.hit-target" }.map(\.element), ["icon", "traited"])
    }

    func testControlsShownOneAtATimeAreNotComparedForSpacing() {
        let stacked = IB.button("panel1", 10, 100, 100, 44) + IB.button("panel2", 10, 100, 100, 44)
        XCTAssertEqual(findings(stacked, rule: "buttons.spacing"), [])
        let reload = "<state key=\"normal\" image=\"Reload-24\"/><connections><action selector=\"onRefreshPressed:\" destination=\"-1\" eventType=\"touchUpInside\" id=\"a1\"/></connections>"
        let stop = "<connections><action selector=\"onAbortButtonPressed:\" destination=\"-1\" eventType=\"touchUpInside\" id=\"a2\"/></connections>"
        XCTAssertEqual(findings(IB.button("reload", 10, 200, 44, 44, inner: reload) + IB.button("stop", 54, 200, 44, 44, inner: stop), rule: "buttons.spacing"), [])
        // Two different controls edge to edge are too close.
        XCTAssertEqual(findings(IB.button("a", 10, 300, 44, 44) + IB.button("b", 54, 300, 44, 44), rule: "buttons.spacing").map(\.element), ["b"])
    }

    func testAConfigurationsTitleWinsOverTheStaleNormalTitle() throws {
        let button = IB.button("b", 10, 100, 100, 44, inner: "<state key=\"normal\" title=\"Button\"/><buttonConfiguration key=\"configuration\" style=\"plain\" title=\"Donate\"/>")
        let mapped = try XCTUnwrap(IB.screen(IB.storyboard(IB.scene(IB.controller(subviews: button)))))
        XCTAssertEqual(IB.element("b", in: mapped)?.label, "Donate")
    }

    // MARK: - Layout on purpose

    func testCentredViewsAreNotLinedUpByTheirLeftEdges() {
        let views = """
            <view id="box"><rect key="frame" x="0" y="100" width="375" height="200"/>
            <subviews>
            \(label("top", frame: "x=\"100\" y=\"10\" width=\"175\" height=\"21\""))
            \(label("below", frame: "x=\"101.5\" y=\"40\" width=\"172\" height=\"21\""))
            </subviews>
            <constraints>
            <constraint firstItem="top" firstAttribute="centerX" secondItem="box" secondAttribute="centerX" id="c1"/>
            <constraint firstItem="below" firstAttribute="centerX" secondItem="top" secondAttribute="centerX" id="c2"/>
            </constraints></view>
            """
        XCTAssertEqual(findings(views, rule: "layout.near-miss-alignment"), [])
        let edges = views.replacingOccurrences(of: "centerX", with: "leading")
        XCTAssertEqual(findings(edges, rule: "layout.near-miss-alignment").map(\.element), ["below"])
    }

    func testABackdropPinnedPastTheEdgeOrAViewParkedBesideTheCanvasIsNotOffscreen() {
        func box(_ subview: String, _ constraints: String) -> String {
            "<view id=\"box\"><rect key=\"frame\" x=\"0\" y=\"100\" width=\"375\" height=\"200\"/><subviews>\(subview)</subviews><constraints>\(constraints)</constraints></view>"
        }
        let blur = "<visualEffectView id=\"blur\"><rect key=\"frame\" x=\"-4\" y=\"0\" width=\"383\" height=\"50\"/></visualEffectView>"
        let pinned = "<constraint firstItem=\"blur\" firstAttribute=\"leading\" secondItem=\"box\" secondAttribute=\"leading\" constant=\"-4\" id=\"l\"/>"
            + "<constraint firstAttribute=\"trailing\" secondItem=\"blur\" secondAttribute=\"trailing\" constant=\"-4\" id=\"t\"/>"
        XCTAssertEqual(findings(box(blur, pinned), rule: "layout.offscreen"), [])
        // Without the constraints, or for a control, the overhang is reported.
        XCTAssertEqual(findings(box(blur, ""), rule: "layout.offscreen").map(\.element), ["blur"])
        let button = IB.button("b", -4, 0, 100, 44)
        XCTAssertEqual(findings(box(button, pinned.replacingOccurrences(of: "blur", with: "b")), rule: "layout.offscreen").map(\.element), ["b"])
        // A swipe action parked wholly past the right edge waits for code to slide it in.
        XCTAssertEqual(findings(IB.button("swipe", 380, 100, 80, 44), rule: "layout.offscreen"), [])
    }

    // MARK: - Words

    func testFindingsSpeakXcode() throws {
        let fixed = try XCTUnwrap(findings(label("title"), rule: "text.fixed-size").first)
        XCTAssertEqual(fixed.message, "font is a fixed System 17 pt, not a Text Style, so it ignores the user's text size (IB label \"Hello\" in scene \"Main\")")
        XCTAssertEqual(fixed.hint, "In the Attributes inspector, pick a Text Style for the font and check Automatically Adjusts Font.")
        let shrinks = try XCTUnwrap(findings(label("small", attributes: " minimumFontSize=\"9\"", font: "type=\"boldSystem\" pointSize=\"15\""), rule: "text.min-size").first)
        XCTAssertTrue(shrinks.message.hasPrefix("font can shrink to 9 pt (Autoshrink, from System Bold 15 pt), under 11 pt (IB label"), shrinks.message)
        let hit = try XCTUnwrap(findings(IB.button("b", 10, 10, 30, 30), rule: "buttons.hit-target").first)
        XCTAssertFalse(hit.hint.contains("hit_area"), hit.hint)
        XCTAssertEqual(hit.hint, "Make the control at least 44x44 pt in the Size inspector or by its constraints, or enlarge its touch area in code.")
        // The config's threshold is the one the hint says.
        var config = Config()
        config.thresholds[key: "min_hit_target"] = .decimal(48)
        let strict = IB.review(IB.storyboard(IB.scene(IB.controller(subviews: IB.button("b", 10, 10, 46, 46)))), config: config)
        XCTAssertEqual(strict.findings.first { $0.rule == "buttons.hit-target" }?.hint.contains("at least 48x48 pt"), true)
    }

    func testRelatedElementsAreNamedByTitleLabelOrImageAndTheSceneIsNamed() throws {
        let buttons = IB.button("a", 10, 300, 44, 44, inner: "<state key=\"normal\" title=\"Save\"/>")
            + IB.button("b", 54, 300, 44, 44, attributes: " userLabel=\"Share Button\"")
            + IB.button("c", 98, 300, 44, 44, inner: "<state key=\"normal\" image=\"trash\"/>")
            + IB.button("d", 142, 300, 44, 44)
        let spacing = findings(buttons, rule: "buttons.spacing").map(\.message)
        XCTAssertEqual(spacing, [
            "touch area is 0 pt from \"Save\"'s; at least 8 pt apart (IB button \"Share Button\" in scene \"Main\")",
            "touch area is 0 pt from \"Share Button\"'s; at least 8 pt apart (IB button with image \"trash\" in scene \"Main\")",
            "touch area is 0 pt from the \"trash\" button's; at least 8 pt apart (IB button in scene \"Main\")",
        ])
        let items = "<navigationItem key=\"navigationItem\" title=\"Read\" id=\"nav\"><rightBarButtonItems>"
            + "<barButtonItem title=\"Next\" id=\"n\"/><barButtonItem systemItem=\"action\" id=\"s\"/></rightBarButtonItems></navigationItem>"
        let crowded = try XCTUnwrap(findings("", extra: items, rule: "bars.nav-crowded").first)
        XCTAssertTrue(crowded.message.contains("(\"Next\", \"Action\")"), crowded.message)
        XCTAssertTrue(crowded.message.hasSuffix(" (IB scene \"Read\")"), crowded.message)
    }

    func testAQuitSelectorIsNamedInTheMessage() throws {
        let button = IB.button("b", 10, 100, 200, 44, inner: "<state key=\"normal\" title=\"Bye\"/><connections><action selector=\"closeApp\" destination=\"-1\" eventType=\"touchUpInside\" id=\"act\"/></connections>")
        let quit = try XCTUnwrap(findings(button, rule: "lifecycle.quit-control").first)
        XCTAssertTrue(quit.message.hasPrefix("its action closeApp quits the app (IB button \"Bye\""), quit.message)
    }

    // MARK: - The app's facts, once

    private func plist(_ body: String) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\(body)</dict>\n</plist>\n"
    }

    private func orientations(_ key: String, _ names: [String]) -> String {
        "\t<key>\(key)</key>\n\t<array>\n" + names.map { "\t\t<string>UIInterfaceOrientation\($0)</string>\n" }.joined() + "\t</array>\n"
    }

    func testTheInfoPlistReportsTheAppsFactsOnceAtTheirKeys() throws {
        let text = plist("\t<key>UIStatusBarHidden</key>\n\t<true/>\n\t<key>UIViewControllerBasedStatusBarAppearance</key>\n\t<false/>\n"
            + orientations("UISupportedInterfaceOrientations", ["Portrait", "LandscapeLeft"])
            + orientations("UISupportedInterfaceOrientations~ipad", ["Portrait", "LandscapeLeft", "LandscapeRight"]))
        let found = IB.review(text, name: "App-Info.plist").findings
        XCTAssertEqual(found.map { "\($0.line):\($0.column) \($0.rule)" }, [
            "4:2 bars.status-bar-hidden", "8:2 orientation.missing-variant", "13:2 orientation.ipad-all",
        ])
        XCTAssertEqual(found[2].message, "UISupportedInterfaceOrientations~ipad lists 3 of 4 orientations; missing UIInterfaceOrientationPortraitUpsideDown")
        XCTAssertTrue(found[0].hint.hasPrefix("Set UIStatusBarHidden in Info.plist to NO"), found[0].hint)
        XCTAssertEqual(found.map(\.screen), ["App-Info (iPhone)", "App-Info (iPhone)", "App-Info (iPad)"])
    }

    func testAnIPadListOfItsOwnIsWhatIPadIsJudgedBy() {
        // The iPhone list alone is portrait: an iPad judged by it would miss three orientations.
        let text = plist(orientations("UISupportedInterfaceOrientations", ["Portrait"])
            + orientations("UISupportedInterfaceOrientations~ipad", ["Portrait", "PortraitUpsideDown", "LandscapeLeft", "LandscapeRight"]))
        XCTAssertEqual(IB.review(text, name: "Info.plist").findings.map(\.rule), [])
        // Without one, iPad takes the shared list; an iPhone-only plist says nothing of iPad.
        let shared = plist(orientations("UISupportedInterfaceOrientations", ["Portrait"]))
        XCTAssertEqual(IB.review(shared, name: "Info.plist").findings.map(\.rule), [])
    }

    func testAPlistThatSetsNothingOfTheScreensHasNone() {
        let framework = plist("\t<key>CFBundleName</key>\n\t<string>Kit</string>\n")
        let result = IB.review(framework, name: "Kit-Info.plist")
        XCTAssertEqual(result.findings.map(\.rule), [])
        XCTAssertEqual(result.screenCount, 0)
        XCTAssertNotNil(IB.review("not a plist", name: "Info.plist").skipped)
    }

    func testIBScreensLeaveTheAppsFactsToTheInfoPlist() {
        // An IB screen never judges orientations or a hidden status bar it shares with the app.
        let result = IB.review(IB.storyboard(IB.scene(IB.controller(subviews: ""))))
        XCTAssertEqual(result.findings.filter { $0.rule.hasPrefix("orientation.") || $0.rule == "bars.status-bar-hidden" }.map(\.rule), [])
    }

    func testCollapsibleButtonsTakingTurnsAndStackedViewsAreNotMisjudged() {
        let collapsible = "<constraints><constraint firstAttribute=\"width\" priority=\"900\" constant=\"30\" id=\"w\"/></constraints>"
        let turns = IB.button("voice", 10, 100, 30, 44, inner: collapsible)
            + IB.button("clear", 40, 100, 30, 44, inner: collapsible.replacingOccurrences(of: "id=\"w\"", with: "id=\"w2\""))
        XCTAssertEqual(findings(turns, rule: "buttons.spacing"), [])
        // A stack view lines its arranged views up itself: a slider 2 pt left of a label in one is its track inset.
        let stack = """
            <stackView axis="vertical" id="stack"><rect key="frame" x="16" y="100" width="343" height="80"/>
            <subviews>\(label("caption", frame: "x=\"0\" y=\"0\" width=\"343\" height=\"21\""))
            <slider opaque="NO" id="slider"><rect key="frame" x="-2" y="40" width="347" height="31"/></slider></subviews></stackView>
            """
        XCTAssertEqual(findings(stack, rule: "layout.near-miss-alignment"), [])
    }

    func testPreviousAndNextArrowsAreOneStepper() {
        let arrows = "<navigationItem key=\"navigationItem\" title=\"Article\" id=\"nav\"><rightBarButtonItems>"
            + "<barButtonItem title=\"Next Article\" image=\"chevron.down\" catalog=\"system\" id=\"n\"/>"
            + "<barButtonItem title=\"Previous Article\" image=\"chevron.up\" catalog=\"system\" id=\"p\"/></rightBarButtonItems></navigationItem>"
        XCTAssertEqual(findings("", extra: arrows, rule: "bars.nav-crowded"), [])
    }
}
