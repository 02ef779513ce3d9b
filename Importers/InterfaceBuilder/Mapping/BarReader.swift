import HiglintCore

/// Navigation bars, toolbars and tab bars, and their items.
extension ViewMapper {
    /// The navigation bar a navigation item describes.
    mutating func navigationBar(_ item: XMLElement, translucent: Bool?) -> NavigationBar {
        var bar = NavigationBar(marks: ModelAdapter.marks(item.mark))
        bar.title = item[.title].flatMap { $0.isEmpty ? nil : $0 }
        bar.translucent = translucent ?? false
        var items: [XMLElement] = []
        for child in item.children {
            if child.isNamed(.leftBarButtonItems) || child.isNamed(.rightBarButtonItems) {
                items += child.children(.barButtonItem)
            } else if child.isNamed(.barButtonItem), child[.key] == "leftBarButtonItem" || child[.key] == "rightBarButtonItem" {
                items.append(child)
            }
        }
        var elements = barItems(items, placement: .navigationBarItem, path: "navigation_bar.items")
        if let titleView = item.child(.segmentedControl, key: "titleView") {
            var fields = ElementFields(id: titleView[.id] ?? "navigation_bar.title_view", mark: titleView.mark)
            fields.placement = .navigationBarItem
            fields.type = .segmentedControl
            fields.suppressed = ["buttons.hit-target"]
            recordNote(for: titleView, label: nil, id: fields.id)
            elements.append(fields.element(path: "navigation_bar.items[\(elements.count)]"))
        }
        bar.items = elements
        return bar
    }

    mutating func toolbar(items: [XMLElement], mark: Mark, translucent: Bool?) -> Toolbar {
        var bar = Toolbar(marks: ModelAdapter.marks(mark))
        bar.translucent = translucent ?? false
        bar.items = barItems(items, placement: .toolbarItem, path: "toolbar.items")
        return bar
    }

    /// A tab bar's tabs, from the tab bar items in order; an item IB leaves without a title
    /// or an image is one code completes, so `bars.tab-incomplete` does not judge it.
    mutating func tabBar(items: [XMLElement?], mark: Mark, translucent: Bool?) -> TabBar {
        var bar = TabBar(marks: ModelAdapter.marks(mark))
        bar.translucent = translucent ?? false
        for (index, item) in items.enumerated() {
            let path = "tab_bar.tabs[\(index)]"
            var fields = ElementFields(id: item?[.id] ?? path, mark: item?.mark ?? mark)
            fields.placement = .tab
            if let item {
                let systemItem = item[.systemItem]
                fields.title = item[.title].flatMap { $0.isEmpty ? nil : $0 }
                    ?? systemItem.flatMap { IBVocabulary.systemTabTitles[$0] }
                if let systemItem { fields.icon = .system(systemItem) } else { fields.icon = barIcon(item) }
                fields.badge = item[.badgeValue]
                recordNote(for: item, label: fields.title, id: fields.id)
            }
            if fields.title == nil || fields.icon == nil { fields.suppressed.append("bars.tab-incomplete") }
            bar.tabs.append(fields.element(path: path))
        }
        return bar
    }

    private mutating func barItems(_ items: [XMLElement], placement: ElementPlacement, path: String) -> [Element] {
        var out: [Element] = []
        for item in items where item.isNamed(.barButtonItem) {
            if let systemItem = item[.systemItem], IBVocabulary.spaceItems.contains(systemItem) { continue }
            let itemPath = "\(path)[\(out.count)]"
            var fields = ElementFields(id: item[.id] ?? itemPath, mark: item.mark)
            fields.placement = placement
            fields.type = .button
            fields.label = item[.title].flatMap { $0.isEmpty ? nil : $0 }
            if let systemItem = item[.systemItem] {
                fields.action = IBVocabulary.standardActions[systemItem]
                fields.icon = .system(systemItem)
            } else {
                fields.icon = barIcon(item)
                Self.applyButtonActions(Self.actionSelectors(of: item), to: &fields)
            }
            if let custom = item.child(.view, key: "customView") ?? item.child(key: "customView") {
                fields.label = fields.label ?? Self.label(of: custom)
                fields.icon = fields.icon ?? icon(of: custom)
            }
            recordNote(for: item, label: fields.label, id: fields.id)
            out.append(fields.element(path: itemPath))
        }
        return out
    }

    private func barIcon(_ item: XMLElement) -> Icon? {
        guard let name = item[.image] ?? item.child(.imageReference, key: "image")?[.image], !name.isEmpty else {
            return nil
        }
        let isSystem = item[.catalog] == "system" || item.child(.imageReference, key: "image")?[.catalog] == "system"
        return isSystem || systemImages.contains(name) ? .system(name) : .custom(name)
    }
}
