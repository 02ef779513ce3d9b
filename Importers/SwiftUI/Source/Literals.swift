import SwiftSyntax

/// Values written as literals in the source. Anything else (a variable, a call, arithmetic)
/// is nil: it is known only when the app runs.
enum Literals {
    static func number(_ expr: ExprSyntax?) -> Double? {
        guard let expr else { return nil }
        if let integer = expr.as(IntegerLiteralExprSyntax.self) {
            return Double(integer.literal.text.filter { $0 != "_" })
        }
        if let float = expr.as(FloatLiteralExprSyntax.self) {
            return Double(float.literal.text.filter { $0 != "_" })
        }
        if let prefix = expr.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-" {
            return number(prefix.expression).map { -$0 }
        }
        if let tuple = expr.as(TupleExprSyntax.self), tuple.elements.count == 1 {
            return number(tuple.elements.first?.expression)
        }
        // `CGFloat(12)`, `Double(12)`: the same number.
        if let call = expr.as(FunctionCallExprSyntax.self), call.arguments.count == 1, call.trailingClosure == nil,
           let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
           ["CGFloat", "Double", "Float"].contains(name), call.arguments.first?.label == nil {
            return number(call.arguments.first?.expression)
        }
        return nil
    }

    /// A string literal without interpolation (`"Save"`), also as `Text("Save")` or
    /// `LocalizedStringKey("Save")`.
    static func string(_ expr: ExprSyntax?) -> String? {
        guard let expr else { return nil }
        if let literal = expr.as(StringLiteralExprSyntax.self) {
            var text = ""
            for segment in literal.segments {
                guard let plain = segment.as(StringSegmentSyntax.self) else { return nil }
                text += plain.content.text
            }
            return text
        }
        if let call = expr.as(FunctionCallExprSyntax.self),
           let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
           ["Text", "LocalizedStringKey", "LocalizedStringResource", "String"].contains(name),
           let first = call.arguments.first, first.label == nil || first.label?.text == "localized"
            || first.label?.text == "verbatim" {
            return string(first.expression)
        }
        return nil
    }

    /// `.caption` or `Font.caption`: the member's name, when the base is absent or `base`.
    static func member(_ expr: ExprSyntax?, of bases: Set<String> = []) -> String? {
        guard let member = expr?.as(MemberAccessExprSyntax.self) else { return nil }
        if let base = member.base {
            guard let name = base.as(DeclReferenceExprSyntax.self)?.baseName.text, bases.contains(name) else { return nil }
        }
        return member.declName.baseName.text
    }

    static func bool(_ expr: ExprSyntax?) -> Bool? {
        expr?.as(BooleanLiteralExprSyntax.self).map { $0.literal.tokenKind == .keyword(.true) }
    }

    /// The expression as written, on one line, for messages about values the source computes.
    static func text(_ expr: some SyntaxProtocol) -> String {
        let written = expr.trimmedDescription.split(whereSeparator: \.isNewline).map { $0.trimmingSpaces }.joined(separator: " ")
        return written.count > 60 ? String(written.prefix(57)) + "..." : written
    }
}

extension Substring {
    fileprivate var trimmingSpaces: Substring {
        var slice = self
        while slice.first == " " || slice.first == "\t" { slice.removeFirst() }
        while slice.last == " " || slice.last == "\t" { slice.removeLast() }
        return slice
    }
}
