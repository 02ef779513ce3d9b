/// Facts about Apple's devices that rules need, kept as data in one place.
public enum DeviceFacts {
    /// The portrait canvas a screen gets when it declares none.
    public static func defaultCanvas(for device: Device) -> Size {
        switch device {
        case .iphone, .universal: return Size(width: 375, height: 667)
        case .iphonePlus: return Size(width: 414, height: 736)
        case .ipad: return Size(width: 768, height: 1024)
        }
    }

    /// Apple's size-class table. (The seed's translation gets the iPhone Plus
    /// portrait row wrong; this follows Apple: compact width, regular height.)
    public static func sizeClass(of device: Device, in orientation: Orientation) -> SizeClass {
        switch (device, orientation.isLandscape) {
        case (.ipad, _): return .regularRegular
        case (.iphonePlus, true): return .regularCompact
        case (_, true): return .compactCompact
        case (_, false): return .compactRegular
        }
    }

    /// Text-style sizes at the default (Large) text-size setting.
    public static func defaultSize(of style: Font.Style) -> Double {
        switch style {
        case .largeTitle: return 34
        case .title1: return 28
        case .title2: return 22
        case .title3: return 20
        case .headline: return 17
        case .body: return 17
        case .callout: return 16
        case .subheadline: return 15
        case .footnote: return 13
        case .caption1: return 12
        case .caption2: return 11
        }
    }

    /// The size of navigation-bar titles (the body size at the Large setting).
    public static let navigationTitleSize: Double = 17
}
