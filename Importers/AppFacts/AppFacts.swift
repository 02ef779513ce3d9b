import HiglintCore

/// What an app's project says about every screen of the app: the devices it runs on,
/// the orientations it supports and whether it hides the status bar. Each field is nil
/// when the project and its Info.plist do not say (or say two different things), so the
/// rules that need it stay silent rather than review a guess.
public struct AppFacts: Sendable, Equatable {
    /// From `TARGETED_DEVICE_FAMILY`: 1 iPhone, 2 iPad, both universal.
    public var device: Device?
    /// `UISupportedInterfaceOrientations` (`~iphone` when the plist has that form).
    public var orientations: [Orientation]?
    /// `UISupportedInterfaceOrientations~ipad`, or the iPhone list when the plist has no iPad form.
    public var padOrientations: [Orientation]?
    /// `UIStatusBarHidden`, only when `UIViewControllerBasedStatusBarAppearance` is NO:
    /// otherwise each view controller decides, and the key only affects launch.
    public var statusBarHidden: Bool?
    /// `UIRequiresFullScreen`: the app opts out of iPad multitasking (Split View, Slide Over).
    public var requiresFullScreen: Bool?
    /// The facts the target's Info.plist file itself gives as they are here: that file is
    /// reviewed as the app's screens (`InfoPlistFacts`) and reports them once, at its keys,
    /// so the screens of the app's other files leave them to it. A fact only an
    /// `INFOPLIST_KEY_*` build setting gives is not among them.
    public var inInfoPlist: Set<Fact> = []

    public enum Fact: Sendable, Hashable {
        case orientations, padOrientations, statusBarHidden
    }
    /// `UIUserInterfaceStyle`: the one appearance an app locked to Light or Dark is drawn in;
    /// nil when it follows the system (`Automatic`, or no key) or the key is not known.
    public var interfaceStyle: Appearance?

    public static let unknown = AppFacts()

    /// Said with `orientation.ipad-all` when the app sets `UIRequiresFullScreen`. The contract
    /// (rules.md, version 3) has no exception for it, so the finding stands; the words say
    /// why the app may have chosen fewer orientations, and what the key costs.
    public static let requiresFullScreenNote = "; the app sets UIRequiresFullScreen, which opts out of iPad multitasking (Split View, Slide Over) and so lets it ship with fewer orientations, but the guideline still asks for all four"

    public init(
        device: Device? = nil, orientations: [Orientation]? = nil, padOrientations: [Orientation]? = nil,
        statusBarHidden: Bool? = nil, requiresFullScreen: Bool? = nil, inInfoPlist: Set<Fact> = [],
        interfaceStyle: Appearance? = nil
    ) {
        self.device = device
        self.orientations = orientations
        self.padOrientations = padOrientations
        self.statusBarHidden = statusBarHidden
        self.requiresFullScreen = requiresFullScreen
        self.inInfoPlist = inInfoPlist
        self.interfaceStyle = interfaceStyle
    }

    /// The facts all of `list` agree on: a field two of them give differently is unknown.
    static func agreement(_ list: [AppFacts]) -> AppFacts {
        guard var out = list.first else { return .unknown }
        for facts in list.dropFirst() {
            if out.device != facts.device { out.device = nil }
            if out.orientations != facts.orientations { out.orientations = nil }
            if out.padOrientations != facts.padOrientations { out.padOrientations = nil }
            if out.statusBarHidden != facts.statusBarHidden { out.statusBarHidden = nil }
            if out.requiresFullScreen != facts.requiresFullScreen { out.requiresFullScreen = nil }
            out.inInfoPlist.formIntersection(facts.inInfoPlist)
            if out.interfaceStyle != facts.interfaceStyle { out.interfaceStyle = nil }
        }
        return out
    }
}

extension Device {
    /// `TARGETED_DEVICE_FAMILY`: a comma-separated list of family numbers. Families other
    /// than 1 and 2 (tvOS, watchOS, Mac Catalyst, visionOS) are not iOS screens and are ignored.
    static func fromDeviceFamily(_ text: String) -> Device? {
        let families = Set(text.split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init))
        switch (families.contains("1"), families.contains("2")) {
        case (true, true): return .universal
        case (true, false): return .iphone
        case (false, true): return .ipad
        case (false, false): return nil
        }
    }
}

extension Appearance {
    /// `UIUserInterfaceStyle`'s values: `Light` and `Dark` lock the app to one appearance;
    /// `Automatic` (and anything else) leaves it to the system, both appearances.
    static func fromInterfaceStyle(_ text: String) -> Appearance? {
        switch text {
        case "Light": return .light
        case "Dark": return .dark
        default: return nil
        }
    }
}

extension Orientation {
    /// The Info.plist spelling of each orientation.
    static func fromInfoPlist(_ text: String) -> Orientation? {
        switch text {
        case "UIInterfaceOrientationPortrait": return .portrait
        case "UIInterfaceOrientationPortraitUpsideDown": return .portraitUpsideDown
        case "UIInterfaceOrientationLandscapeLeft": return .landscapeLeft
        case "UIInterfaceOrientationLandscapeRight": return .landscapeRight
        default: return nil
        }
    }
}
