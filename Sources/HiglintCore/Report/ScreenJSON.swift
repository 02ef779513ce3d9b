/// A screen as one line of JSON: the typed model an external plugin is sent
/// (docs/plugins.md describes it field by field). A value the spec does not give
/// is left out rather than guessed; keys come in a fixed order, so the same
/// screen always gives the same bytes.
///
/// Written as bytes into one buffer, without a string per object: every screen of a
/// review is rendered for each plugin, and building nested objects as strings of their
/// own copied each one into its parent (a fifth of a review's time at 10,000 specs).
/// The buffer is raw memory rather than an array: an array checks its uniqueness and
/// capacity on every byte appended, which made rendering two thirds of what a plugin
/// adds to higlint's own work (BENCHMARKS.md, "An external plugin").
public enum ScreenJSON {
    public static func render(_ screen: Screen) -> String {
        var bytes: [UInt8] = []
        append(screen, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the screen's JSON to `bytes`, which a plugin host sends as they are.
    public static func append(_ screen: Screen, to bytes: inout [UInt8]) {
        var json = JSONBuffer()
        defer {
            json.move(to: &bytes)
        }
        json.open()
        json.text("screen", screen.name)
        json.text("parent", screen.parent)
        json.text("device", screen.device.rawValue)
        json.text("kind", screen.kind.rawValue)
        json.key("canvas")
        size(screen.canvas, &json)
        json.list("orientations", screen.orientations) { orientation, json in json.value(orientation.rawValue) }
        if let bar = screen.statusBar {
            json.object("status_bar") { json in
                json.flag("hidden", bar.hidden)
                json.text("style", bar.style?.rawValue)
                json.flag("reveal_on_tap", bar.revealOnTap)
            }
        }
        if let bar = screen.navigationBar {
            json.object("navigation_bar") { json in
                json.text("title", bar.title)
                if let font = bar.titleFont {
                    json.key("title_font")
                    self.font(font, &json)
                }
                if let back = bar.back {
                    json.object("back") { json in
                        json.text("title", back.title)
                        json.flag("custom", back.custom)
                        json.text("style", back.style.rawValue)
                    }
                }
                json.list("items", bar.items, element)
                json.flag("translucent", bar.translucent)
                json.text("color", bar.color)
                height(bar.height, &json)
            }
        }
        if let bar = screen.toolbar {
            json.object("toolbar") { json in
                json.list("items", bar.items, element)
                json.flag("translucent", bar.translucent)
                json.text("color", bar.color)
                height(bar.height, &json)
            }
        }
        if let bar = screen.tabBar {
            json.object("tab_bar") { json in
                json.list("tabs", bar.tabs, element)
                json.flag("translucent", bar.translucent)
            }
        }
        if let login = screen.login {
            json.object("login") { json in
                json.text("required", login.required?.rawValue)
                json.text("explanation", login.explanation)
                json.list("methods", login.methods) { method, json in json.value(method) }
            }
        }
        if let save = screen.data?.save {
            json.object("data") { json in json.text("save", save.rawValue) }
        }
        json.list("gestures", screen.gestures, gesture)
        json.list("elements", screen.elements, element)
        if let layouts = screen.layouts {
            json.list("layouts", layouts) { layout, json in
                json.open()
                json.text("size_class", layout.sizeClass.rawValue)
                json.text("presentation", layout.presentation)
                json.list("hidden", layout.hidden) { name, json in json.value(name) }
                json.close()
            }
        }
        json.object("review") { json in
            json.list("ignore", screen.review.ignore) { name, json in json.value(name) }
            json.text("reason", screen.review.reason)
        }
        color("background", screen.background, &json)
        at(screen.marks.map, &json)
        json.close()
    }

    private static func element(_ element: Element, _ json: inout JSONBuffer) {
        json.open()
        json.text("path", element.path)
        json.text("id", element.id)
        json.text("type", element.type?.rawValue)
        if let frame = element.frame {
            json.object("frame") { json in
                json.number("x", frame.x)
                json.number("y", frame.y)
                json.number("width", frame.width)
                json.number("height", frame.height)
            }
        }
        if let hitArea = element.hitArea {
            json.key("hit_area")
            size(hitArea, &json)
        }
        json.text("label", element.label)
        json.text("action", element.action)
        switch element.icon {
        case .system(let name): json.text("icon", "system:" + name)
        case .custom(let name): json.text("icon", "custom:" + name)
        case nil: break
        }
        json.flag("border", element.border)
        if let font = element.font {
            json.key("font")
            self.font(font, &json)
        }
        json.text("role", element.role)
        json.text("scroll", element.scroll.rawValue)
        if element.switchesMode { json.flag("switches_mode", true) }
        json.text("title", element.title)
        json.text("badge", element.badge)
        json.list("ignore", element.ignore) { name, json in json.value(name) }
        color("color", element.color, &json)
        color("background", element.background, &json)
        json.list("children", element.children, self.element)
        at(element.marks.map, &json)
        json.close()
    }

    /// `{"light": "#RRGGBB[AA]", "dark": ...}`, or `{"unknown": "why"}` when the source
    /// names a colour that cannot be read; nothing when it names none.
    private static func color(_ key: StaticString, _ color: Color?, _ json: inout JSONBuffer) {
        guard let color else { return }
        json.object(key) { json in
            switch color {
            case .known(let light, let dark):
                json.text("light", light.hex)
                json.text("dark", dark.hex)
            case .unknown(let reason):
                json.text("unknown", reason)
            }
        }
    }

    private static func font(_ font: Font, _ json: inout JSONBuffer) {
        json.open()
        if let size = font.size { json.number("size", size) }
        if let size = font.effectiveSize { json.number("effective_size", size) }
        json.text("weight", font.weight?.rawValue)
        json.text("style", font.style?.rawValue)
        if let dynamic = font.dynamic { json.flag("dynamic", dynamic) }
        json.close()
    }

    private static func gesture(_ gesture: Gesture, _ json: inout JSONBuffer) {
        json.open()
        json.text("path", gesture.path)
        json.text("type", gesture.type?.rawValue)
        json.key("fingers")
        json.integer(gesture.fingers)
        json.text("direction", gesture.direction)
        json.text("action", gesture.action)
        at(gesture.marks.map, &json)
        json.close()
    }

    private static func height(_ height: BarHeight, _ json: inout JSONBuffer) {
        switch height {
        case .auto: json.text("height", "auto")
        case .fixed(let points): json.number("height", points)
        }
    }

    private static func size(_ size: Size, _ json: inout JSONBuffer) {
        json.open()
        json.number("width", size.width)
        json.number("height", size.height)
        json.close()
    }

    private static func at(_ mark: Mark, _ json: inout JSONBuffer) {
        json.key("at")
        json.raw("{\"line\":")
        json.integer(mark.line)
        json.raw(",\"column\":")
        json.integer(mark.column)
        json.raw("}")
    }
}

/// Objects and lists of JSON opened and closed in turn, written as bytes, with the commas
/// between their members kept track of here. Owned by one `append` call, which moves the
/// bytes out and frees the memory.
private struct JSONBuffer: ~Copyable {
    private var json = JSONBytes()
    /// Whether the innermost open object or list has a member yet.
    private var hasMember = false

    /// Appends what was written to `bytes`, with room left for the end of a request that
    /// the caller appends next; the buffer is then empty.
    mutating func move(to bytes: inout [UInt8]) {
        json.move(to: &bytes, leaving: 256)
    }

    @inline(__always)
    private mutating func byte(_ value: UInt8) {
        json.byte(value)
    }

    @inline(__always)
    private mutating func bytes(_ source: UnsafeBufferPointer<UInt8>) {
        json.bytes(source)
    }

    @inline(__always)
    mutating func raw(_ text: StaticString) {
        json.raw(text)
    }

    mutating func integer(_ value: Int) {
        json.integer(value)
    }

    mutating func string(_ value: String) {
        json.string(value)
    }

    mutating func open() {
        byte(UInt8(ascii: "{"))
        hasMember = false
    }

    mutating func close() {
        byte(UInt8(ascii: "}"))
        hasMember = true
    }

    /// `,"name":` (the comma when a member came before).
    @inline(__always)
    mutating func key(_ name: StaticString) {
        json.reserve(name.utf8CodeUnitCount + 4)
        if hasMember { json.byte(UInt8(ascii: ",")) }
        json.byte(UInt8(ascii: "\""))
        json.raw(name)
        json.raw("\":")
        hasMember = true
    }

    @inline(__always)
    mutating func text(_ name: StaticString, _ value: String?) {
        guard let value else { return }
        key(name)
        string(value)
    }

    @inline(__always)
    mutating func flag(_ name: StaticString, _ value: Bool) {
        key(name)
        if value { raw("true") } else { raw("false") }
    }

    /// As the spec writes it: `44`, `1.5`; JSON has no infinity, and the decoder admits none.
    mutating func number(_ name: StaticString, _ value: Double) {
        key(name)
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 {
            integer(Int(value))
        } else if value.isFinite {
            var text = formatPoints(value)
            text.withUTF8 { bytes($0) }
        } else {
            raw("null")
        }
    }

    /// A string as a list item (the list writes the commas).
    mutating func value(_ text: String) {
        string(text)
    }

    mutating func object(_ name: StaticString, _ body: (inout JSONBuffer) -> Void) {
        key(name)
        open()
        body(&self)
        close()
    }

    mutating func list<Item>(_ name: StaticString, _ items: [Item], _ write: (Item, inout JSONBuffer) -> Void) {
        key(name)
        byte(UInt8(ascii: "["))
        for index in items.indices {
            if index > 0 { byte(UInt8(ascii: ",")) }
            hasMember = false
            write(items[index], &self)
        }
        byte(UInt8(ascii: "]"))
        hasMember = true
    }
}
