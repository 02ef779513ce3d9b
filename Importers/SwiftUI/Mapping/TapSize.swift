import HiglintCore
import SwiftSyntax

/// The size of a view as far as the source's literals say, through its frames and padding.
/// A side is nil once anything about it is computed (a variable, `maxWidth: .infinity`, a
/// default padding, a button style that pads it): then it is unknown, never a guess.
struct TapSize {
    var width: Double?
    var height: Double?
    /// The last `.frame` or `.padding` that set it: where a finding about it points.
    var mark: Mark?
    var contentShape = false

    /// Both sides known, and set by the source (not a view's own size, which is never known).
    var known: Size? {
        guard mark != nil, let width, let height else { return nil }
        return Size(width: width, height: height)
    }

    /// Applies `modifiers` (innermost first) to the size.
    mutating func apply(_ modifiers: some Sequence<ModifierCall>, positions: SourcePositions) {
        for modifier in modifiers { apply(modifier, positions: positions) }
    }

    mutating func apply(_ modifier: ModifierCall, positions: SourcePositions) {
        switch modifier.name {
        case "frame":
            frame(modifier)
            mark = positions.mark(of: modifier.node)
        case "padding":
            padding(modifier)
            mark = positions.mark(of: modifier.node)
        case "contentShape":
            contentShape = true
        case "aspectRatio", "scaledToFit", "scaledToFill", "containerRelativeFrame":
            width = nil
            height = nil
        case "buttonStyle":
            if !Self.keepsLabelSize(modifier.firstUnlabeled) {
                width = nil
                height = nil
            }
        default:
            break
        }
    }

    /// `.plain` and `.borderless` draw the label as it is; other styles (`.bordered`, a
    /// custom `ButtonStyle`) add padding and shapes of their own.
    static func keepsLabelSize(_ style: ExprSyntax?) -> Bool {
        if let name = Literals.member(style, of: ["PrimitiveButtonStyle", "ButtonStyle"]) {
            return name == "plain" || name == "borderless"
        }
        if let call = style?.as(FunctionCallExprSyntax.self), call.arguments.isEmpty,
           let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text {
            return name == "PlainButtonStyle" || name == "BorderlessButtonStyle"
        }
        return false
    }

    private mutating func frame(_ modifier: ModifierCall) {
        width = side(fixed: modifier.argument("width"), written: modifier.argument("width") != nil,
                     minimum: modifier.argument("minWidth"), ideal: modifier.argument("idealWidth"),
                     maximum: modifier.argument("maxWidth"), current: width)
        height = side(fixed: modifier.argument("height"), written: modifier.argument("height") != nil,
                      minimum: modifier.argument("minHeight"), ideal: modifier.argument("idealHeight"),
                      maximum: modifier.argument("maxHeight"), current: height)
    }

    private func side(
        fixed: ExprSyntax?, written: Bool, minimum: ExprSyntax?, ideal: ExprSyntax?, maximum: ExprSyntax?, current: Double?
    ) -> Double? {
        if written { return Literals.number(fixed) }
        if minimum == nil, ideal == nil, maximum == nil { return current }
        // A flexible frame keeps the content's size within its bounds; with the content's
        // size unknown, or a bound computed, the side is unknown.
        guard var value = current, ideal == nil else { return nil }
        if let minimum {
            guard let bound = Literals.number(minimum) else { return nil }
            value = max(value, bound)
        }
        if let maximum {
            guard let bound = Literals.number(maximum) else { return nil }
            value = min(value, bound)
        }
        return value
    }

    private mutating func padding(_ modifier: ModifierCall) {
        let arguments = Array(modifier.arguments ?? [])
        switch arguments.count {
        case 0:
            // The default padding is the system's, which Apple does not give as a number.
            width = nil
            height = nil
        case 1:
            let value = arguments[0].expression
            if let amount = Literals.number(value) {
                grow(Self.allEdges, by: amount)
            } else if let edges = Self.edges(value) {
                grow(edges, by: nil)
            } else if let insets = Self.insets(value) {
                width = width.flatMap { width in insets.leading.flatMap { lead in insets.trailing.map { width + lead + $0 } } }
                height = height.flatMap { height in insets.top.flatMap { top in insets.bottom.map { height + top + $0 } } }
            } else {
                width = nil
                height = nil
            }
        default:
            guard let edges = Self.edges(arguments[0].expression) else {
                width = nil
                height = nil
                return
            }
            grow(edges, by: Literals.number(arguments[1].expression))
        }
    }

    private static let allEdges: Set<String> = ["top", "bottom", "leading", "trailing"]

    private mutating func grow(_ edges: Set<String>, by amount: Double?) {
        let horizontal = Double(edges.intersection(["leading", "trailing"]).count)
        let vertical = Double(edges.intersection(["top", "bottom"]).count)
        if horizontal > 0 { width = amount.flatMap { amount in width.map { $0 + horizontal * amount } } }
        if vertical > 0 { height = amount.flatMap { amount in height.map { $0 + vertical * amount } } }
    }

    /// `.horizontal`, `[.top, .leading]`, `Edge.Set.all`: the edges, each once.
    private static func edges(_ expr: ExprSyntax) -> Set<String>? {
        func one(_ name: String) -> Set<String>? {
            switch name {
            case "all": return allEdges
            case "horizontal": return ["leading", "trailing"]
            case "vertical": return ["top", "bottom"]
            case "top", "bottom", "leading", "trailing": return [name]
            default: return nil
            }
        }
        if let member = expr.as(MemberAccessExprSyntax.self) { return one(member.declName.baseName.text) }
        if let array = expr.as(ArrayExprSyntax.self) {
            var set: Set<String> = []
            for element in array.elements {
                guard let name = element.expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text,
                      let edges = one(name) else { return nil }
                set.formUnion(edges)
            }
            return set
        }
        return nil
    }

    private static func insets(_ expr: ExprSyntax) -> (top: Double?, leading: Double?, bottom: Double?, trailing: Double?)? {
        guard let call = expr.as(FunctionCallExprSyntax.self),
              call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "EdgeInsets"
                || Literals.member(call.calledExpression) == "init"
        else { return nil }
        func value(_ label: String) -> Double? {
            guard let argument = call.arguments.first(where: { $0.label?.text == label }) else { return 0 }
            return Literals.number(argument.expression)
        }
        return (value("top"), value("leading"), value("bottom"), value("trailing"))
    }
}
