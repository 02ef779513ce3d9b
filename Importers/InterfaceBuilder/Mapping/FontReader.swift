import HiglintCore

/// `fontDescription` (and an attributed string's `font`) to the spec's font.
enum FontReader {
    /// `adjusts` is the element's `adjustsFontForContentSizeCategory`; `mark` the element's,
    /// as every finding on an element points at its start tag.
    static func font(_ description: XMLElement, adjusts: Bool, mark: Mark) -> Font {
        var font = Font(mark: mark)
        if let styleName = description[.style] {
            // A text style sets the size and follows the user's text size; an unknown
            // style (`UICTFontTextStyleEmphasizedBody`) still follows it, at a size IB does not say.
            font.style = IBVocabulary.textStyles[styleName]
            font.dynamic = true
            return font
        }
        if let size = description.number(.pointSize) ?? description.number(.size), size > 0 {
            // `pointSize="0.0"` is the element's default size, which IB does not write down.
            font.size = size
        }
        switch description[.type] {
        case "boldSystem": font.weight = .bold
        case "system", "italicSystem": font.weight = description[.weight].flatMap(weight(named:))
        default:
            if let name = description[.name], !name.hasPrefix(".AppleSystemUIFont") {
                font.weight = weight(inFontName: name)
            } else if description[.name] == ".AppleSystemUIFontBold" {
                font.weight = .bold
            } else {
                font.weight = description[.weight].flatMap(weight(named:))
            }
        }
        // A fixed font does not follow the user's text size; with the flag on, code may give
        // it a scaled font (UIFontMetrics), which IB cannot show, so that stays unknown.
        font.dynamic = adjusts ? nil : false
        return font
    }

    static func weight(named name: String) -> Font.Weight? {
        IBVocabulary.weights[name.lowercased()]
    }

    /// The weight a PostScript name states after its dash (`Avenir-Light`, `SFProText-Semibold`).
    static func weight(inFontName name: String) -> Font.Weight? {
        guard let dash = name.lastIndex(of: "-") else { return nil }
        var style = name[name.index(after: dash)...].lowercased()
        for suffix in ["italic", "oblique"] where style.hasSuffix(suffix) {
            style.removeLast(suffix.count)
        }
        return IBVocabulary.weights[style] ?? (style.isEmpty ? .regular : nil)
    }
}
