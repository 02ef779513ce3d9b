import HiglintCore
import SwiftSyntax

/// What a `.font(...)` says: a font the source spells out, or one it computes, which
/// still replaces the font from further out and so hides it.
enum FontSetting {
    case known(Font)
    case unknown
}

/// SwiftUI's font expressions read into the spec's font. Only what the source writes as
/// literals: `.system(size: 12)`, `.caption`, `.custom("Avenir-Light", size: 14)`.
enum FontReading {
    /// SwiftUI's text styles, with the spec's names (their default sizes are the spec's).
    static let textStyles: [String: Font.Style] = [
        "largeTitle": .largeTitle, "title": .title1, "title2": .title2, "title3": .title3, "headline": .headline,
        "body": .body, "callout": .callout, "subheadline": .subheadline, "footnote": .footnote, "caption": .caption1,
        "caption2": .caption2,
    ]

    static let weights: [String: Font.Weight] = [
        "ultraLight": .ultralight, "thin": .thin, "light": .light, "regular": .regular, "medium": .medium,
        "semibold": .semibold, "bold": .bold, "heavy": .heavy, "black": .black,
    ]

    /// `scaled`: the struct's `@ScaledMetric` properties with literal defaults, which follow
    /// the user's text size as a text style does.
    static func font(_ expr: ExprSyntax, mark: Mark, scaled: [String: Double]) -> FontSetting {
        var font = Font(mark: mark)
        guard read(expr, into: &font, scaled: scaled, depth: 0) else { return .unknown }
        return .known(font)
    }

    static func weight(_ expr: ExprSyntax?) -> Font.Weight? {
        Literals.member(expr, of: ["Font", "Weight"]).flatMap { weights[$0] }
    }

    private static func read(_ expr: ExprSyntax, into font: inout Font, scaled: [String: Double], depth: Int) -> Bool {
        guard depth < 64 else { return false }
        if let name = Literals.member(expr, of: ["Font"]), let style = textStyles[name] {
            font.style = style
            font.dynamic = true
            return true
        }
        guard let call = expr.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self)
        else { return false }
        let name = member.declName.baseName.text
        let isFontBase = member.base == nil || member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "Font"
        if isFontBase {
            switch name {
            case "system": return system(call, into: &font, scaled: scaled)
            case "custom": return custom(call, into: &font, scaled: scaled)
            default: return false
            }
        }
        // A font built from another: `.body.weight(.light)`, `.caption.bold()`, `.title.italic()`.
        guard let base = member.base, read(base, into: &font, scaled: scaled, depth: depth + 1) else { return false }
        switch name {
        case "weight":
            guard let weight = weight(call.arguments.first?.expression) else { return false }
            font.weight = weight
        case "bold":
            font.weight = .bold
        case "italic", "monospaced", "monospacedDigit", "smallCaps", "lowercaseSmallCaps", "uppercaseSmallCaps",
            "leading", "width", "tracking", "kerning":
            break
        default:
            return false
        }
        return true
    }

    /// `.system(size:weight:design:)` is fixed; `.system(.body, design:weight:)` is the style.
    private static func system(_ call: FunctionCallExprSyntax, into font: inout Font, scaled: [String: Double]) -> Bool {
        let arguments = call.arguments
        if let first = arguments.first, first.label == nil {
            guard let name = Literals.member(first.expression, of: ["Font", "TextStyle"]), let style = textStyles[name]
            else { return false }
            font.style = style
            font.dynamic = true
        } else if let size = arguments.first(where: { $0.label?.text == "size" })?.expression {
            if let literal = Literals.number(size) {
                font.size = literal
                font.dynamic = false
            } else if let name = size.as(DeclReferenceExprSyntax.self)?.baseName.text, let metric = scaled[name] {
                font.size = metric
                font.dynamic = true
            } else {
                return false
            }
        } else {
            return false
        }
        if let weight = arguments.first(where: { $0.label?.text == "weight" }) {
            guard let value = Self.weight(weight.expression) else { return false }
            font.weight = value
        }
        return true
    }

    /// `.custom(_:size:)` scales with the user's text size (relative to body unless
    /// `relativeTo:` says); `.custom(_:fixedSize:)` does not.
    private static func custom(_ call: FunctionCallExprSyntax, into font: inout Font, scaled: [String: Double]) -> Bool {
        let arguments = call.arguments
        if let fixed = arguments.first(where: { $0.label?.text == "fixedSize" }) {
            guard let size = Literals.number(fixed.expression) else { return false }
            font.size = size
            font.dynamic = false
        } else if let scaling = arguments.first(where: { $0.label?.text == "size" }) {
            if let size = Literals.number(scaling.expression) {
                font.size = size
            } else if let name = scaling.expression.as(DeclReferenceExprSyntax.self)?.baseName.text, let metric = scaled[name] {
                font.size = metric
            } else {
                return false
            }
            font.dynamic = true
        } else {
            return false
        }
        if let name = Literals.string(arguments.first?.expression) { font.weight = weight(inFontName: name) }
        return true
    }

    /// SwiftUI's text styles by their default size at the Large setting, largest first;
    /// body before headline, which is the same size but semibold.
    private static let stylesBySize: [(name: String, size: Double)] = [
        ("largeTitle", 34), ("title", 28), ("title2", 22), ("title3", 20), ("body", 17), ("callout", 16),
        ("subheadline", 15), ("footnote", 13), ("caption", 12), ("caption2", 11),
    ]

    /// The text style nearest a fixed `.system(size:)` (the larger of two as near, and never
    /// under caption2's 11 pt), keeping a literal weight: what replaces it so the text
    /// follows Dynamic Type. Nil for anything else (a design, a computed size).
    static func textStyle(replacing expr: ExprSyntax) -> String? {
        guard let call = expr.as(FunctionCallExprSyntax.self), call.trailingClosure == nil,
              let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "system",
              member.base == nil || member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "Font"
        else { return nil }
        let labels = call.arguments.map { $0.label?.text ?? "" }
        guard labels == ["size"] || labels == ["size", "weight"],
              let size = Literals.number(call.arguments.first?.expression) else { return nil }
        var best = stylesBySize[0]
        for style in stylesBySize where abs(style.size - size) < abs(best.size - size) { best = style }
        var text = "." + best.name
        if labels.count == 2 {
            guard let weight = call.arguments.last?.expression, Self.weight(weight) != nil else { return nil }
            text += ".weight(\(weight.trimmedDescription))"
        }
        return text
    }

    /// The weight a PostScript name states after its dash (`Avenir-Light`, `SFProText-Semibold`).
    static func weight(inFontName name: String) -> Font.Weight? {
        guard let dash = name.lastIndex(of: "-") else { return nil }
        var style = name[name.index(after: dash)...].lowercased()
        for suffix in ["italic", "oblique"] where style.hasSuffix(suffix) {
            style.removeLast(suffix.count)
        }
        if style.isEmpty { return .regular }
        return Font.Weight(rawValue: style) ?? (style == "ultralight" ? .ultralight : nil)
    }
}
