import HiglintCore

/// The rules' findings in Xcode's words: what to change in Interface Builder, where to find
/// it, and the elements a finding relates named as Xcode's outline names them, not by id.
/// Spec findings keep the rules' own words; only IB screens take these.
enum IBWording {
    static func wording(_ notes: NoteRecords) -> FindingWording {
        FindingWording { rule, element, message, hint in
            let record = element.flatMap { notes.record(named: $0) }
            reword(rule, record: record, message: &message, hint: &hint)
            message = nameRelatedElements(in: message, besides: element, notes)
            // A finding on the screen as a whole has no element note to name its scene.
            if record == nil { message += " (IB scene \(quoted(notes.scene)))" }
        }
    }

    private static func reword(_ rule: String, record: NoteRecord?, message: inout String, hint: inout String) {
        let view = record?.element
        switch rule {
        case "text.fixed-size":
            let font = view.flatMap(fontDescription(of:)).map { "a fixed \($0)" } ?? "a fixed size"
            message = message.replacing(
                " has dynamic: false and ignores the user's text size", with: " is \(font), not a Text Style, so it ignores the user's text size")
            hint = "In the Attributes inspector, pick a Text Style for the font and check Automatically Adjusts Font."
        case "text.min-size":
            let bound = self.bound(in: message) ?? "11 pt"
            if let view, let declared = ViewMapper.font(declaredBy: view), let size = declared.effectiveSize,
               let smallest = ViewMapper.autoshrinkSize(of: view, from: size) {
                let from = fontDescription(of: view) ?? "\(formatPoints(size)) pt"
                message = message.replacing(
                    "size \(formatPoints(smallest)) pt is under", with: "can shrink to \(formatPoints(smallest)) pt (Autoshrink, from \(from)), under")
            }
            hint = "In the Attributes inspector, set the font to at least \(bound), or a Text Style no smaller than Caption 2; with Autoshrink, keep its minimum at \(bound) or more."
        case "buttons.hit-target":
            let bound = self.bound(in: message) ?? "44x44 pt"
            if message.hasPrefix("hit area ") {
                message = "size" + message.dropFirst("hit area".count)
                message = message.replacing(" pt is under", with: " pt, set by its width and height constraints, is under")
            }
            hint = "Make the control at least \(bound) in the Size inspector or by its constraints, or enlarge its touch area in code."
        case "lifecycle.quit-control":
            if message.hasPrefix("action \"quit\""), let view,
               let selector = ViewMapper.actionSelectors(of: view).first(where: ViewMapper.quitsApp) {
                message = "its action \(selector) quits the app"
            }
        case "bars.nav-crowded":
            hint = "Keep one item in the navigation item's bar button items and move the others to the toolbar; Cancel on the left with one action on the right is the modal-sheet pattern and fine."
        case "layout.near-miss-alignment":
            hint = "Line the left edges up exactly (the same leading constraint or X in the Size inspector), or move them clearly apart."
        default:
            break
        }
    }

    /// The first `under N pt` or `under WxH pt` of a message, as the rule wrote it with the
    /// config's threshold.
    static func bound(in message: String) -> String? {
        guard let under = message.firstRange(of: "under ") else { return nil }
        let rest = message[under.upperBound...]
        guard let end = rest.firstRange(of: " pt") else { return nil }
        return String(rest[..<end.lowerBound]) + " pt"
    }

    /// `"gOk-PD-juD"` in a message becomes the element's outline name (`"Down Button"`) when
    /// the id is an element of the screen other than the finding's own.
    static func nameRelatedElements(in message: String, besides element: String?, _ notes: NoteRecords) -> String {
        guard message.contains("\"") else { return message }
        var out = ""
        var rest = Substring(message)
        while let open = rest.firstIndex(of: "\"") {
            let afterOpen = rest.index(after: open)
            guard let close = rest[afterOpen...].firstIndex(of: "\"") else { break }
            let inside = String(rest[afterOpen..<close])
            out += rest[..<open]
            if inside != element, let record = notes.record(named: inside) {
                out += relatedName(record, id: inside)
            } else {
                out += rest[open...close]
            }
            rest = rest[rest.index(after: close)...]
        }
        return out + rest
    }

    /// `"Save"`, `the "Reload-24" button` for one that shows only an image, `the label
    /// abc-12-xyz` for one Xcode's outline shows by its kind alone.
    static func relatedName(_ record: NoteRecord, id: String) -> String {
        guard let name = ViewMapper.outlineName(of: record.element, label: record.label) else {
            return "the \(record.element.name) \(id)"
        }
        guard name.hasPrefix("with image ") else { return name }
        return "the \(name.dropFirst("with image ".count)) \(record.element.name)"
    }

    /// `System 17 pt`, `System Bold 15 pt`, `Avenir-Light 14 pt`: the font as the Attributes
    /// inspector shows it.
    static func fontDescription(of view: XMLElement) -> String? {
        guard let description = ViewMapper.fontElement(of: view) else { return nil }
        if let style = description[.style] {
            var name = Substring(style)
            if name.hasPrefix("UICTFontTextStyle") { name = name.dropFirst("UICTFontTextStyle".count) }
            return "the \(name) text style"
        }
        let size = description.number(.pointSize) ?? description.number(.size)
        let sizeText = size.flatMap { $0 > 0 ? " \(formatPoints($0)) pt" : nil } ?? ""
        switch description[.type] {
        case "system": return "System" + (description[.weight].map { " " + $0.prefix(1).uppercased() + $0.dropFirst() } ?? "") + sizeText
        case "boldSystem": return "System Bold" + sizeText
        case "italicSystem": return "System Italic" + sizeText
        default:
            if let name = description[.name] {
                return (name.hasPrefix(".AppleSystemUIFont") ? "System" : name) + sizeText
            }
            // An attributed string's font: `metaFont="system"`.
            return "System" + sizeText
        }
    }
}
