/// Keys of the spec format, version 1, by the map they belong to.
public enum SpecKeys {
    public static let screen = [
        "screen", "parent", "device", "kind", "canvas", "orientations", "status_bar", "navigation_bar", "toolbar",
        "tab_bar", "login", "data", "gestures", "elements", "layouts", "review",
    ]
    public static let element = [
        "id", "type", "frame", "hit_area", "label", "action", "icon", "border", "font", "role", "scroll", "children",
        "ignore",
    ]
    public static let toolbarItem = element + ["switches_mode"]
    public static let tab = element + ["title", "badge"]
    public static let frame = ["x", "y", "width", "height"]
    public static let font = ["size", "weight", "style", "dynamic"]
    public static let statusBar = ["hidden", "style", "reveal_on_tap"]
    public static let navigationBar = ["title", "title_font", "back", "items", "translucent", "color", "height"]
    public static let backButton = ["title", "custom", "style"]
    public static let toolbar = ["items", "translucent", "color", "height"]
    public static let tabBar = ["tabs", "translucent"]
    public static let login = ["required", "explanation", "methods"]
    public static let data = ["save"]
    public static let gesture = ["type", "fingers", "direction", "action"]
    public static let layoutVariant = ["presentation", "hidden"]
    public static let review = ["ignore", "reason"]
}

/// A screen and the problems met while decoding it.
public struct DecodedScreen: Sendable {
    public var screen: Screen
    public var issues: [SpecIssue]
}

/// Turns one document's node tree into a `Screen`, collecting every problem
/// (wrong types, unknown enum values, unknown keys) and keeping all it could read.
public struct SpecDecoder: Sendable {
    public var defaultDevice: Device

    public init(defaultDevice: Device = .iphone) {
        self.defaultDevice = defaultDevice
    }

    public func decode(_ root: Node) -> DecodedScreen {
        var reader = NodeReader()
        var screen = Screen(device: defaultDevice, canvas: DeviceFacts.defaultCanvas(for: defaultDevice))
        screen.marks = Self.marks(for: root)
        guard case .mapping = root.content else {
            reader.schema(
                "", "a screen spec is a map with a `screen:` key at the top, found \(root.kindDescription)", at: root.start)
            return DecodedScreen(screen: screen, issues: reader.issues)
        }
        var canvas: Size?
        var declaredDevice: Device?
        reader.fields(of: root, path: "", known: SpecKeys.screen) { reader, key, value, keyMark in
            // `navigation_bar:` with nothing after it is no navigation bar.
            if value.isNull, key != "screen" { return }
            screen.marks.values[key] = value.start
            screen.marks.keys[key] = keyMark
            switch key {
            case "screen": screen.name = reader.string(value, key)
            case "parent": screen.parent = reader.string(value, key)
            case "device": declaredDevice = reader.choice(value, key, Device.self)
            case "kind": screen.kind = reader.choice(value, key, ScreenKind.self) ?? .standard
            case "canvas":
                if let values = reader.numbers(value, key, names: Self.sizeNames, minimums: Self.canvasMinimums) {
                    canvas = Size(width: values[0], height: values[1])
                }
            case "orientations":
                screen.orientations = reader.list(value, key).enumerated().compactMap { index, item in
                    reader.choice(item, "\(key)[\(index)]", Orientation.self)
                }
            case "status_bar": screen.statusBar = Self.statusBar(value, &reader)
            case "navigation_bar": screen.navigationBar = Self.navigationBar(value, &reader)
            case "toolbar": screen.toolbar = Self.toolbar(value, &reader)
            case "tab_bar": screen.tabBar = Self.tabBar(value, &reader)
            case "login": screen.login = Self.login(value, &reader)
            case "data": screen.data = Self.data(value, &reader)
            case "gestures":
                screen.gestures = reader.list(value, key).enumerated().map { index, item in
                    Self.gesture(item, path: "gestures[\(index)]", &reader)
                }
            case "elements":
                screen.elements = Self.elements(value, path: key, placement: .content, inherited: [], &reader)
            case "layouts": screen.layouts = Self.layouts(value, &reader)
            case "review": screen.review = Self.review(value, &reader)
            default: break
            }
        }
        if let declaredDevice { screen.device = declaredDevice }
        screen.canvas = canvas ?? DeviceFacts.defaultCanvas(for: screen.device)
        if screen.name == nil || screen.name?.allSatisfy(\.isWhitespace) == true {
            let mark = screen.marks.values["screen"] ?? root.start
            reader.schema("screen", screen.marks.values["screen"] == nil ? "is missing: every spec names its screen" : "is blank", at: mark)
            screen.name = nil
        }
        return DecodedScreen(screen: screen, issues: reader.issues)
    }

    static let sizeNames = ["width", "height"]
    static let canvasMinimums: [Double?] = [1, 1]
    static let hitAreaMinimums: [Double?] = [0, 0]
    static let frameMinimums: [Double?] = [nil, nil, 0, 0]

    /// Marks with room for every key of the map, so recording them never grows a dictionary.
    static func marks(for node: Node) -> Marks {
        var marks = Marks(node.start)
        if case .mapping(let entries) = node.content, !entries.isEmpty {
            marks.values = Dictionary(minimumCapacity: entries.count)
            marks.keys = Dictionary(minimumCapacity: entries.count)
        }
        return marks
    }

    // MARK: - Elements

    static func elements(
        _ node: Node, path: String, placement: ElementPlacement, inherited: [String], _ reader: inout NodeReader
    ) -> [Element] {
        reader.list(node, path).enumerated().map { index, item in
            element(item, path: "\(path)[\(index)]", placement: placement, inherited: inherited, &reader)
        }
    }

    static func element(
        _ node: Node, path: String, placement: ElementPlacement, inherited: [String], _ reader: inout NodeReader
    ) -> Element {
        let known: [String]
        switch placement {
        case .content, .navigationBarItem: known = SpecKeys.element
        case .toolbarItem: known = SpecKeys.toolbarItem
        case .tab: known = SpecKeys.tab
        }
        var element = Element(placement: placement, path: path, marks: reader.marks(for: node, known: known))
        var childrenNode: Node?
        reader.fields(of: node, path: path, known: known) { reader, key, value, _ in
            switch key {
            case "id": element.id = reader.string(value, "\(path).\(key)")
            case "type": element.type = reader.choice(value, "\(path).\(key)", ElementType.self)
            case "frame": element.frame = frame(value, "\(path).\(key)", &reader)
            case "hit_area":
                if let values = reader.numbers(value, "\(path).\(key)", names: sizeNames, minimums: hitAreaMinimums) {
                    element.hitArea = Size(width: values[0], height: values[1])
                }
            case "label": element.label = reader.string(value, "\(path).\(key)")
            case "action": element.action = reader.string(value, "\(path).\(key)")
            case "icon": element.icon = icon(value, "\(path).\(key)", &reader)
            case "border": element.border = reader.bool(value, "\(path).\(key)") ?? false
            case "font": element.font = font(value, "\(path).\(key)", &reader)
            case "role": element.role = reader.string(value, "\(path).\(key)")
            case "scroll": element.scroll = reader.choice(value, "\(path).\(key)", Scroll.self) ?? .none
            case "children": childrenNode = value
            case "ignore":
                let ignore = reader.strings(value, "\(path).\(key)")
                element.ignore = ignore.values
                element.ignoreMarks = ignore.marks
            case "switches_mode": element.switchesMode = reader.bool(value, "\(path).\(key)") ?? false
            case "title": element.title = reader.string(value, "\(path).\(key)")
            case "badge":
                if let text = value.scalar, !value.isNull {
                    element.badge = text
                } else if !value.isNull {
                    reader.schema("\(path).\(key)", "expected a number or text, found \(value.kindDescription)", at: value.start)
                }
            default: break
            }
        }
        if case .mapping = node.content, element.type == nil, placement != .tab, element.marks.values["type"] == nil {
            reader.schema(path, "`type` is missing: every element says what it is (button, text, image...)", at: node.start)
        }
        element.suppressed = inherited + element.ignore
        if let childrenNode {
            element.children = elements(
                childrenNode, path: "\(path).children", placement: placement, inherited: element.suppressed, &reader)
        }
        return element
    }

    static func frame(_ node: Node, _ path: @autoclosure () -> String, _ reader: inout NodeReader) -> Rect? {
        let names = SpecKeys.frame
        let minimums = frameMinimums
        if case .mapping = node.content {
            var values: [String: Double] = [:]
            var complete = true
            reader.fields(of: node, path: path(), known: names) { reader, key, value, _ in
                let index = names.firstIndex(of: key) ?? 0
                if let number = reader.number(value, "\(path()).\(key)", minimum: minimums[index]) {
                    values[key] = number
                } else {
                    complete = false
                }
            }
            let missing = names.filter { values[$0] == nil }
            if complete, !missing.isEmpty {
                reader.schema(path(), "is missing \(missing.joined(separator: ", "))", at: node.start)
            }
            guard let x = values["x"], let y = values["y"], let width = values["width"], let height = values["height"]
            else { return nil }
            return Rect(x: x, y: y, width: width, height: height)
        }
        guard let values = reader.numbers(node, path(), names: names, minimums: minimums) else { return nil }
        return Rect(x: values[0], y: values[1], width: values[2], height: values[3])
    }

    static func icon(_ node: Node, _ path: @autoclosure () -> String, _ reader: inout NodeReader) -> Icon? {
        guard let text = reader.string(node, path()) else { return nil }
        if text.hasPrefix("system:"), text.count > 7 { return .system(String(text.dropFirst(7))) }
        if text.hasPrefix("custom:"), text.count > 7 { return .custom(String(text.dropFirst(7))) }
        reader.schema(path(), "expected system:NAME or custom:NAME, found \(node.kindDescription)", at: node.start)
        return nil
    }

    static func font(_ node: Node, _ path: @autoclosure () -> String, _ reader: inout NodeReader) -> Font? {
        guard case .mapping = node.content else {
            if !node.isNull { reader.schema(path(), "expected a map, found \(node.kindDescription)", at: node.start) }
            return nil
        }
        var font = Font(mark: node.start)
        reader.fields(of: node, path: path(), known: SpecKeys.font) { reader, key, value, _ in
            switch key {
            case "size":
                font.size = reader.number(value, "\(path()).\(key)", minimum: 0)
            case "weight": font.weight = reader.choice(value, "\(path()).\(key)", Font.Weight.self)
            case "style": font.style = reader.choice(value, "\(path()).\(key)", Font.Style.self)
            case "dynamic": font.dynamic = reader.bool(value, "\(path()).\(key)")
            default: break
            }
        }
        return font
    }

    // MARK: - Bars

    static func barHeight(_ node: Node, _ path: @autoclosure () -> String, _ reader: inout NodeReader) -> BarHeight {
        if node.isNull || node.scalar == "auto" { return .auto }
        if case .scalar(let text, .plain) = node.content,
           let first = text.first, first.isNumber || first == "-" || first == "." {
            return reader.number(node, path(), minimum: 0).map(BarHeight.fixed) ?? .auto
        }
        reader.schema(path(), "expected auto or a number, found \(node.kindDescription)", at: node.start)
        return .auto
    }

    static func statusBar(_ node: Node, _ reader: inout NodeReader) -> StatusBar {
        var bar = StatusBar(marks: reader.marks(for: node, known: SpecKeys.statusBar))
        reader.fields(of: node, path: "status_bar", known: SpecKeys.statusBar) { reader, key, value, _ in
            switch key {
            case "hidden": bar.hidden = reader.bool(value, "status_bar.\(key)") ?? false
            case "style": bar.style = reader.choice(value, "status_bar.\(key)", StatusBar.Style.self)
            case "reveal_on_tap": bar.revealOnTap = reader.bool(value, "status_bar.\(key)") ?? false
            default: break
            }
        }
        return bar
    }

    static func navigationBar(_ node: Node, _ reader: inout NodeReader) -> NavigationBar {
        var bar = NavigationBar(marks: reader.marks(for: node, known: SpecKeys.navigationBar))
        reader.fields(of: node, path: "navigation_bar", known: SpecKeys.navigationBar) { reader, key, value, _ in
            switch key {
            case "title": bar.title = reader.string(value, "navigation_bar.\(key)")
            case "title_font": bar.titleFont = font(value, "navigation_bar.\(key)", &reader)
            case "back": bar.back = backButton(value, &reader)
            case "items":
                bar.items = elements(value, path: "navigation_bar.\(key)", placement: .navigationBarItem, inherited: [], &reader)
            case "translucent": bar.translucent = reader.bool(value, "navigation_bar.\(key)") ?? false
            case "color": bar.color = reader.string(value, "navigation_bar.\(key)")
            case "height": bar.height = barHeight(value, "navigation_bar.\(key)", &reader)
            default: break
            }
        }
        return bar
    }

    static func backButton(_ node: Node, _ reader: inout NodeReader) -> BackButton {
        var back = BackButton(marks: reader.marks(for: node, known: SpecKeys.backButton))
        reader.fields(of: node, path: "navigation_bar.back", known: SpecKeys.backButton) { reader, key, value, _ in
            switch key {
            case "title": back.title = reader.string(value, "navigation_bar.back.\(key)")
            case "custom": back.custom = reader.bool(value, "navigation_bar.back.\(key)") ?? false
            case "style": back.style = reader.choice(value, "navigation_bar.back.\(key)", BackButton.Style.self) ?? .standard
            default: break
            }
        }
        return back
    }

    static func toolbar(_ node: Node, _ reader: inout NodeReader) -> Toolbar {
        var bar = Toolbar(marks: reader.marks(for: node, known: SpecKeys.toolbar))
        reader.fields(of: node, path: "toolbar", known: SpecKeys.toolbar) { reader, key, value, _ in
            switch key {
            case "items": bar.items = elements(value, path: "toolbar.\(key)", placement: .toolbarItem, inherited: [], &reader)
            case "translucent": bar.translucent = reader.bool(value, "toolbar.\(key)") ?? false
            case "color": bar.color = reader.string(value, "toolbar.\(key)")
            case "height": bar.height = barHeight(value, "toolbar.\(key)", &reader)
            default: break
            }
        }
        return bar
    }

    static func tabBar(_ node: Node, _ reader: inout NodeReader) -> TabBar {
        var bar = TabBar(marks: reader.marks(for: node, known: SpecKeys.tabBar))
        reader.fields(of: node, path: "tab_bar", known: SpecKeys.tabBar) { reader, key, value, _ in
            switch key {
            case "tabs": bar.tabs = elements(value, path: "tab_bar.\(key)", placement: .tab, inherited: [], &reader)
            case "translucent": bar.translucent = reader.bool(value, "tab_bar.\(key)") ?? false
            default: break
            }
        }
        return bar
    }

    // MARK: - The rest

    static func login(_ node: Node, _ reader: inout NodeReader) -> Login {
        var login = Login(marks: reader.marks(for: node, known: SpecKeys.login))
        reader.fields(of: node, path: "login", known: SpecKeys.login) { reader, key, value, _ in
            switch key {
            case "required": login.required = reader.choice(value, "login.\(key)", Login.Requirement.self)
            case "explanation": login.explanation = reader.string(value, "login.\(key)")
            case "methods": login.methods = reader.strings(value, "login.\(key)").values
            default: break
            }
        }
        return login
    }

    static func data(_ node: Node, _ reader: inout NodeReader) -> DataPolicy {
        var data = DataPolicy(marks: reader.marks(for: node, known: SpecKeys.data))
        reader.fields(of: node, path: "data", known: SpecKeys.data) { reader, key, value, _ in
            if key == "save" { data.save = reader.choice(value, "data.save", DataPolicy.Save.self) }
        }
        return data
    }

    static func gesture(_ node: Node, path: String, _ reader: inout NodeReader) -> Gesture {
        var gesture = Gesture(path: path, marks: reader.marks(for: node, known: SpecKeys.gesture))
        reader.fields(of: node, path: path, known: SpecKeys.gesture) { reader, key, value, _ in
            switch key {
            case "type": gesture.type = reader.choice(value, "\(path).\(key)", Gesture.Kind.self)
            case "fingers": gesture.fingers = reader.integer(value, "\(path).\(key)", minimum: 1) ?? 1
            case "direction": gesture.direction = reader.string(value, "\(path).\(key)")
            case "action": gesture.action = reader.string(value, "\(path).\(key)")
            default: break
            }
        }
        if case .mapping = node.content, gesture.marks.values["type"] == nil {
            reader.schema(path, "`type` is missing: every gesture says what it is (tap, swipe, pinch...)", at: node.start)
        }
        return gesture
    }

    static func layouts(_ node: Node, _ reader: inout NodeReader) -> [LayoutVariant] {
        var variants: [LayoutVariant] = []
        reader.fields(of: node, path: "layouts", known: SizeClass.allCases.map(\.rawValue)) { reader, key, value, _ in
            guard let sizeClass = SizeClass(rawValue: key) else { return }
            var variant = LayoutVariant(sizeClass: sizeClass, marks: reader.marks(for: value, known: SpecKeys.layoutVariant))
            let path = "layouts.\(key)"
            reader.fields(of: value, path: path, known: SpecKeys.layoutVariant) { reader, field, fieldValue, _ in
                switch field {
                case "presentation": variant.presentation = reader.string(fieldValue, "\(path).\(field)")
                case "hidden": variant.hidden = reader.strings(fieldValue, "\(path).\(field)").values
                default: break
                }
            }
            variants.append(variant)
        }
        return variants
    }

    static func review(_ node: Node, _ reader: inout NodeReader) -> ReviewSettings {
        var review = ReviewSettings()
        reader.fields(of: node, path: "review", known: SpecKeys.review) { reader, key, value, _ in
            switch key {
            case "ignore":
                let ignore = reader.strings(value, "review.ignore")
                review.ignore = ignore.values
                review.ignoreMarks = ignore.marks
            case "reason": review.reason = reader.string(value, "review.reason")
            default: break
            }
        }
        return review
    }
}
