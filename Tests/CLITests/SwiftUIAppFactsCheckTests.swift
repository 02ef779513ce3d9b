#if HIGLINT_SWIFTUI
import Foundation
import TestSupport
import XCTest

/// A SwiftUI app's orientations and hidden status bar are the app's: when its Info.plist
/// file says them, `check` reports them once, at the plist's key, as for Interface Builder,
/// not again on every SwiftUI screen. What only an `INFOPLIST_KEY_*` setting says has no
/// such line and stays on the screens.
final class SwiftUIAppFactsCheckTests: XCTestCase {
    static func project(settings: String) -> String {
        """
        // !$*UTF8*$!
        {
        \tarchiveVersion = 1;
        \tobjectVersion = 56;
        \tobjects = {
        \t\tF1 = {isa = PBXFileReference; path = Home.swift; sourceTree = "<group>"; };
        \t\tG0 = {isa = PBXGroup; children = (G1); sourceTree = "<group>"; };
        \t\tG1 = {isa = PBXGroup; children = (F1); path = App; sourceTree = "<group>"; };
        \t\tB1 = {isa = PBXBuildFile; fileRef = F1; };
        \t\tS1 = {isa = PBXSourcesBuildPhase; files = (B1, ); };
        \t\tT1 = {isa = PBXNativeTarget; buildConfigurationList = L1; buildPhases = (S1, ); name = App; productType = "com.apple.product-type.application"; };
        \t\tL1 = {isa = XCConfigurationList; buildConfigurations = (C1R, ); defaultConfigurationName = Release; };
        \t\tC1R = {isa = XCBuildConfiguration; buildSettings = { \(settings) }; name = Release; };
        \t\tLP = {isa = XCConfigurationList; buildConfigurations = (CPR, ); defaultConfigurationName = Release; };
        \t\tCPR = {isa = XCBuildConfiguration; buildSettings = { }; name = Release; };
        \t\tP = {isa = PBXProject; buildConfigurationList = LP; mainGroup = G0; projectDirPath = ""; targets = (T1); };
        \t};
        \trootObject = P;
        }
        """
    }

    static let plist = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>UIRequiresFullScreen</key>
        \t<true/>
        \t<key>UIViewControllerBasedStatusBarAppearance</key>
        \t<false/>
        \t<key>UIStatusBarHidden</key>
        \t<true/>
        \t<key>UISupportedInterfaceOrientations</key>
        \t<array>
        \t\t<string>UIInterfaceOrientationPortrait</string>
        \t\t<string>UIInterfaceOrientationLandscapeLeft</string>
        \t</array>
        </dict>
        </plist>

        """

    /// Two screens, so that a fact applied per screen would show twice.
    static let home = """
        import SwiftUI

        struct Home: View {
            var body: some View {
                Text("Home").navigationTitle("Home")
            }
        }

        struct Settings: View {
            var body: some View {
                Text("Settings").navigationTitle("Settings")
            }
        }

        """

    func testTheInfoPlistsFactsAreReportedOnceAtItsKeysNotOnEachSwiftUIScreen() throws {
        let tree = try SpecTree()
        try tree.write("App.xcodeproj/project.pbxproj", Self.project(settings: #"INFOPLIST_FILE = App/Info.plist; TARGETED_DEVICE_FAMILY = "1,2";"#))
        try tree.write("App/Info.plist", Self.plist)
        try tree.write("App/Home.swift", Self.home)
        let outcome = try HiglintProcess.run(["check", "."], in: tree.url)
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        // Nothing on Home.swift: the iPhone and the iPad screen of the plist each answer for their list.
        XCTAssertEqual(outcome.stdout, """
            App/Info.plist:9:2: warning: UIStatusBarHidden is YES: the status bar is hidden on every screen (kind: standard); only games and full-screen media should hide it [bars.status-bar-hidden]
            App/Info.plist:11:2: info: UISupportedInterfaceOrientations lists 2 of 4 orientations; missing UIInterfaceOrientationPortraitUpsideDown, UIInterfaceOrientationLandscapeRight\(Self.fullScreenNote) [orientation.ipad-all]
            App/Info.plist:11:2: warning: UISupportedInterfaceOrientations lists UIInterfaceOrientationLandscapeLeft but not UIInterfaceOrientationLandscapeRight; people hold the device either way [orientation.missing-variant]
            App/Info.plist:11:2: warning: UISupportedInterfaceOrientations lists UIInterfaceOrientationLandscapeLeft but not UIInterfaceOrientationLandscapeRight; people hold the device either way [orientation.missing-variant]

            """)
        XCTAssertEqual(outcome.stderr, "2 files, 4 screens: 0 errors, 3 warnings, 1 info\n")
    }

    static let fullScreenNote = "; the app sets UIRequiresFullScreen, which opts out of iPad multitasking (Split View, Slide Over) and so lets it ship with fewer orientations, but the guideline still asks for all four"

    func testFactsOnlyABuildSettingGivesStayOnTheScreens() throws {
        let tree = try SpecTree()
        try tree.write("App.xcodeproj/project.pbxproj", Self.project(settings: """
            GENERATE_INFOPLIST_FILE = YES; TARGETED_DEVICE_FAMILY = 2; INFOPLIST_KEY_UIRequiresFullScreen = YES;
            INFOPLIST_KEY_UISupportedInterfaceOrientations = "UIInterfaceOrientationPortrait UIInterfaceOrientationPortraitUpsideDown";
            """))
        try tree.write("App/Home.swift", Self.home)
        let outcome = try HiglintProcess.run(["check", "."], in: tree.url)
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        let lines = outcome.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 2, outcome.stdout)
        XCTAssertTrue(lines.allSatisfy { $0.hasSuffix("\(Self.fullScreenNote) [orientation.ipad-all]") }, outcome.stdout)
        XCTAssertEqual(lines.map { $0.prefix { $0 != ":" } }, ["App/Home.swift", "App/Home.swift"])
    }
}
#endif
