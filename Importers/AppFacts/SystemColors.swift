import Glibc
import HiglintCore

/// UIKit's system colours, each with its light and dark value, by the name IB writes
/// (`labelColor`, `systemBlueColor`) and the name an asset catalog refers to.
///
/// Sources: the tinted colours and the grays are the iOS values of the "System colors" table
/// of Apple's Human Interface Guidelines (Foundations > Color, the values for iOS 13 to 18);
/// the label and background colours are the values UIKit's dynamic colours resolve to
/// (UIKit's "UI element colors" documentation names them; the components are those the
/// HIG's design resources give, as `UIColor.resolvedColor(with:)` reports). The fixed
/// colours (`whiteColor`, `darkGrayColor`...) are the components UIKit's `UIColor`
/// documentation states for each. A colour not here (`tintColor`, the fills, the
/// separators) is unknown: its value depends on what higlint cannot see.
public enum SystemColors {
    public static func color(named name: String) -> Color? {
        let key = name.hasSuffix("Color") ? name : name + "Color"
        return table[key]
    }

    private static func rgb(_ red: Int, _ green: Int, _ blue: Int, _ alpha: Double = 1) -> RGBA {
        RGBA(red: Double(red) / 255, green: Double(green) / 255, blue: Double(blue) / 255, alpha: alpha)
    }

    private static func pair(_ light: RGBA, _ dark: RGBA) -> Color { .known(light: light, dark: dark) }

    private static func gray(_ white: Double, _ alpha: Double = 1) -> Color {
        .fixed(RGBA(red: white, green: white, blue: white, alpha: alpha))
    }

    static let table: [String: Color] = [
        // Foreground content.
        "labelColor": pair(rgb(0, 0, 0), rgb(255, 255, 255)),
        "secondaryLabelColor": pair(rgb(60, 60, 67, 0.6), rgb(235, 235, 245, 0.6)),
        "tertiaryLabelColor": pair(rgb(60, 60, 67, 0.3), rgb(235, 235, 245, 0.3)),
        "placeholderTextColor": pair(rgb(60, 60, 67, 0.3), rgb(235, 235, 245, 0.3)),
        "linkColor": pair(rgb(0, 122, 255), rgb(9, 132, 255)),
        // Backgrounds.
        "systemBackgroundColor": pair(rgb(255, 255, 255), rgb(0, 0, 0)),
        "secondarySystemBackgroundColor": pair(rgb(242, 242, 247), rgb(28, 28, 30)),
        "tertiarySystemBackgroundColor": pair(rgb(255, 255, 255), rgb(44, 44, 46)),
        "systemGroupedBackgroundColor": pair(rgb(242, 242, 247), rgb(0, 0, 0)),
        "secondarySystemGroupedBackgroundColor": pair(rgb(255, 255, 255), rgb(28, 28, 30)),
        "tertiarySystemGroupedBackgroundColor": pair(rgb(242, 242, 247), rgb(44, 44, 46)),
        // Deprecated in iOS 13 for systemGroupedBackgroundColor, which it resolves to.
        "groupTableViewBackgroundColor": pair(rgb(242, 242, 247), rgb(0, 0, 0)),
        // The tinted system colours.
        "systemBlueColor": pair(rgb(0, 122, 255), rgb(10, 132, 255)),
        "systemBrownColor": pair(rgb(162, 132, 94), rgb(172, 142, 104)),
        "systemCyanColor": pair(rgb(50, 173, 230), rgb(100, 210, 255)),
        "systemGreenColor": pair(rgb(52, 199, 89), rgb(48, 209, 88)),
        "systemIndigoColor": pair(rgb(88, 86, 214), rgb(94, 92, 230)),
        "systemMintColor": pair(rgb(0, 199, 190), rgb(99, 230, 226)),
        "systemOrangeColor": pair(rgb(255, 149, 0), rgb(255, 159, 10)),
        "systemPinkColor": pair(rgb(255, 45, 85), rgb(255, 55, 95)),
        "systemPurpleColor": pair(rgb(175, 82, 222), rgb(191, 90, 242)),
        "systemRedColor": pair(rgb(255, 59, 48), rgb(255, 69, 58)),
        "systemTealColor": pair(rgb(48, 176, 199), rgb(64, 200, 224)),
        "systemYellowColor": pair(rgb(255, 204, 0), rgb(255, 214, 10)),
        // The grays.
        "systemGrayColor": pair(rgb(142, 142, 147), rgb(142, 142, 147)),
        "systemGray2Color": pair(rgb(174, 174, 178), rgb(99, 99, 102)),
        "systemGray3Color": pair(rgb(199, 199, 204), rgb(72, 72, 74)),
        "systemGray4Color": pair(rgb(209, 209, 214), rgb(58, 58, 60)),
        "systemGray5Color": pair(rgb(229, 229, 234), rgb(44, 44, 46)),
        "systemGray6Color": pair(rgb(242, 242, 247), rgb(28, 28, 30)),
        // Fixed in both appearances (UIColor's class properties).
        "darkTextColor": gray(0),
        "lightTextColor": gray(1, 0.6),
        "blackColor": gray(0),
        "whiteColor": gray(1),
        "clearColor": gray(0, 0),
        "darkGrayColor": gray(1.0 / 3),
        "grayColor": gray(0.5),
        "lightGrayColor": gray(2.0 / 3),
        "redColor": .fixed(RGBA(red: 1, green: 0, blue: 0)),
        "greenColor": .fixed(RGBA(red: 0, green: 1, blue: 0)),
        "blueColor": .fixed(RGBA(red: 0, green: 0, blue: 1)),
        "cyanColor": .fixed(RGBA(red: 0, green: 1, blue: 1)),
        "yellowColor": .fixed(RGBA(red: 1, green: 1, blue: 0)),
        "magentaColor": .fixed(RGBA(red: 1, green: 0, blue: 1)),
        "orangeColor": .fixed(RGBA(red: 1, green: 0.5, blue: 0)),
        "purpleColor": .fixed(RGBA(red: 0.5, green: 0, blue: 0.5)),
        "brownColor": .fixed(RGBA(red: 0.6, green: 0.4, blue: 0.2)),
    ]
}

/// Conversions into sRGB, the space the model's colours are in.
public enum ColorSpaces {
    /// Display P3 components (the sRGB transfer curve, P3 primaries, D65) in sRGB; nil when
    /// the colour lies outside sRGB, where clamping would change its luminance and so its ratio.
    /// The matrix is linear P3 to linear sRGB, both D65 (from the two spaces' primaries).
    public static func fromDisplayP3(red: Double, green: Double, blue: Double, alpha: Double) -> RGBA? {
        func linear(_ c: Double) -> Double { c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
        func encoded(_ c: Double) -> Double { c <= 0.0031308 ? c * 12.92 : 1.055 * pow(c, 1 / 2.4) - 0.055 }
        let (r, g, b) = (linear(red), linear(green), linear(blue))
        let out = [
            1.2249401 * r - 0.2249404 * g,
            -0.0420569 * r + 1.0420571 * g,
            -0.0196376 * r - 0.0786361 * g + 1.0982735 * b,
        ]
        // A thousandth of slack: P3's own white and black land a rounding error outside.
        guard out.allSatisfy({ $0 >= -0.001 && $0 <= 1.001 }) else { return nil }
        let clamped = out.map { min(1, max(0, $0)) }
        return RGBA(red: encoded(clamped[0]), green: encoded(clamped[1]), blue: encoded(clamped[2]), alpha: alpha)
    }
}
