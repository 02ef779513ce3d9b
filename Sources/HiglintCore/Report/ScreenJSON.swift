/// A screen as one line of JSON: the typed model an external plugin is sent
/// (docs/plugins.md describes it field by field). A value the spec does not give
/// is left out rather than guessed; keys come in a fixed order, so the same
/// screen always gives the same bytes.
public enum ScreenJSON {
    public static func render(_ screen: Screen) -> String {
        var object = JSONObject()
        object.text("screen", screen.name)
        object.text("parent", screen.parent)
        object.text("device", screen.device.rawValue)
        object.text("kind", screen.kind.rawValue)
        object.raw("canvas", size(screen.canvas))
        object.raw("orientations", list(screen.orientations.map { JSONText.string($0.rawValue) }))
        if let bar = screen.statusBar {
            var status = JSONObject()
            status.flag("hidden", bar.hidden)
            status.text("style", bar.style?.rawValue)
            status.flag("reveal_on_tap", bar.revealOnTap)
            object.raw("status_bar", status.rendered)
        }
        if let bar = screen.navigationBar {
            var navigation = JSONObject()
            navigation.text("title", bar.title)
            if let font = bar.titleFont { navigation.raw("title_font", self.font(font)) }
            if let back = bar.back {
                var button = JSONObject()
                button.text("title", back.title)
                button.flag("custom", back.custom)
                button.text("style", back.style.rawValue)
                navigation.raw("back", button.rendered)
            }
            navigation.raw("items", list(bar.items.map(element)))
            navigation.flag("translucent", bar.translucent)
            navigation.text("color", bar.color)
            navigation.raw("height", height(bar.height))
            object.raw("navigation_bar", navigation.rendered)
        }
        if let bar = screen.toolbar {
            var toolbar = JSONObject()
            toolbar.raw("items", list(bar.items.map(element)))
            toolbar.flag("translucent", bar.translucent)
            toolbar.text("color", bar.color)
            toolbar.raw("height", height(bar.height))
            object.raw("toolbar", toolbar.rendered)
        }
        if let bar = screen.tabBar {
            var tabs = JSONObject()
            tabs.raw("tabs", list(bar.tabs.map(element)))
            tabs.flag("translucent", bar.translucent)
            object.raw("tab_bar", tabs.rendered)
        }
        if let login = screen.login {
            var part = JSONObject()
            part.text("required", login.required?.rawValue)
            part.text("explanation", login.explanation)
            part.raw("methods", list(login.methods.map(JSONText.string)))
            object.raw("login", part.rendered)
        }
        if let save = screen.data?.save { object.raw("data", "{\"save\":\(JSONText.string(save.rawValue))}") }
        object.raw("gestures", list(screen.gestures.map(gesture)))
        object.raw("elements", list(screen.elements.map(element)))
        if let layouts = screen.layouts {
            object.raw("layouts", list(layouts.map { layout in
                var part = JSONObject()
                part.text("size_class", layout.sizeClass.rawValue)
                part.text("presentation", layout.presentation)
                part.raw("hidden", list(layout.hidden.map(JSONText.string)))
                return part.rendered
            }))
        }
        var review = JSONObject()
        review.raw("ignore", list(screen.review.ignore.map(JSONText.string)))
        review.text("reason", screen.review.reason)
        object.raw("review", review.rendered)
        object.raw("at", at(screen.marks.map))
        return object.rendered
    }

    static func element(_ element: Element) -> String {
        var object = JSONObject()
        object.text("path", element.path)
        object.text("id", element.id)
        object.text("type", element.type?.rawValue)
        if let frame = element.frame {
            object.raw("frame", "{\"x\":\(number(frame.x)),\"y\":\(number(frame.y)),\"width\":\(number(frame.width)),\"height\":\(number(frame.height))}")
        }
        if let hitArea = element.hitArea { object.raw("hit_area", size(hitArea)) }
        object.text("label", element.label)
        object.text("action", element.action)
        switch element.icon {
        case .system(let name): object.text("icon", "system:" + name)
        case .custom(let name): object.text("icon", "custom:" + name)
        case nil: break
        }
        object.flag("border", element.border)
        if let font = element.font { object.raw("font", self.font(font)) }
        object.text("role", element.role)
        object.text("scroll", element.scroll.rawValue)
        if element.switchesMode { object.flag("switches_mode", true) }
        object.text("title", element.title)
        object.text("badge", element.badge)
        object.raw("ignore", list(element.ignore.map(JSONText.string)))
        object.raw("children", list(element.children.map(self.element)))
        object.raw("at", at(element.marks.map))
        return object.rendered
    }

    private static func font(_ font: Font) -> String {
        var object = JSONObject()
        if let size = font.size { object.raw("size", number(size)) }
        if let size = font.effectiveSize { object.raw("effective_size", number(size)) }
        object.text("weight", font.weight?.rawValue)
        object.text("style", font.style?.rawValue)
        if let dynamic = font.dynamic { object.flag("dynamic", dynamic) }
        return object.rendered
    }

    private static func gesture(_ gesture: Gesture) -> String {
        var object = JSONObject()
        object.text("path", gesture.path)
        object.text("type", gesture.type?.rawValue)
        object.raw("fingers", String(gesture.fingers))
        object.text("direction", gesture.direction)
        object.text("action", gesture.action)
        object.raw("at", at(gesture.marks.map))
        return object.rendered
    }

    private static func height(_ height: BarHeight) -> String {
        switch height {
        case .auto: return "\"auto\""
        case .fixed(let points): return number(points)
        }
    }

    private static func size(_ size: Size) -> String {
        "{\"width\":\(number(size.width)),\"height\":\(number(size.height))}"
    }

    private static func at(_ mark: Mark) -> String {
        "{\"line\":\(mark.line),\"column\":\(mark.column)}"
    }

    private static func list(_ items: [String]) -> String {
        "[" + items.joined(separator: ",") + "]"
    }

    /// As the spec writes it: `44`, `1.5`; JSON has no infinity, and the decoder admits none.
    static func number(_ value: Double) -> String {
        value.isFinite ? formatPoints(value) : "null"
    }
}

/// Builds one JSON object, key by key, leaving out absent values.
private struct JSONObject {
    private var body = ""

    mutating func raw(_ key: String, _ json: String) {
        body += body.isEmpty ? "\"" : ",\""
        body += key
        body += "\":"
        body += json
    }

    mutating func text(_ key: String, _ value: String?) {
        if let value { raw(key, JSONText.string(value)) }
    }

    mutating func flag(_ key: String, _ value: Bool) {
        raw(key, value ? "true" : "false")
    }

    var rendered: String { "{" + body + "}" }
}
