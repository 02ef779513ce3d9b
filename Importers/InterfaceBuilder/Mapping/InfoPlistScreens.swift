import HiglintCore
import XcodeAppFacts

/// An app's Info.plist as the screens of the app's facts: one for iPhone and one for iPad
/// where the app runs there, each with the orientations the file lists for that device and,
/// once, its hidden status bar. A fact of the app is reported here, once, at its key; the IB
/// screens, which all share it, hold the rules about it back.
enum InfoPlistScreens {
    /// The rules about what the Info.plist decides for every screen.
    static let appRules = ["orientation.ipad-all", "orientation.missing-variant", "bars.status-bar-hidden"]

    static func isInfoPlist(_ path: String) -> Bool { path.hasSuffix("Info.plist") }

    static func imported(_ bytes: [UInt8], file: SpecFile, appFacts: AppFactsLocator) -> ImportResult {
        guard let plist = InfoPlistFacts.read(bytes) else {
            return .skipped(reason: "not an XML property list with a dictionary at the top (a binary one is not read)")
        }
        let found = appFacts.lookUp(documentAt: file.path)
        let device = found.facts.device
        let base = InterfaceBuilderImporter.baseName(of: file.displayPath)
        let start = Mark(line: 1, column: 1)
        var screens: [ImportedScreen] = []
        var statusBarTaken = false
        let onPhone = device?.includesIPhone ?? true
        let onPad = device?.includesIPad == true || plist.hasPadOrientations
        for (member, orientations, keys) in [
            (Device.iphone, plist.facts.orientations, ["UISupportedInterfaceOrientations~iphone", "UISupportedInterfaceOrientations"]),
            (Device.ipad, plist.facts.padOrientations, ["UISupportedInterfaceOrientations~ipad", "UISupportedInterfaceOrientations"]),
        ] where member == .iphone ? onPhone : onPad {
            let orientationKey = keys.first { plist.marks[$0] != nil }
            let hidesStatusBar = plist.facts.statusBarHidden == true && !statusBarTaken
            guard orientations != nil || hidesStatusBar else { continue }
            var screen = Screen(device: member, canvas: DeviceFacts.defaultCanvas(for: member))
            screen.name = "\(base) (\(member == .iphone ? "iPhone" : "iPad"))"
            var marks = ModelAdapter.marks(screen: orientationKey.flatMap { plist.marks[$0] } ?? start, parent: nil, navigationBar: nil)
            var ignored = ["spec.duplicate-screen"]
            if let orientations, let orientationKey, let mark = plist.marks[orientationKey] {
                screen.orientations = orientations
                marks.record(.orientations, key: mark, value: mark)
            } else {
                ignored += ["orientation.ipad-all", "orientation.missing-variant"]
            }
            screen.marks = marks
            if hidesStatusBar {
                statusBarTaken = true
                let mark = plist.marks["UIStatusBarHidden"] ?? start
                var statusBar = StatusBar(marks: ModelAdapter.marks(mark))
                statusBar.hidden = true
                statusBar.marks.record(.hidden, key: mark, value: mark)
                screen.statusBar = statusBar
            }
            screen.review.ignore = ignored
            screens.append(ImportedScreen(
                screen: screen, reviewedPlugins: ["orientation", "bars"],
                wording: wording(
                    orientationKey: orientationKey,
                    requiresFullScreen: plist.facts.requiresFullScreen == true || found.facts.requiresFullScreen == true)))
        }
        return .imported(ImportedFile(screens: screens, notes: found.notes, dependencies: found.sources))
    }

    /// The findings in the Info.plist's own words: its keys and values, and where Xcode sets them.
    static func wording(orientationKey: String?, requiresFullScreen: Bool = false) -> FindingWording {
        FindingWording { rule, _, message, hint in
            let key = orientationKey ?? "UISupportedInterfaceOrientations"
            switch rule {
            case "orientation.ipad-all", "orientation.missing-variant":
                // `ipad screen supports 3 of 4 orientations; missing portrait-upside-down`
                var words = message
                for (name, value) in plistNames {
                    words = words.replacing(name, with: value)
                }
                words = words.replacing("ipad screen supports", with: "\(key) lists")
                words = words.replacing("iphone screen supports", with: "\(key) lists")
                if rule == "orientation.missing-variant" { words = "\(key) " + words.replacing("supports ", with: "lists ") }
                if rule == "orientation.ipad-all", requiresFullScreen { words += AppFacts.requiresFullScreenNote }
                message = words
                hint = rule == "orientation.ipad-all"
                    ? "Add the missing orientations to \(key) (iPad Orientation, in the target's General settings)."
                    : "Add the other landscape orientation to \(key) (Landscape Left and Landscape Right, in the target's General settings)."
            case "bars.status-bar-hidden":
                message = message.replacing("status bar is hidden", with: "UIStatusBarHidden is YES: the status bar is hidden on every screen")
                hint = "Set UIStatusBarHidden in Info.plist to NO (Status Bar: Hide during application launch, unchecked), and hide it only on the screens that need it, in code."
            default:
                break
            }
        }
    }

    /// The spec's orientation names, longest first so that none is replaced inside another.
    static let plistNames: [(String, String)] = [
        ("portrait-upside-down", "UIInterfaceOrientationPortraitUpsideDown"),
        ("landscape-left", "UIInterfaceOrientationLandscapeLeft"),
        ("landscape-right", "UIInterfaceOrientationLandscapeRight"),
        (" portrait,", " UIInterfaceOrientationPortrait,"),
    ]
}
