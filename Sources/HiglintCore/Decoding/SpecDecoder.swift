import Glibc

/// A screen and the problems met while decoding it.
public struct DecodedScreen: Sendable {
    public var screen: Screen
    public var issues: [SpecIssue]
}

/// Turns one YAML document into a `Screen`, collecting every problem
/// (wrong types, unknown enum values, unknown keys) and keeping all it could read.
public struct SpecDecoder: Sendable {
    public var defaultDevice: Device

    public init(defaultDevice: Device = .iphone) {
        self.defaultDevice = defaultDevice
    }

    public func decode(_ document: YAMLDocument) -> DecodedScreen {
        var reader = NodeReader(document)
        var screen = Screen(device: defaultDevice, canvas: DeviceFacts.defaultCanvas(for: defaultDevice))
        guard let root = document.root, document.kind(root) == .mapping else {
            let found = document.root.map(document.kindDescription) ?? "nothing"
            let mark = document.root.map(document.start) ?? document.start
            screen.marks = Marks(mark)
            reader.schema("", "a screen spec is a map with a `screen:` key at the top, found \(found)", at: mark)
            return DecodedScreen(screen: screen, issues: reader.issues)
        }
        var canvas: Size?
        var declaredDevice: Device?
        var marks = Marks<ScreenField>(document.start(root))
        // `navigation_bar:` with nothing after it is no navigation bar; a blank `canvas:` is a
        // blank number, which is reported.
        reader.fields(of: root, path: "", known: SpecFields.screen, marks: &marks, keepsNull: { $0 == .screen || $0 == .canvas }) {
            reader, field, value in
            let key = field.rawValue
            switch field {
            case .screen: screen.name = reader.string(value, key)
            case .parent: screen.parent = reader.string(value, key)
            case .device: declaredDevice = reader.choice(value, key, Device.self)
            case .kind: screen.kind = reader.choice(value, key, ScreenKind.self) ?? .standard
            case .canvas:
                if let values = reader.numbers(value, key, names: Self.sizeNames, minimums: Self.canvasMinimums) {
                    canvas = Size(width: values[0], height: values[1])
                }
            case .orientations:
                screen.orientations = reader.list(value, key).enumerated().compactMap { index, item in
                    reader.choice(item, "\(key)[\(index)]", Orientation.self)
                }
            case .statusBar: screen.statusBar = Self.statusBar(value, &reader)
            case .navigationBar: screen.navigationBar = Self.navigationBar(value, &reader)
            case .toolbar: screen.toolbar = Self.toolbar(value, &reader)
            case .tabBar: screen.tabBar = Self.tabBar(value, &reader)
            case .login: screen.login = Self.login(value, &reader)
            case .data: screen.data = Self.data(value, &reader)
            case .gestures:
                screen.gestures = reader.list(value, key).enumerated().map { index, item in
                    Self.gesture(item, path: NodeReader.itemPath("gestures", index), &reader)
                }
            case .elements:
                screen.elements = Self.elements(value, path: key, placement: .content, inherited: [], &reader)
            case .layouts: screen.layouts = Self.layouts(value, &reader)
            case .review: screen.review = Self.review(value, &reader)
            case .background: screen.background = Self.color(value, key, &reader)
            }
        }
        for misspelling in reader.topLevelMisspellings {
            guard let meant = ScreenField(rawValue: misspelling.meant), Self.sections.contains(meant), marks.key(meant) == nil,
                  reader.issues.indices.contains(misspelling.issue)
            else { continue }
            // Only a section with something in it is lost: a misspelt scalar (`paren: Home`)
            // or an empty list hides nothing that would be reviewed, and stays a warning.
            let mark = reader.issues[misspelling.issue].mark
            guard let value = document.entries(root).first(where: { document.start($0.key) == mark })?.value,
                  Self.holdsContent(value, document)
            else { continue }
            reader.hidesSection(issue: misspelling.issue, meant: misspelling.meant)
        }
        screen.marks = marks
        if let declaredDevice { screen.device = declaredDevice }
        screen.canvas = canvas ?? DeviceFacts.defaultCanvas(for: screen.device)
        if screen.name == nil || screen.name?.allSatisfy(\.isWhitespace) == true {
            let written = marks.value(of: .screen)
            let message = written == nil ? "is missing: every spec names its screen" + Self.notASpec(root, document, known: marks) : "is blank"
            reader.schema("screen", message, at: written ?? marks.map)
            screen.name = nil
        }
        return DecodedScreen(screen: screen, issues: reader.issues)
    }

    /// What a map with none of a spec's keys is instead, for the message: `check .` in a
    /// repository meets other tools' YAML, and a higlint config that is not named as one.
    static func notASpec(_ root: Node, _ document: YAMLDocument, known: Marks<ScreenField>) -> String {
        guard known.written.isEmpty else { return "" }
        let keys = document.entries(root).compactMap { document.scalar($0.key) }
        guard !keys.isEmpty else { return "" }
        let configKeys = Set(ConfigLoader.Field.allCases.map(\.rawValue))
        let shown = keys.prefix(3).map { quoted($0) }.joined(separator: ", ") + (keys.count > 3 ? ", ..." : "")
        if keys.allSatisfy(configKeys.contains) {
            return "; this looks like a higlint config (\(shown)), not a screen spec: higlint reads one named "
                + ".higlint.yaml or given with --config; list this file under `exclude` in the config"
        }
        return "; none of this file's keys (\(shown)) is a spec's, so it is not a screen spec at all: "
            + "list it under `exclude` in the config, or review the folder of the specs"
    }

    /// The top-level keys whose value holds what the rules review (elements, bars, gestures):
    /// misspelt, a whole part of the screen goes unread.
    static let sections: Set<ScreenField> = [.elements, .navigationBar, .tabBar, .toolbar, .gestures, .layouts]

    static func holdsContent(_ node: Node, _ document: YAMLDocument) -> Bool {
        switch document.kind(node) {
        case .sequence: return document.items(node).contains { _ in true }
        case .mapping: return document.entries(node).contains { _ in true }
        default: return false
        }
    }

    static let sizeNames = ["width", "height"]
    static let canvasMinimums: [Double?] = [1, 1]
    static let hitAreaMinimums: [Double?] = [0, 0]
    static let frameMinimums: [Double?] = [nil, nil, 0, 0]

    // MARK: - Elements

    static func elements(
        _ node: Node, path: String, placement: ElementPlacement, inherited: [String], inheritedMarks: [Mark] = [],
        _ reader: inout NodeReader
    ) -> [Element] {
        let items = reader.list(node, path)
        var elements: [Element] = []
        elements.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            elements.append(element(
                item, path: NodeReader.itemPath(path, index), placement: placement, inherited: inherited, inheritedMarks: inheritedMarks,
                &reader))
        }
        return elements
    }

    static func element(
        _ node: Node, path: String, placement: ElementPlacement, inherited: [String], inheritedMarks: [Mark] = [],
        _ reader: inout NodeReader
    ) -> Element {
        let firstIssue = reader.issues.count
        let known: FieldSet<ElementField>
        switch placement {
        case .content, .navigationBarItem: known = SpecFields.element
        case .toolbarItem: known = SpecFields.toolbarItem
        case .tab: known = SpecFields.tab
        }
        var childrenNode: Node?
        // `type: ~` says no more than leaving `type` out.
        var typeGiven = false
        let element = reader.map(
            node, path: path, known: known, into: { Element.Fields(placement: placement, path: path, marks: $0) }
        ) {
            reader, element, field, value in
            let key = field.rawValue
            switch field {
            case .id: element.id = reader.string(value, "\(path).\(key)")
            case .type:
                typeGiven = !reader.isNull(value)
                element.type = reader.choice(value, "\(path).\(key)", ElementType.self)
            case .frame: element.frame = frame(value, "\(path).\(key)", &reader)
            case .hitArea:
                if let values = reader.numbers(value, "\(path).\(key)", names: sizeNames, minimums: hitAreaMinimums) {
                    element.hitArea = Size(width: values[0], height: values[1])
                }
            case .label: element.label = reader.string(value, "\(path).\(key)")
            case .action: element.action = reader.string(value, "\(path).\(key)")
            case .icon: element.icon = icon(value, "\(path).\(key)", &reader)
            case .border: element.border = reader.bool(value, "\(path).\(key)") ?? false
            case .font: element.font = font(value, "\(path).\(key)", &reader)
            case .color: element.color = color(value, "\(path).\(key)", &reader)
            case .background: element.background = color(value, "\(path).\(key)", &reader)
            case .role: element.role = reader.string(value, "\(path).\(key)")
            case .scroll: element.scroll = reader.choice(value, "\(path).\(key)", Scroll.self) ?? .none
            case .children: childrenNode = value
            case .ignore:
                let ignore = reader.strings(value, "\(path).\(key)")
                element.ignore = ignore.values
                element.ignoreMarks = ignore.marks
            case .switchesMode: element.switchesMode = reader.bool(value, "\(path).\(key)") ?? false
            case .title: element.title = reader.string(value, "\(path).\(key)")
            case .badge:
                if reader.kind(value) == .scalar, !reader.isNull(value) {
                    element.badge = reader.document.scalar(value)
                    if reader.document.style(value) == .plain, let text = element.badge { element.badgeNumber = Int(text) }
                } else if !reader.isNull(value) {
                    reader.schema("\(path).\(key)", "expected a number or text, found \(reader.describe(value))", at: reader.start(value))
                }
            }
        }
        return completed(
            element, node: node, children: childrenNode, typeGiven: typeGiven, inherited: inherited,
            inheritedMarks: inheritedMarks, firstIssue: firstIssue, &reader)
    }

    /// What needs the whole map read: the missing type, suppressions, the children, and the
    /// problems met on the way, which are the element's. Takes the fields as its own
    /// (`consuming`), so that boxing them at the end moves them instead of copying every field.
    private static func completed(
        _ element: consuming Element.Fields, node: Node, children: Node?, typeGiven: Bool, inherited: [String],
        inheritedMarks: [Mark], firstIssue: Int, _ reader: inout NodeReader
    ) -> Element {
        if reader.kind(node) == .mapping, element.type == nil, element.placement != .tab, !typeGiven {
            reader.schema(element.path, "`type` is missing: every element says what it is (button, text, image...)", at: element.marks.map)
        }
        // Most elements inherit nothing: their own lists are then the whole, with no new array.
        element.suppressed = inherited.isEmpty ? element.ignore : inherited + element.ignore
        element.suppressionMarks = inheritedMarks.isEmpty ? element.ignoreMarks : inheritedMarks + element.ignoreMarks
        if let children {
            element.children = elements(
                children, path: element.path + ".children", placement: element.placement, inherited: element.suppressed,
                inheritedMarks: element.suppressionMarks, &reader)
        }
        let boxed = Element(element)
        // After the children, which have claimed their own problems: what is left (a `children`
        // that is no list, say) is this element's.
        reader.attribute(issuesFrom: firstIssue, to: boxed)
        return boxed
    }

    static func frame(_ node: Node, _ path: @autoclosure () -> String, _ reader: inout NodeReader) -> Rect? {
        if reader.kind(node) == .mapping {
            var values: [Double?] = [nil, nil, nil, nil]
            var written = [false, false, false, false]
            reader.fields(of: node, path: path(), known: SpecFields.frame) { reader, field, value in
                let index = SpecFields.frame.fields.firstIndex(of: field) ?? 0
                written[index] = true
                values[index] = reader.requiredNumber(
                    value, "\(path()).\(field.rawValue)", name: "", minimum: frameMinimums[index])
            }
            // A key not written is its own problem, beside any written value that was wrong.
            let missing = SpecKeys.frame.indices.filter { !written[$0] }.map { SpecKeys.frame[$0] }
            if !missing.isEmpty {
                reader.schema(path(), "is missing \(missing.joined(separator: ", "))", at: reader.start(node))
            }
            guard let x = values[0], let y = values[1], let width = values[2], let height = values[3] else { return nil }
            return Rect(x: x, y: y, width: width, height: height)
        }
        guard let values = reader.numbers(node, path(), names: SpecKeys.frame, minimums: frameMinimums) else { return nil }
        return Rect(x: values[0], y: values[1], width: values[2], height: values[3])
    }

    static func icon(_ node: Node, _ path: @autoclosure () -> String, _ reader: inout NodeReader) -> Icon? {
        if let icon = asciiIcon(node, in: reader.document) { return icon }
        guard let text = reader.string(node, path()) else { return nil }
        if text.hasPrefix("system:"), text.count > 7 { return .system(String(text.dropFirst(7))) }
        if text.hasPrefix("custom:"), text.count > 7 { return .custom(String(text.dropFirst(7))) }
        reader.schema(path(), "expected system:NAME or custom:NAME, found \(reader.describe(node))", at: reader.start(node))
        return nil
    }

    /// `icon` for an ASCII scalar that is a well-formed icon, read from its bytes: in ASCII
    /// every byte is one character (CR LF aside, which no prefix ends with), so the prefix
    /// and the count mean the same in bytes. Nil for anything else, which `icon` reads as text.
    static func asciiIcon(_ node: Node, in document: YAMLDocument) -> Icon? {
        document.withScalarBytes(node) { bytes in
            guard let bytes, let start = bytes.baseAddress, bytes.count > 7, bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            func starts(with prefix: [UInt8]) -> Bool {
                prefix.withUnsafeBufferPointer { prefix in
                    guard let other = prefix.baseAddress else { return false }
                    return memcmp(start, other, 7) == 0
                }
            }
            let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[7...]), as: UTF8.self)
            if starts(with: systemPrefix) { return .system(name) }
            if starts(with: customPrefix) { return .custom(name) }
            return nil
        }
    }

    private static let systemPrefix = Array("system:".utf8)
    private static let customPrefix = Array("custom:".utf8)

    static func font(_ node: Node, _ path: @autoclosure () -> String, _ reader: inout NodeReader) -> Font? {
        guard reader.kind(node) == .mapping else {
            if !reader.isNull(node) { reader.schema(path(), "expected a map, found \(reader.describe(node))", at: reader.start(node)) }
            return nil
        }
        var font = Font(mark: reader.start(node))
        reader.fields(of: node, path: path(), known: SpecFields.font) { reader, field, value in
            let key = field.rawValue
            switch field {
            case .size: font.size = reader.number(value, "\(path()).\(key)", minimum: 0)
            case .weight: font.weight = reader.choice(value, "\(path()).\(key)", Font.Weight.self)
            case .style: font.style = reader.choice(value, "\(path()).\(key)", Font.Style.self)
            case .dynamic: font.dynamic = reader.bool(value, "\(path()).\(key)")
            }
        }
        return font
    }

    /// A colour (spec format v3): `#RGB`, `#RRGGBB`, `#RRGGBBAA`, `clear`, or
    /// `{light:, dark:}` with both keys. Anything else is reported at the value and absent.
    static func color(_ node: Node, _ path: @autoclosure () -> String, _ reader: inout NodeReader) -> Color? {
        if reader.isNull(node) { return nil }
        if reader.kind(node) == .mapping {
            var light: RGBA?
            var dark: RGBA?
            var written = Set<ColorField>()
            reader.fields(of: node, path: path(), known: SpecFields.color) { reader, field, value in
                written.insert(field)
                let single = single(value, "\(path()).\(field.rawValue)", &reader)
                if field == .light { light = single } else { dark = single }
            }
            let missing = SpecKeys.color.filter { name in !written.contains { $0.rawValue == name } }
            if !missing.isEmpty {
                reader.schema(path(), "is missing \(missing.joined(separator: ", ")): a colour map gives both appearances", at: reader.start(node))
            }
            guard let light, let dark else { return nil }
            return .known(light: light, dark: dark)
        }
        return single(node, path(), &reader).map(Color.fixed)
    }

    private static func single(_ node: Node, _ path: @autoclosure () -> String, _ reader: inout NodeReader) -> RGBA? {
        if reader.kind(node) == .scalar, !reader.isNull(node), let text = reader.document.scalar(node) {
            if text == "clear" { return .clear }
            if let value = RGBA(hex: text) { return value }
        }
        reader.schema(path(), "expected a colour (#RGB, #RRGGBB, #RRGGBBAA or clear), found \(reader.describe(node))", at: reader.start(node))
        return nil
    }

    // MARK: - Bars

    static func barHeight(_ node: Node, _ path: @autoclosure () -> String, _ reader: inout NodeReader) -> BarHeight {
        if reader.isNull(node) { return .auto }
        let text = reader.document.scalar(node)
        if text == "auto" { return .auto }
        if let text, reader.document.style(node) == .plain,
           let first = text.first, first.isNumber || first == "-" || first == "." {
            return reader.number(node, path(), minimum: 0).map(BarHeight.fixed) ?? .auto
        }
        reader.schema(path(), "expected auto or a number, found \(reader.describe(node))", at: reader.start(node))
        return .auto
    }

    static func statusBar(_ node: Node, _ reader: inout NodeReader) -> StatusBar {
        reader.map(node, path: "status_bar", known: SpecFields.statusBar, into: StatusBar.init) { reader, bar, field, value in
            func path() -> String { "status_bar.\(field.rawValue)" }
            switch field {
            case .hidden: bar.hidden = reader.bool(value, path()) ?? false
            case .style: bar.style = reader.choice(value, path(), StatusBar.Style.self)
            case .revealOnTap: bar.revealOnTap = reader.bool(value, path()) ?? false
            }
        }
    }

    static func navigationBar(_ node: Node, _ reader: inout NodeReader) -> NavigationBar {
        reader.map(node, path: "navigation_bar", known: SpecFields.navigationBar, into: NavigationBar.init) { reader, bar, field, value in
            func path() -> String { "navigation_bar.\(field.rawValue)" }
            switch field {
            case .title: bar.title = reader.string(value, path())
            case .titleFont: bar.titleFont = font(value, path(), &reader)
            case .back: bar.back = backButton(value, &reader)
            case .items: bar.items = elements(value, path: "navigation_bar.items", placement: .navigationBarItem, inherited: [], &reader)
            case .translucent: bar.translucent = reader.bool(value, path()) ?? false
            case .color: bar.color = reader.string(value, path())
            case .height: bar.height = barHeight(value, path(), &reader)
            }
        }
    }

    static func backButton(_ node: Node, _ reader: inout NodeReader) -> BackButton {
        reader.map(node, path: "navigation_bar.back", known: SpecFields.backButton, into: BackButton.init) { reader, back, field, value in
            func path() -> String { "navigation_bar.back.\(field.rawValue)" }
            switch field {
            case .title: back.title = reader.string(value, path())
            case .custom: back.custom = reader.bool(value, path()) ?? false
            case .style: back.style = reader.choice(value, path(), BackButton.Style.self) ?? .standard
            }
        }
    }

    static func toolbar(_ node: Node, _ reader: inout NodeReader) -> Toolbar {
        reader.map(node, path: "toolbar", known: SpecFields.toolbar, into: Toolbar.init) { reader, bar, field, value in
            func path() -> String { "toolbar.\(field.rawValue)" }
            switch field {
            case .items: bar.items = elements(value, path: "toolbar.items", placement: .toolbarItem, inherited: [], &reader)
            case .translucent: bar.translucent = reader.bool(value, path()) ?? false
            case .color: bar.color = reader.string(value, path())
            case .height: bar.height = barHeight(value, path(), &reader)
            }
        }
    }

    static func tabBar(_ node: Node, _ reader: inout NodeReader) -> TabBar {
        reader.map(node, path: "tab_bar", known: SpecFields.tabBar, into: TabBar.init) { reader, bar, field, value in
            func path() -> String { "tab_bar.\(field.rawValue)" }
            switch field {
            case .tabs: bar.tabs = elements(value, path: "tab_bar.tabs", placement: .tab, inherited: [], &reader)
            case .translucent: bar.translucent = reader.bool(value, path()) ?? false
            }
        }
    }

    // MARK: - The rest

    static func login(_ node: Node, _ reader: inout NodeReader) -> Login {
        reader.map(node, path: "login", known: SpecFields.login, into: Login.init) { reader, login, field, value in
            func path() -> String { "login.\(field.rawValue)" }
            switch field {
            case .required: login.required = reader.choice(value, path(), Login.Requirement.self)
            case .explanation: login.explanation = reader.string(value, path())
            case .methods: login.methods = reader.strings(value, path()).values
            }
        }
    }

    static func data(_ node: Node, _ reader: inout NodeReader) -> DataPolicy {
        reader.map(node, path: "data", known: SpecFields.data, into: DataPolicy.init) { reader, data, field, value in
            switch field {
            case .save: data.save = reader.choice(value, "data.save", DataPolicy.Save.self)
            }
        }
    }

    static func gesture(_ node: Node, path: String, _ reader: inout NodeReader) -> Gesture {
        let gesture = reader.map(node, path: path, known: SpecFields.gesture, into: { Gesture(path: path, marks: $0) }) {
            reader, gesture, field, value in
            let key = field.rawValue
            switch field {
            case .type: gesture.type = reader.choice(value, "\(path).\(key)", Gesture.Kind.self)
            case .fingers: gesture.fingers = reader.integer(value, "\(path).\(key)", minimum: 1) ?? 1
            case .direction: gesture.direction = reader.string(value, "\(path).\(key)")
            case .action: gesture.action = reader.string(value, "\(path).\(key)")
            }
        }
        if reader.kind(node) == .mapping, gesture.marks.value(of: .type) == nil {
            reader.schema(path, "`type` is missing: every gesture says what it is (tap, swipe, pinch...)", at: reader.start(node))
        }
        return gesture
    }

    static func layouts(_ node: Node, _ reader: inout NodeReader) -> [LayoutVariant] {
        var variants: [LayoutVariant] = []
        reader.fields(of: node, path: "layouts", known: SpecFields.layouts) { reader, sizeClass, value in
            func path() -> String { "layouts.\(sizeClass.rawValue)" }
            let variant = reader.map(
                value, path: path(), known: SpecFields.layoutVariant, into: { LayoutVariant(sizeClass: sizeClass, marks: $0) }
            ) { reader, variant, field, fieldValue in
                switch field {
                case .presentation: variant.presentation = reader.string(fieldValue, "\(path()).\(field.rawValue)")
                case .hidden: variant.hidden = reader.strings(fieldValue, "\(path()).\(field.rawValue)").values
                }
            }
            variants.append(variant)
        }
        return variants
    }

    static func review(_ node: Node, _ reader: inout NodeReader) -> ReviewSettings {
        var review = ReviewSettings()
        reader.fields(of: node, path: "review", known: SpecFields.review) { reader, field, value in
            switch field {
            case .ignore:
                let ignore = reader.strings(value, "review.ignore")
                review.ignore = ignore.values
                review.ignoreMarks = ignore.marks
            case .reason: review.reason = reader.string(value, "review.reason")
            }
        }
        return review
    }
}
