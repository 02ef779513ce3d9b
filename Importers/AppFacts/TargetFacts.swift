import HiglintCore

/// An Info.plist as far as it could be read.
enum InfoPlistReading: Sendable, Equatable {
    /// The target names no Info.plist file: only generated keys can say anything.
    case none
    case read([String: PropertyList])
    /// Named but missing, binary, or not a plist: whatever it holds is unknown.
    case unreadable(String)
}

/// Works out one target's facts from its build settings and its Info.plist. Pure: the
/// caller reads the files.
enum TargetFacts {
    static func facts(settings: BuildSettings, infoPlist: InfoPlistReading) -> AppFacts {
        var facts = keyFacts(settings: settings, infoPlist: infoPlist)
        guard case .read = infoPlist else { return facts }
        // What the file says alone is what its own review reports (InfoPlistFacts.read).
        let file = keyFacts(settings: BuildSettings(layers: [], builtins: [:]), infoPlist: infoPlist)
        if facts.orientations != nil, file.orientations == facts.orientations { facts.inInfoPlist.insert(.orientations) }
        if facts.padOrientations != nil, file.padOrientations == facts.padOrientations { facts.inInfoPlist.insert(.padOrientations) }
        if facts.statusBarHidden == true, file.statusBarHidden == true { facts.inInfoPlist.insert(.statusBarHidden) }
        return facts
    }

    private static func keyFacts(settings: BuildSettings, infoPlist: InfoPlistReading) -> AppFacts {
        let info = InfoKeys(settings: settings, plist: infoPlist)
        var facts = AppFacts()
        facts.device = settings.value("TARGETED_DEVICE_FAMILY").flatMap(Device.fromDeviceFamily)
        let shared = info.orientations(plistKeys: ["UISupportedInterfaceOrientations"],
                                       generatedKeys: ["UISupportedInterfaceOrientations"])
        facts.orientations = info.orientations(
            plistKeys: ["UISupportedInterfaceOrientations~iphone"],
            generatedKeys: ["UISupportedInterfaceOrientations_iPhone", "UISupportedInterfaceOrientations~iphone"]
        ).or(shared).known
        facts.padOrientations = info.orientations(
            plistKeys: ["UISupportedInterfaceOrientations~ipad"],
            generatedKeys: ["UISupportedInterfaceOrientations_iPad", "UISupportedInterfaceOrientations~ipad"]
        ).or(shared).known
        let controllerBased = info.bool("UIViewControllerBasedStatusBarAppearance")
        if case .value(false) = controllerBased, case .value(let hidden) = info.bool("UIStatusBarHidden") {
            facts.statusBarHidden = hidden
        }
        facts.requiresFullScreen = info.bool("UIRequiresFullScreen").known
        facts.interfaceStyle = info.string("UIUserInterfaceStyle").known.flatMap(Appearance.fromInterfaceStyle)
        return facts
    }

    /// The Info.plist path a target's settings name, absolute.
    static func infoPlistPath(settings: BuildSettings, projectDirectory: String) -> String? {
        guard let file = settings.value("INFOPLIST_FILE"), !file.isEmpty else { return nil }
        return FileSystem.absolute(file, relativeTo: projectDirectory)
    }
}

/// What one Info.plist key is: a value, not written anywhere, or not knowable.
enum Lookup<Value: Equatable>: Equatable {
    case value(Value)
    case absent
    case unknown

    /// This, or `fallback` when this key is written nowhere.
    func or(_ fallback: Lookup) -> Lookup {
        if case .absent = self { return fallback }
        return self
    }

    var known: Value? {
        if case .value(let value) = self { return value }
        return nil
    }
}

/// The keys of the Info.plist a target ships: those of its INFOPLIST_FILE and, when
/// GENERATE_INFOPLIST_FILE is on, the `INFOPLIST_KEY_*` build settings Xcode adds.
private struct InfoKeys {
    let settings: BuildSettings
    let plist: InfoPlistReading
    let generates: Bool

    init(settings: BuildSettings, plist: InfoPlistReading) {
        self.settings = settings
        self.plist = plist
        generates = settings.value("GENERATE_INFOPLIST_FILE").map { PropertyList.string($0).bool == true } ?? false
    }

    /// The file's and the generated value of the first key each has. When both write one
    /// and they differ, which wins is Xcode's business: the value is unknown.
    private func lookup<Value: Equatable>(
        plistKeys: [String], generatedKeys: [String], fromPlist: (PropertyList) -> Value?,
        fromSetting: (String) -> Value?
    ) -> Lookup<Value> {
        var fileValue: Lookup<Value> = .absent
        switch plist {
        case .none: break
        case .unreadable: return .unknown
        case .read(let entries):
            if let found = plistKeys.lazy.compactMap({ entries[$0] }).first {
                fileValue = fromPlist(found).map(Lookup.value) ?? .unknown
            }
        }
        var settingValue: Lookup<Value> = .absent
        if generates, let found = generatedKeys.lazy.compactMap({ settings.value("INFOPLIST_KEY_" + $0) }).first {
            settingValue = fromSetting(found).map(Lookup.value) ?? .unknown
        }
        switch (fileValue, settingValue) {
        case (.absent, _): return settingValue
        case (_, .absent): return fileValue
        default: return fileValue == settingValue ? fileValue : .unknown
        }
    }

    func orientations(plistKeys: [String], generatedKeys: [String]) -> Lookup<[Orientation]> {
        lookup(
            plistKeys: plistKeys, generatedKeys: generatedKeys,
            fromPlist: { value in value.array.flatMap { Self.orientations($0.compactMap(\.string)) } },
            fromSetting: { Self.orientations($0.split(separator: " ").map(String.init)) })
    }

    func string(_ key: String) -> Lookup<String> {
        lookup(plistKeys: [key], generatedKeys: [key], fromPlist: \.string, fromSetting: { $0 })
    }

    func bool(_ key: String) -> Lookup<Bool> {
        lookup(plistKeys: [key], generatedKeys: [key], fromPlist: \.bool, fromSetting: { PropertyList.string($0).bool })
    }

    /// The orientations named, in order, each once; names iOS does not know are dropped
    /// (the system ignores them too). No orientation at all says nothing.
    private static func orientations(_ names: [String]) -> [Orientation]? {
        var out: [Orientation] = []
        for name in names {
            if let orientation = Orientation.fromInfoPlist(name), !out.contains(orientation) { out.append(orientation) }
        }
        return out.isEmpty ? nil : out
    }
}
