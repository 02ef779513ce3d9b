import HiglintCore
import XcodeAppFacts

/// What a view draws, in colour: its text's colour, its own fill, and the views drawn
/// before it that show through behind it (spec format v3, Colours).
///
/// The spec's containment chain covers what is behind a view inside its ancestors. IB
/// also lays text over a sibling (a label on an image view or on a coloured banner beside
/// it in the same container): the views drawn before a text, in the document's order, that
/// are not its ancestors are kept as covers, and a text over one takes that cover's colour
/// as its own background, or an unknown colour when the cover's drawing is not known.
struct Cover {
    var frame: Rect?
    var color: Color
}

extension ViewMapper {
    /// The fill `view` draws under its content: its `backgroundColor`, or unknown where what it
    /// draws is not a colour IB states (an image, a blur, a class's own drawing).
    /// `groupedTable` says whether the view is in a table of the grouped styles (nil: in none).
    func ownBackground(of view: XMLElement, type: ElementType?, groupedTable: Bool? = nil) -> Color? {
        if let reason = Self.unknownDrawing(of: view) { return .unknown(reason) }
        let declared = colors.color(of: view, key: "backgroundColor") ?? Self.defaultFill(of: view, groupedTable: groupedTable)
        if view.isNamed(.button), let configuration = view.child(.buttonConfiguration), Self.hasBorder(view) {
            // A filled configuration fills with its base background colour (the tint when
            // none is given); the tinted and gray styles mix theirs with the tint or a gray.
            if configuration.attribute(.style, is: "filled"), let base = colors.color(of: configuration, key: "baseBackgroundColor") {
                return base
            }
            return .unknown("the button's configuration draws its own fill")
        }
        if view.isNamed(.textField), declared == nil, view.attribute(.borderStyle, is: "roundedRect") {
            return .unknown("a rounded text field draws its own fill")
        }
        return declared
    }

    /// What UIKit fills a table view and its cells with when IB states no colour: by the
    /// table's style, the system background (plain) or the grouped background, and a grouped
    /// table's cells the secondary grouped background, as UIKit's list configurations do. A
    /// cell outside a table (a xib's) is placed in one IB does not show: not known here.
    static func defaultFill(of view: XMLElement, groupedTable: Bool?) -> Color? {
        switch view.code {
        case .tableView?:
            return SystemColors.color(named: isGrouped(view) ? "systemGroupedBackgroundColor" : "systemBackgroundColor")
        case .tableViewCell?:
            guard let groupedTable else { return nil }
            return SystemColors.color(named: groupedTable ? "secondarySystemGroupedBackgroundColor" : "systemBackgroundColor")
        default:
            return nil
        }
    }

    static func isGrouped(_ table: XMLElement) -> Bool {
        table.attribute(.style, is: "grouped") || table.attribute(.style, is: "insetGrouped")
    }

    /// The appearance a view or view controller locks itself to: `overrideUserInterfaceStyle`,
    /// which Interface Builder has no inspector for, so a file sets it as a user-defined runtime
    /// attribute (a number: 1 light, 2 dark; 0 follows the system).
    static func interfaceStyle(of object: XMLElement) -> Appearance? {
        guard let list = object.child(.userDefinedRuntimeAttributes) else { return nil }
        for attribute in list.children(.userDefinedRuntimeAttribute)
        where attribute.attribute(.keyPath, is: "overrideUserInterfaceStyle") {
            switch attribute.children.first(where: { $0.attribute(.key, is: "value") })?.number(.value) {
            case 1?: return .light
            case 2?: return .dark
            default: return nil
            }
        }
        return nil
    }

    /// Why a view's drawing is not known, or nil when IB states it.
    static func unknownDrawing(of view: XMLElement) -> String? {
        if let customClass = view[.customClass] { return "the custom class \(customClass) may draw it" }
        switch view.code {
        case .imageView?: return view.has(.image) ? "an image view" : nil
        case .visualEffectView?: return "a visual-effect view"
        case .mapView?, .wkWebView?, .webView?, .mtkView?, .glkView?, .arscnView?, .sceneKitView?, .skView?:
            return "a \(view.name) that draws its own content"
        default: return nil
        }
    }

    /// The colour of the view's text; nil for a view that has none.
    func foreground(of view: XMLElement) -> Color? {
        switch view.code {
        case .label?:
            if let attributed = view.child(.attributedString) { return attributedColor(attributed) }
            // UILabel's `textColor` defaults to the label colour (iOS 13 and later).
            return colors.color(of: view, key: "textColor") ?? SystemColors.color(named: "labelColor")
        case .textField?, .textView?:
            if let attributed = view.child(.attributedString) { return attributedColor(attributed) }
            return colors.color(of: view, key: "textColor") ?? .unknown("IB states no text colour, and the default is UIKit's")
        case .searchBar?:
            return .unknown("a search bar draws its own field")
        case .button?:
            return buttonTitleColor(view)
        default:
            return nil
        }
    }

    private func buttonTitleColor(_ view: XMLElement) -> Color {
        if let configuration = view.child(.buttonConfiguration) {
            return colors.color(of: configuration, key: "baseForegroundColor")
                ?? .unknown("the button's configuration picks its title colour")
        }
        if let normal = view.child(.state, key: "normal"), let title = colors.color(of: normal, key: "titleColor") {
            return title
        }
        // A system button's title is in its tint colour, which is the window's unless the
        // button sets one; a custom button's default title colour is not documented.
        if view.attribute(.buttonType, is: "system") || !view.has(.buttonType), let tint = colors.color(of: view, key: "tintColor") {
            return tint
        }
        return .unknown("the button's title is in a tint colour IB does not state")
    }

    /// The one colour every run of an attributed string is in; unknown when runs differ or
    /// one has none (an attributed string's default colour is not the label's).
    private func attributedColor(_ attributed: XMLElement) -> Color {
        var found: Color?
        for fragment in attributed.children(.fragment) {
            guard let color = fragment.child(.attributes).flatMap({ colors.color(of: $0, key: "NSColor") }) else {
                return .unknown("a run of its attributed text has no colour")
            }
            if let found, found != color { return .unknown("its attributed text is in more than one colour") }
            found = color
        }
        return found ?? .unknown("its attributed text has no colour")
    }

    /// What is drawn behind an element with `frame`, besides its ancestors: the topmost cover
    /// under it since the last opaque ancestor, as the element's background (over `own`).
    func background(under frame: Rect?, own: Color?, ancestry: Ancestry) -> Color? {
        if let own, Self.isOpaque(own) { return own }
        let start = min(ancestry.coverFloor, covers.count)
        guard let index = covers.indices[start...].last(where: { index in
            !ancestry.ancestorCovers.contains(index) && Self.overlap(covers[index].frame, frame)
        }) else { return own }
        let cover = covers[index]
        guard case .known(let light, let dark) = cover.color else {
            if case .unknown(let reason) = cover.color { return .unknown(reason + " behind it") }
            return own
        }
        guard light.isOpaque, dark.isOpaque, let coverFrame = cover.frame, let frame, Self.contains(coverFrame, frame) else {
            return .unknown("a view behind it covers part of it, or lets what is below show through")
        }
        guard let own else { return cover.color }
        guard let ownLight = own[.light], let ownDark = own[.dark] else { return own }
        return .known(light: ownLight.over(light), dark: ownDark.over(dark))
    }

    /// Keeps what `view` draws as a cover for the views drawn after it; its index, or nil
    /// when it draws nothing (no fill, or a clear one).
    mutating func recordCover(frame: Rect?, background: Color?) -> Int? {
        guard let background else { return nil }
        if case .known(let light, let dark) = background, light.alpha == 0, dark.alpha == 0 { return nil }
        covers.append(Cover(frame: frame, color: background))
        return covers.count - 1
    }

    static func isOpaque(_ color: Color) -> Bool {
        guard case .known(let light, let dark) = color else { return false }
        return light.isOpaque && dark.isOpaque
    }

    /// Whether two frames share any area; an unknown frame may be anywhere.
    static func overlap(_ a: Rect?, _ b: Rect?) -> Bool {
        guard let a, let b else { return true }
        return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
    }

    static func contains(_ outer: Rect, _ inner: Rect) -> Bool {
        outer.x <= inner.x && outer.y <= inner.y && outer.x + outer.width >= inner.x + inner.width
            && outer.y + outer.height >= inner.y + inner.height
    }
}
