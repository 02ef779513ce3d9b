import Dispatch
import Foundation
import HiglintCore
@testable import XcodeAppFacts
import TestSupport
import XCTest

/// Small projects written for each test: an app target and a widget target, a storyboard
/// in a `Base.lproj` variant group, xibs in one, both or no target.
final class AppFactsLocatorTests: XCTestCase {
    private var root = ""

    override func setUpWithError() throws {
        root = try Self.temporaryDirectory()
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: root)
    }

    static func temporaryDirectory() throws -> String {
        var template = Array((NSTemporaryDirectory() + "appfacts.XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw CocoaError(.fileWriteUnknown) }
        return String(cString: made)
    }

    private func write(_ relative: String, _ text: String) throws {
        let path = root + "/" + relative
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        // Through a rename, as editors save: the file's identity changes with its content.
        let temporary = path + ".tmp"
        try text.write(toFile: temporary, atomically: false, encoding: .utf8)
        guard rename(temporary, path) == 0 else { throw CocoaError(.fileWriteUnknown) }
    }

    private func path(_ relative: String) -> String { root + "/" + relative }

    /// The project: `app` and `widget` are the two targets' Release settings, `appDebug` the
    /// app's Debug settings, `project` the project-level Release settings.
    private func writeProject(
        app: String, appDebug: String = "", widget: String = "", project: String = "", appBase: String = "",
        extraTargets: String = "", targets: String = "T1, T2", defaultName: String = "Release",
        mainGroup: String = "G1, G2, F5"
    ) throws {
        try write("App.xcodeproj/project.pbxproj", """
            // !$*UTF8*$!
            {
            \tarchiveVersion = 1;
            \tobjectVersion = 56;
            \tobjects = {
            \t\tF1 /* Main.storyboard */ = {isa = PBXVariantGroup; children = (F1B /* Base */, ); name = Main.storyboard; sourceTree = "<group>"; };
            \t\tF1B /* Base */ = {isa = PBXFileReference; lastKnownFileType = file.storyboard; name = Base; path = Base.lproj/Main.storyboard; sourceTree = "<group>"; };
            \t\tF2 = {isa = PBXFileReference; path = Card.xib; sourceTree = "<group>"; };
            \t\tF3 = {isa = PBXFileReference; path = Widget.xib; sourceTree = "<group>"; };
            \t\tF4 = {isa = PBXFileReference; path = Loose.xib; sourceTree = "<group>"; };
            \t\tF5 = {isa = PBXFileReference; path = App/App.xcconfig; sourceTree = SOURCE_ROOT; };
            \t\tG0 = {isa = PBXGroup; children = (\(mainGroup)); sourceTree = "<group>"; };
            \t\tG1 /* App */ = {isa = PBXGroup; children = (F1, F2, F4); path = App; sourceTree = "<group>"; };
            \t\tG2 = {isa = PBXGroup; children = (F3); path = Widget; sourceTree = "<group>"; };
            \t\tB1 = {isa = PBXBuildFile; fileRef = F1 /* Main.storyboard */; };
            \t\tB2 = {isa = PBXBuildFile; fileRef = F2; };
            \t\tB3 = {isa = PBXBuildFile; fileRef = F3; };
            \t\tB4 = {isa = PBXBuildFile; fileRef = F2; };
            \t\tR1 = {isa = PBXResourcesBuildPhase; files = (B1, B2, ); };
            \t\tR2 = {isa = PBXResourcesBuildPhase; files = (B3, B4, ); };
            \t\tS1 = {isa = PBXSourcesBuildPhase; files = (); };
            \t\tT1 = {isa = PBXNativeTarget; buildConfigurationList = L1; buildPhases = (S1, R1, ); name = App; productType = "com.apple.product-type.application"; };
            \t\tT2 = {isa = PBXNativeTarget; buildConfigurationList = L2; buildPhases = (R2, ); name = Widget; productType = "com.apple.product-type.app-extension"; };
            \(extraTargets)
            \t\tL1 = {isa = XCConfigurationList; buildConfigurations = (C1D, C1R, ); defaultConfigurationName = \(defaultName); };
            \t\tC1D = {isa = XCBuildConfiguration; buildSettings = { \(appDebug) }; name = Debug; };
            \t\tC1R = {isa = XCBuildConfiguration; \(appBase) buildSettings = { \(app) }; name = Release; };
            \t\tL2 = {isa = XCConfigurationList; buildConfigurations = (C2R, ); defaultConfigurationName = Release; };
            \t\tC2R = {isa = XCBuildConfiguration; buildSettings = { \(widget) }; name = Release; };
            \t\tLP = {isa = XCConfigurationList; buildConfigurations = (CPD, CPR, ); defaultConfigurationName = Release; };
            \t\tCPD = {isa = XCBuildConfiguration; buildSettings = { TARGETED_DEVICE_FAMILY = 1; }; name = Debug; };
            \t\tCPR = {isa = XCBuildConfiguration; buildSettings = { \(project) }; name = Release; };
            \t\tP = {isa = PBXProject; buildConfigurationList = LP; mainGroup = G0; projectDirPath = ""; targets = (\(targets)); };
            \t};
            \trootObject = P /* Project object */;
            }
            """)
    }

    private static func plist(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \(body)
        </dict>
        </plist>
        """
    }

    private static func orientations(_ key: String, _ names: [String]) -> String {
        "<key>\(key)</key><array>"
            + names.map { "<string>UIInterfaceOrientation\($0)</string>" }.joined() + "</array>"
    }

    private static let all: [Orientation] = [.portrait, .portraitUpsideDown, .landscapeLeft, .landscapeRight]
    private static let appSettings = #"INFOPLIST_FILE = "App/Info.plist"; TARGETED_DEVICE_FAMILY = "1,2";"#

    private func writeAppPlist(statusBar: String = "") throws {
        try write("App/Info.plist", Self.plist(
            Self.orientations("UISupportedInterfaceOrientations", ["Portrait", "LandscapeLeft"])
                + Self.orientations("UISupportedInterfaceOrientations~ipad",
                                    ["Portrait", "PortraitUpsideDown", "LandscapeLeft", "LandscapeRight"])
                + statusBar))
    }

    // MARK: - One target

    func testTheStoryboardOfABaseLprojVariantGroupHasItsTargetsFacts() throws {
        try writeProject(app: Self.appSettings, appDebug: "TARGETED_DEVICE_FAMILY = 1;")
        try writeAppPlist(statusBar: "<key>UIViewControllerBasedStatusBarAppearance</key><false/><key>UIStatusBarHidden</key><true/>")
        let locator = AppFactsLocator()
        let storyboard = path("App/Base.lproj/Main.storyboard")
        XCTAssertEqual(locator.facts(forDocumentAt: storyboard), AppFacts(
            device: .universal, orientations: [.portrait, .landscapeLeft], padOrientations: Self.all, statusBarHidden: true,
            inInfoPlist: [.orientations, .padOrientations, .statusBarHidden]))
        XCTAssertEqual(locator.sources(forDocumentAt: storyboard),
                       [path("App.xcodeproj/project.pbxproj"), path("App/Info.plist")])
        XCTAssertEqual(locator.notes(forDocumentAt: storyboard), [])
    }

    func testARelativePathFindsTheSameFacts() throws {
        try writeProject(app: Self.appSettings)
        try writeAppPlist()
        let relative = FileSystem.relative(path("App/Base.lproj/Main.storyboard"), to: FileSystem.currentDirectory())
        XCTAssertEqual(AppFactsLocator().facts(forDocumentAt: relative).device, .universal)
    }

    func testTheStatusBarIsKnownOnlyWhenViewControllersDoNotDecideIt() throws {
        try writeProject(app: Self.appSettings)
        let storyboard = path("App/Base.lproj/Main.storyboard")
        for (keys, expected) in [
            ("<key>UIStatusBarHidden</key><true/>", nil),
            ("<key>UIViewControllerBasedStatusBarAppearance</key><true/><key>UIStatusBarHidden</key><true/>", nil),
            ("<key>UIViewControllerBasedStatusBarAppearance</key><false/>", nil),
            ("<key>UIViewControllerBasedStatusBarAppearance</key><false/><key>UIStatusBarHidden</key><false/>", false),
            ("<key>UIViewControllerBasedStatusBarAppearance</key><string>NO</string><key>UIStatusBarHidden</key><true/>", true),
        ] as [(String, Bool?)] {
            try writeAppPlist(statusBar: keys)
            XCTAssertEqual(AppFactsLocator().facts(forDocumentAt: storyboard).statusBarHidden, expected, keys)
        }
    }

    func testPadOrientationsAreTheSharedListWhenThePlistHasNoIPadForm() throws {
        try writeProject(app: Self.appSettings)
        try write("App/Info.plist", Self.plist(
            Self.orientations("UISupportedInterfaceOrientations~iphone", ["Portrait"])
                + Self.orientations("UISupportedInterfaceOrientations", ["LandscapeLeft", "Sideways", "LandscapeLeft"])))
        let facts = AppFactsLocator().facts(forDocumentAt: path("App/Base.lproj/Main.storyboard"))
        XCTAssertEqual(facts.orientations, [.portrait])
        XCTAssertEqual(facts.padOrientations, [.landscapeLeft])
    }

    func testNoOrientationKeyLeavesOrientationsUnknown() throws {
        try writeProject(app: Self.appSettings)
        try write("App/Info.plist", Self.plist("<key>CFBundleName</key><string>App</string>"))
        XCTAssertEqual(AppFactsLocator().facts(forDocumentAt: path("App/Base.lproj/Main.storyboard")),
                       AppFacts(device: .universal))
    }

    // MARK: - Settings layers

    func testTheDeviceFamilyComesFromTheProjectWhenTheTargetDoesNotSetIt() throws {
        try writeProject(app: #"INFOPLIST_FILE = "$(SRCROOT)/App/Info.plist";"#,
                         project: "TARGETED_DEVICE_FAMILY = 2;")
        try writeAppPlist()
        let facts = AppFactsLocator().facts(forDocumentAt: path("App/Base.lproj/Main.storyboard"))
        XCTAssertEqual(facts.device, .ipad)
        XCTAssertEqual(facts.orientations, [.portrait, .landscapeLeft])
    }

    func testAnXcconfigAndItsIncludesSitBetweenTheTargetAndTheProject() throws {
        try writeProject(app: #"INFOPLIST_FILE = "$(PLIST_DIR)/Info.plist";"#, project: "TARGETED_DEVICE_FAMILY = 2;",
                         appBase: "baseConfigurationReference = F5;")
        try write("App/App.xcconfig", """
            // app settings
            #include "Shared.xcconfig"
            #include? "Local.xcconfig"
            PLIST_DIR = $(SRCROOT)/App
            """)
        try write("App/Shared.xcconfig", "TARGETED_DEVICE_FAMILY = 1 // iPhone only\nTARGETED_DEVICE_FAMILY[sdk=iphonesimulator*] = 2\n")
        try writeAppPlist()
        let locator = AppFactsLocator()
        let xib = path("App/Base.lproj/Main.storyboard")
        XCTAssertEqual(locator.facts(forDocumentAt: xib).device, .iphone)
        XCTAssertEqual(locator.facts(forDocumentAt: xib).orientations, [.portrait, .landscapeLeft])
        XCTAssertEqual(locator.notes(forDocumentAt: xib), [])
        XCTAssertEqual(locator.sources(forDocumentAt: xib), [
            path("App.xcodeproj/project.pbxproj"), path("App/App.xcconfig"), path("App/Info.plist"),
            path("App/Shared.xcconfig"),
        ])
        try write("App/Shared.xcconfig", "TARGETED_DEVICE_FAMILY = 1,2\n")
        XCTAssertEqual(locator.facts(forDocumentAt: xib).device, .universal)
        try write("App/Local.xcconfig", "TARGETED_DEVICE_FAMILY = 2\n")
        XCTAssertEqual(locator.facts(forDocumentAt: xib).device, .ipad)
    }

    /// The project keeps only its configurations once read, and finds which are based on an
    /// xcconfig by searching their text for the key first: a key written quoted, with an
    /// escape for one letter, or once more later in the object (the last one counts) is found
    /// as the plain one is.
    func testTheBaseConfigurationIsFoundHoweverItsKeyIsWritten() throws {
        try write("App/App.xcconfig", "TARGETED_DEVICE_FAMILY = 1\n")
        try write("App/Other.xcconfig", "TARGETED_DEVICE_FAMILY = 2\n")
        let spellings: [(base: String, device: Device, note: String)] = [
            ("baseConfigurationReference = F5;", .iphone, "plain"),
            (#""baseConfigurationReference" = F5;"#, .iphone, "quoted"),
            (#""base\U0043onfigurationReference" = F5;"#, .iphone, "an escaped letter"),
            // F6 is in no group, so its path is not known: the later entry, F5, must be the one read.
            (#"baseConfigurationReference = F6; "baseConfiguration\122eference" = F5;"#, .iphone, "a later octal escape"),
            // Xcode 16's: a path in a synchronized folder.
            ("baseConfigurationReferenceAnchor = Y1; baseConfigurationReferenceRelativePath = Other.xcconfig;", .ipad, "an anchor"),
            ("", .universal, "none"),
        ]
        for spelling in spellings {
            try writeProject(app: #"INFOPLIST_FILE = "App/Info.plist";"#, project: #"TARGETED_DEVICE_FAMILY = "1,2";"#,
                             appBase: spelling.base, extraTargets: """
                \t\tF6 = {isa = PBXFileReference; path = App/Other.xcconfig; sourceTree = SOURCE_ROOT; };
                \t\tY1 = {isa = PBXFileSystemSynchronizedRootGroup; path = App; sourceTree = "<group>"; };
                """, mainGroup: "G1, G2, F5, Y1")
            try writeAppPlist()
            let storyboard = path("App/Base.lproj/Main.storyboard")
            XCTAssertEqual(AppFactsLocator().facts(forDocumentAt: storyboard).device, spelling.device, spelling.note)
        }
    }

    func testAMissingXcconfigIsNotedAndTheOtherLayersStillCount() throws {
        try writeProject(app: Self.appSettings, appBase: "baseConfigurationReference = F5;")
        try writeAppPlist()
        let locator = AppFactsLocator()
        XCTAssertEqual(locator.facts(forDocumentAt: path("App/Base.lproj/Main.storyboard")).device, .universal)
        XCTAssertEqual(locator.notes(forDocumentAt: path("App/Base.lproj/Main.storyboard")).count, 1)
    }

    // MARK: - Nothing outside the project's folder

    /// A pull request's xcconfig that includes files of the machine and builds the plist
    /// path from what they hold: none is read, the facts they would give stay unknown, and no
    /// note prints a value that came from a setting.
    func testIncludesOutsideTheProjectAreNotReadAndNotesNameNoValue() throws {
        let secret = "SECRET_TOKEN_\(UUID().uuidString.prefix(8))"
        let outside = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: outside) }
        try "TOKEN = \(secret)\nTARGETED_DEVICE_FAMILY = 2\n".write(toFile: outside + "/leak.xcconfig", atomically: false, encoding: .utf8)
        try writeProject(app: #"INFOPLIST_FILE = "$(TOKEN)/Info.plist";"#, project: "TARGETED_DEVICE_FAMILY = 1;",
                         appBase: "baseConfigurationReference = F5;")
        try write("App/App.xcconfig", """
            #include "\(outside)/leak.xcconfig"
            #include "../../\((outside as NSString).lastPathComponent)/leak.xcconfig"
            #include "/proc/self/environ"
            #include "/dev/zero"
            #include "Link.xcconfig"
            """)
        // A link inside the folder that leads out is outside too.
        XCTAssertEqual(symlink(outside + "/leak.xcconfig", path("App/Link.xcconfig")), 0)
        let locator = AppFactsLocator()
        let storyboard = path("App/Base.lproj/Main.storyboard")
        let found = locator.lookUp(documentAt: storyboard)
        // TARGETED_DEVICE_FAMILY = 2 from outside would have made it an iPad app.
        XCTAssertEqual(found.facts.device, .iphone)
        XCTAssertEqual(found.facts.orientations, nil)
        XCTAssertFalse(found.sources.contains { $0.hasPrefix(outside) || $0.hasPrefix("/proc") || $0.hasPrefix("/dev") }, "\(found.sources)")
        XCTAssertEqual(found.notes.count, 5, found.notes.joined(separator: "\n"))
        for line in 1...5 {
            XCTAssertTrue(found.notes.contains(
                "\(path("App/App.xcconfig")):\(line): the #include names a file outside the project's folder; not read, so the settings it would add are not known"),
                found.notes.joined(separator: "\n"))
        }
        for note in found.notes {
            XCTAssertFalse(note.contains(secret), note)
            XCTAssertFalse(note.contains(outside), note)
        }
    }

    func testAnInfoPlistOrBaseConfigurationOutsideTheProjectIsNotRead() throws {
        let outside = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: outside) }
        try Self.plist(Self.orientations("UISupportedInterfaceOrientations", ["Portrait"]))
            .write(toFile: outside + "/Info.plist", atomically: false, encoding: .utf8)
        try writeProject(app: "INFOPLIST_FILE = \"\(outside)/Info.plist\"; TARGETED_DEVICE_FAMILY = 1;")
        let storyboard = path("App/Base.lproj/Main.storyboard")
        var found = AppFactsLocator().lookUp(documentAt: storyboard)
        XCTAssertEqual(found.facts, AppFacts(device: .iphone))
        XCTAssertEqual(found.notes, [
            "\(path("App.xcodeproj/project.pbxproj")): INFOPLIST_FILE of target \"App\" names a file outside the project's folder; not read, so the facts it would give are not known",
        ])
        try "TARGETED_DEVICE_FAMILY = 2\n".write(toFile: outside + "/Base.xcconfig", atomically: false, encoding: .utf8)
        try writeProject(app: "TARGETED_DEVICE_FAMILY = 1;", appBase: "baseConfigurationReference = F6;", extraTargets: """
            \t\tF6 = {isa = PBXFileReference; path = "\(outside)/Base.xcconfig"; sourceTree = "<absolute>"; };
            """, mainGroup: "G1, G2, F5, F6")
        found = AppFactsLocator().lookUp(documentAt: storyboard)
        XCTAssertEqual(found.facts.device, .iphone)
        XCTAssertEqual(found.notes, [
            "\(path("App.xcodeproj/project.pbxproj")): the base configuration file of \"Release\" lies outside the project's folder; not read, so the settings it would add are not known",
        ])
    }

    /// A plist path built from settings inside the project is read; when it cannot be, the
    /// note names the setting, not the path it expanded to.
    func testAnExpandedPlistPathIsNotPrinted() throws {
        try writeProject(app: #"INFOPLIST_FILE = "$(PLIST_NAME)"; PLIST_NAME = "App/Missing-Info.plist"; TARGETED_DEVICE_FAMILY = 1;"#)
        let found = AppFactsLocator().lookUp(documentAt: path("App/Base.lproj/Main.storyboard"))
        XCTAssertEqual(found.notes, [
            "\(path("App.xcodeproj/project.pbxproj")): the Info.plist that INFOPLIST_FILE of target \"App\" names could not be read; the facts it would give are not known",
        ])
    }

    func testAnUnresolvedVariableLeavesThePlistUnknown() throws {
        try writeProject(app: #"INFOPLIST_FILE = "$(NOWHERE)/Info.plist"; TARGETED_DEVICE_FAMILY = 1;"#)
        try writeAppPlist()
        XCTAssertEqual(AppFactsLocator().facts(forDocumentAt: path("App/Base.lproj/Main.storyboard")), AppFacts(device: .iphone))
    }

    func testWithoutADefaultConfigurationOnlyWhatEveryConfigurationSaysIsKept() throws {
        try writeProject(app: Self.appSettings, appDebug: #"INFOPLIST_FILE = "App/Info.plist"; TARGETED_DEVICE_FAMILY = 1;"#,
                         defaultName: "Missing")
        try writeAppPlist()
        XCTAssertEqual(AppFactsLocator().facts(forDocumentAt: path("App/Base.lproj/Main.storyboard")),
                       AppFacts(orientations: [.portrait, .landscapeLeft], padOrientations: Self.all,
                                inInfoPlist: [.orientations, .padOrientations]))
    }

    // MARK: - Generated Info.plist keys

    func testGeneratedKeysGiveTheFactsOfATargetWithoutAPlistFile() throws {
        try writeProject(app: Self.appSettings, widget: """
            GENERATE_INFOPLIST_FILE = YES; TARGETED_DEVICE_FAMILY = 2;
            INFOPLIST_KEY_UISupportedInterfaceOrientations_iPad = "UIInterfaceOrientationPortrait UIInterfaceOrientationLandscapeRight";
            INFOPLIST_KEY_UIViewControllerBasedStatusBarAppearance = NO; INFOPLIST_KEY_UIStatusBarHidden = YES;
            """)
        XCTAssertEqual(AppFactsLocator().facts(forDocumentAt: path("Widget/Widget.xib")), AppFacts(
            device: .ipad, orientations: nil, padOrientations: [.portrait, .landscapeRight], statusBarHidden: true))
    }

    func testGeneratedKeysCountOnlyWhenThePlistIsGenerated() throws {
        try writeProject(app: Self.appSettings, widget: """
            TARGETED_DEVICE_FAMILY = 2; INFOPLIST_KEY_UISupportedInterfaceOrientations = UIInterfaceOrientationPortrait;
            """)
        XCTAssertEqual(AppFactsLocator().facts(forDocumentAt: path("Widget/Widget.xib")), AppFacts(device: .ipad))
    }

    func testAGeneratedKeyAndThePlistFileThatDisagreeLeaveTheFactUnknown() throws {
        try writeProject(app: Self.appSettings + """
            GENERATE_INFOPLIST_FILE = YES;
            INFOPLIST_KEY_UISupportedInterfaceOrientations = UIInterfaceOrientationPortrait;
            "INFOPLIST_KEY_UISupportedInterfaceOrientations~ipad" = "UIInterfaceOrientationPortrait UIInterfaceOrientationPortraitUpsideDown UIInterfaceOrientationLandscapeLeft UIInterfaceOrientationLandscapeRight";
            """)
        try writeAppPlist()
        let facts = AppFactsLocator().facts(forDocumentAt: path("App/Base.lproj/Main.storyboard"))
        XCTAssertNil(facts.orientations)
        XCTAssertEqual(facts.padOrientations, Self.all)
        XCTAssertEqual(facts.inInfoPlist, [.padOrientations], "the file and the setting agree on the iPad list")
    }

    func testUIRequiresFullScreenIsReadFromThePlistAndFromItsGeneratedKey() throws {
        try writeProject(app: Self.appSettings)
        try writeAppPlist(statusBar: "<key>UIRequiresFullScreen</key><true/>")
        let storyboard = path("App/Base.lproj/Main.storyboard")
        XCTAssertEqual(AppFactsLocator().facts(forDocumentAt: storyboard).requiresFullScreen, true)
        try writeProject(app: #"TARGETED_DEVICE_FAMILY = "1,2"; GENERATE_INFOPLIST_FILE = YES; INFOPLIST_KEY_UIRequiresFullScreen = NO;"#)
        XCTAssertEqual(AppFactsLocator().facts(forDocumentAt: storyboard).requiresFullScreen, false)
        try writeProject(app: Self.appSettings)
        try writeAppPlist()
        XCTAssertNil(AppFactsLocator().facts(forDocumentAt: storyboard).requiresFullScreen, "not written: unknown")
    }

    func testFactsOnlyAGeneratedKeyGivesAreNotTheInfoPlistFilesToReport() throws {
        try writeProject(app: #"TARGETED_DEVICE_FAMILY = "1,2"; GENERATE_INFOPLIST_FILE = YES; INFOPLIST_KEY_UISupportedInterfaceOrientations = UIInterfaceOrientationPortrait;"#)
        let facts = AppFactsLocator().facts(forDocumentAt: path("App/Base.lproj/Main.storyboard"))
        XCTAssertEqual(facts.orientations, [.portrait])
        XCTAssertEqual(facts.inInfoPlist, [])
    }

    // MARK: - The appearance

    func testUIUserInterfaceStyleLocksTheAppToOneAppearance() throws {
        try writeProject(app: Self.appSettings)
        let cases: [(String, Appearance?)] = [("Light", .light), ("Dark", .dark), ("Automatic", nil), ("light", nil)]
        for (value, expected) in cases {
            try write("App/Info.plist", Self.plist("<key>UIUserInterfaceStyle</key><string>\(value)</string>"))
            XCTAssertEqual(AppFactsLocator().facts(forDocumentAt: path("App/Base.lproj/Main.storyboard")).interfaceStyle, expected, value)
        }
        try write("App/Info.plist", Self.plist(""))
        XCTAssertNil(AppFactsLocator().facts(forDocumentAt: path("App/Base.lproj/Main.storyboard")).interfaceStyle)
    }

    func testTheGeneratedInterfaceStyleKeyCountsAndADisagreementIsUnknown() throws {
        try writeProject(app: Self.appSettings, widget: """
            GENERATE_INFOPLIST_FILE = YES; TARGETED_DEVICE_FAMILY = 2; INFOPLIST_KEY_UIUserInterfaceStyle = Dark;
            """)
        XCTAssertEqual(AppFactsLocator().facts(forDocumentAt: path("Widget/Widget.xib")).interfaceStyle, .dark)
        try writeProject(app: Self.appSettings + "GENERATE_INFOPLIST_FILE = YES; INFOPLIST_KEY_UIUserInterfaceStyle = Dark;")
        try write("App/Info.plist", Self.plist("<key>UIUserInterfaceStyle</key><string>Light</string>"))
        XCTAssertNil(AppFactsLocator().facts(forDocumentAt: path("App/Base.lproj/Main.storyboard")).interfaceStyle)
    }

    // MARK: - Membership

    func testAFileInTwoTargetsKeepsOnlyWhatBothSay() throws {
        try writeProject(app: Self.appSettings, widget: "TARGETED_DEVICE_FAMILY = 2;")
        try writeAppPlist()
        XCTAssertEqual(AppFactsLocator().facts(forDocumentAt: path("App/Card.xib")), .unknown)
        try writeProject(app: Self.appSettings, widget: #"INFOPLIST_FILE = "App/Info.plist"; TARGETED_DEVICE_FAMILY = "2,1";"#)
        XCTAssertEqual(AppFactsLocator().facts(forDocumentAt: path("App/Card.xib")), AppFacts(
            device: .universal, orientations: [.portrait, .landscapeLeft], padOrientations: Self.all,
            inInfoPlist: [.orientations, .padOrientations]))
    }

    func testAFileInNoTargetOfSeveralIsUnknown() throws {
        try writeProject(app: Self.appSettings)
        try writeAppPlist()
        XCTAssertEqual(AppFactsLocator().facts(forDocumentAt: path("App/Loose.xib")), .unknown)
        XCTAssertEqual(AppFactsLocator().facts(forDocumentAt: path("App/Elsewhere/Unknown.xib")), .unknown)
    }

    func testAFileInNoTargetOfAProjectWithOneTargetBelongsToIt() throws {
        try writeProject(app: Self.appSettings, targets: "T1")
        try writeAppPlist()
        XCTAssertEqual(AppFactsLocator().facts(forDocumentAt: path("App/Loose.xib")).device, .universal)
    }

    func testASynchronizedFolderGivesItsFilesToItsTargetsSaveTheExceptions() throws {
        try writeProject(app: Self.appSettings, extraTargets: """
            \t\tT3 = {isa = PBXNativeTarget; buildConfigurationList = L1; buildPhases = (); fileSystemSynchronizedGroups = (Y1, ); name = Synced; };
            \t\tY1 = {isa = PBXFileSystemSynchronizedRootGroup; exceptions = (X1, ); path = Synced; sourceTree = "<group>"; };
            \t\tX1 = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (Views/Left.xib, ); target = T3; };
            \t\tG3 = {isa = PBXGroup; children = (G0, Y1); sourceTree = "<group>"; };
            """, targets: "T1, T2, T3")
        // The synchronized folder hangs from a second root group, which the project names.
        let text = try String(contentsOfFile: path("App.xcodeproj/project.pbxproj"), encoding: .utf8)
        try write("App.xcodeproj/project.pbxproj", text.replacingOccurrences(of: "mainGroup = G0;", with: "mainGroup = G3;"))
        try writeAppPlist()
        let locator = AppFactsLocator()
        XCTAssertEqual(locator.facts(forDocumentAt: path("Synced/Views/Right.xib")).device, .universal)
        XCTAssertEqual(locator.facts(forDocumentAt: path("Synced/Views/Left.xib")), .unknown)
    }

    // MARK: - Bad and missing input

    func testABinaryPlistLeavesItsFactsUnknownAndSaysSo() throws {
        try writeProject(app: Self.appSettings)
        try write("App/Info.plist", "bplist00\u{1}\u{2}")
        let locator = AppFactsLocator()
        XCTAssertEqual(locator.facts(forDocumentAt: path("App/Base.lproj/Main.storyboard")), AppFacts(device: .universal))
        XCTAssertTrue(locator.notes(forDocumentAt: path("App/Base.lproj/Main.storyboard")).contains { $0.contains("binary") })
    }

    func testAMalformedPlistIsNotedWithItsLine() throws {
        try writeProject(app: Self.appSettings)
        try write("App/Info.plist", "<plist>\n<dict>\n<key>A</key><string>x</string>\n</plist>\n")
        let locator = AppFactsLocator()
        XCTAssertEqual(locator.facts(forDocumentAt: path("App/Base.lproj/Main.storyboard")), AppFacts(device: .universal))
        XCTAssertEqual(locator.notes(forDocumentAt: path("App/Base.lproj/Main.storyboard")).first?.hasPrefix(path("App/Info.plist") + ":4:"), true)
    }

    func testABrokenProjectFileIsUnknownWithItsPosition() throws {
        try write("App.xcodeproj/project.pbxproj", "// !$*UTF8*$!\n{\n\tobjects = {\n\t\tA = {isa = PBXGroup\n")
        let locator = AppFactsLocator()
        XCTAssertEqual(locator.facts(forDocumentAt: path("App/Base.lproj/Main.storyboard")), .unknown)
        XCTAssertEqual(locator.notes(forDocumentAt: path("App/Base.lproj/Main.storyboard")).count, 1)
        XCTAssertEqual(locator.notes(forDocumentAt: path("App/Base.lproj/Main.storyboard")).first?.hasPrefix(path("App.xcodeproj/project.pbxproj") + ":"), true)
    }

    func testADocumentWithNoProjectAboveItIsUnknown() throws {
        let locator = AppFactsLocator()
        XCTAssertEqual(locator.facts(forDocumentAt: path("Loose/View.xib")), .unknown)
        XCTAssertEqual(locator.sources(forDocumentAt: path("Loose/View.xib")), [])
    }

    // MARK: - The cache

    func testAnEditedPlistOrProjectIsReadAgain() throws {
        try writeProject(app: Self.appSettings)
        try writeAppPlist()
        let locator = AppFactsLocator()
        let xib = path("App/Base.lproj/Main.storyboard")
        XCTAssertEqual(locator.facts(forDocumentAt: xib).orientations, [.portrait, .landscapeLeft])
        try write("App/Info.plist", Self.plist(Self.orientations("UISupportedInterfaceOrientations", ["LandscapeRight"])))
        XCTAssertEqual(locator.facts(forDocumentAt: xib).orientations, [.landscapeRight])
        try writeProject(app: #"INFOPLIST_FILE = "App/Info.plist"; TARGETED_DEVICE_FAMILY = 2;"#)
        XCTAssertEqual(locator.facts(forDocumentAt: xib).device, .ipad)
    }

    /// Documents in one directory share the walk up to the project; a project made or
    /// removed later on that walk is seen by each of them, first asked or asked again.
    func testAProjectMadeOrRemovedAboveAWalkedDirectoryIsSeen() throws {
        try writeAppPlist()
        let locator = AppFactsLocator()
        let main = path("App/Base.lproj/Main.storyboard")
        let other = path("App/Base.lproj/Other.storyboard")
        XCTAssertEqual(locator.facts(forDocumentAt: main), .unknown)
        try writeProject(app: Self.appSettings)
        XCTAssertEqual(locator.facts(forDocumentAt: other), AppFactsLocator().facts(forDocumentAt: other))
        XCTAssertEqual(locator.sources(forDocumentAt: other), [path("App.xcodeproj/project.pbxproj")])
        XCTAssertEqual(locator.facts(forDocumentAt: main).device, .universal)
        XCTAssertEqual(locator.sources(forDocumentAt: main), [path("App.xcodeproj/project.pbxproj"), path("App/Info.plist")])
        // A project nearer the documents than the first one takes over, for both.
        let near = path("App/Base.lproj/Near.xcodeproj/project.pbxproj")
        try write("App/Base.lproj/Near.xcodeproj/project.pbxproj", "{ objects = { P = {isa = PBXProject; targets = (); }; }; rootObject = P; }")
        XCTAssertEqual(locator.facts(forDocumentAt: main), .unknown)
        XCTAssertEqual(locator.sources(forDocumentAt: other), [near])
        XCTAssertEqual(locator.sources(forDocumentAt: main), [near])
        try FileManager.default.removeItem(atPath: path("App/Base.lproj/Near.xcodeproj"))
        XCTAssertEqual(locator.facts(forDocumentAt: main).device, .universal)
        try FileManager.default.removeItem(atPath: path("App.xcodeproj"))
        XCTAssertEqual(locator.facts(forDocumentAt: other), .unknown)
        XCTAssertEqual(locator.facts(forDocumentAt: main), .unknown)
        XCTAssertEqual(locator.sources(forDocumentAt: main), [])
    }

    /// One pass over a tree looks at each file once: what it saw first is what it answers
    /// with, edits and removals after that included; a new locator sees the files as they are.
    func testALocatorThatLooksOnceKeepsWhatItFirstSaw() throws {
        try writeProject(app: Self.appSettings, appBase: "baseConfigurationReference = F5;")
        try writeAppPlist()
        let locator = AppFactsLocator(looks: .once)
        let main = path("App/Base.lproj/Main.storyboard")
        let card = path("App/Card.xib")
        let cardAsItWas = AppFactsLocator().lookUp(documentAt: card)
        let first = locator.lookUp(documentAt: main)
        XCTAssertEqual(first.facts.orientations, [.portrait, .landscapeLeft])
        XCTAssertEqual(first.notes.count, 1, "the missing xcconfig")
        try write("App/Info.plist", Self.plist(Self.orientations("UISupportedInterfaceOrientations", ["LandscapeRight"])))
        try write("App/App.xcconfig", "TARGETED_DEVICE_FAMILY = 2\n")
        let again = locator.lookUp(documentAt: main)
        XCTAssertEqual(again.facts, first.facts)
        XCTAssertEqual(again.notes, first.notes)
        XCTAssertEqual(again.sources, first.sources)
        // A document not asked about before gets its answer from what was seen, too.
        try FileManager.default.removeItem(atPath: path("App.xcodeproj"))
        let cardNow = locator.lookUp(documentAt: card)
        XCTAssertEqual(cardNow.facts, cardAsItWas.facts)
        XCTAssertEqual(cardNow.sources, cardAsItWas.sources)
        XCTAssertEqual(AppFactsLocator(looks: .once).lookUp(documentAt: card).sources, [])
    }

    /// Directories listed already in the run (by the discovery) are taken as the locator's
    /// look at them when it looks once, and listed again by one that looks every time.
    func testALocatorThatLooksOnceTakesDirectoriesListedAlready() throws {
        try writeProject(app: Self.appSettings)
        try writeAppPlist()
        let main = path("App/Base.lproj/Main.storyboard")
        let listed = [root: [String](), path("App"): [], path("App/Base.lproj"): []]
        XCTAssertEqual(AppFactsLocator(looks: .once, listed: listed).lookUp(documentAt: main).sources, [])
        XCTAssertEqual(AppFactsLocator(looks: .everyTime, listed: listed).facts(forDocumentAt: main).device, .universal)
        let named = [root: ["App.xcodeproj", "Other.xcodeproj"], path("App"): [], path("App/Base.lproj"): []]
        let found = AppFactsLocator(looks: .once, listed: named).lookUp(documentAt: main)
        XCTAssertEqual(found.facts, AppFactsLocator().facts(forDocumentAt: main))
        XCTAssertEqual(found.sources, AppFactsLocator().sources(forDocumentAt: main))
    }

    /// Looking once changes how often the files are looked at, never what is found in them.
    func testLookingOnceAnswersAsLookingEveryTime() throws {
        try writeProject(app: Self.appSettings, widget: "TARGETED_DEVICE_FAMILY = 2;", appBase: "baseConfigurationReference = F5;")
        try writeAppPlist()
        try write("App/App.xcconfig", "#include \"Shared.xcconfig\"\n#include? \"Local.xcconfig\"\n")
        try write("App/Shared.xcconfig", "TARGETED_DEVICE_FAMILY = 1,2\n")
        var documents = ["App/Base.lproj/Main.storyboard", "App/Card.xib", "App/Loose.xib", "Widget/Widget.xib",
                         "App/Elsewhere/Unknown.xib", "Loose/View.xib"].map(path)
        let app = TestFixtures.simplenote.path
        documents += ["Simplenote/Classes/SPAuthViewController.xib", "Simplenote/NoticeView.xib",
                      "SimplenoteShare/Base.lproj/MainInterface.storyboard"].map { app + "/" + $0 }
        let everyTime = AppFactsLocator()
        let once = AppFactsLocator(looks: .once)
        for _ in 0..<2 {
            for document in documents {
                let expected = everyTime.lookUp(documentAt: document)
                let found = once.lookUp(documentAt: document)
                XCTAssertEqual(found.facts, expected.facts, document)
                XCTAssertEqual(found.notes, expected.notes, document)
                XCTAssertEqual(found.sources, expected.sources, document)
            }
        }
    }

    func testManyThreadsAskingALocatorThatLooksOnceGetTheSameAnswer() throws {
        try writeProject(app: Self.appSettings, widget: "TARGETED_DEVICE_FAMILY = 2;")
        try writeAppPlist()
        assertManyThreadsGetTheSameAnswers(
            from: AppFactsLocator(looks: .once),
            for: ["App/Base.lproj/Main.storyboard", "Widget/Widget.xib", "App/Loose.xib", "App/Card.xib"])
    }

    func testManyThreadsAskingAtOnceGetTheSameAnswer() throws {
        try writeProject(app: Self.appSettings, widget: "TARGETED_DEVICE_FAMILY = 2;")
        try writeAppPlist()
        assertManyThreadsGetTheSameAnswers(
            from: AppFactsLocator(),
            for: ["App/Base.lproj/Main.storyboard", "App/Base.lproj/Main.storyboard", "Widget/Widget.xib", "App/Loose.xib"])
    }

    /// 64 threads ask `locator` about `documents` at once; each answer is a fresh locator's.
    private func assertManyThreadsGetTheSameAnswers(
        from locator: AppFactsLocator, for documents: [String], file: StaticString = #filePath, line: UInt = #line
    ) {
        let files = documents.map(path)
        let expected = files.map { AppFactsLocator().facts(forDocumentAt: $0) }
        let answers = Answers(count: 64)
        DispatchQueue.concurrentPerform(iterations: 64) { index in
            answers.set(index, locator.facts(forDocumentAt: files[index % files.count]))
        }
        for index in 0..<64 { XCTAssertEqual(answers.get(index), expected[index % files.count], file: file, line: line) }
    }

    // MARK: - The real app

    func testSimplenoteAppAndShareExtension() throws {
        let app = TestFixtures.simplenote.path
        XCTAssertEqual(FileSystem.kind(at: app), .directory, app)
        let locator = AppFactsLocator()
        let appFacts = AppFacts(
            device: .universal, orientations: Self.all, padOrientations: Self.all, statusBarHidden: nil,
            inInfoPlist: [.orientations, .padOrientations])
        for document in ["Simplenote/Classes/SPAuthViewController.xib", "Simplenote/Resources/LaunchScreen.storyboard",
                         "Simplenote/Classes/PinLock/PinLockViewController.xib"] {
            XCTAssertEqual(locator.facts(forDocumentAt: app + "/" + document), appFacts, document)
        }
        XCTAssertEqual(locator.sources(forDocumentAt: app + "/Simplenote/NoticeView.xib"), [
            app + "/Simplenote.xcodeproj/project.pbxproj", app + "/Simplenote/Supporting Files/Simplenote-Info.plist",
        ])
        // The extension's Info.plist is not in the fixture: only the project's device family is known.
        for document in ["SimplenoteShare/Base.lproj/MainInterface.storyboard",
                         "SimplenoteShare/ViewControllers/ShareViewController.xib"] {
            XCTAssertEqual(locator.facts(forDocumentAt: app + "/" + document), AppFacts(device: .universal), document)
        }
    }
}

/// Results written by many threads, each to its own slot.
private final class Answers: @unchecked Sendable {
    private var values: [AppFacts?]
    private let lock = NSLock()

    init(count: Int) { values = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: AppFacts) { lock.withLock { values[index] = value } }
    func get(_ index: Int) -> AppFacts? { lock.withLock { values[index] } }
}
