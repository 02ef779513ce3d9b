import HiglintCore
import SwiftSyntax

/// SwiftUI colours written as literals, in the spec's model: `.white`, `Color.red`,
/// `Color(red:green:blue:opacity:)`, `Color(white:opacity:)`, and `.opacity(_:)` of one of
/// these. Anything else (a property, an asset-catalog name, a gradient, a material, the
/// tint) is unknown, with a reason in a few words.
enum ColorReading {
    private static func rgb(_ hex: String, alpha: Double = 1) -> RGBA {
        let value = RGBA(hex: hex) ?? .black
        return RGBA(red: value.red, green: value.green, blue: value.blue, alpha: alpha)
    }

    private static func adaptive(_ light: String, _ dark: String, alpha: Double = 1) -> Color {
        .known(light: rgb(light, alpha: alpha), dark: rgb(dark, alpha: alpha))
    }

    /// SwiftUI's named colours on iOS are the system colours, which adapt to the appearance:
    /// the values are the default light and dark ones Apple's Human Interface Guidelines
    /// publish (Color, "Specifications", iOS and iPadOS system colors, as through iOS 18);
    /// `primary` and `secondary` are the label and secondary label colours of the same table.
    static let named: [String: Color] = [
        "red": adaptive("#FF3B30", "#FF453A"), "orange": adaptive("#FF9500", "#FF9F0A"),
        "yellow": adaptive("#FFCC00", "#FFD60A"), "green": adaptive("#34C759", "#30D158"),
        "mint": adaptive("#00C7BE", "#63E6E2"), "teal": adaptive("#30B0C7", "#40C8E0"),
        "cyan": adaptive("#32ADE6", "#64D2FF"), "blue": adaptive("#007AFF", "#0A84FF"),
        "indigo": adaptive("#5856D6", "#5E5CE6"), "purple": adaptive("#AF52DE", "#BF5AF2"),
        "pink": adaptive("#FF2D55", "#FF375F"), "brown": adaptive("#A2845E", "#AC8E68"),
        "gray": adaptive("#8E8E93", "#8E8E93"),
        "white": .fixed(.white), "black": .fixed(.black), "clear": .fixed(.clear),
        "primary": adaptive("#000000", "#FFFFFF"), "secondary": adaptive("#3C3C43", "#EBEBF5", alpha: 0.6),
    ]

    static let computed = Color.unknown("a colour the source computes")

    /// The colour `expr` writes; unknown when it computes one. `Color("Name")` is the app's
    /// asset-catalog colour of that name, when a catalog near the file has it.
    static func color(_ expr: ExprSyntax?, catalog: CatalogLookup? = nil) -> Color {
        guard let expr else { return computed }
        return read(expr, depth: 0) ?? asset(expr, catalog) ?? reason(for: expr)
    }

    /// `Color("Name")`'s colour from the catalog; nil for anything else or a name it lacks.
    static func asset(_ expr: ExprSyntax, _ catalog: CatalogLookup?) -> Color? {
        guard let catalog, let call = expr.as(FunctionCallExprSyntax.self), call.arguments.count == 1,
              call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "Color",
              call.arguments.first?.label == nil, let name = Literals.string(call.arguments.first?.expression)
        else { return nil }
        return catalog.color(named: name)
    }

    /// A colour shown as a view (`Color.black.ignoresSafeArea()` in a `ZStack`, or in a
    /// `.background { }`): the colour, through the modifiers that leave it as it is; nil
    /// when the view is not a colour.
    static func colorView(_ expr: ExprSyntax, catalog: CatalogLookup? = nil) -> Color? {
        var current = expr
        for _ in 0..<64 {
            if let color = read(current, depth: 0) ?? asset(current, catalog) { return color }
            guard let call = current.as(FunctionCallExprSyntax.self),
                  let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
                  layoutOnly.contains(member.declName.baseName.text)
            else { return nil }
            current = base
        }
        return nil
    }

    private static let layoutOnly: Set<String> = [
        "ignoresSafeArea", "edgesIgnoringSafeArea", "frame", "padding", "clipShape", "cornerRadius", "clipped",
        "contentShape", "accessibilityHidden", "allowsHitTesting",
    ]

    private static func reason(for expr: ExprSyntax) -> Color {
        if let name = Literals.member(expr, of: ["Material", "ShapeStyle"]), name.hasSuffix("Material") || name == "bar" {
            return .unknown("a material, which blurs what is behind it")
        }
        if let call = expr.as(FunctionCallExprSyntax.self),
           let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text {
            if name == "Color", Literals.string(call.arguments.first?.expression) != nil, call.arguments.first?.label == nil {
                return .unknown("a colour of the asset catalog")
            }
            if name.hasSuffix("Gradient") { return .unknown("a gradient") }
            if name == "Image" || name == "AsyncImage" { return .unknown("an image behind it") }
        }
        return computed
    }

    private static func read(_ expr: ExprSyntax, depth: Int) -> Color? {
        guard depth < 16 else { return nil }
        if let name = Literals.member(expr, of: ["Color", "ShapeStyle"]), let color = named[name] { return color }
        guard let call = expr.as(FunctionCallExprSyntax.self), call.trailingClosure == nil else { return nil }
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
           member.declName.baseName.text == "opacity" {
            // `Color.black.opacity(0.5)`: the colour's alpha times the opacity.
            guard call.arguments.count == 1, let opacity = Literals.number(call.arguments.first?.expression),
                  case .known(let light, let dark)? = read(base, depth: depth + 1)
            else { return nil }
            return .known(light: scaled(light, by: opacity), dark: scaled(dark, by: opacity))
        }
        let isColor = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "Color"
            || (call.calledExpression.as(MemberAccessExprSyntax.self).map { $0.base == nil && $0.declName.baseName.text == "init" } ?? false)
        guard isColor else { return nil }
        var arguments = Array(call.arguments)
        // `Color(.sRGB, red:...)`: sRGB is the default; another space needs a conversion not made here.
        if let first = arguments.first, first.label == nil {
            guard Literals.member(first.expression, of: ["Color", "RGBColorSpace"]) == "sRGB" else { return nil }
            arguments.removeFirst()
        }
        // Every component a literal number, each label once.
        var values: [String: Double] = [:]
        for argument in arguments {
            guard let label = argument.label?.text, values[label] == nil, let number = Literals.number(argument.expression)
            else { return nil }
            values[label] = number
        }
        let alpha = values.removeValue(forKey: "opacity") ?? 1
        if let red = values["red"], let green = values["green"], let blue = values["blue"], values.count == 3 {
            return .fixed(RGBA(red: red, green: green, blue: blue, alpha: alpha))
        }
        if let white = values["white"], values.count == 1 {
            return .fixed(RGBA(red: white, green: white, blue: white, alpha: alpha))
        }
        return nil
    }

    private static func scaled(_ color: RGBA, by opacity: Double) -> RGBA {
        RGBA(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha * max(0, min(1, opacity)))
    }
}
