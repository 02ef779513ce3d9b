import HiglintCore

struct SizeClassGapRule: ScreenRule {
    let description = RuleDescription(
        id: "orientation.size-class-gap", severity: .warning,
        summary: "The screen's layouts leave out a size class its devices and orientations reach.",
        rationale: "Size classes describe the space a screen gets on each device and orientation (an iPad is regular both ways; an iPhone's height turns compact in landscape, and a large iPhone's width turns regular). Once a screen plans its layout per size class, every environment it can be shown in needs a plan.",
        seed: "003", hint: "Add a `layouts` variant for each missing size class.",
        triggeringExamples: [
            "screen: Feed\norientations: [portrait, landscape-left, landscape-right]\nlayouts:\n  compact-regular: {presentation: list}\n",
            "screen: Feed\ndevice: iphone-plus\norientations: [landscape-left, landscape-right]\nlayouts:\n  compact-compact: {presentation: list}\n",
        ],
        nonTriggeringExamples: [
            "screen: Feed\norientations: [portrait, landscape-left, landscape-right]\nlayouts:\n  compact-regular: {presentation: list}\n  compact-compact: {presentation: list}\n",
            "screen: Feed\norientations: [portrait, landscape-left, landscape-right]\n",
            "screen: Feed\ndevice: ipad\norientations: [portrait, landscape-left]\nlayouts:\n  regular-regular: {presentation: grid}\n",
        ])

    func check(_ screen: Screen, in context: RuleContext) -> [Violation] {
        guard let variants = screen.layouts else { return [] }
        var covered = SizeClasses()
        for variant in variants { covered.insert(variant.sizeClass) }
        let missing = SizeClasses.reached(by: screen).subtracting(covered)
        guard !missing.isEmpty else { return [] }
        let described = missing.members.map { "\($0.rawValue) (\(reach(of: $0, on: screen)))" }
        return [Violation(
            message: "layouts has no variant for \(described.joined(separator: ", "))", at: screen.marks[.layouts])]
    }

    /// Which of the screen's devices reach the size class, and in which orientations:
    /// `iphone in landscape-left, landscape-right`, `iphone, iphone-plus in portrait`.
    private func reach(of sizeClass: SizeClass, on screen: Screen) -> String {
        var seen = Set<Orientation>()
        let orientations = screen.orientations.filter { seen.insert($0).inserted }
        var groups: [(devices: [String], orientations: [String])] = []
        for device in screen.device.members {
            let reaching = orientations.filter { DeviceFacts.sizeClass(of: device, in: $0) == sizeClass }.map(\.rawValue)
            guard !reaching.isEmpty else { continue }
            if let index = groups.firstIndex(where: { $0.orientations == reaching }) {
                groups[index].devices.append(device.rawValue)
            } else {
                groups.append((devices: [device.rawValue], orientations: reaching))
            }
        }
        return groups.map { "\($0.devices.joined(separator: ", ")) in \($0.orientations.joined(separator: ", "))" }
            .joined(separator: "; ")
    }
}

/// A set of size classes as bits: every screen with layouts asks which classes it reaches
/// and which its variants cover, and a `Set` would hash each class's name.
struct SizeClasses {
    private var bits: UInt8 = 0

    /// The size classes in table order, as `SizeClass.allCases` lists them.
    private static let order = SizeClass.allCases

    /// Every size class the screen's device(s) and orientations reach.
    static func reached(by screen: Screen) -> SizeClasses {
        var reached = SizeClasses()
        for device in screen.device.members {
            for orientation in screen.orientations {
                reached.insert(DeviceFacts.sizeClass(of: device, in: orientation))
            }
        }
        return reached
    }

    var isEmpty: Bool { bits == 0 }

    /// The members in table order.
    var members: [SizeClass] { Self.order.filter(contains) }

    mutating func insert(_ sizeClass: SizeClass) { bits |= Self.bit(sizeClass) }

    func contains(_ sizeClass: SizeClass) -> Bool { bits & Self.bit(sizeClass) != 0 }

    func subtracting(_ other: SizeClasses) -> SizeClasses {
        var result = self
        result.bits &= ~other.bits
        return result
    }

    private static func bit(_ sizeClass: SizeClass) -> UInt8 {
        switch sizeClass {
        case .compactRegular: return 1
        case .compactCompact: return 2
        case .regularCompact: return 4
        case .regularRegular: return 8
        }
    }
}
