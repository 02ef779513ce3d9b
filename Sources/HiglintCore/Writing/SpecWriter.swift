/// Renders screens as screen-spec YAML (spec format, version 2) that `SpecDecoder` reads
/// back to the same screens: what `higlint import` writes for each screen it imports.
///
/// A key is written when its value differs from the format's default, or when the
/// screen's marks say the source wrote it: some findings say whether a value was written
/// (`orientations`, `status_bar.reveal_on_tap`), and the round trip keeps that. `device` is
/// always written, so the text means the same under any config's `app.device`. Keys the
/// decoder would not accept where an element sits (a `title` outside a tab bar) are left
/// out. Output is deterministic: keys in one fixed order, numbers in their shortest exact
/// form, strings plain only when no YAML 1.1 reader could take them for anything else.
public struct SpecWriter {
    /// Written as comment lines at the top of the text.
    public var header: String?
    /// A comment written on the line above each element, bar item and tab, when not nil.
    public var comment: (Element) -> String?

    public init(header: String? = nil, comment: @escaping (Element) -> String? = { _ in nil }) {
        self.header = header
        self.comment = comment
    }

    /// One screen as one YAML document.
    public func text(of screen: Screen) -> String {
        text(of: [screen])
    }

    /// Several screens as one file, one document each.
    public func text(of screens: [Screen]) -> String {
        var out = ""
        if let header { out += YAMLText.comment(header, indent: 0) }
        for (index, screen) in screens.enumerated() {
            if index > 0 { out += "---\n" }
            YAMLText.render(.map(document(screen)), indent: 0, into: &out)
        }
        return out
    }

    // MARK: - The screen

    private func document(_ screen: Screen) -> [(String, YAMLText.Node)] {
        var map: [(String, YAMLText.Node)] = []
        let marks = screen.marks
        if let name = screen.name { map.append(("screen", .string(name))) }
        if let parent = screen.parent { map.append(("parent", .string(parent))) }
        map.append(("device", .plain(screen.device.rawValue)))
        if screen.kind != .standard || marks.written(.kind) { map.append(("kind", .plain(screen.kind.rawValue))) }
        if screen.canvas != DeviceFacts.defaultCanvas(for: screen.device) || marks.written(.canvas) {
            map.append(("canvas", .numbers([screen.canvas.width, screen.canvas.height])))
        }
        if screen.orientations != [.portrait] || marks.written(.orientations) {
            map.append(("orientations", .flowList(screen.orientations.map { .plain($0.rawValue) })))
        }
        if let bar = screen.statusBar { map.append(("status_bar", .map(statusBar(bar)))) }
        if let bar = screen.navigationBar { map.append(("navigation_bar", .map(navigationBar(bar)))) }
        if let bar = screen.toolbar { map.append(("toolbar", .map(toolbar(bar)))) }
        if let bar = screen.tabBar { map.append(("tab_bar", .map(tabBar(bar)))) }
        if let login = screen.login { map.append(("login", .map(self.login(login)))) }
        if let data = screen.data {
            map.append(("data", .map(data.save.map { [("save", .plain($0.rawValue))] } ?? [])))
        }
        if !screen.gestures.isEmpty { map.append(("gestures", .list(screen.gestures.map { (nil, .map(gesture($0))) }))) }
        if let background = screen.background.flatMap(Self.color) { map.append(("background", background)) }
        if !screen.elements.isEmpty { map.append(("elements", elements(screen.elements, .content))) }
        if let layouts = screen.layouts { map.append(("layouts", .map(self.layouts(layouts)))) }
        let review = screen.review
        if !review.ignore.isEmpty || review.reason != nil || marks.written(.review) {
            var entries: [(String, YAMLText.Node)] = []
            if !review.ignore.isEmpty { entries.append(("ignore", .flowList(review.ignore.map(YAMLText.Node.string)))) }
            if let reason = review.reason { entries.append(("reason", .string(reason))) }
            map.append(("review", .map(entries)))
        }
        return map
    }

    private func statusBar(_ bar: StatusBar) -> [(String, YAMLText.Node)] {
        var map: [(String, YAMLText.Node)] = []
        if bar.hidden || bar.marks.written(.hidden) { map.append(("hidden", .bool(bar.hidden))) }
        if let style = bar.style { map.append(("style", .plain(style.rawValue))) }
        if bar.revealOnTap || bar.marks.written(.revealOnTap) { map.append(("reveal_on_tap", .bool(bar.revealOnTap))) }
        return map
    }

    private func navigationBar(_ bar: NavigationBar) -> [(String, YAMLText.Node)] {
        var map: [(String, YAMLText.Node)] = []
        if let title = bar.title { map.append(("title", .string(title))) }
        if let font = bar.titleFont { map.append(("title_font", .map(self.font(font)))) }
        if let back = bar.back {
            var entries: [(String, YAMLText.Node)] = []
            if let title = back.title { entries.append(("title", .string(title))) }
            if back.custom || back.marks.written(.custom) { entries.append(("custom", .bool(back.custom))) }
            if back.style != .standard || back.marks.written(.style) { entries.append(("style", .plain(back.style.rawValue))) }
            map.append(("back", .map(entries)))
        }
        if !bar.items.isEmpty || bar.marks.written(.items) { map.append(("items", elements(bar.items, .navigationBarItem))) }
        appendAppearance(
            translucent: bar.translucent, color: bar.color, height: bar.height,
            written: (translucent: bar.marks.written(.translucent), height: bar.marks.written(.height)), to: &map)
        return map
    }

    private func toolbar(_ bar: Toolbar) -> [(String, YAMLText.Node)] {
        var map: [(String, YAMLText.Node)] = []
        if !bar.items.isEmpty || bar.marks.written(.items) { map.append(("items", elements(bar.items, .toolbarItem))) }
        appendAppearance(
            translucent: bar.translucent, color: bar.color, height: bar.height,
            written: (translucent: bar.marks.written(.translucent), height: bar.marks.written(.height)), to: &map)
        return map
    }

    private func appendAppearance(
        translucent: Bool, color: String?, height: BarHeight, written: (translucent: Bool, height: Bool),
        to map: inout [(String, YAMLText.Node)]
    ) {
        if translucent || written.translucent { map.append(("translucent", .bool(translucent))) }
        if let color { map.append(("color", .string(color))) }
        switch height {
        case .fixed(let points): map.append(("height", .number(points)))
        case .auto: if written.height { map.append(("height", .plain("auto"))) }
        }
    }

    private func tabBar(_ bar: TabBar) -> [(String, YAMLText.Node)] {
        var map: [(String, YAMLText.Node)] = []
        if !bar.tabs.isEmpty || bar.marks.written(.tabs) { map.append(("tabs", elements(bar.tabs, .tab))) }
        if bar.translucent || bar.marks.written(.translucent) { map.append(("translucent", .bool(bar.translucent))) }
        return map
    }

    private func login(_ login: Login) -> [(String, YAMLText.Node)] {
        var map: [(String, YAMLText.Node)] = []
        if let required = login.required { map.append(("required", .plain(required.rawValue))) }
        if let explanation = login.explanation { map.append(("explanation", .string(explanation))) }
        if !login.methods.isEmpty || login.marks.written(.methods) {
            map.append(("methods", .flowList(login.methods.map(YAMLText.Node.string))))
        }
        return map
    }

    private func gesture(_ gesture: Gesture) -> [(String, YAMLText.Node)] {
        var map: [(String, YAMLText.Node)] = []
        if let type = gesture.type { map.append(("type", .plain(type.rawValue))) }
        if gesture.fingers != 1 || gesture.marks.written(.fingers) { map.append(("fingers", .plain(String(gesture.fingers)))) }
        if let direction = gesture.direction { map.append(("direction", .string(direction))) }
        if let action = gesture.action { map.append(("action", .string(action))) }
        return map
    }

    private func layouts(_ variants: [LayoutVariant]) -> [(String, YAMLText.Node)] {
        var map: [(String, YAMLText.Node)] = []
        var seen: Set<SizeClass> = []
        // A size class given twice would be a repeated key; the decoder keeps the first.
        for variant in variants where seen.insert(variant.sizeClass).inserted {
            var entries: [(String, YAMLText.Node)] = []
            if let presentation = variant.presentation { entries.append(("presentation", .string(presentation))) }
            if !variant.hidden.isEmpty || variant.marks.written(.hidden) {
                entries.append(("hidden", .flowList(variant.hidden.map(YAMLText.Node.string))))
            }
            map.append((variant.sizeClass.rawValue, .map(entries)))
        }
        return map
    }

    // MARK: - Elements

    private func elements(_ list: [Element], _ placement: ElementPlacement) -> YAMLText.Node {
        .list(list.map { (comment($0), .map(element($0, placement))) })
    }

    private func element(_ element: Element, _ placement: ElementPlacement) -> [(String, YAMLText.Node)] {
        var map: [(String, YAMLText.Node)] = []
        let marks = element.marks
        if let id = element.id { map.append(("id", .string(id))) }
        if let type = element.type { map.append(("type", .plain(type.rawValue))) }
        if placement == .tab {
            if let title = element.title { map.append(("title", .string(title))) }
            // A whole number stays one (`badge: 12`), so it is still counted by its digits.
            if let number = element.badgeNumber {
                map.append(("badge", .plain(String(number))))
            } else if let badge = element.badge {
                map.append(("badge", .string(badge)))
            }
        }
        if let label = element.label { map.append(("label", .string(label))) }
        if let action = element.action { map.append(("action", .string(action))) }
        switch element.icon {
        case .system(let name): map.append(("icon", .string("system:" + name)))
        case .custom(let name): map.append(("icon", .string("custom:" + name)))
        case nil: break
        }
        if let frame = element.frame {
            map.append(("frame", .numbers([frame.x, frame.y, frame.width, frame.height])))
        }
        if let area = element.hitArea { map.append(("hit_area", .numbers([area.width, area.height]))) }
        if element.border || marks.written(.border) { map.append(("border", .bool(element.border))) }
        if let font = element.font { map.append(("font", .map(self.font(font)))) }
        if let color = element.color.flatMap(Self.color) { map.append(("color", color)) }
        if let background = element.background.flatMap(Self.color) { map.append(("background", background)) }
        if let role = element.role { map.append(("role", .string(role))) }
        if element.scroll != .none || marks.written(.scroll) { map.append(("scroll", .plain(element.scroll.rawValue))) }
        if placement == .toolbarItem, element.switchesMode || marks.written(.switchesMode) {
            map.append(("switches_mode", .bool(element.switchesMode)))
        }
        if !element.ignore.isEmpty { map.append(("ignore", .flowList(element.ignore.map(YAMLText.Node.string)))) }
        if !element.children.isEmpty { map.append(("children", elements(element.children, placement))) }
        return map
    }

    /// A known colour as the spec writes it; an unknown one has no spelling and stays out.
    static func color(_ color: Color) -> YAMLText.Node? {
        guard let light = color[.light], let dark = color[.dark] else { return nil }
        if light == dark { return .string(spelling(light)) }
        return .map([("light", .string(spelling(light))), ("dark", .string(spelling(dark)))])
    }

    private static func spelling(_ value: RGBA) -> String { value == .clear ? "clear" : value.hex }

    private func font(_ font: Font) -> [(String, YAMLText.Node)] {
        var map: [(String, YAMLText.Node)] = []
        if let size = font.size { map.append(("size", .number(size))) }
        if let weight = font.weight { map.append(("weight", .plain(weight.rawValue))) }
        if let style = font.style { map.append(("style", .plain(style.rawValue))) }
        if let dynamic = font.dynamic { map.append(("dynamic", .bool(dynamic))) }
        return map
    }
}

extension Marks {
    fileprivate func written(_ field: Key) -> Bool { value(of: field) != nil }
}
