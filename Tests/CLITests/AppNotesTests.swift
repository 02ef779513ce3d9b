import Foundation
import TestSupport
import XCTest

/// What the app-facts reader could not read (a CocoaPods xcconfig before `pod install`) is
/// said once per run, with its path as findings name theirs, and not at all under --quiet.
final class AppNotesTests: XCTestCase {
    private static let project = """
        // !$*UTF8*$!
        {
        \tarchiveVersion = 1;
        \tobjectVersion = 56;
        \tobjects = {
        \t\tF1 = {isa = PBXFileReference; path = Main.storyboard; sourceTree = "<group>"; };
        \t\tF2 = {isa = PBXFileReference; path = Other.storyboard; sourceTree = "<group>"; };
        \t\tF5 = {isa = PBXFileReference; path = "Pods/Target Support Files/Pods-App/Pods-App.release.xcconfig"; sourceTree = SOURCE_ROOT; };
        \t\tG0 = {isa = PBXGroup; children = (G1, F5); sourceTree = "<group>"; };
        \t\tG1 = {isa = PBXGroup; children = (F1, F2); path = App; sourceTree = "<group>"; };
        \t\tB1 = {isa = PBXBuildFile; fileRef = F1; };
        \t\tB2 = {isa = PBXBuildFile; fileRef = F2; };
        \t\tR1 = {isa = PBXResourcesBuildPhase; files = (B1, B2, ); };
        \t\tT1 = {isa = PBXNativeTarget; buildConfigurationList = L1; buildPhases = (R1, ); name = App; productType = "com.apple.product-type.application"; };
        \t\tL1 = {isa = XCConfigurationList; buildConfigurations = (C1R, ); defaultConfigurationName = Release; };
        \t\tC1R = {isa = XCBuildConfiguration; baseConfigurationReference = F5; buildSettings = { TARGETED_DEVICE_FAMILY = 1; }; name = Release; };
        \t\tLP = {isa = XCConfigurationList; buildConfigurations = (CPR, ); defaultConfigurationName = Release; };
        \t\tCPR = {isa = XCBuildConfiguration; buildSettings = { }; name = Release; };
        \t\tP = {isa = PBXProject; buildConfigurationList = LP; mainGroup = G0; projectDirPath = ""; targets = (T1); };
        \t};
        \trootObject = P;
        }
        """

    func testAMissingXcconfigIsNotedOnceRelativeAndNotUnderQuiet() throws {
        let tree = try SpecTree()
        try tree.write("App.xcodeproj/project.pbxproj", Self.project)
        try tree.write("App/Main.storyboard", IBTestFiles.storyboard(screen: "Main"))
        try tree.write("App/Other.storyboard", IBTestFiles.storyboard(screen: "Other"))
        let outcome = try HiglintProcess.run(["check", ".", "--fail-on", "never"], in: tree.url)
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        let notes = outcome.stderr.split(separator: "\n").filter { $0.hasPrefix("higlint: note: ") }
        XCTAssertEqual(notes, [
            "higlint: note: Pods/Target Support Files/Pods-App/Pods-App.release.xcconfig: not found; the settings it would add are not known",
        ], outcome.stderr)
        let quiet = try HiglintProcess.run(["check", ".", "--fail-on", "never", "-q"], in: tree.url)
        XCTAssertEqual(quiet.stderr, "", "--quiet prints neither the summary nor the notes")
        XCTAssertEqual(quiet.stdout, outcome.stdout)
    }
}
