import HiglintCore
import SwiftIfConfig
import SwiftSyntax

/// What a view passes down to the views inside it: SwiftUI's environment, as far as the
/// source writes it, and where the views sit.
struct ViewEnvironment {
    var font: FontSetting?
    var weight: (Font.Weight, Mark)?
    /// A `.fontWeight` the source computes, nearer than any literal one: the weight is unknown.
    var weightIsComputed = false
    /// Why buttons inside have no size of their own (a List row, a button style, a bar).
    var sizedBySystem = false
    /// A button style sizes the buttons inside, in code this file may not hold: unlike a
    /// row's or a bar's, that size is not the system's promise, so it counts as unknown.
    var sizedByStyle = false
    /// The nearest `.foregroundColor`/`.foregroundStyle` and where it is written.
    var foreground: (Color, Mark)?
    /// Something the model's layers cannot say is behind the views (an overlay's view, a
    /// `ZStack`'s image): their text colours are unknown.
    var backdropUnknown = false
    /// `SettingsView`, or `Header, used in SettingsView`: how notes name where a view is.
    var owner: String
    /// The struct whose properties and `@ScaledMetric`s the views may name.
    var declaration: ViewDeclaration
}

/// The bars and other facts of one screen, gathered from the modifiers of its views.
struct ScreenFacts {
    var title: String?
    var titleMark: Mark?
    var navigationItems: [Element] = []
    var back: BackButton?
    var toolbarItems: [Element] = []
    var tabs: [Element] = []
    var tabMark: Mark?
    var statusBarHidden: Mark?

    var hasBars: Bool {
        title != nil || back != nil || !navigationItems.isEmpty || !toolbarItems.isEmpty || !tabs.isEmpty
            || statusBarHidden != nil
    }
}

/// A presentation one screen makes (a sheet, a navigation destination, a tab's content
/// written in place): a screen of its own, built after the one that presents it.
struct Presentation {
    enum Content {
        case statements(CodeBlockItemListSyntax)
        /// A tab's content written in place, without its `.tabItem`.
        case view(ViewCall)
    }

    var name: String
    var content: Content
    var environment: ViewEnvironment
    var mark: Mark
}

/// Builds the elements of one screen from a view body. Views map to the spec's element
/// types; what the source only computes stays unknown.
struct ViewMapper {
    let declarations: ViewDeclarations
    let regions: ConfiguredRegions
    let positions: SourcePositions
    let suppressions: Suppressions
    var facts = ScreenFacts()
    var presentations: [Presentation] = []
    /// The structs of the file this screen shows in place.
    var inlined: Set<String> = []
    private var inlinedMembers: Set<String> = []
    private var names: [String: Int] = [:]
    private(set) var notes: [String: String] = [:]
    /// By rule: the elements made here that the rule cannot judge, because the source
    /// computes what it needs (`ImportedFile.unknown`).
    private(set) var unknown: [String: Int] = [:]
    /// By element name, where its text colour is written.
    private var colorMarks: [String: Mark] = [:]
    /// By the mark of the `.font` or `.fontWeight` that says it: the edit of a fixed size to
    /// the nearest text style, or of a light weight to regular.
    private var fontFixes: [Mark: Fix] = [:]
    private var weightFixes: [Mark: Fix] = [:]
    /// The fixes of the findings on this screen's elements.
    private(set) var sourceFixes: [SourceFix] = []
    private var inlining: [String] = []
    private var depth = 0
    static let maximumDepth = 160

    /// The app's asset-catalog colours, for `Color("Name")`.
    let catalog: CatalogLookup?

    init(
        declarations: ViewDeclarations, regions: ConfiguredRegions, positions: SourcePositions, suppressions: Suppressions,
        catalog: CatalogLookup? = nil
    ) {
        self.catalog = catalog
        self.declarations = declarations
        self.regions = regions
        self.positions = positions
        self.suppressions = suppressions
    }

    // MARK: Statements

    mutating func elements(of statements: CodeBlockItemListSyntax, in environment: ViewEnvironment) -> [Element] {
        guard depth < Self.maximumDepth else { return [] }
        depth += 1
        defer { depth -= 1 }
        var out: [Element] = []
        for statement in statements {
            switch statement.item {
            case .expr(let expr):
                out += elements(of: expr, in: environment)
            case .stmt(let stmt):
                if let expression = stmt.as(ExpressionStmtSyntax.self) {
                    out += elements(of: expression.expression, in: environment)
                } else if let returned = stmt.as(ReturnStmtSyntax.self), let expr = returned.expression {
                    out += elements(of: expr, in: environment)
                }
            case .decl(let decl):
                if let config = decl.as(IfConfigDeclSyntax.self),
                   case .statements(let active)? = regions.activeClause(for: config)?.elements {
                    out += elements(of: active, in: environment)
                }
            @unknown default:
                continue
            }
        }
        return out
    }

    private mutating func elements(of expr: ExprSyntax, in environment: ViewEnvironment) -> [Element] {
        // Each branch is a way the screen can look: all are reviewed.
        if let ifExpr = expr.as(IfExprSyntax.self) {
            var out = elements(of: ifExpr.body.statements, in: environment)
            switch ifExpr.elseBody {
            case .ifExpr(let next)?: out += elements(of: ExprSyntax(next), in: environment)
            case .codeBlock(let block)?: out += elements(of: block.statements, in: environment)
            default: break
            }
            return out
        }
        if let switchExpr = expr.as(SwitchExprSyntax.self) {
            var out: [Element] = []
            for item in switchExpr.cases {
                if let switchCase = item.as(SwitchCaseSyntax.self) { out += elements(of: switchCase.statements, in: environment) }
            }
            return out
        }
        if let ternary = expr.as(TernaryExprSyntax.self) {
            return elements(of: ternary.thenExpression, in: environment) + elements(of: ternary.elseExpression, in: environment)
        }
        guard let call = ViewCall.parse(expr, regions: regions) else { return [] }
        return elements(of: call, in: environment)
    }

    private mutating func elements(of closure: ClosureExprSyntax?, in environment: ViewEnvironment) -> [Element] {
        guard let closure else { return [] }
        return elements(of: closure.statements, in: environment)
    }

    // MARK: Views

    mutating func elements(of presentation: Presentation) -> [Element] {
        switch presentation.content {
        case .statements(let statements): return elements(of: statements, in: presentation.environment)
        case .view(let call): return elements(of: call, in: presentation.environment)
        }
    }

    private mutating func elements(of call: ViewCall, in outer: ViewEnvironment) -> [Element] {
        var environment = outer
        var ownFont: FontSetting?
        var ownWeight: (Font.Weight, Mark)?
        var ownWeightComputed = false
        var ownForeground: (Color, Mark)?
        /// Innermost first, so the last is furthest back.
        var backgrounds: [Color] = []
        var tapAt: Int?
        var extra: [Element] = []
        for (index, modifier) in call.modifiers.enumerated() {
            let mark = positions.mark(of: modifier.node)
            switch modifier.name {
            case "font":
                // The innermost `.font` is the one the view shows.
                if ownFont == nil, let value = modifier.firstUnlabeled {
                    ownFont = FontReading.font(value, mark: mark, scaled: outer.declaration.scaledMetrics)
                    if let style = FontReading.textStyle(replacing: value) { fontFixes[mark] = edit(value, to: style) }
                }
            case "fontWeight":
                if ownWeight == nil, !ownWeightComputed {
                    if let weight = FontReading.weight(modifier.firstUnlabeled) {
                        ownWeight = (weight, mark)
                        if let value = modifier.firstUnlabeled, weight == .ultralight || weight == .thin || weight == .light {
                            weightFixes[mark] = edit(value, to: ".regular")
                        }
                    } else {
                        ownWeightComputed = true
                    }
                }
            case "bold":
                if ownWeight == nil, !ownWeightComputed {
                    // `.bold(isActive)`: bold only some of the time, which the source does not say.
                    if let argument = modifier.firstUnlabeled {
                        if let bold = Literals.bool(argument) {
                            if bold { ownWeight = (.bold, mark) }
                        } else {
                            ownWeightComputed = true
                        }
                    } else {
                        ownWeight = (.bold, mark)
                    }
                }
            case "buttonStyle":
                if !TapSize.keepsLabelSize(modifier.firstUnlabeled) {
                    environment.sizedBySystem = true
                    environment.sizedByStyle = true
                    // The style draws a shape of its own behind the label.
                    environment.backdropUnknown = true
                }
            case "navigationTitle":
                if let value = modifier.firstUnlabeled {
                    facts.title = Literals.string(value) ?? Literals.text(value)
                    facts.titleMark = mark
                }
            case "toolbar":
                for closure in modifier.closures { toolbar(closure.closure, in: outer) }
            case "statusBarHidden":
                if Literals.bool(modifier.firstUnlabeled) ?? (modifier.arguments?.isEmpty ?? true) { facts.statusBarHidden = mark }
            case "statusBar":
                if Literals.bool(modifier.argument("hidden")) == true { facts.statusBarHidden = mark }
            case "sheet", "fullScreenCover", "popover", "navigationDestination":
                for closure in modifier.closures where closure.label == nil || closure.label == "content"
                    || closure.label == "destination" {
                    present(closure.closure, as: modifier.name, at: mark, in: outer)
                }
            case "foregroundColor", "foregroundStyle":
                // The innermost is the one the text shows; two or three styles are levels of a hierarchy.
                if ownForeground == nil {
                    let arguments = Array(modifier.arguments ?? [])
                    let color = arguments.count == 1 && arguments[0].label == nil
                        ? ColorReading.color(arguments[0].expression, catalog: catalog) : ColorReading.computed
                    ownForeground = (color, mark)
                }
            case "overlay", "background", "safeAreaInset":
                var inner = outer
                // An overlay's views, and a safe-area inset's, are drawn over this one, whatever it shows.
                if modifier.name != "background" { inner.backdropUnknown = true }
                if modifier.name == "background" { backgrounds.append(Self.background(modifier, catalog: catalog)) }
                for closure in modifier.closures { extra += elements(of: closure.closure, in: inner) }
                if let content = modifier.firstUnlabeled, content.as(ClosureExprSyntax.self) == nil,
                   let view = ViewCall.parse(content, regions: regions), view.name.map(Self.isViewName) ?? false {
                    extra += elements(of: view, in: inner)
                }
            case "onTapGesture":
                if tapAt == nil { tapAt = index }
            default:
                break
            }
        }
        if let ownFont { environment.font = ownFont }
        if let ownForeground { environment.foreground = ownForeground }
        let background = backgrounds.isEmpty ? nil : Self.layered(backgrounds.reversed())
        if background?.isKnown == false { environment.backdropUnknown = true }
        if let ownWeight {
            environment.weight = ownWeight
            environment.weightIsComputed = false
        } else if ownWeightComputed {
            environment.weight = nil
            environment.weightIsComputed = true
        }
        var made = view(call, in: environment)
        if let background {
            // Behind each view the call makes, and behind any colour the view fills itself with.
            for index in made.indices {
                made[index].background = Self.layered([background] + (made[index].background.map { [$0] } ?? []))
            }
        }
        if let tapAt {
            made = [tappable(made, call: call, through: tapAt, in: environment)]
        }
        return made + extra
    }

    /// What `.background(...)` puts behind the view: a literal colour, else unknown.
    private static func background(_ modifier: ModifierCall, catalog: CatalogLookup?) -> Color {
        if let closure = modifier.closures.first?.closure {
            guard closure.statements.count == 1, case .expr(let expr)? = closure.statements.first?.item,
                  let color = ColorReading.colorView(expr, catalog: catalog)
            else { return .unknown("a view behind it") }
            return color
        }
        let arguments = Array(modifier.arguments ?? [])
        // `.background()` is the environment's background style, the system background unless set.
        if arguments.isEmpty { return .systemBackground }
        guard let first = arguments.first, first.label == nil else { return .unknown("the background style") }
        return ColorReading.colorView(first.expression, catalog: catalog) ?? ColorReading.color(first.expression, catalog: catalog)
    }

    /// Colours bottom first, as one: each composited over the one below; unknown if one is.
    static func layered(_ layers: [Color]) -> Color {
        guard let bottom = layers.first else { return .fixed(.clear) }
        guard layers.count > 1 else { return bottom }
        var light: RGBA?
        var dark: RGBA?
        for layer in layers {
            guard case .known(let top, let topDark) = layer else { return layer }
            light = light.map { top.over($0) } ?? top
            dark = dark.map { topDark.over($0) } ?? topDark
        }
        guard let light, let dark else { return bottom }
        return .known(light: light, dark: dark)
    }

    /// Type names start with a capital; properties and functions of the struct do not.
    private static func isViewName(_ name: String) -> Bool {
        name.first.map { $0.isUppercase } ?? false
    }

    private mutating func view(_ call: ViewCall, in environment: ViewEnvironment) -> [Element] {
        guard let name = call.name else { return [] }
        let mark = positions.mark(of: call.node)
        switch name {
        case "Text":
            var fields = fields(
                .text, kind: "Text", label: Literals.string(call.firstUnlabeled), written: call.firstUnlabeled, at: mark,
                in: environment)
            setFont(&fields, in: environment)
            return [finish(fields, textMark: true)]
        case "Label":
            var fields = fields(
                .text, kind: "Label", label: Literals.string(call.firstUnlabeled), written: call.firstUnlabeled, at: mark,
                in: environment)
            fields.icon = icon(of: call)
            setFont(&fields, in: environment)
            return [finish(fields, textMark: true)]
        case "Image":
            guard let icon = icon(of: call) else { return [] }
            let fields = fields(.image, kind: "Image", label: nil, icon: icon, at: mark, in: environment)
            return [finish(fields)]
        case "Button", "Link", "NavigationLink", "Menu", "ShareLink", "EditButton", "PasteButton", "RenameButton",
            "SignInWithAppleButton":
            return [button(call, kind: name, at: mark, in: environment)]
        case "Toggle":
            return [control(.switch, call, kind: name, at: mark, in: environment)]
        case "Slider":
            return [control(.slider, call, kind: name, at: mark, in: environment)]
        case "Stepper":
            return [control(.button, call, kind: name, at: mark, in: environment)]
        case "Picker":
            let segmented = call.modifiers.contains { modifier in
                modifier.name == "pickerStyle"
                    && (Literals.member(modifier.firstUnlabeled, of: ["PickerStyle"]) == "segmented"
                        || modifier.firstUnlabeled?.as(FunctionCallExprSyntax.self)?.calledExpression
                            .as(DeclReferenceExprSyntax.self)?.baseName.text == "SegmentedPickerStyle")
            }
            return [control(segmented ? .segmentedControl : .custom, call, kind: name, at: mark, in: environment)]
        case "TextField", "SecureField", "TextEditor":
            var fields = fields(.textField, kind: name, label: Literals.string(call.firstUnlabeled), at: mark, in: environment)
            setFont(&fields, in: environment)
            return [finish(fields, textMark: true)]
        case "List", "Form":
            var inner = environment
            // A row is as tall as the system makes it, whatever its button's frame says.
            inner.sizedBySystem = true
            inner.sizedByStyle = false
            // Rows have the list style's background, which differs from the screen's in dark mode.
            inner.backdropUnknown = true
            var fields = fields(.list, kind: name, label: nil, at: mark, in: environment)
            fields.scroll = .vertical
            fields.children = contents(of: call, in: inner)
            return [finish(fields)]
        case "ScrollView":
            var fields = fields(.group, kind: name, label: nil, at: mark, in: environment)
            fields.scroll = Self.scroll(call.firstUnlabeled)
            fields.children = contents(of: call, in: environment)
            return [finish(fields)]
        case "LazyVGrid", "LazyHGrid", "Grid":
            var fields = fields(.grid, kind: name, label: nil, at: mark, in: environment)
            fields.children = contents(of: call, in: environment)
            return fields.children.isEmpty ? [] : [finish(fields)]
        case "ZStack":
            return zStack(call, at: mark, in: environment)
        case "VStack", "HStack", "LazyVStack", "LazyHStack", "GroupBox", "Section", "DisclosureGroup",
            "ViewThatFits", "ControlGroup", "GridRow":
            var fields = fields(.group, kind: name, label: nil, at: mark, in: environment)
            fields.children = contents(of: call, in: environment)
            return fields.children.isEmpty ? [] : [finish(fields)]
        case "TabView":
            tabView(call, at: mark, in: environment)
            return []
        case "Spacer", "Divider", "Color", "Rectangle", "RoundedRectangle", "Circle", "Capsule", "Ellipse",
            "EmptyView", "ProgressView", "AnyView", "Path", "Canvas", "Map", "Chart":
            return []
        default:
            return reference(call, named: name, in: environment)
        }
    }

    /// A `ZStack` draws its views in order, each over those before: a colour first is the
    /// background of the rest; anything else first (an image, a shape) leaves what is
    /// behind the others unknown.
    private mutating func zStack(_ call: ViewCall, at mark: Mark, in environment: ViewEnvironment) -> [Element] {
        var inner = environment
        var background: Color?
        if let statements = call.closure(nil)?.statements {
            let views = statements.compactMap { statement -> ExprSyntax? in
                if case .expr(let expr) = statement.item { return expr }
                return nil
            }
            if let first = views.first, views.count > 1 {
                if let color = ColorReading.colorView(first, catalog: catalog) {
                    background = color
                    if !color.isKnown { inner.backdropUnknown = true }
                } else {
                    inner.backdropUnknown = true
                }
            }
        }
        var fields = fields(.group, kind: "ZStack", label: nil, at: mark, in: environment)
        fields.children = contents(of: call, in: inner)
        fields.background = background
        return fields.children.isEmpty ? [] : [finish(fields)]
    }

    /// A struct of the file shown in place, a property or function of the struct, or a
    /// view this file does not declare, whose closures are still its content.
    private mutating func reference(_ call: ViewCall, named name: String, in environment: ViewEnvironment) -> [Element] {
        if Self.isViewName(name), let declaration = declarations.view(named: name) {
            // Shown twice on one screen, a view is the same code: it is reviewed at its first use.
            guard !inlined.contains(name), !inlining.contains(name), inlining.count < 16, let body = declaration.body
            else { return [] }
            inlined.insert(name)
            inlining.append(name)
            defer { inlining.removeLast() }
            var inner = environment
            inner.declaration = declaration
            inner.owner = "\(name), used in \(environment.owner)"
            return elements(of: body, in: inner)
        }
        if !Self.isViewName(name), let member = environment.declaration.members[name] {
            let key = environment.declaration.name + "." + name
            guard !inlinedMembers.contains(key), inlining.count < 16 else { return [] }
            inlinedMembers.insert(key)
            inlining.append(key)
            defer { inlining.removeLast() }
            return elements(of: member, in: environment)
        }
        return contents(of: call, in: environment)
    }

    /// The views in a container's closures (content, header, footer, sidebar, detail...).
    private mutating func contents(of call: ViewCall, in environment: ViewEnvironment) -> [Element] {
        var out: [Element] = []
        for closure in call.closures { out += elements(of: closure.closure, in: environment) }
        return out
    }

    private static func scroll(_ axes: ExprSyntax?) -> Scroll {
        guard let axes else { return .vertical }
        if let name = Literals.member(axes, of: ["Axis"]) {
            return name == "horizontal" ? .horizontal : .vertical
        }
        if let array = axes.as(ArrayExprSyntax.self) {
            let names = Set(array.elements.compactMap { Literals.member($0.expression, of: ["Axis"]) })
            if names == ["horizontal", "vertical"] { return .both }
            if names == ["horizontal"] { return .horizontal }
        }
        return .vertical
    }

    private func icon(of call: ViewCall) -> Icon? {
        if let symbol = call.argument("systemName") ?? call.argument("systemImage") {
            return .system(Literals.string(symbol) ?? Literals.text(symbol))
        }
        if let asset = call.argument("image") { return .custom(Literals.string(asset) ?? Literals.text(asset)) }
        if call.name == "Image", let asset = call.firstUnlabeled {
            return .custom(Literals.string(asset) ?? Literals.text(asset))
        }
        return nil
    }

    /// The font the environment gives a text: its own `.font`, else the nearest one around
    /// it, with the nearest `.fontWeight` or `.bold()` applied. A computed font is unknown,
    /// and the text is counted for the rules that would have judged it.
    private mutating func font(in environment: ViewEnvironment) -> Font? {
        var font: Font?
        switch environment.font {
        case .known(let value)?: font = value
        case .unknown?:
            countUnknown(Self.sizeRules)
            if environment.weight == nil { countUnknown(Self.weightRules) }
        case nil: break
        }
        if let (weight, mark) = environment.weight {
            if font == nil { font = Font(mark: mark) }
            font?.weight = weight
        } else if environment.weightIsComputed, font != nil {
            // A computed `.fontWeight` replaces the weight the font itself has.
            font?.weight = nil
            countUnknown(Self.weightRules)
        }
        return font
    }

    /// An unsafe fix replacing `expr` by `text`: it changes how the text looks.
    private func edit(_ expr: ExprSyntax, to text: String) -> Fix {
        let start = positions.mark(of: expr)
        let end = positions.mark(at: expr.endPositionBeforeTrailingTrivia.utf8Offset)
        return Fix(safety: .unsafe, edits: [TextEdit(range: start.offset..<end.offset, replacement: text, start: start, end: end)])
    }

    /// The font the environment gives a text, and the fixes of its findings.
    private mutating func setFont(_ fields: inout Element.Fields, in environment: ViewEnvironment) {
        fields.font = font(in: environment)
        if let id = fields.id, let font = fields.font { recordFixes(of: font, on: id, in: environment) }
    }

    private mutating func recordFixes(of font: Font, on id: String, in environment: ViewEnvironment) {
        if case .known(let written)? = environment.font, written.dynamic == false, let fix = fontFixes[written.mark] {
            for rule in Self.sizeRules { sourceFixes.append(SourceFix(rule: rule, element: id, fix: fix)) }
        }
        if let (_, mark) = environment.weight, let fix = weightFixes[mark], font.weight.map(Self.isLight) == true {
            sourceFixes.append(SourceFix(rule: "text.light-weight", element: id, fix: fix))
        }
    }

    private static func isLight(_ weight: Font.Weight) -> Bool {
        weight == .ultralight || weight == .thin || weight == .light
    }

    static let sizeRules = ["text.min-size", "text.fixed-size"]
    static let weightRules = ["text.light-weight", "text.heavy-weight"]
    static let hitTargetRule = "buttons.hit-target"
    static let contrastRule = "text.contrast"

    mutating func countUnknown(_ rules: [String]) {
        for rule in rules { unknown[rule, default: 0] += 1 }
    }

    // MARK: Controls

    private mutating func button(_ call: ViewCall, kind: String, at mark: Mark, in environment: ViewEnvironment) -> Element {
        let titled = Literals.string(call.firstUnlabeled)
        let labelClosure: ClosureExprSyntax?
        switch kind {
        case "Button":
            labelClosure = call.closure("label") ?? (call.argument("action") != nil ? call.closure(nil) : nil)
        case "NavigationLink":
            labelClosure = call.closure("label") ?? (call.firstUnlabeled == nil ? call.closure(nil) : nil)
            let destination = call.closure("label") != nil ? call.closure(nil) : (call.firstUnlabeled != nil ? call.closure(nil) : nil)
            if let destination = call.closure("destination") ?? destination {
                present(destination, as: "navigation destination", at: mark, in: environment)
            }
        case "Menu":
            labelClosure = call.closure("label")
        case "Link", "ShareLink":
            labelClosure = call.closure("label") ?? (call.firstUnlabeled == nil ? call.closure(nil) : nil)
        default:
            labelClosure = call.closure("label")
        }
        var size = TapSize()
        var children: [Element] = []
        if let labelClosure {
            children = elements(of: labelClosure.statements, in: environment)
            if let single = Self.singleView(labelClosure.statements), let label = ViewCall.parse(single, regions: regions) {
                size.apply(label.modifiers, positions: positions)
            }
        }
        size.apply(call.modifiers, positions: positions)
        let label = titled ?? Self.firstLabel(in: children)
        var fields = fields(.button, kind: kind, label: label, icon: icon(of: call) ?? Self.firstIcon(in: children),
                            at: mark, in: environment)
        // A label of views has its texts, which take the colour themselves.
        if labelClosure == nil, label != nil { foreground(of: &fields, in: environment) }
        if !environment.sizedBySystem, let known = size.known, let sizeMark = size.mark {
            fields.hitArea = known
            fields.marks = Marks(sizeMark)
            notes[fields.id ?? ""] = note(for: fields, in: environment, size: size)
        } else if !environment.sizedBySystem || environment.sizedByStyle {
            // Sized by its label, a style or what the source computes: nothing the source writes.
            countUnknown([Self.hitTargetRule])
        }
        if labelClosure == nil, let font = font(in: environment) {
            // The title's font is the label's: its findings point at the `.font`, not the button.
            var text = Element.Fields(placement: .content, path: "", marks: Marks(font.mark))
            text.type = .text
            text.font = font
            text.id = uniqueName("\(kind)\(label.map { " " + quoted($0) } ?? "") title")
            if let id = text.id { recordFixes(of: font, on: id, in: environment) }
            notes[text.id ?? ""] = " (SwiftUI \(kind)\(label.map { " " + quoted($0) } ?? "")'s title in \(environment.owner))"
            children.append(finish(text))
        }
        fields.children = children
        return finish(fields)
    }

    private mutating func control(
        _ type: ElementType, _ call: ViewCall, kind: String, at mark: Mark, in environment: ViewEnvironment
    ) -> Element {
        var fields = fields(type, kind: kind, label: Literals.string(call.firstUnlabeled), at: mark, in: environment)
        setFont(&fields, in: environment)
        return finish(fields, textMark: type == .custom)
    }

    /// A view with `.onTapGesture`: interactive, sized by the frames and padding written
    /// before the gesture.
    private mutating func tappable(_ made: [Element], call: ViewCall, through index: Int, in environment: ViewEnvironment) -> Element {
        var size = TapSize()
        size.apply(call.modifiers[..<index], positions: positions)
        let mark = positions.mark(of: call.modifiers[index].node)
        var element: Element.Fields
        if made.count == 1, let only = made.first {
            element = only.fields
        } else {
            element = fields(.group, kind: call.name ?? "view", label: nil, at: mark, in: environment)
            element.children = made
        }
        element.action = "tap"
        if let known = size.known, let sizeMark = size.mark {
            element.hitArea = known
            element.marks = Marks(sizeMark)
            if let id = element.id { notes[id] = note(for: element, in: environment, size: size, tapGesture: true) }
        } else if !environment.sizedBySystem || environment.sizedByStyle, element.hitArea == nil,
                  !(made.count == 1 && made[0].isInteractive) {
            // A button given a tap gesture was counted as a button already.
            countUnknown([Self.hitTargetRule])
        }
        return finish(element)
    }

    private func note(for fields: Element.Fields, in environment: ViewEnvironment, size: TapSize, tapGesture: Bool = false) -> String {
        let described = (fields.id ?? "view") + (tapGesture ? " with .onTapGesture" : "")
        var note = " (SwiftUI \(described) in \(environment.owner); its tap area is the literal frame and padding"
        if !size.contentShape { note += ", and without .contentShape only its visible content takes taps" }
        return note + ")"
    }

    private static func singleView(_ statements: CodeBlockItemListSyntax) -> ExprSyntax? {
        guard statements.count == 1, case .expr(let expr)? = statements.first?.item else { return nil }
        return expr
    }

    private static func firstLabel(in elements: [Element]) -> String? {
        for element in Screen.flatten(elements) {
            if let label = element.label { return label }
        }
        return nil
    }

    private static func firstIcon(in elements: [Element]) -> Icon? {
        Screen.flatten(elements).lazy.compactMap { $0.icon }.first
    }

    // MARK: Bars

    private mutating func toolbar(_ closure: ClosureExprSyntax, in environment: ViewEnvironment) {
        var inner = environment
        inner.sizedBySystem = true
        inner.sizedByStyle = false
        // Bars are drawn in the system's material.
        inner.backdropUnknown = true
        for statement in closure.statements {
            guard case .expr(let expr) = statement.item, let item = ViewCall.parse(expr, regions: regions) else {
                if case .decl(let decl) = statement.item, let config = decl.as(IfConfigDeclSyntax.self),
                   case .statements(let active)? = regions.activeClause(for: config)?.elements {
                    toolbar(statements: active, in: inner)
                }
                continue
            }
            toolbarItem(item, in: inner)
        }
    }

    private mutating func toolbar(statements: CodeBlockItemListSyntax, in environment: ViewEnvironment) {
        for statement in statements {
            if case .expr(let expr) = statement.item, let item = ViewCall.parse(expr, regions: regions) {
                toolbarItem(item, in: environment)
            }
        }
    }

    private mutating func toolbarItem(_ item: ViewCall, in environment: ViewEnvironment) {
        let placement: String?
        let content: [Element]
        switch item.name {
        case "ToolbarItem", "ToolbarItemGroup":
            placement = Literals.member(item.argument("placement"), of: ["ToolbarItemPlacement"])
            content = contents(of: item, in: environment)
        case "ToolbarTitleMenu", "ToolbarSpacer", nil:
            return
        default:
            placement = nil
            content = elements(of: item, in: environment)
        }
        switch placement {
        case "bottomBar", "status":
            facts.toolbarItems += Self.barItems(content, placement: .toolbarItem)
        case "keyboard":
            return
        case "cancellationAction":
            // A modal's Cancel stands where a pushed screen's back button is.
            if facts.back == nil, let first = content.first {
                var back = BackButton(marks: Marks(first.marks.map))
                back.title = first.label
                facts.back = back
            } else {
                facts.navigationItems += Self.barItems(content, placement: .navigationBarItem)
            }
        case "principal":
            // The principal item stands where the title is.
            if facts.title == nil { facts.title = "principal item" }
        default:
            facts.navigationItems += Self.barItems(content, placement: .navigationBarItem)
        }
    }

    /// The items of a bar's content: groups are unwrapped down to what they hold.
    private static func barItems(_ content: [Element], placement: ElementPlacement) -> [Element] {
        var items: [Element] = []
        for element in content {
            if element.type == .group, element.action == nil {
                items += barItems(element.children, placement: placement)
            } else {
                var item = element
                item.placement = placement
                items.append(item)
            }
        }
        return items
    }

    private mutating func tabView(_ call: ViewCall, at mark: Mark, in environment: ViewEnvironment) {
        facts.tabMark = facts.tabMark ?? mark
        guard let closure = call.closure(nil) else { return }
        tabs(in: closure.statements, in: environment, depth: 0)
    }

    private mutating func tabs(in statements: CodeBlockItemListSyntax, in environment: ViewEnvironment, depth: Int) {
        guard depth < 8 else { return }
        for statement in statements {
            switch statement.item {
            case .expr(let expr):
                guard let child = ViewCall.parse(expr, regions: regions) else { continue }
                if child.name == "TabSection" || child.name == "ForEach" {
                    for closure in child.closures { tabs(in: closure.closure.statements, in: environment, depth: depth + 1) }
                } else {
                    tab(child, in: environment)
                }
            case .decl(let decl):
                if let config = decl.as(IfConfigDeclSyntax.self),
                   case .statements(let active)? = regions.activeClause(for: config)?.elements {
                    tabs(in: active, in: environment, depth: depth + 1)
                }
            default:
                continue
            }
        }
    }

    /// `Tab("Title", systemImage: "star") { content }` or `content.tabItem { Label(...) }`.
    private mutating func tab(_ child: ViewCall, in environment: ViewEnvironment) {
        var title: String?
        var icon: Icon?
        var mark: Mark
        var content: CodeBlockItemListSyntax?
        var contentCall: ViewCall?
        if child.name == "Tab" {
            mark = positions.mark(of: child.node)
            if let value = child.firstUnlabeled { title = Literals.string(value) ?? Literals.text(value) }
            icon = self.icon(of: child)
            content = child.closure(nil)?.statements
        } else if let item = child.modifiers.first(where: { $0.name == "tabItem" }) {
            mark = positions.mark(of: item.node)
            var inner = environment
            inner.sizedBySystem = true
            inner.sizedByStyle = false
            inner.backdropUnknown = true
            let label = item.closures.first.map { elements(of: $0.closure.statements, in: inner) } ?? []
            title = Self.firstLabel(in: label)
            icon = Self.firstIcon(in: label)
            if title == nil, let text = item.closures.first.flatMap({ Self.firstComputedText(in: $0.closure.statements) }) {
                title = text
            }
            contentCall = child
        } else {
            return
        }
        var fields = Element.Fields(placement: .tab, path: "", marks: Marks(mark))
        fields.title = title
        fields.icon = icon
        if let badge = child.modifiers.first(where: { $0.name == "badge" })?.firstUnlabeled {
            if let number = Literals.number(badge), number == number.rounded(), abs(number) < 1e9 {
                fields.badgeNumber = Int(number)
                fields.badge = String(Int(number))
            } else if let text = Literals.string(badge) {
                fields.badge = text
            }
        }
        fields.id = uniqueName("Tab" + (title.map { " " + quoted($0) } ?? ""))
        notes[fields.id ?? ""] = " (SwiftUI tab\(title.map { " " + quoted($0) } ?? "") in \(environment.owner))"
        facts.tabs.append(finish(fields))
        let tabName = "tab" + (title.map { " " + quoted($0) } ?? "")
        if let content {
            present(statements: content, as: tabName, at: mark, in: environment)
        } else if let contentCall, !(contentCall.name.map { declarations.view(named: $0) != nil } ?? false) {
            // The tab's content written in place is a screen of its own; a struct of the file is one already.
            var bare = contentCall
            bare.modifiers.removeAll { $0.name == "tabItem" }
            presentations.append(Presentation(name: tabName, content: .view(bare), environment: environment, mark: mark))
        }
    }

    /// `Text(title)` in a tab item: the title is computed, but there is one.
    private static func firstComputedText(in statements: CodeBlockItemListSyntax) -> String? {
        for statement in statements {
            guard case .expr(let expr) = statement.item, let call = expr.as(FunctionCallExprSyntax.self),
                  let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
                  name == "Text" || name == "Label", let first = call.arguments.first
            else { continue }
            return Literals.text(first.expression)
        }
        return nil
    }

    private mutating func present(_ closure: ClosureExprSyntax, as kind: String, at mark: Mark, in environment: ViewEnvironment) {
        present(statements: closure.statements, as: kind, at: mark, in: environment)
    }

    private mutating func present(
        statements: CodeBlockItemListSyntax, as kind: String, at mark: Mark, in environment: ViewEnvironment
    ) {
        // A presented struct of the file is a screen of its own already.
        if let single = Self.singleView(statements), let call = ViewCall.parse(single, regions: regions),
           let name = call.name, declarations.view(named: name) != nil, call.modifiers.isEmpty {
            return
        }
        presentations.append(Presentation(name: kind, content: .statements(statements), environment: environment, mark: mark))
    }

    // MARK: Elements

    private mutating func fields(
        _ type: ElementType, kind: String, label: String?, icon: Icon? = nil, written: ExprSyntax? = nil, at mark: Mark,
        in environment: ViewEnvironment
    ) -> Element.Fields {
        var fields = Element.Fields(placement: .content, path: "", marks: Marks(mark))
        fields.type = type
        fields.label = label
        fields.icon = icon
        let described: String
        if let label {
            described = "\(kind) \(quoted(label))"
        } else if let written {
            // A computed title is named by what computes it, as the source reads.
            described = "\(kind)(\(Literals.text(written)))"
        } else if case .system(let symbol)? = icon {
            described = "\(kind) \(quoted(symbol))"
        } else if case .custom(let asset)? = icon {
            described = "\(kind) \(quoted(asset))"
        } else {
            described = kind
        }
        fields.id = uniqueName(described)
        notes[fields.id ?? ""] = " (SwiftUI \(described) in \(environment.owner))"
        if type == .text || type == .textField { foreground(of: &fields, in: environment) }
        return fields
    }

    /// The text colour the environment gives, when the file writes one. A colour the source
    /// computes, or one over something unknown, is unknown and counted for `text.contrast`.
    private mutating func foreground(of fields: inout Element.Fields, in environment: ViewEnvironment) {
        guard let (color, mark) = environment.foreground else { return }
        if !color.isKnown || environment.backdropUnknown {
            countUnknown([Self.contrastRule])
            fields.color = color.isKnown ? .unknown("what is behind it is not known") : color
        } else {
            fields.color = color
        }
        if let id = fields.id { colorMarks[id] = mark }
    }

    /// A text's findings are about its font: they point at the `.font` (or `.fontWeight`)
    /// that sets it, where there is one.
    private mutating func finish(_ fields: Element.Fields, textMark: Bool = false) -> Element {
        var fields = fields
        if textMark, let font = fields.font { fields.marks = Marks(font.mark) }
        if fields.font?.dynamic == false, let id = fields.id, var note = notes[id], note.hasSuffix(")") {
            // The spec's words (`dynamic: false`) in the source's terms.
            note.removeLast()
            notes[id] = note + "; a font of fixed size does not follow Dynamic Type)"
        }
        fields.path = fields.id ?? ""
        let mark = fields.marks.map
        if fields.frame == nil, fields.hitArea != nil { fields.marks.record(.hitArea, at: mark) }
        if fields.font != nil { fields.marks.record(.font, at: fields.font?.mark ?? mark) }
        if fields.color != nil, let id = fields.id, let colorMark = colorMarks[id] { fields.marks.record(.color, at: colorMark) }
        for (rule, ruleMark) in suppressions.rules(at: mark.line) {
            fields.suppressed.append(rule)
            fields.suppressionMarks.append(ruleMark)
        }
        return Element(fields)
    }

    private mutating func uniqueName(_ base: String) -> String {
        let count = names[base, default: 0]
        names[base] = count + 1
        return count == 0 ? base : "\(base) #\(count + 1)"
    }
}
