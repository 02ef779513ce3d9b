import Glibc

/// An sRGB colour with alpha, each component in 0...1 (spec format version 3, Colours).
public struct RGBA: Sendable, Hashable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    /// Components outside 0...1 (or not numbers) are clamped, so no colour a source writes
    /// can make a ratio meaningless.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = Self.clamped(red)
        self.green = Self.clamped(green)
        self.blue = Self.clamped(blue)
        self.alpha = Self.clamped(alpha)
    }

    public static let white = RGBA(red: 1, green: 1, blue: 1)
    public static let black = RGBA(red: 0, green: 0, blue: 0)
    public static let clear = RGBA(red: 0, green: 0, blue: 0, alpha: 0)

    private static func clamped(_ value: Double) -> Double {
        value.isNaN ? 0 : min(1, max(0, value))
    }

    /// `#RGB`, `#RRGGBB` or `#RRGGBBAA`, hexadecimal in either case; nil for anything else.
    public init?(hex text: String) {
        let bytes = Array(text.utf8)
        guard bytes.first == UInt8(ascii: "#") else { return nil }
        var digits: [Double] = []
        for byte in bytes.dropFirst() {
            guard let digit = Self.hexDigit(byte) else { return nil }
            digits.append(Double(digit))
        }
        switch digits.count {
        case 3: self.init(red: digits[0] * 17 / 255, green: digits[1] * 17 / 255, blue: digits[2] * 17 / 255)
        case 6, 8:
            func pair(_ index: Int) -> Double { (digits[index] * 16 + digits[index + 1]) / 255 }
            self.init(red: pair(0), green: pair(2), blue: pair(4), alpha: digits.count == 8 ? pair(6) : 1)
        default: return nil
        }
    }

    private static func hexDigit(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A")) + 10
        default: nil
        }
    }

    public var isOpaque: Bool { alpha >= 1 }

    /// `#RRGGBB`, the colour's channels without its alpha, as messages name a colour.
    public var hexRGB: String {
        "#" + [red, green, blue].map(Self.byteText).joined()
    }

    /// `#RRGGBB` when opaque, else `#RRGGBBAA`: the spelling that gives the colour back.
    public var hex: String { isOpaque ? hexRGB : hexRGB + Self.byteText(alpha) }

    private static func byteText(_ component: Double) -> String {
        let byte = Int((component * 255).rounded())
        let text = String(byte, radix: 16, uppercase: true)
        return text.count == 1 ? "0" + text : text
    }

    /// This colour composited over `background` (`out = a * fg + (1 - a) * bg` per channel,
    /// in sRGB values, as WCAG 2.2 composites). Over an opaque background the result is opaque.
    public func over(_ background: RGBA) -> RGBA {
        let outAlpha = alpha + background.alpha * (1 - alpha)
        guard outAlpha > 0 else { return .clear }
        func channel(_ top: Double, _ bottom: Double) -> Double {
            (top * alpha + bottom * background.alpha * (1 - alpha)) / outAlpha
        }
        return RGBA(
            red: channel(red, background.red), green: channel(green, background.green), blue: channel(blue, background.blue),
            alpha: outAlpha)
    }

    /// WCAG 2.2's relative luminance.
    public var relativeLuminance: Double {
        func linear(_ c: Double) -> Double { c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// WCAG 2.2's contrast ratio of two opaque colours, 1...21.
    public static func contrastRatio(_ first: RGBA, _ second: RGBA) -> Double {
        let (a, b) = (first.relativeLuminance, second.relativeLuminance)
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }
}

public enum Appearance: String, Sendable, CaseIterable {
    case light, dark
}

/// A colour as a spec or an importer gives it: one value for each appearance, or unknown
/// when the source does not say (an image, a pattern, a colour computed at run time).
public enum Color: Sendable, Hashable {
    case known(light: RGBA, dark: RGBA)
    /// Why the colour cannot be read, in a few words (`an image view behind it`).
    case unknown(String)

    /// The same colour in both appearances.
    public static func fixed(_ value: RGBA) -> Color { .known(light: value, dark: value) }

    /// What the screen has behind everything when it declares no background.
    public static let systemBackground = Color.known(light: .white, dark: .black)

    /// The colour in one appearance; nil when unknown.
    public subscript(_ appearance: Appearance) -> RGBA? {
        guard case .known(let light, let dark) = self else { return nil }
        return appearance == .light ? light : dark
    }

    public var isKnown: Bool {
        if case .known = self { return true }
        return false
    }
}

/// What is behind one element, bottom first: the screen's background and then each
/// background on the way up the containment chain (spec format version 3, Colours).
public struct Backdrop: Sendable {
    /// Bottom first: the screen's background (or the system's), then the outermost
    /// containing element's, down to the element's own.
    public var layers: [Color]

    /// The opaque colour behind the element in `appearance`, every layer composited over the
    /// one below; nil when a layer is unknown.
    public func resolved(in appearance: Appearance) -> RGBA? {
        var result = appearance == .light ? RGBA.white : RGBA.black
        for layer in layers {
            guard let value = layer[appearance] else { return nil }
            result = value.over(result)
        }
        return result
    }

    public var isKnown: Bool { layers.allSatisfy(\.isKnown) }
}

extension Screen {
    /// Calls `body` with every element (content at any depth, then bar items and tabs with
    /// their children) and what is behind it, in `allElements` order.
    public func forEachBackdrop(_ body: (Element, Backdrop) -> Void) {
        let base: [Color] = background.map { [$0] } ?? []
        func walk(_ list: [Element], _ below: [Color]) {
            for element in list {
                var layers = below
                if let own = element.background { layers.append(own) }
                body(element, Backdrop(layers: layers))
                if !element.children.isEmpty { walk(element.children, layers) }
            }
        }
        walk(elements, base)
        walk(navigationBar?.items ?? [], base)
        walk(toolbar?.items ?? [], base)
        walk(tabBar?.tabs ?? [], base)
    }
}
