/// The screen specs `higlint import` writes for an imported file: one YAML file a screen,
/// each element preceded by a comment naming its place in the source, and what the importer
/// held back from the rules written as `ignore` lists, so that `check` on the specs finds
/// what it finds on the source.
public enum ImportedSpecs {
    public struct Spec: Sendable {
        /// Relative to the output directory: the source's path without its extension, then the screen.
        public var path: String
        public var screen: Screen
        let source: String
        let notes: ElementNotes

        public var text: String {
            let notes = self.notes
            let source = self.source
            let writer = SpecWriter(
                header: "Imported by higlint from \(source), line \(screen.marks.map.line).",
                comment: { element in
                    let mark = element.marks.map
                    return "\(source):\(mark.line):\(mark.column)" + (notes[element.name] ?? "")
                })
            return writer.text(of: screen)
        }

        /// Drops an `ignore` entry the review of the written spec found suppressing nothing:
        /// the screen's (`element` nil) or an element's, bar items and tabs included.
        public mutating func removeIgnore(_ name: String, element: String?) {
            guard let element else {
                screen.review.ignore.removeAll { $0 == name }
                if screen.review.ignore.isEmpty { screen.review.reason = nil }
                return
            }
            func strip(_ list: [Element]) -> [Element] {
                list.map { item in
                    var item = item
                    if item.name == element { item.ignore.removeAll { $0 == name } }
                    item.children = strip(item.children)
                    return item
                }
            }
            screen.elements = strip(screen.elements)
            if var bar = screen.navigationBar { bar.items = strip(bar.items); screen.navigationBar = bar }
            if var bar = screen.toolbar { bar.items = strip(bar.items); screen.toolbar = bar }
            if var bar = screen.tabBar { bar.tabs = strip(bar.tabs); screen.tabBar = bar }
        }
    }

    /// `plugins` are the plugins that review: a screen reviewed by only some of them ignores
    /// the others. Only their rules are written in `ignore` lists, which name no other.
    public static func specs(of file: ImportedFile, from source: SpecFile, plugins: [Plugin]) -> [Spec] {
        // Plugins with rules that review screens; an importer's own rules never do.
        let names = plugins.filter { !$0.screenRules.isEmpty || !$0.projectRules.isEmpty }.map(\.name)
        let known = Set(CoreRules.descriptions(with: plugins).map(\.id) + names + [CoreRules.pluginName])
        let folder = folder(for: source.displayPath)
        var used = Set<String>()
        return file.screens.enumerated().map { index, imported in
            var screen = imported.screen
            if let reviewed = imported.reviewedPlugins {
                screen.review.ignore += names.filter { !reviewed.contains($0) && !screen.review.ignore.contains($0) }
            }
            screen.review.ignore = screen.review.ignore.filter(known.contains)
            if !screen.review.ignore.isEmpty, screen.review.reason == nil {
                screen.review.reason = "what \(source.displayPath) cannot say (see docs/interface-builder.md)"
            }
            let keep: (Element) -> Element = { Self.keepingSuppressions($0, known) }
            screen.elements = screen.elements.map(keep)
            if var bar = screen.navigationBar {
                bar.items = bar.items.map(keep)
                screen.navigationBar = bar
            }
            if var bar = screen.toolbar {
                bar.items = bar.items.map(keep)
                screen.toolbar = bar
            }
            if var bar = screen.tabBar {
                bar.tabs = bar.tabs.map(keep)
                screen.tabBar = bar
            }
            var name = slug(screen.name ?? "screen-\(index + 1)")
            if !used.insert(name).inserted {
                var count = 2
                while !used.insert("\(name)-\(count)").inserted { count += 1 }
                name = "\(name)-\(count)"
            }
            return Spec(path: folder + "/" + name + ".yaml", screen: screen, source: source.displayPath, notes: imported.elementNotes)
        }
    }

    /// The element's and its children's suppressions as their `ignore` lists.
    private static func keepingSuppressions(_ element: Element, _ known: Set<String>) -> Element {
        var element = element
        for name in element.suppressed where known.contains(name) && !element.ignore.contains(name) {
            element.ignore.append(name)
        }
        element.children = element.children.map { keepingSuppressions($0, known) }
        return element
    }

    /// `App/Main.storyboard` is `App/Main`; `..` and `.` are dropped so that nothing is
    /// written outside the output directory.
    static func folder(for path: String) -> String {
        var components = path.split(separator: "/").filter { $0 != ".." && $0 != "." }.map(String.init)
        if var last = components.popLast() {
            if let dot = last.lastIndex(of: "."), dot != last.startIndex { last = String(last[..<dot]) }
            // A folder whose name starts with a dot is one `check` does not walk into.
            while last.hasPrefix(".") { last.removeFirst() }
            if !last.isEmpty { components.append(last) }
        }
        return components.isEmpty ? "imported" : components.joined(separator: "/")
    }

    /// A file name for a screen: letters, digits, `-`, `_` and `.` kept, anything else a `-`.
    static func slug(_ name: String) -> String {
        var out = ""
        for scalar in name.unicodeScalars {
            let keep = scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-_.".unicodeScalars.contains(scalar)
            if keep { out.unicodeScalars.append(scalar) } else if !out.hasSuffix("-") { out += "-" }
        }
        while out.hasPrefix(".") || out.hasPrefix("-") { out.removeFirst() }
        while out.hasSuffix("-") { out.removeLast() }
        return out.isEmpty ? "screen" : String(out.prefix(80))
    }
}
