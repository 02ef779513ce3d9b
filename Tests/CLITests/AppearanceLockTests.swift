import Foundation
import TestSupport
import XCTest

/// An app whose Info.plist locks it to one appearance (`UIUserInterfaceStyle`) is reviewed in
/// that appearance alone, through the real binary and the app's own project and plist.
final class AppearanceLockTests: XCTestCase {
    private static let project = """
        // !$*UTF8*$!
        {
        \tarchiveVersion = 1;
        \tobjectVersion = 56;
        \tobjects = {
        \t\tF1 = {isa = PBXFileReference; path = Main.storyboard; sourceTree = "<group>"; };
        \t\tG0 = {isa = PBXGroup; children = (G1); sourceTree = "<group>"; };
        \t\tG1 = {isa = PBXGroup; children = (F1); path = App; sourceTree = "<group>"; };
        \t\tB1 = {isa = PBXBuildFile; fileRef = F1; };
        \t\tR1 = {isa = PBXResourcesBuildPhase; files = (B1, ); };
        \t\tT1 = {isa = PBXNativeTarget; buildConfigurationList = L1; buildPhases = (R1, ); name = App; productType = "com.apple.product-type.application"; };
        \t\tL1 = {isa = XCConfigurationList; buildConfigurations = (C1R, ); defaultConfigurationName = Release; };
        \t\tC1R = {isa = XCBuildConfiguration; buildSettings = { INFOPLIST_FILE = App/Info.plist; TARGETED_DEVICE_FAMILY = 1; }; name = Release; };
        \t\tLP = {isa = XCConfigurationList; buildConfigurations = (CPR, ); defaultConfigurationName = Release; };
        \t\tCPR = {isa = XCBuildConfiguration; buildSettings = { }; name = Release; };
        \t\tP = {isa = PBXProject; buildConfigurationList = LP; mainGroup = G0; projectDirPath = ""; targets = (T1); };
        \t};
        \trootObject = P;
        }
        """

    /// A fixed dark gray label on the root's system background: 7.4:1 in Light, 2.81:1 in Dark.
    private static let storyboard = IBTestFiles.storyboard(moreSubviews: [
        "<label opaque=\"NO\" text=\"Or\" id=\"or\">",
        "    <rect key=\"frame\" x=\"20\" y=\"300\" width=\"40\" height=\"21\"/>",
        "    <fontDescription key=\"fontDescription\" style=\"UICTFontTextStyleBody\"/>",
        "    <color key=\"textColor\" red=\"0.3333333333\" green=\"0.3333333333\" blue=\"0.3333333333\" alpha=\"1\" colorSpace=\"custom\" customColorSpace=\"sRGB\"/>",
        "</label>",
    ]).replacingOccurrences(of: "</view>", with: "<color key=\"backgroundColor\" systemColor=\"systemBackgroundColor\"/></view>")

    /// The same in SwiftUI: a fixed dark gray on the system background.
    private static let swiftUI = """
        import SwiftUI

        struct OrView: View {
            var body: some View {
                Text("Or").foregroundColor(Color(white: 0.333))
            }
        }
        """

    private func contrast(style: String?, file: String = "App/Main.storyboard", source: String = storyboard) throws -> [String] {
        let tree = try SpecTree()
        try tree.write("App.xcodeproj/project.pbxproj", Self.project)
        try tree.write(file, source)
        let key = style.map { "<key>UIUserInterfaceStyle</key><string>\($0)</string>" } ?? ""
        try tree.write("App/Info.plist", """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>CFBundleName</key><string>App</string>\(key)</dict></plist>
            """)
        let outcome = try HiglintProcess.run(["check", ".", "--fail-on", "never", "--quiet"], in: tree.url)
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        return outcome.stdout.split(separator: "\n").map(String.init).filter { $0.contains("[text.contrast]") }
    }

    func testAnAppLockedToLightIsNotReviewedInTheDarkAppearance() throws {
        let open = try contrast(style: nil)
        XCTAssertEqual(open.count, 1, "\(open)")
        XCTAssertTrue(open.first?.contains("#555555 on #000000 is 2.81:1, under 4.5:1 in the dark appearance") == true, "\(open)")
        XCTAssertEqual(try contrast(style: "Automatic"), open)
        XCTAssertEqual(try contrast(style: "Light"), [])
        let dark = try contrast(style: "Dark")
        XCTAssertEqual(dark.count, 1, "\(dark)")
        XCTAssertTrue(dark.first?.contains("#555555 on #000000 is 2.81:1, under 4.5:1 (IB label") == true, "\(dark)")
    }

    func testASwiftUIAppLockedToLightIsNotReviewedInTheDarkAppearance() throws {
        let open = try contrast(style: nil, file: "App/OrView.swift", source: Self.swiftUI)
        XCTAssertEqual(open.count, 1, "\(open)")
        XCTAssertTrue(open.first?.contains("#555555 on #000000 is 2.81:1, under 4.5:1") == true, "\(open)")
        XCTAssertEqual(try contrast(style: "Light", file: "App/OrView.swift", source: Self.swiftUI), [])
    }
}
