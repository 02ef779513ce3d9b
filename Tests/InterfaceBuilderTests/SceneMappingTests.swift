import Foundation
import HiglintCore
import InterfaceBuilderImporter
import XCTest

/// Scenes, bars, segues, tabs, storyboard references, xibs and the files that are skipped.
final class SceneMappingTests: XCTestCase {
    private func navigationController(_ id: String, root: String, attributes: String = "", bar: String = "") -> String {
        """
                        <navigationController id="\(id)"\(attributes) sceneMemberID="viewController">
                            <navigationBar key="navigationBar" contentMode="scaleToFill" id="\(id)-bar"\(bar)>
                                <rect key="frame" x="0.0" y="20" width="375" height="44"/>
                            </navigationBar>
                            <toolbar key="toolbar" opaque="NO" contentMode="scaleToFill" id="\(id)-toolbar"\(bar)>
                                <rect key="frame" x="0.0" y="623" width="375" height="44"/>
                            </toolbar>
                            <connections>
                                <segue destination="\(root)" kind="relationship" relationship="rootViewController" id="\(id)-root"/>
                            </connections>
                        </navigationController>
            """
    }

    func testNavigationStacksSeguesAndBarItems() throws {
        let list = IB.controller(
            id: "list", attributes: " storyboardIdentifier=\"Inbox\"",
            subviews: IB.button("open", 0, 100, 375, 44, inner: "<connections><segue destination=\"detail\" kind=\"show\" id=\"sg1\"/></connections>"),
            extra: """
                <toolbarItems><barButtonItem systemItem="refresh" id="refresh"/></toolbarItems>
                <navigationItem key="navigationItem" title="Mail" id="ni1">
                    <barButtonItem key="rightBarButtonItem" systemItem="compose" id="compose"/>
                    <leftBarButtonItems>
                        <barButtonItem title="Edit" id="edit"/>
                        <barButtonItem systemItem="flexibleSpace" id="space"/>
                        <barButtonItem image="gear" catalog="system" id="gear"/>
                    </leftBarButtonItems>
                </navigationItem>
                """)
        let detail = IB.controller(id: "detail", attributes: " customClass=\"DetailViewController\"", subviews: "",
                                   extra: "<navigationItem key=\"navigationItem\" id=\"ni2\"/>")
        let pushed = IB.controller(id: "older", attributes: " title=\"Older\"", subviews: "")
        let legacy = IB.controller(id: "legacy", subviews: IB.button("go", 0, 100, 375, 44, inner: "<connections><segue destination=\"older\" kind=\"push\" id=\"sg2\"/><segue destination=\"list\" kind=\"presentation\" id=\"sg3\"/><segue destination=\"detail\" kind=\"embed\" id=\"sg4\"/></connections>"))
        let text = IB.storyboard(
            IB.scene(navigationController("nav", root: "list", bar: " translucent=\"NO\"")) + IB.scene(list) + IB.scene(detail)
                + IB.scene(pushed) + IB.scene(legacy))
        let screens = IB.screens(text).map(\.screen)
        XCTAssertEqual(screens.map(\.name), ["Inbox", "DetailViewController", "Older", "Main legacy"])
        // Modal and embed segues give no parent; the first show or push does.
        XCTAssertEqual(screens.map(\.parent), [nil, "Inbox", "Main legacy", nil])
        let inbox = try XCTUnwrap(screens.first)
        XCTAssertEqual(inbox.navigationBar?.title, "Mail")
        XCTAssertEqual(inbox.navigationBar?.translucent, false)
        // The toolbar items show in the navigation controller's toolbar, with its look.
        XCTAssertEqual(inbox.toolbar?.items.map(\.action), ["refresh"])
        XCTAssertEqual(inbox.toolbar?.translucent, false)
        XCTAssertEqual(inbox.navigationBar?.items.map(\.id), ["compose", "edit", "gear"])
        XCTAssertEqual(inbox.navigationBar?.items.map(\.action), ["compose", nil, nil])
        XCTAssertEqual(inbox.navigationBar?.items.map(\.icon), [.system("compose"), nil, .system("gear")])
        XCTAssertEqual(inbox.navigationBar?.items.map(\.label), [nil, "Edit", nil])
        // Pushed from a screen in the stack: under the same bar, whose title code sets.
        XCTAssertEqual(screens[1].navigationBar?.translucent, false)
        XCTAssertNil(screens[1].navigationBar?.title)
        XCTAssertTrue(screens[1].review.ignore.contains("bars.nav-title-missing"))
        XCTAssertNil(screens[3].navigationBar, "not in a navigation controller")
        let result = IB.review(text)
        XCTAssertFalse(result.findings.contains { $0.rule == "bars.nav-title-missing" }, "\(result.findings)")
    }

    func testAControllerThatShowsItselfIsNotItsOwnParent() throws {
        // A folder browser: its cells show the same controller again, one level down; the
        // list that opens it first is its parent (found by the fuzz harness's IB mode).
        let folder = IB.controller(
            id: "folder", attributes: " title=\"Folder\"",
            subviews: IB.button("sub", 0, 100, 375, 44, inner: "<connections><segue destination=\"folder\" kind=\"show\" id=\"self\"/></connections>"))
        let home = IB.controller(
            id: "home", attributes: " title=\"Home\"",
            subviews: IB.button("open", 0, 100, 375, 44, inner: "<connections><segue destination=\"folder\" kind=\"show\" id=\"in\"/></connections>"))
        let text = IB.storyboard(IB.scene(folder) + IB.scene(home))
        XCTAssertEqual(IB.screens(text).map(\.screen.parent), ["Home", nil])
        let alone = IB.storyboard(IB.scene(folder))
        XCTAssertEqual(IB.screens(alone).map(\.screen.parent), [nil])
        XCTAssertFalse(IB.review(alone).findings.contains { $0.rule == "spec.parent-cycle" }, "\(IB.review(alone).findings)")
    }

    func testEveryStandardSystemItemGivesItsAction() throws {
        let items: [(String, String)] = [
            ("add", "add"), ("bookmarks", "bookmarks"), ("camera", "camera"), ("cancel", "cancel"), ("close", "close"),
            ("compose", "compose"), ("done", "done"), ("edit", "edit"), ("fastForward", "fast-forward"),
            ("organize", "organize"), ("pause", "pause"), ("play", "play"), ("redo", "redo"), ("refresh", "refresh"),
            ("reply", "reply"), ("rewind", "rewind"), ("save", "save"), ("search", "search"), ("action", "share"),
            ("stop", "stop"), ("trash", "trash"), ("undo", "undo"),
        ]
        let xml = items.map { "<barButtonItem systemItem=\"\($0.0)\" id=\"i-\($0.0)\"/>" }.joined(separator: "\n")
            + "\n<barButtonItem systemItem=\"fixedSpace\" id=\"gap\"/>"
        let controller = IB.controller(subviews: "", extra: "<toolbarItems>\n\(xml)\n</toolbarItems>")
        let screen = try XCTUnwrap(IB.screen(IB.storyboard(IB.scene(controller))))
        XCTAssertEqual(screen.toolbar?.items.map(\.action), items.map(\.1))
        XCTAssertEqual(screen.toolbar?.items.map(\.placement), items.map { _ in .toolbarItem })
        XCTAssertEqual(screen.toolbar?.items.first?.icon, .system("add"))
    }

    func testABarButtonWithACustomImageForAStandardActionIsNotGuessed() throws {
        let controller = IB.controller(subviews: "", extra: "<navigationItem key=\"navigationItem\" title=\"T\" id=\"n\"><barButtonItem key=\"rightBarButtonItem\" image=\"share-icon\" id=\"s\"/></navigationItem>")
        let screen = try XCTUnwrap(IB.screen(IB.storyboard(IB.scene(controller))))
        XCTAssertEqual(screen.navigationBar?.items.first?.icon, .custom("share-icon"))
        XCTAssertNil(screen.navigationBar?.items.first?.action)
    }

    private func tabController(_ children: [String]) -> String {
        let segues = children.enumerated().map {
            "<segue destination=\"\($0.element)\" kind=\"relationship\" relationship=\"viewControllers\" id=\"tab\($0.offset)\"/>"
        }.joined(separator: "\n")
        return """
                        <tabBarController id="tabs" sceneMemberID="viewController">
                            <tabBar key="tabBar" contentMode="scaleToFill" id="tabbar">
                                <rect key="frame" x="129" y="330" width="163" height="49"/>
                            </tabBar>
                            <connections>
            \(segues)
                            </connections>
                        </tabBarController>
            """
    }

    func testATabBarControllersTabsComeFromItsChildren() throws {
        var scenes = IB.scene(tabController(["c0", "c1", "c2", "c3", "c4", "nav5"]))
        for index in 0..<5 {
            let item = index == 3 ? "" : index == 4 ? "<tabBarItem key=\"tabBarItem\" systemItem=\"favorites\" id=\"t4\"/>"
                : "<tabBarItem key=\"tabBarItem\" title=\"Tab \(index)\" image=\"tab\(index)\" id=\"t\(index)\"/>"
            scenes += IB.scene(IB.controller(id: "c\(index)", attributes: " title=\"C\(index)\"", subviews: "", extra: item))
        }
        scenes += IB.scene(navigationController("nav5", root: "c0").replacingOccurrences(
            of: "<connections>", with: "<tabBarItem key=\"tabBarItem\" title=\"More\" image=\"star\" catalog=\"system\" id=\"t5\"/>\n<connections>"))
        let text = IB.storyboard(scenes)
        let screens = IB.screens(text).map(\.screen)
        let tabBar = try XCTUnwrap(screens.first?.tabBar)
        XCTAssertEqual(tabBar.tabs.map(\.title), ["Tab 0", "Tab 1", "Tab 2", nil, "Favorites", "More"])
        XCTAssertEqual(tabBar.tabs.map(\.icon), [.custom("tab0"), .custom("tab1"), .custom("tab2"), nil, .system("favorites"), .system("star")])
        // A tab IB leaves blank is completed in code; a tab bar of six is too many on iPhone.
        let rules = IB.review(text).findings.map(\.rule)
        XCTAssertTrue(rules.contains("bars.tab-count"), "\(rules)")
        XCTAssertFalse(rules.contains("bars.tab-incomplete"), "\(rules)")
    }

    func testAStoryboardReferenceIsFollowedIntoTheOtherFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("higlint-ib-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("Base.lproj"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let settings = IB.storyboard(
            IB.scene(IB.controller(id: "first", attributes: " storyboardIdentifier=\"Other\"", subviews: "", extra: "<tabBarItem key=\"tabBarItem\" title=\"Other\" image=\"o\" id=\"to\"/>"))
                + IB.scene(IB.controller(id: "set", subviews: "", extra: "<tabBarItem key=\"tabBarItem\" title=\"Settings\" image=\"s\" id=\"ts\"/>")),
            initial: "set")
        try settings.write(to: directory.appendingPathComponent("Base.lproj/Settings.storyboard"), atomically: true, encoding: .utf8)
        let main = IB.storyboard(
            IB.scene(tabController(["ref-initial", "ref-named", "ref-missing"]))
                + IB.scene("<viewControllerPlaceholder storyboardName=\"Settings\" id=\"ref-initial\" sceneMemberID=\"viewController\"/>")
                + IB.scene("<viewControllerPlaceholder storyboardName=\"Settings\" referencedIdentifier=\"Other\" id=\"ref-named\" sceneMemberID=\"viewController\"/>")
                + IB.scene("<viewControllerPlaceholder storyboardName=\"Gone\" id=\"ref-missing\" sceneMemberID=\"viewController\"/>"))
        let path = directory.appendingPathComponent("Base.lproj/Main.storyboard").path
        guard case .imported(let file) = IB.importer.importScreens(
            from: Array(main.utf8), file: SpecFile(path: path, displayPath: "Main.storyboard"), options: ImportOptions())
        else { return XCTFail("skipped") }
        XCTAssertEqual(file.screens.map(\.screen.name), ["Main"], "a reference is reviewed in its own file")
        XCTAssertEqual(file.screens.first?.screen.tabBar?.tabs.map(\.title), ["Settings", "Other", nil])
        XCTAssertEqual(file.notes, [
            "Main.storyboard: the storyboard reference to Gone was not found beside it; its tab is reviewed without the item it shows",
        ])
    }

    func testWhatTheAppsFilesCannotSayIsNoted() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("higlint-ib-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("App.xcodeproj"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try "// !$*UTF8*$!\n{ objects = {\n".write(
            to: directory.appendingPathComponent("App.xcodeproj/project.pbxproj"), atomically: true, encoding: .utf8)
        let storyboard = directory.appendingPathComponent("Main.storyboard")
        try IB.storyboard(IB.scene(IB.controller(subviews: ""))).write(to: storyboard, atomically: true, encoding: .utf8)
        let result = IB.engine().review(SpecFile(path: storyboard.path, displayPath: "Main.storyboard"))
        XCTAssertEqual(result.notes.count, 1, "\(result.notes)")
        XCTAssertTrue(result.notes.first?.contains("project.pbxproj:") ?? false, "\(result.notes)")
        XCTAssertEqual(result.findings.map(\.rule), [], "the app's problem is not the storyboard's finding")
    }

    func testScreenNamesAndTheirOrder() throws {
        let scenes = [
            IB.controller(id: "a", attributes: " storyboardIdentifier=\"Login\" title=\"Ignored\"", subviews: ""),
            IB.controller(id: "b", attributes: " title=\"Ignored\"", subviews: "", extra: "<navigationItem key=\"navigationItem\" title=\"Profile\" id=\"n\"/>"),
            IB.controller(id: "c", attributes: " title=\"Help\" customClass=\"HelpViewController\"", subviews: ""),
            IB.controller(id: "d", attributes: " customClass=\"HelpViewController\"", subviews: ""),
            IB.controller(id: "e", subviews: ""),
        ].map(IB.scene).joined()
        XCTAssertEqual(IB.screens(IB.storyboard(scenes)).map(\.screen.name),
                       ["Login", "Profile", "Help", "HelpViewController", "Main e"])
        let twice = IB.scene(IB.controller(id: "x", attributes: " title=\"Same\"", subviews: ""))
            + IB.scene(IB.controller(id: "y", attributes: " title=\"Same\"", subviews: ""))
        XCTAssertEqual(IB.screens(IB.storyboard(twice)).map(\.screen.name), ["Same", "Same (y)"])
        XCTAssertEqual(IB.screens(IB.storyboard(IB.scene(IB.controller(id: "only", subviews: ""))), name: "App/Settings.storyboard").map(\.screen.name), ["Settings"])
    }

    func testXibTopLevelViewsAreScreens() throws {
        let owned = """
            <placeholder placeholderIdentifier="IBFilesOwner" id="owner" customClass="LoginViewController">
                <connections><outlet property="view" destination="root" id="o1"/></connections>
            </placeholder>
            <view contentMode="scaleToFill" id="root"><rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
            <subviews>\(IB.button("b", 10, 10, 30, 30))</subviews></view>
            <view contentMode="scaleToFill" customClass="BannerView" id="banner"><rect key="frame" x="0.0" y="0.0" width="320" height="60"/></view>
            """
        let xib = IB.xib(owned).replacingOccurrences(of: "<placeholder placeholderIdentifier=\"IBFilesOwner\" id=\"-1\" userLabel=\"File's Owner\"/>\n", with: "")
        let screens = IB.screens(xib, name: "Login.xib").map(\.screen)
        XCTAssertEqual(screens.map(\.name), ["LoginViewController", "BannerView"])
        XCTAssertEqual(screens.map(\.canvas), [Size(width: 375, height: 667), Size(width: 320, height: 60)])
        XCTAssertEqual(screens.first?.elements.first?.frame, Rect(x: 10, y: 10, width: 30, height: 30))
        let single = IB.xib("<tableViewCell id=\"cell\"><rect key=\"frame\" x=\"0.0\" y=\"0.0\" width=\"320\" height=\"44\"/></tableViewCell>")
        XCTAssertEqual(IB.screens(single, name: "Views/NoteCell.xib").map(\.screen.name), ["NoteCell"])
    }

    func testBarsLaidOutAsViewsAreTheScreensBars() throws {
        let bars = """
            <view contentMode="scaleToFill" id="root"><rect key="frame" x="0.0" y="0.0" width="375" height="667"/>
            <subviews>
              <navigationBar contentMode="scaleToFill" translucent="NO" id="nb"><rect key="frame" x="0" y="20" width="375" height="44"/>
                <items><navigationItem title="Notes" id="ni">
                  <segmentedControl key="titleView" id="seg"><rect key="frame" x="100" y="7" width="150" height="30"/></segmentedControl>
                  <barButtonItem key="rightBarButtonItem" systemItem="done" id="done"/>
                </navigationItem></items>
              </navigationBar>
              <toolbar contentMode="scaleToFill" id="tb"><rect key="frame" x="0" y="623" width="375" height="44"/>
                <items><barButtonItem title="Sort" id="sort"/><barButtonItem systemItem="flexibleSpace" id="flex"/><barButtonItem systemItem="trash" id="trash"/></items>
              </toolbar>
              <tabBar contentMode="scaleToFill" id="tab"><rect key="frame" x="0" y="618" width="375" height="49"/>
                <items><tabBarItem title="All" image="tray" catalog="system" badgeValue="3" id="t1"/><tabBarItem systemItem="search" id="t2"/></items>
              </tabBar>
            </subviews></view>
            """
        let screen = try XCTUnwrap(IB.screen(IB.xib(bars), name: "Bars.xib"))
        XCTAssertEqual(screen.elements.map(\.id), [], "bars are the screen's, not elements")
        XCTAssertEqual(screen.navigationBar?.title, "Notes")
        XCTAssertEqual(screen.navigationBar?.translucent, false)
        XCTAssertEqual(screen.navigationBar?.items.map(\.id), ["done", "seg"])
        XCTAssertEqual(screen.navigationBar?.items.map(\.type), [.button, .segmentedControl])
        XCTAssertEqual(screen.toolbar?.items.map(\.id), ["sort", "trash"])
        XCTAssertEqual(screen.toolbar?.translucent, true, "UIKit's default when IB says nothing")
        XCTAssertEqual(screen.tabBar?.tabs.map(\.title), ["All", "Search"])
        XCTAssertEqual(screen.tabBar?.tabs.map(\.badge), ["3", nil])
        XCTAssertEqual(screen.tabBar?.tabs.map(\.icon), [.system("tray"), .system("search")])
        XCTAssertTrue(IB.review(IB.xib(bars), name: "Bars.xib").findings.contains { $0.rule == "bars.nav-segmented-crowded" })
    }

    func testOtherPlatformsAndOldArchivesAreSkippedWithAReason() {
        let cases: [(String, String)] = [
            (IB.xib("", runtime: "MacOSX.Cocoa"), "macOS"),
            (IB.storyboard("", runtime: "AppleTV"), "tvOS"),
            (IB.storyboard("", runtime: "watchKit"), "watchOS"),
            ("<?xml version=\"1.0\"?>\n<archive type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\" version=\"7.10\"><data/></archive>\n", "Interface Builder 3"),
            ("<?xml version=\"1.0\"?>\n<plist version=\"1.0\"><dict/></plist>\n", "not an Interface Builder document"),
        ]
        for (text, words) in cases {
            let result = IB.review(text, name: "Old.xib")
            XCTAssertEqual(result.findings, [], words)
            XCTAssertTrue(result.skipped?.contains(words) ?? false, "\(String(describing: result.skipped))")
            XCTAssertEqual(result.screenCount, 0)
        }
        let report = IB.engine().report([IB.review(cases[0].0, name: "Mac.xib")])
        XCTAssertEqual(report.fileCount, 0)
        XCTAssertTrue(JSONReportWriter.write(report).contains("\"skipped\": [{\"file\": \"Mac.xib\", \"reason\": \"a macOS document"))
    }

    func testMalformedXMLIsAnIBSyntaxErrorAtItsPosition() throws {
        let text = IB.storyboard(IB.scene(IB.controller(subviews: "<label id=\"l\">\n<rect key=\"frame\" x=\"0\"/>\n")))
        let result = IB.review(text)
        XCTAssertEqual(result.findings.map(\.rule), ["ib.syntax"])
        let finding = try XCTUnwrap(result.findings.first)
        XCTAssertEqual(finding.severity, .error)
        XCTAssertTrue(finding.message.hasPrefix("not well-formed XML: "), finding.message)
        // libxml2 stops at the first end tag that closes something else than the open label.
        let closing = try XCTUnwrap(text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("</subviews>") })
        XCTAssertEqual(finding.line, closing + 1)
    }

    func testConfigSeverityAppliesToIBSyntax() {
        var config = Config()
        config.ruleSeverities["ib.syntax"] = .some(nil)
        XCTAssertEqual(IB.review("<document", config: config).findings, [])
    }

    func testLimitsAreSpecLimits() throws {
        var config = Config()
        config.limits.maxDepth = 1
        let deep = IB.review(IB.storyboard(IB.scene(IB.controller(subviews: ""))), config: config)
        XCTAssertEqual(deep.findings.map(\.rule), ["spec.limits"])
        XCTAssertTrue(deep.findings.first?.message.contains("limits.max_depth 1") ?? false)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("higlint-ib-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let big = directory.appendingPathComponent("Big.storyboard")
        try IB.storyboard(IB.scene(IB.controller(subviews: ""))).write(to: big, atomically: true, encoding: .utf8)
        var small = Config()
        small.limits.maxFileBytes = 100
        let result = IB.engine(small).review(SpecFile(path: big.path, displayPath: "Big.storyboard"))
        XCTAssertEqual(result.findings.map(\.rule), ["spec.limits"])
    }
}
