import Glibc
import HiglintCore

/// WCAG 2.2's contrast of text against what is behind it, in each appearance (seed 000).
struct ContrastRule: ScreenRule {
    static let minimum = Threshold(
        key: "min_contrast", default: 4.5, unit: .ratio,
        meaning: "smallest contrast ratio of text against its background")
    static let minimumLarge = Threshold(
        key: "min_contrast_large", default: 3.0, unit: .ratio,
        meaning: "smallest contrast ratio of large (18 pt or more) or bold text")

    let description = RuleDescription(
        id: "text.contrast", severity: .warning,
        summary: "Text's contrast ratio against what is behind it is under the legible minimum, in either appearance.",
        rationale: "Text should always be legible (seed 000); Apple's accessibility guidance asks for WCAG's contrast ratio of at least 4.5:1, or 3:1 for text of 18 pt or more or of a bold weight. The ratio is measured after compositing any colour with alpha over what is behind it, in the light and the dark appearance.",
        seed: "000", hint: "Darken or lighten the text or its background until the ratio reaches the minimum.",
        triggeringExamples: [
            "screen: Home\nelements:\n  - {id: note, type: text, label: Terms apply, color: \"#999999\"}\n",
            "screen: Home\nelements:\n  - {id: t, type: text, label: Hi, color: {light: \"#000000\", dark: \"#111111\"}}\n",
            "screen: Home\nbackground: \"#333333\"\nelements:\n  - {id: go, type: button, label: Go, color: \"#777777\", font: {size: 18}}\n",
        ],
        nonTriggeringExamples: [
            "screen: Home\nelements:\n  - {id: note, type: text, label: Terms apply, color: \"#767676\"}\n",
            "screen: Home\nelements:\n  - {id: note, type: text, label: Terms apply}\n",
            "screen: Home\nelements:\n  - {id: t, type: text, label: Big, color: \"#949494\", font: {size: 18}}\n",
        ],
        thresholds: [Self.minimum, Self.minimumLarge])

    func check(_ screen: Screen, in context: RuleContext) -> [Violation] {
        var violations: [Violation] = []
        screen.forEachBackdrop { element, backdrop in
            guard Self.hasText(element), let color = element.color, color.isKnown, backdrop.isKnown else { return }
            let minimum = Self.isLarge(element.font) ? context[Self.minimumLarge] : context[Self.minimum]
            var measured: [(Appearance, RGBA, RGBA, Double)] = []
            for appearance in Appearance.allCases {
                guard let behind = backdrop.resolved(in: appearance), let foreground = color[appearance] else { return }
                let shown = foreground.over(behind)
                measured.append((appearance, shown, behind, RGBA.contrastRatio(shown, behind)))
            }
            // The colours as written: the system background alone differing does not make two
            // findings (`#999999` on the system background is reported once, as its light failure).
            let same = ([color] + backdrop.layers).allSatisfy { $0[.light] == $0[.dark] }
            for (appearance, shown, behind, ratio) in measured where ratio < minimum {
                var message = "\(shown.hexRGB) on \(behind.hexRGB) is \(Self.ratioText(ratio)):1, under \(formatPoints(minimum)):1"
                if !same { message += " in the \(appearance.rawValue) appearance" }
                var violation = Violation(message: message, on: element, at: element.marks[.color])
                if let passing = Self.nearestPassing(shown, on: behind, minimum: minimum) {
                    violation.hint = "\(passing.hexRGB), the nearest colour of the same hue, reaches \(formatPoints(minimum)):1 on \(behind.hexRGB)."
                }
                violations.append(violation)
                if same { break }
            }
        }
        return violations
    }

    static func hasText(_ element: Element) -> Bool {
        switch element.type {
        case .text: element.label != nil || element.font != nil
        case .button: element.label != nil
        case .textField: true
        default: false
        }
    }

    static func isLarge(_ font: Font?) -> Bool {
        guard let font else { return false }
        if let size = font.effectiveSize, size >= 18 { return true }
        return font.weight == .bold || font.weight == .heavy || font.weight == .black
    }

    /// Two decimals, rounded down, so a ratio just under the minimum never reads as the minimum.
    static func ratioText(_ ratio: Double) -> String {
        let hundredths = Int((ratio * 100).rounded(.down))
        let decimals = hundredths % 100
        return "\(hundredths / 100)." + (decimals < 10 ? "0" : "") + String(decimals)
    }

    /// The colour of the same hue and saturation nearest in lightness to `color` that reaches
    /// `minimum` on `background`, as 8-bit sRGB: lighter or darker, whichever is closer.
    static func nearestPassing(_ color: RGBA, on background: RGBA, minimum: Double) -> RGBA? {
        let (hue, saturation, lightness) = hsl(color)
        var best: RGBA?
        var distance = Double.infinity
        for step in 0...1000 {
            let candidate = Double(step) / 1000
            let rgb = quantized(fromHSL: hue, saturation, candidate)
            guard RGBA.contrastRatio(rgb, background) >= minimum, abs(candidate - lightness) < distance else { continue }
            distance = abs(candidate - lightness)
            best = rgb
        }
        return best
    }

    private static func quantized(fromHSL hue: Double, _ saturation: Double, _ lightness: Double) -> RGBA {
        let chroma = (1 - abs(2 * lightness - 1)) * saturation
        let sector = hue * 6
        let x = chroma * (1 - abs(sector.truncatingRemainder(dividingBy: 2) - 1))
        let (r, g, b): (Double, Double, Double)
        switch sector {
        case ..<1: (r, g, b) = (chroma, x, 0)
        case ..<2: (r, g, b) = (x, chroma, 0)
        case ..<3: (r, g, b) = (0, chroma, x)
        case ..<4: (r, g, b) = (0, x, chroma)
        case ..<5: (r, g, b) = (x, 0, chroma)
        default: (r, g, b) = (chroma, 0, x)
        }
        let m = lightness - chroma / 2
        func byte(_ c: Double) -> Double { ((c + m) * 255).rounded() / 255 }
        return RGBA(red: byte(r), green: byte(g), blue: byte(b))
    }

    private static func hsl(_ c: RGBA) -> (Double, Double, Double) {
        let high = max(c.red, c.green, c.blue)
        let low = min(c.red, c.green, c.blue)
        let lightness = (high + low) / 2
        let delta = high - low
        guard delta > 0 else { return (0, 0, lightness) }
        let saturation = delta / (1 - abs(2 * lightness - 1))
        var hue: Double
        if high == c.red {
            hue = ((c.green - c.blue) / delta).truncatingRemainder(dividingBy: 6)
        } else if high == c.green {
            hue = (c.blue - c.red) / delta + 2
        } else {
            hue = (c.red - c.green) / delta + 4
        }
        hue /= 6
        if hue < 0 { hue += 1 }
        return (hue, saturation, lightness)
    }
}
