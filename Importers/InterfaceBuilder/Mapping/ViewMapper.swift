import HiglintCore

/// Turns a view hierarchy into elements in screen coordinates, deciding which frames can
/// be trusted and noting for each element what it is in the IB file.
struct ViewMapper {
    /// Image names the document declares as SF Symbols (`<image catalog="system">` resources).
    let systemImages: Set<String>
    /// What each element's note is written from, in the order the elements were mapped.
    private var noteRecords: [NoteRecord] = []
    /// Bars laid out as views (`navigationBar`, `toolbar`, `tabBar`), first of each kind.
    private(set) var barViews: [String: XMLElement] = [:]

    init(systemImages: Set<String>) {
        self.systemImages = systemImages
    }

    /// Keeps what `note(for:label:)` needs to write `view`'s note when one is asked for.
    mutating func recordNote(for view: XMLElement, label: String?, id: String) {
        noteRecords.append(NoteRecord(id: id, element: view, label: label))
    }

    /// By element id: the words added to every finding on the element, written on demand.
    var elementNotes: ElementNotes { NoteRecords(noteRecords).elementNotes }

    /// The elements of a screen whose root view is `root`. A plain root view is the screen
    /// itself and gives its subviews; any other root (a table view) is one element.
    mutating func elements(ofRoot root: XMLElement) -> [Element] {
        // The root view's own origin is where IB drew it on its canvas, not a position on screen.
        if root.isNamed(.view) {
            let trusted = isTrusted(root, frame: Self.frame(of: root))
            return elements(in: root, origin: Point(x: 0, y: 0), trusted: trusted, path: "elements", nested: false)
        }
        return map(root, origin: Point(x: 0, y: 0), trusted: true, path: "elements[0]").map { [$0] } ?? []
    }

    /// Calls `body` with each child view of `view`, in document order, wherever IB keeps
    /// them, and the offset its frame is relative to (nil for `view`'s own origin). Walked
    /// rather than returned as an array: every view asks, and most have none or a few.
    static func forEachChildView(of view: XMLElement, _ body: (_ view: XMLElement, _ offset: Rect?) -> Void) {
        for child in view.children {
            switch child.code {
            case .subviews?:
                for subview in child.children { body(subview, nil) }
            case _ where child.attribute(.key, is: "contentView"):
                // A cell's or an effect view's subviews live in its content view, whose frame offsets them.
                let contentFrame = frame(of: child)
                forEachChildView(of: child) { subview, offset in body(subview, combine(contentFrame, offset)) }
            case .prototypes?, .cells?:
                for cell in child.children { body(cell, nil) }
            case .sections?:
                for section in child.children(.tableViewSection) {
                    for cells in section.children(.cells) {
                        for cell in cells.children { body(cell, nil) }
                    }
                }
            default:
                continue
            }
        }
    }

    private static func combine(_ outer: Rect?, _ inner: Rect?) -> Rect? {
        guard let outer else { return inner }
        guard let inner else { return outer }
        return Rect(x: outer.x + inner.x, y: outer.y + inner.y, width: inner.width, height: inner.height)
    }

    /// The elements of `view`'s child views, at `path[0]`, `path[1]`... (`path.children[0]`...
    /// when `nested`, `path` being the element of `view`).
    private mutating func elements(
        in view: XMLElement, origin: Point, trusted: Bool, path: String, nested: Bool
    ) -> [Element] {
        var out: [Element] = []
        Self.forEachChildView(of: view) { child, offset in
            let childOrigin = offset.map { Point(x: origin.x + $0.x, y: origin.y + $0.y) } ?? origin
            let childPath = Self.path(path, nested: nested, index: out.count)
            if let element = map(child, origin: childOrigin, trusted: trusted, path: childPath) {
                out.append(element)
            }
        }
        return out
    }

    /// A view as an element; a bar laid out as a view is kept for the screen's bars instead.
    private mutating func map(_ view: XMLElement, origin: Point, trusted: Bool, path: String) -> Element? {
        let kind = IBVocabulary.viewKind(of: view.code)
        if kind?.isBar == true {
            if barViews[view.name] == nil { barViews[view.name] = view }
            return nil
        }
        return element(for: view, kind: kind, origin: origin, trusted: trusted, path: path)
    }

    private mutating func element(
        for view: XMLElement, kind: IBVocabulary.ViewKind?, origin: Point, trusted parentTrusted: Bool, path: String
    ) -> Element? {
        let relative = Self.frame(of: view)
        guard let type = kind?.type ?? (relative != nil ? .custom : nil) else { return nil }
        let id = view[.id] ?? path
        // Worked out once: a mark is found in the document's bytes each time it is asked for.
        let mark = view.mark
        var fields = ElementFields(id: id, mark: mark)
        fields.type = view.isNamed(.textView) ? (view.attribute(.editable, is: "NO") ? .text : .textField) : type
        let trusted = parentTrusted && isTrusted(view, frame: relative)
        let absolute = relative.map { Rect(x: origin.x + $0.x, y: origin.y + $0.y, width: $0.width, height: $0.height) }
        if trusted { fields.frame = absolute }
        // The system sizes these controls; and a control IB turns off takes no touch as drawn.
        let turnedOff = view.attribute(.enabled, is: "NO") || view.attribute(.userInteractionEnabled, is: "NO")
        if kind?.isSystemSized == true || (turnedOff && Self.controls.contains(fields.type)) {
            fields.suppressed.append("buttons.hit-target")
        }
        fields.label = Self.label(of: view)
        fields.font = Self.font(of: view, mark: mark)
        fields.icon = icon(of: view)
        fields.border = Self.hasBorder(view)
        fields.scroll = Self.scroll(of: view)
        let childOrigin = absolute.map { Point(x: $0.x, y: $0.y) } ?? origin
        fields.children = elements(in: view, origin: childOrigin, trusted: trusted, path: path, nested: true)
        recordNote(for: view, label: fields.label, id: id)
        return fields.element(path: path)
    }

    /// `base[index]`, or `base.children[index]` when `nested`, written straight into the
    /// string's storage: every element has a path, and interpolating two strings for each
    /// cost more than the rest of its element.
    static func path(_ base: String, nested: Bool, index: Int) -> String {
        var base = base
        var digits = 0
        var rest = index
        repeat {
            digits += 1
            rest /= 10
        } while rest > 0
        let suffix: StaticString = ".children["
        let suffixCount = nested ? suffix.utf8CodeUnitCount : 1
        return base.withUTF8 { prefix in
            String(unsafeUninitializedCapacity: prefix.count + suffixCount + digits + 1) { buffer in
                var position = 0
                for byte in prefix {
                    buffer[position] = byte
                    position += 1
                }
                if nested {
                    for offset in 0..<suffixCount {
                        buffer[position] = suffix.utf8Start[offset]
                        position += 1
                    }
                } else {
                    buffer[position] = UInt8(ascii: "[")
                    position += 1
                }
                var value = index
                for offset in stride(from: digits - 1, through: 0, by: -1) {
                    buffer[position + offset] = UInt8(ascii: "0") + UInt8(value % 10)
                    value /= 10
                }
                position += digits
                buffer[position] = UInt8(ascii: "]")
                return position + 1
            }
        }
    }

    /// The element types that take touches by default.
    static let controls: Set<ElementType?> = [.button, .textField, .switch, .slider, .segmentedControl]

    /// Whether IB says the frame it shows is the one the app gets: not hidden, not flagged
    /// ambiguous or misplaced, and no size or constraint IB marks as a stand-in.
    func isTrusted(_ view: XMLElement, frame: Rect?) -> Bool {
        if view.flag(.hidden) || view.flag(.ambiguous) || view.flag(.misplaced) { return false }
        if view.has(.placeholderIntrinsicWidth) || view.has(.placeholderIntrinsicHeight) { return false }
        guard let constraints = view.child(.constraints) else { return true }
        for constraint in constraints.children {
            // The view's own constraints: no first item, or the view's id.
            guard !constraint.has(.firstItem) || constraint.sameValue(.firstItem, as: .id, of: view) else { continue }
            if constraint.flag(.placeholder) { return false }
            // A fixed width or height the view's own constraint sets, which its frame does not
            // have: IB shows a frame it has not updated, and the constraint is what runs.
            guard !constraint.has(.secondItem), !constraint.has(.relation), !constraint.has(.multiplier),
                  let constant = constraint.number(.constant), let frame
            else { continue }
            let drawn = constraint.attribute(.firstAttribute, is: "width") ? frame.width
                : constraint.attribute(.firstAttribute, is: "height") ? frame.height : constant
            if abs(drawn - constant) > 0.5 { return false }
        }
        return true
    }

    static func frame(of view: XMLElement) -> Rect? {
        guard let rect = view.child(.rect, key: "frame"), let x = rect.number(.x), let y = rect.number(.y),
              let width = rect.number(.width), let height = rect.number(.height)
        else { return nil }
        return Rect(x: x, y: y, width: width, height: height)
    }

    static func label(of view: XMLElement) -> String? {
        if let text = view[.text] { return text }
        if let text = view.child(.string, key: "text")?.text { return text }
        if let attributed = view.child(.attributedString) {
            return attributed.children(.fragment).map { $0[.content] ?? $0.child(.string, key: "content")?.text ?? "" }
                .joined()
        }
        if view.isNamed(.button) {
            if let normal = view.child(.state, key: "normal"), let title = normal[.title] {
                return title
            }
            if let configuration = view.child(.buttonConfiguration), let title = configuration[.title] { return title }
        }
        if view.isNamed(.textField) || view.isNamed(.searchBar) { return view[.placeholder] }
        return nil
    }

    /// `mark` is the view's.
    static func font(of view: XMLElement, mark: Mark) -> Font? {
        let adjusts = view.flag(.adjustsFontForContentSizeCategory)
        if let description = view.child(.fontDescription, key: "fontDescription") {
            return FontReader.font(description, adjusts: adjusts, mark: mark)
        }
        if let configuration = view.child(.buttonConfiguration),
           let description = configuration.child(.fontDescription, key: "titleFontDescription") {
            return FontReader.font(description, adjusts: adjusts, mark: mark)
        }
        if let attributed = view.child(.attributedString),
           let font = attributed.child(.fragment)?.child(.attributes)?.child(.font, key: "NSFont") {
            return FontReader.font(font, adjusts: adjusts, mark: mark)
        }
        return nil
    }

    func icon(of view: XMLElement) -> Icon? {
        var name: String?
        var isSystem = false
        if view.isNamed(.imageView) {
            name = view[.image]
            isSystem = view[.catalog] == "system"
        } else if view.isNamed(.button) {
            if let reference = view.child(.buttonConfiguration)?.child(.imageReference, key: "image") {
                name = reference[.image]
                isSystem = reference[.catalog] == "system"
            } else if let normal = view.child(.state, key: "normal") {
                name = normal[.image] ?? normal.child(.imageReference, key: "image")?[.image]
                isSystem = normal.child(.imageReference, key: "image")?[.catalog] == "system"
            }
        }
        guard let name, !name.isEmpty else { return nil }
        return isSystem || systemImages.contains(name) ? .system(name) : .custom(name)
    }

    /// A button configuration whose style fills or tints a background draws one.
    static func hasBorder(_ view: XMLElement) -> Bool {
        guard view.isNamed(.button), let style = view.child(.buttonConfiguration)?[.style] else { return false }
        return ["filled", "tinted", "gray", "borderedProminent", "bordered"].contains(style)
    }

    static func scroll(of view: XMLElement) -> Scroll {
        switch view.code {
        case .tableView?: return .vertical
        case .collectionView?:
            let direction = view.child(.collectionViewFlowLayout)?[.scrollDirection]
            if view.child(.collectionViewFlowLayout) == nil { return .both }
            return direction == "horizontal" ? .horizontal : .vertical
        // A scroll view's content size is set by its constraints or code: it may scroll either way.
        case .scrollView?, .textView?: return .both
        default: return .none
        }
    }

    /// ` (IB button "Save", id abc-12-xyz)`, and when a custom class draws it, that the class
    /// may change what IB shows.
    static func note(for view: XMLElement, label: String?) -> String {
        // Written as bytes into one buffer and made a string once: the mapper writes a note
        // for every element, and appending strings piece by piece cost more than the rest of it.
        var note: [UInt8] = []
        note.reserveCapacity(128)
        note.append(contentsOf: " (IB ".utf8)
        note.append(contentsOf: view.name.utf8)
        if let label, label.contains(where: { !$0.isWhitespace }) {
            note.append(UInt8(ascii: " "))
            note.append(contentsOf: quoted(label).utf8)
        } else if let userLabel = view[.userLabel] {
            note.append(UInt8(ascii: " "))
            note.append(contentsOf: quoted(userLabel).utf8)
        }
        var start = note.count
        note.append(contentsOf: ", id ".utf8)
        if !view.appendLineText(.id, to: &note) { note.removeSubrange(start...) }
        start = note.count
        note.append(contentsOf: "; its custom class ".utf8)
        if view.appendLineText(.customClass, to: &note) {
            note.append(contentsOf: " may change this at run time".utf8)
        } else {
            note.removeSubrange(start...)
        }
        note.append(UInt8(ascii: ")"))
        return String(decoding: note, as: UTF8.self)
    }
}

struct Point: Sendable {
    var x: Double
    var y: Double
}
