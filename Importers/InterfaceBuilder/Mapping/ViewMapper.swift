import HiglintCore

/// Turns a view hierarchy into elements in screen coordinates, deciding which frames can
/// be trusted and noting for each element what it is in the IB file.
struct ViewMapper {
    /// Image names the document declares as SF Symbols (`<image catalog="system">` resources).
    let systemImages: Set<String>
    /// The selector of each single-tap gesture recognizer of the document, by its id.
    let tapActions: [String: String]
    /// What each element's note is written from, in the order the elements were mapped.
    private var noteRecords: [NoteRecord] = []
    /// Bars laid out as views (`navigationBar`, `toolbar`, `tabBar`), first of each kind.
    private(set) var barViews: [String: XMLElement] = [:]
    /// Buttons that reload or stop, by element id, for `Alternates`.
    private(set) var alternateRoles: [String: AlternateRole] = [:]
    let colors: ColorReader
    /// What each view drawn so far fills, in drawing order (`ViewColors`).
    var covers: [Cover] = []

    init(systemImages: Set<String>, tapActions: [String: String] = [:], colors: ColorReader = ColorReader(documentPath: nil)) {
        self.systemImages = systemImages
        self.tapActions = tapActions
        self.colors = colors
    }

    /// Keeps what `note(for:label:)` needs to write `view`'s note when one is asked for.
    mutating func recordNote(for view: XMLElement, label: String?, id: String) {
        noteRecords.append(NoteRecord(id: id, element: view, label: label))
    }

    /// The records of the screen named `scene`: its elements' notes and its findings' words.
    func notes(scene: String) -> NoteRecords { NoteRecords(noteRecords, scene: scene) }

    /// The elements of a screen whose root view is `root`. A plain root view is the screen
    /// itself and gives its subviews; any other root (a table view) is one element.
    /// `appearance` is the one the screen is locked to (the app's `UIUserInterfaceStyle`, its
    /// controller's or root view's override), nil when it is drawn in both.
    mutating func elements(ofRoot root: XMLElement, appearance: Appearance? = nil) -> [Element] {
        // The root view's own origin is where IB drew it on its canvas, not a position on screen.
        var start = Ancestry(origin: Point(x: 0, y: 0), trusted: true, shown: true)
        start.appearance = appearance
        if root.isNamed(.view) {
            var ancestry = start
            ancestry.trusted = isTrusted(root, frame: Self.frame(of: root))
            ancestry.shown = !root.flag(.hidden)
            if let reason = Self.unknownDrawing(of: root) {
                ancestry.unknownBehind = reason
            } else if case .unknown(let reason)? = colors.color(of: root, key: "backgroundColor") {
                ancestry.unknownBehind = reason
            }
            return elements(in: root, ancestry: ancestry, path: "elements", nested: false)
        }
        return map(root, ancestry: start, path: "elements[0]").map { [$0] } ?? []
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
            case _ where child.attribute(.key, is: "tableHeaderView") || child.attribute(.key, is: "tableFooterView"):
                // A table's header and footer views scroll with its rows, in the table's coordinates.
                body(child, nil)
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

    /// What a view takes from the views around it: where its frame is relative to, whether
    /// every ancestor's frame can be trusted, and whether it is shown at all.
    struct Ancestry {
        var origin: Point
        var trusted: Bool
        /// False under a view hidden in IB or a debug-only container: code shows it, if ever.
        var shown: Bool
        /// Covers before this index are under an opaque ancestor, hidden.
        var coverFloor = 0
        /// The covers that are the view's ancestors, behind it through the containment chain instead.
        var ancestorCovers: [Int] = []
        /// Why a fill behind the view, in its containment chain, is not known (a spec has no
        /// spelling for it, so the text's own colour is made unknown, and stays out of one).
        var unknownBehind: String?
        /// The appearance the view is drawn in when it, or an ancestor, is locked to one.
        var appearance: Appearance?
        /// Whether the nearest table view above is of a grouped style; nil under none.
        var groupedTable: Bool?
    }

    /// The elements of `view`'s child views, at `path[0]`, `path[1]`... (`path.children[0]`...
    /// when `nested`, `path` being the element of `view`).
    private mutating func elements(in view: XMLElement, ancestry: Ancestry, path: String, nested: Bool) -> [Element] {
        var out: [Element] = []
        // A cell's or an effect view's subviews are constrained in its content view.
        let constraintLists = [view.child(.constraints), view.child(key: "contentView")?.child(.constraints)].compactMap { $0 }
        let placement = constraintLists.isEmpty ? nil : Self.placement(by: constraintLists)
        // Editable text views drawn so far among these siblings, for the placeholders drawn over them.
        var textViewFrames: [Rect] = []
        Self.forEachChildView(of: view) { child, offset in
            var childAncestry = ancestry
            if let offset { childAncestry.origin = Point(x: ancestry.origin.x + offset.x, y: ancestry.origin.y + offset.y) }
            let childPath = Self.path(path, nested: nested, index: out.count)
            if var element = map(child, ancestry: childAncestry, path: childPath) {
                // A stack view places its arranged views by its alignment, and their left edges
                // follow their content (a slider's track inset), not a hand's placing.
                if view.isNamed(.stackView) { element.suppressed.append("layout.near-miss-alignment") }
                if let placement, let id = child[.id] {
                    // Centred: its left edge follows its width, so it is not lined up by it.
                    if placement.centred.contains(id) { element.suppressed.append("layout.near-miss-alignment") }
                    // A backdrop pinned past its container's edge bleeds there on purpose.
                    if placement.bleeding.contains(id), !element.isInteractive { element.suppressed.append("layout.offscreen") }
                }
                if Self.isPlaceholder(child, over: textViewFrames) { element.suppressed.append(Self.contrastRule) }
                out.append(element)
            }
            if child.isNamed(.textView), !child.attribute(.editable, is: "NO"), let frame = Self.frame(of: child) {
                textViewFrames.append(frame)
            }
        }
        return out
    }

    /// What a view's constraints say of its subviews' horizontal places.
    struct Placement {
        /// Views whose centre, not an edge, is pinned.
        var centred = Set<String>()
        /// Views whose leading or trailing edge is pinned outward of the item it is pinned to.
        var bleeding = Set<String>()
    }

    static func placement(by lists: [XMLElement]) -> Placement {
        var placement = Placement()
        for constraint in lists.flatMap({ Array($0.children) }) {
            let first = constraint[.firstItem]
            let second = constraint[.secondItem]
            let firstAttribute = constraint[.firstAttribute] ?? ""
            let secondAttribute = constraint[.secondAttribute] ?? ""
            if firstAttribute.hasPrefix("centerX"), let first { placement.centred.insert(first) }
            if secondAttribute.hasPrefix("centerX"), let second { placement.centred.insert(second) }
            guard let constant = constraint.number(.constant), constant != 0,
                  firstAttribute.hasPrefix("leading") == secondAttribute.hasPrefix("leading"),
                  firstAttribute.hasPrefix("trailing") == secondAttribute.hasPrefix("trailing"),
                  firstAttribute.hasPrefix("leading") || firstAttribute.hasPrefix("trailing")
            else { continue }
            // first = second + constant: a leading edge moves outward with a negative constant
            // on the first item (a positive one on the second), a trailing edge the other way.
            let leading = firstAttribute.hasPrefix("leading")
            if let first, leading ? constant < 0 : constant > 0 { placement.bleeding.insert(first) }
            if let second, leading ? constant > 0 : constant < 0 { placement.bleeding.insert(second) }
        }
        return placement
    }

    /// A view as an element; a bar laid out as a view is kept for the screen's bars instead.
    private mutating func map(_ view: XMLElement, ancestry: Ancestry, path: String) -> Element? {
        let kind = IBVocabulary.viewKind(of: view.code)
        if kind?.isBar == true {
            if barViews[view.name] == nil { barViews[view.name] = view }
            return nil
        }
        return element(for: view, kind: kind, ancestry: ancestry, path: path)
    }

    private mutating func element(
        for view: XMLElement, kind: IBVocabulary.ViewKind?, ancestry parent: Ancestry, path: String
    ) -> Element? {
        let relative = Self.frame(of: view)
        guard let type = kind?.type ?? (relative != nil ? .custom : nil) else { return nil }
        let id = view[.id] ?? path
        // Worked out once: a mark is found in the document's bytes each time it is asked for.
        let mark = view.mark
        var fields = ElementFields(id: id, mark: mark)
        fields.type = view.isNamed(.textView) ? (view.attribute(.editable, is: "NO") ? .text : .textField) : type
        let ownTrust = isTrusted(view, frame: relative)
        let trusted = parent.trusted && ownTrust
        let absolute = relative.map { Rect(x: parent.origin.x + $0.x, y: parent.origin.y + $0.y, width: $0.width, height: $0.height) }
        if trusted {
            fields.frame = absolute
        } else if ownTrust, let size = Self.constrainedSize(of: view) {
            // Under an ancestor IB has not laid out, a view's own constant width and height
            // still hold: its size is known, its place is not.
            fields.hitArea = size
        }
        let shown = parent.shown && !view.flag(.hidden) && !Self.isDebugOnly(view)
        // Text no one sees until code shows it is not reviewed as text on screen.
        if !shown { fields.suppressed.append(Self.textPlugin) }
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
        // A view locked to one appearance draws itself and its subviews in it alone.
        let appearance = Self.interfaceStyle(of: view) ?? parent.appearance
        let own = ownBackground(of: view, type: fields.type, groupedTable: parent.groupedTable)?.locked(to: appearance)
        if let foreground = foreground(of: view)?.locked(to: appearance) {
            let behind = background(under: absolute, own: own, ancestry: parent)
            fields.background = behind
            if let reason = parent.unknownBehind {
                fields.color = .unknown(reason + " behind it")
            } else if case .unknown(let reason)? = behind {
                fields.color = .unknown(reason)
            } else {
                fields.color = foreground
            }
        } else {
            fields.background = own
        }
        var childAncestry = Ancestry(
            origin: absolute.map { Point(x: $0.x, y: $0.y) } ?? parent.origin, trusted: trusted, shown: shown,
            coverFloor: parent.coverFloor, ancestorCovers: parent.ancestorCovers, unknownBehind: parent.unknownBehind,
            appearance: appearance, groupedTable: view.isNamed(.tableView) ? Self.isGrouped(view) : parent.groupedTable)
        if case .unknown(let reason)? = own { childAncestry.unknownBehind = reason }
        if let cover = recordCover(frame: absolute, background: own) { childAncestry.ancestorCovers.append(cover) }
        if let own, Self.isOpaque(own) { childAncestry.coverFloor = covers.count }
        fields.children = elements(in: view, ancestry: childAncestry, path: path, nested: true)
        applyActions(of: view, to: &fields, turnedOff: turnedOff)
        if let role = Self.alternateRole(of: view) { alternateRoles[id] = role }
        recordNote(for: view, label: fields.label, id: id)
        return fields.element(path: path)
    }

    static let textPlugin = "text"
    static let contrastRule = "text.contrast"

    /// A label drawn inside an editable text view, after it, is the view's placeholder (a
    /// text view has none of its own, so apps draw one): it stands where the typed text will,
    /// and gives way to it. A placeholder is not the field's text, whose colour `text.contrast`
    /// judges; a text field's own placeholder is not judged either.
    static func isPlaceholder(_ view: XMLElement, over textViewFrames: [Rect]) -> Bool {
        guard view.isNamed(.label), let frame = frame(of: view) else { return false }
        return textViewFrames.contains { contains($0, frame) }
    }
    static let quitRule = "lifecycle.quit-control"

    /// What the view does when touched, from its connections. A button's title alone does
    /// not make it a quit control: the code it calls says what it does, so a selector that
    /// ends the app makes the action `quit`, and any other selector clears the title's
    /// suspicion. A plain view with a single-tap recognizer, or the button trait, acts as a
    /// button and is held to the hit target like one (cells are rows, not buttons).
    private func applyActions(of view: XMLElement, to fields: inout ElementFields, turnedOff: Bool) {
        if view.isNamed(.button) {
            Self.applyButtonActions(Self.actionSelectors(of: view), to: &fields)
            return
        }
        // A view with user interaction off takes no touch, whatever recognizes it; a view that
        // holds controls is a background whose tap dismisses or ends editing, not a button.
        guard !turnedOff, !Self.controls.contains(fields.type), !Self.isCell(view),
              !Self.holdsControls(fields.children)
        else { return }
        let tapped = view.child(.connections)?.children(.outletCollection)
            .filter { $0.attribute(.property, is: "gestureRecognizers") }
            .compactMap { $0[.destination].flatMap { tapActions[$0] } }.first
        if let tapped {
            fields.action = tapped
        } else if view.child(.accessibility)?.child(.accessibilityTraits)?.flag(.button) == true {
            fields.action = "tap"
        }
    }

    static func applyButtonActions(_ selectors: [String], to fields: inout ElementFields) {
        if selectors.contains(where: quitsApp) {
            fields.action = "quit"
        } else if !selectors.isEmpty {
            fields.suppressed.append(quitRule)
        }
    }

    static func holdsControls(_ elements: [Element]) -> Bool {
        elements.contains { $0.isInteractive || holdsControls($0.children) }
    }

    /// What tells that a control takes turns with another in one place: reload while a page
    /// is loaded, stop while it loads; or a width the layout lets collapse when code hides it.
    struct AlternateRole: Sendable, Equatable {
        enum Kind: Sendable { case reload, stop }
        var kind: Kind?
        var collapsible: Bool

        func alternates(with other: AlternateRole) -> Bool {
            if let kind, let otherKind = other.kind, kind != otherKind { return true }
            return collapsible && other.collapsible
        }
    }

    /// The view's role, from its selector, outline label or image and its own width constraint.
    static func alternateRole(of view: XMLElement) -> AlternateRole? {
        guard view.isNamed(.button) else { return nil }
        var words = actionSelectors(of: view).flatMap(selectorWords)
        if let userLabel = view[.userLabel] { words += selectorWords(userLabel) }
        if let image = view.child(.state, key: "normal")?[.image] { words += selectorWords(image) }
        var kind: AlternateRole.Kind?
        if words.contains(where: { $0 == "reload" || $0 == "refresh" }) {
            kind = .reload
        } else if words.contains(where: { $0 == "stop" || $0 == "abort" }) {
            kind = .stop
        }
        let collapsible = view.child(.constraints)?.children.contains { constraint in
            constraint.attribute(.firstAttribute, is: "width") && !constraint.has(.secondItem)
                && (constraint.number(.priority) ?? 1000) < 1000
        } ?? false
        return kind == nil && !collapsible ? nil : AlternateRole(kind: kind, collapsible: collapsible)
    }

    static func isCell(_ view: XMLElement) -> Bool {
        switch view.code {
        case .tableViewCell?, .collectionViewCell?, .collectionReusableView?, .tableViewHeaderFooterView?: return true
        default: return false
        }
    }

    /// The selectors of the view's touch-up actions (the event IB writes for a button).
    static func actionSelectors(of view: XMLElement) -> [String] {
        guard let connections = view.child(.connections) else { return [] }
        return connections.children(.action).compactMap { action in
            guard !action.has(.eventType) || action.attribute(.eventType, is: "touchUpInside")
                    || action.attribute(.eventType, is: "primaryActionTriggered")
            else { return nil }
            return action[.selector]
        }
    }

    /// A selector whose words end the app: `quit`, `exitApp:`, `closeApplication`, `terminate`,
    /// `exit(`; `closeTapped:` or `exitFullScreen` close a view, not the app.
    static func quitsApp(_ selector: String) -> Bool {
        let words = selectorWords(selector)
        guard let verb = words.first else { return false }
        if words.count == 1 { return ["quit", "terminate", "exit"].contains(verb) }
        return ["quit", "terminate", "exit", "close", "kill"].contains(verb) && ["app", "application"].contains(words[1])
    }

    /// `exitAppTapped:` as `["exit", "app", "tapped"]`; `exit(` as `["exit"]`.
    static func selectorWords(_ selector: String) -> [String] {
        var words: [String] = []
        var current = ""
        for character in selector {
            if character.isUppercase || !character.isLetter {
                if !current.isEmpty { words.append(current) }
                current = character.isLetter ? String(character).lowercased() : ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { words.append(current) }
        // Taps and presses are how it is called, not what it does.
        return words.filter { !["on", "did", "handle", "button", "btn", "action", "pressed", "tapped", "tap", "clicked", "sender"].contains($0) }
    }

    /// A container a person named for debugging (`userLabel="Debug Panel"`, a `DebugView`
    /// class): shown to developers only, if at all.
    static func isDebugOnly(_ view: XMLElement) -> Bool {
        for attribute in [IBAttribute.userLabel, .customClass] {
            if let value = view[attribute], value.lowercased().contains("debug") { return true }
        }
        return false
    }

    /// The width and height the view's own required constant constraints give it; nil
    /// unless both are set.
    static func constrainedSize(of view: XMLElement) -> Size? {
        guard let constraints = view.child(.constraints) else { return nil }
        var width: Double?
        var height: Double?
        for constraint in constraints.children {
            guard !constraint.has(.firstItem) || constraint.sameValue(.firstItem, as: .id, of: view),
                  !constraint.has(.secondItem), !constraint.has(.relation), !constraint.has(.multiplier),
                  !constraint.flag(.placeholder), (constraint.number(.priority) ?? 1000) >= 1000,
                  let constant = constraint.number(.constant)
            else { continue }
            if constraint.attribute(.firstAttribute, is: "width") { width = constant }
            if constraint.attribute(.firstAttribute, is: "height") { height = constant }
        }
        guard let width, let height else { return nil }
        return Size(width: width, height: height)
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
            // A configuration's title is what UIKit draws; a normal-state title beside it is
            // one IB kept from before the button had a configuration.
            if let configuration = view.child(.buttonConfiguration), let title = configuration[.title] { return title }
            if let normal = view.child(.state, key: "normal"), let title = normal[.title] {
                return title
            }
        }
        if view.isNamed(.textField) || view.isNamed(.searchBar) { return view[.placeholder] }
        return nil
    }

    /// `mark` is the view's. A label or text field that IB lets shrink its text to fit
    /// (Autoshrink) has the smallest size it can reach: that is the size it may be read at.
    static func font(of view: XMLElement, mark: Mark) -> Font? {
        guard var font = declaredFont(of: view, mark: mark) else { return nil }
        if let smallest = autoshrinkSize(of: view, from: font.effectiveSize) { font.size = smallest }
        return font
    }

    /// The smallest size Autoshrink can take a font of `size` to; nil when it cannot shrink.
    /// IB writes `adjustsFontSizeToFit="NO"` when Autoshrink is off and leaves it out when on.
    static func autoshrinkSize(of view: XMLElement, from size: Double?) -> Double? {
        guard view.isNamed(.label) || view.isNamed(.textField), !view.attribute(.adjustsFontSizeToFit, is: "NO"),
              let size
        else { return nil }
        var smallest: Double?
        if let scale = view.number(.minimumScaleFactor), scale > 0, scale < 1 {
            smallest = size * scale
        } else if let minimum = view.number(.minimumFontSize), minimum > 0 {
            smallest = minimum
        }
        guard let smallest, smallest < size else { return nil }
        return (smallest * 100).rounded() / 100
    }

    /// The font IB sets, before Autoshrink.
    static func font(declaredBy view: XMLElement) -> Font? { declaredFont(of: view, mark: view.mark) }

    private static func declaredFont(of view: XMLElement, mark: Mark) -> Font? {
        fontElement(of: view).map { FontReader.font($0, adjusts: view.flag(.adjustsFontForContentSizeCategory), mark: mark) }
    }

    /// The element that describes the view's font: its `fontDescription`, a button
    /// configuration's `titleFontDescription`, or an attributed string's first `font`.
    static func fontElement(of view: XMLElement) -> XMLElement? {
        if let description = view.child(.fontDescription, key: "fontDescription") { return description }
        if let configuration = view.child(.buttonConfiguration),
           let description = configuration.child(.fontDescription, key: "titleFontDescription") {
            return description
        }
        return view.child(.attributedString)?.child(.fragment)?.child(.attributes)?.child(.font, key: "NSFont")
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

    /// ` (IB button "Save" in scene "Settings")`, and when a custom class draws it, that the
    /// class may change what IB shows. The IB id is the finding's element, printed before the
    /// message, so the note does not repeat it.
    static func note(for view: XMLElement, label: String?, scene: String) -> String {
        // Written as bytes into one buffer and made a string once: the mapper writes a note
        // for every element, and appending strings piece by piece cost more than the rest of it.
        var note: [UInt8] = []
        note.reserveCapacity(128)
        note.append(contentsOf: " (IB ".utf8)
        note.append(contentsOf: view.name.utf8)
        if let name = outlineName(of: view, label: label) {
            note.append(UInt8(ascii: " "))
            note.append(contentsOf: name.utf8)
        }
        note.append(contentsOf: " in scene ".utf8)
        note.append(contentsOf: quoted(scene).utf8)
        let start = note.count
        note.append(contentsOf: "; its custom class ".utf8)
        if view.appendLineText(.customClass, to: &note) {
            note.append(contentsOf: " may change this at run time".utf8)
        } else {
            note.removeSubrange(start...)
        }
        note.append(UInt8(ascii: ")"))
        return String(decoding: note, as: UTF8.self)
    }

    /// What Xcode's outline shows the element as: its title or text, the label a person gave
    /// it, its system item, or the image it shows (`with image "Reload-24"`); nil for none.
    static func outlineName(of view: XMLElement, label: String?) -> String? {
        if let label, label.contains(where: { !$0.isWhitespace }) { return quoted(label) }
        if let userLabel = view[.userLabel] { return quoted(userLabel) }
        if let systemItem = view[.systemItem] { return quoted(systemItem.prefix(1).uppercased() + systemItem.dropFirst()) }
        let image = view[.image] ?? view.child(.state, key: "normal")?[.image]
            ?? view.child(.buttonConfiguration)?.child(.imageReference, key: "image")?[.image]
            ?? view.child(.state, key: "normal")?.child(.imageReference, key: "image")?[.image]
        return image.map { "with image " + quoted($0) }
    }
}

struct Point: Sendable {
    var x: Double
    var y: Double
}
