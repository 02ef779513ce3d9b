import HiglintCore

/// A font written in the spec, and where findings about it belong.
struct FontUse {
    let font: Font
    /// The element that carries the font; nil for the navigation bar's `title_font`.
    let owner: Element?

    /// How messages name the font, so the title font is never mistaken for an element's.
    var subject: String { owner == nil ? "navigation bar title font" : "font" }

    /// Element fonts are reported on their element (which also applies its `ignore`);
    /// the title font has no element, so it is reported at its own map.
    func violation(_ message: String) -> Violation {
        if let owner { return Violation(message: message, on: owner) }
        return Violation(message: message, at: font.mark, element: "navigation_bar.title_font")
    }

    /// `12 pt`, or `12 pt (caption1 default)` when the size comes from the style, so
    /// the designer sees where a number they never wrote came from.
    static func describeSize(of font: Font) -> String? {
        guard let size = font.effectiveSize else { return nil }
        if font.size == nil, let style = font.style {
            return "\(formatPoints(size)) pt (\(style.rawValue) default)"
        }
        return "\(formatPoints(size)) pt"
    }
}

extension Screen {
    /// What `judge` finds in every font of the screen, in this order: content elements at
    /// any depth, bar items and tabs (and anything nested in them), then the navigation
    /// bar's title font. Walks the flattened elements in place rather than gathering the
    /// fonts into an array for each of the five rules.
    func fontViolations(_ judge: (FontUse) -> Violation?) -> [Violation] {
        var violations: [Violation] = []
        for element in allElements {
            if let font = element.font, let violation = judge(FontUse(font: font, owner: element)) {
                violations.append(violation)
            }
        }
        if let titleFont = navigationBar?.titleFont, let violation = judge(FontUse(font: titleFont, owner: nil)) {
            violations.append(violation)
        }
        return violations
    }
}
