import SwiftIfConfig
import SwiftSyntax

/// A `struct X: View` (or `App`) of the file, with what its body may refer to by name.
struct ViewDeclaration {
    var name: String
    var isApp: Bool
    /// The statements of `body`.
    var body: CodeBlockItemListSyntax?
    /// `var header: some View { }` and `func row(...) -> some View { }` of the struct and its
    /// extensions in the file: the body's pieces, reviewed where the body uses them.
    var members: [String: CodeBlockItemListSyntax] = [:]
    /// `@ScaledMetric var size = 20`: the literal default of each, which scales with the text size.
    var scaledMetrics: [String: Double] = [:]
    var node: Syntax
}

/// The file's view declarations and whether it imports SwiftUI, read in the iOS build's
/// active `#if` clauses only.
struct ViewDeclarations {
    private(set) var importsSwiftUI = false
    /// A widget's or Live Activity's views are drawn on a background the system gives them.
    private(set) var importsWidgetKit = false
    /// In source order.
    private(set) var views: [ViewDeclaration] = []
    private var extensions: [(name: String, members: MemberBlockItemListSyntax)] = []
    private let regions: ConfiguredRegions

    init(_ file: SourceFileSyntax, regions: ConfiguredRegions) {
        self.regions = regions
        visit(file.statements, depth: 0)
        for (name, members) in extensions {
            guard let index = views.firstIndex(where: { $0.name == name }) else { continue }
            var view = views[index]
            collect(members, into: &view, depth: 0)
            views[index] = view
        }
    }

    func view(named name: String) -> ViewDeclaration? {
        views.first { $0.name == name }
    }

    private mutating func visit(_ statements: CodeBlockItemListSyntax, depth: Int) {
        guard depth < 32 else { return }
        for statement in statements {
            switch statement.item {
            case .decl(let decl): visit(decl, depth: depth)
            default: continue
            }
        }
    }

    private mutating func visit(_ decl: DeclSyntax, depth: Int) {
        if let importDecl = decl.as(ImportDeclSyntax.self) {
            if importDecl.path.first?.name.text == "SwiftUI" { importsSwiftUI = true }
            if importDecl.path.first?.name.text == "WidgetKit" { importsWidgetKit = true }
        } else if let config = decl.as(IfConfigDeclSyntax.self) {
            guard let clause = regions.activeClause(for: config) else { return }
            switch clause.elements {
            case .statements(let statements)?: visit(statements, depth: depth + 1)
            case .decls(let members)?: visitMembers(members, depth: depth + 1)
            default: break
            }
        } else if let structDecl = decl.as(StructDeclSyntax.self) {
            let inherited = Set(structDecl.inheritanceClause?.inheritedTypes.map { Self.lastName($0.type) } ?? [])
            if inherited.contains("View") || inherited.contains("App") {
                var view = ViewDeclaration(
                    name: structDecl.name.text, isApp: inherited.contains("App"), node: Syntax(structDecl))
                collect(structDecl.memberBlock.members, into: &view, depth: 0)
                views.append(view)
            }
            visitMembers(structDecl.memberBlock.members, depth: depth + 1)
        } else if let extensionDecl = decl.as(ExtensionDeclSyntax.self) {
            extensions.append((Self.lastName(extensionDecl.extendedType), extensionDecl.memberBlock.members))
            visitMembers(extensionDecl.memberBlock.members, depth: depth + 1)
        } else if let enumDecl = decl.as(EnumDeclSyntax.self) {
            visitMembers(enumDecl.memberBlock.members, depth: depth + 1)
        } else if let classDecl = decl.as(ClassDeclSyntax.self) {
            visitMembers(classDecl.memberBlock.members, depth: depth + 1)
        }
    }

    /// Nested declarations (a view inside an enum, a struct inside a view).
    private mutating func visitMembers(_ members: MemberBlockItemListSyntax, depth: Int) {
        guard depth < 32 else { return }
        for member in members { visit(member.decl, depth: depth) }
    }

    private func collect(_ members: MemberBlockItemListSyntax, into view: inout ViewDeclaration, depth: Int) {
        guard depth < 32 else { return }
        for member in members {
            let decl = member.decl
            if let config = decl.as(IfConfigDeclSyntax.self) {
                if case .decls(let inner)? = regions.activeClause(for: config)?.elements {
                    collect(inner, into: &view, depth: depth + 1)
                }
            } else if let variable = decl.as(VariableDeclSyntax.self) {
                collect(variable, into: &view)
            } else if let function = decl.as(FunctionDeclSyntax.self), let body = function.body,
                      let returns = function.signature.returnClause, Self.isViewType(returns.type) {
                view.members[function.name.text] = body.statements
            }
        }
    }

    private func collect(_ variable: VariableDeclSyntax, into view: inout ViewDeclaration) {
        let isScaled = variable.attributes.contains { attribute in
            attribute.as(AttributeSyntax.self).map { Self.lastName($0.attributeName) == "ScaledMetric" } ?? false
        }
        for binding in variable.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
            if isScaled, let value = Literals.number(binding.initializer?.value) {
                view.scaledMetrics[name] = value
                continue
            }
            guard let accessors = binding.accessorBlock else { continue }
            let isView = binding.typeAnnotation.map { Self.isViewType($0.type) } ?? false
            guard isView || name == "body" else { continue }
            let statements: CodeBlockItemListSyntax?
            switch accessors.accessors {
            case .getter(let list): statements = list
            case .accessors(let list):
                statements = list.first { $0.accessorSpecifier.tokenKind == .keyword(.get) }?.body?.statements
            @unknown default:
                statements = nil
            }
            guard let statements else { continue }
            if name == "body" { view.body = statements } else { view.members[name] = statements }
        }
    }

    /// `some View`, `some Scene`, `AnyView`, `Text`...: a type a view body can have.
    private static func isViewType(_ type: TypeSyntax) -> Bool {
        if let some = type.as(SomeOrAnyTypeSyntax.self) {
            let constraint = lastName(some.constraint)
            return constraint == "View" || constraint == "Scene"
        }
        return ["AnyView", "Text", "Image", "Button"].contains(lastName(type))
    }

    /// `SwiftUI.View` and `View` are both `View`.
    static func lastName(_ type: some SyntaxProtocol) -> String {
        if let identifier = type.as(IdentifierTypeSyntax.self) { return identifier.name.text }
        if let member = type.as(MemberTypeSyntax.self) { return member.name.text }
        if let attributed = type.as(AttributedTypeSyntax.self) { return lastName(attributed.baseType) }
        return type.trimmedDescription
    }
}
