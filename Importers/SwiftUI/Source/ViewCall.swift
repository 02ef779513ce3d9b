import SwiftIfConfig
import SwiftSyntax

/// A closure passed to a view or modifier, with its argument label (nil for the first
/// trailing closure).
struct LabeledClosure {
    var label: String?
    var closure: ClosureExprSyntax
}

/// One modifier of a view expression: `.font(.caption)` is `font` with its arguments,
/// and where its dot is, which is where findings it causes point.
struct ModifierCall {
    var name: String
    var arguments: LabeledExprListSyntax?
    var closures: [LabeledClosure]
    var node: Syntax

    func argument(_ label: String) -> ExprSyntax? {
        arguments?.first { $0.label?.text == label }?.expression
    }

    /// The first argument without a label.
    var firstUnlabeled: ExprSyntax? {
        arguments?.first { $0.label == nil }?.expression
    }
}

/// A view expression taken apart: what is made (`Text(...)`, `VStack { }`, a property
/// `header`) and the modifiers applied to it, innermost first.
struct ViewCall {
    /// `Text`, `Button`, a struct's name, a property's name; nil when the expression is
    /// none of these (a ternary, a literal, a computed value).
    var name: String?
    /// The call's arguments, nil for a bare name.
    var arguments: LabeledExprListSyntax?
    var closures: [LabeledClosure]
    var modifiers: [ModifierCall]
    /// The root call or name, for its position.
    var node: Syntax

    func argument(_ label: String) -> ExprSyntax? {
        arguments?.first { $0.label?.text == label }?.expression
    }

    var firstUnlabeled: ExprSyntax? {
        arguments?.first { $0.label == nil }?.expression
    }

    func closure(_ label: String?) -> ClosureExprSyntax? {
        closures.first { $0.label == label }?.closure
    }

    /// Takes `expr` apart, choosing the active clause of each `#if` among its modifiers.
    /// Nil for what is not a view expression at all.
    static func parse(_ expr: ExprSyntax, regions: ConfiguredRegions) -> ViewCall? {
        var outerFirst: [ModifierCall] = []
        var current = expr
        // A modifier chain is as long as the source; the bound only stops a pathological one.
        for _ in 0..<4096 {
            if let call = current.as(FunctionCallExprSyntax.self) {
                if let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base {
                    outerFirst.append(ModifierCall(
                        name: member.declName.baseName.text, arguments: call.arguments, closures: closures(of: call),
                        node: Syntax(member.period)))
                    current = base
                    continue
                }
                return ViewCall(
                    name: rootName(call.calledExpression), arguments: call.arguments, closures: closures(of: call),
                    modifiers: outerFirst.reversed(), node: Syntax(call))
            }
            if let postfix = current.as(PostfixIfConfigExprSyntax.self) {
                if let clause = regions.activeClause(for: postfix.config),
                   case .postfixExpression(let chain)? = clause.elements {
                    collectBaseless(chain, regions: regions, into: &outerFirst)
                }
                guard let base = postfix.base else { return nil }
                current = base
                continue
            }
            if let reference = current.as(DeclReferenceExprSyntax.self) {
                return ViewCall(
                    name: reference.baseName.text, arguments: nil, closures: [], modifiers: outerFirst.reversed(),
                    node: Syntax(reference))
            }
            if let member = current.as(MemberAccessExprSyntax.self) {
                // `self.header`, and a modifier written without a call does not exist.
                if let base = member.base?.as(DeclReferenceExprSyntax.self), base.baseName.tokenKind == .keyword(.self) {
                    return ViewCall(
                        name: member.declName.baseName.text, arguments: nil, closures: [],
                        modifiers: outerFirst.reversed(), node: Syntax(member))
                }
                return nil
            }
            if let tuple = current.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
                current = only.expression
                continue
            }
            if let tried = current.as(TryExprSyntax.self) {
                current = tried.expression
                continue
            }
            if let awaited = current.as(AwaitExprSyntax.self) {
                current = awaited.expression
                continue
            }
            return nil
        }
        return nil
    }

    /// The modifiers of a chain inside `#if` (`.font(.caption).padding()`), which starts at
    /// no base: the view is the one before the `#if`.
    private static func collectBaseless(_ chain: ExprSyntax, regions: ConfiguredRegions, into list: inout [ModifierCall]) {
        var current: ExprSyntax? = chain
        for _ in 0..<4096 {
            guard let expr = current else { return }
            if let call = expr.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
                list.append(ModifierCall(
                    name: member.declName.baseName.text, arguments: call.arguments, closures: closures(of: call),
                    node: Syntax(member.period)))
                current = member.base
            } else if let postfix = expr.as(PostfixIfConfigExprSyntax.self) {
                if let clause = regions.activeClause(for: postfix.config),
                   case .postfixExpression(let inner)? = clause.elements {
                    collectBaseless(inner, regions: regions, into: &list)
                }
                current = postfix.base
            } else {
                return
            }
        }
    }

    private static func closures(of call: FunctionCallExprSyntax) -> [LabeledClosure] {
        var list: [LabeledClosure] = []
        for argument in call.arguments {
            if let closure = argument.expression.as(ClosureExprSyntax.self) {
                list.append(LabeledClosure(label: argument.label?.text, closure: closure))
            }
        }
        if let trailing = call.trailingClosure { list.append(LabeledClosure(label: nil, closure: trailing)) }
        for extra in call.additionalTrailingClosures {
            list.append(LabeledClosure(label: extra.label.text, closure: extra.closure))
        }
        return list
    }

    /// `Text`, `SwiftUI.Text`, `ForEach<...>`: the type's own name.
    private static func rootName(_ expr: ExprSyntax) -> String? {
        if let reference = expr.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        if let member = expr.as(MemberAccessExprSyntax.self) {
            if member.base == nil { return "." + member.declName.baseName.text }
            return member.declName.baseName.text
        }
        if let generic = expr.as(GenericSpecializationExprSyntax.self) { return rootName(generic.expression) }
        return nil
    }
}
