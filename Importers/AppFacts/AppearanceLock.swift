import HiglintCore

extension Color {
    /// The colour as a view locked to `appearance` draws it: that appearance's value in both
    /// (a dynamic colour no longer changes); unchanged when nothing locks it.
    public func locked(to appearance: Appearance?) -> Color {
        guard let appearance, case .known(let light, let dark) = self else { return self }
        let value = appearance == .light ? light : dark
        return .known(light: value, dark: value)
    }

    /// A screen's fill in the appearance it is locked to. A screen that states none has the
    /// system background, which in one appearance alone is that appearance's (white in
    /// Light): a spec spells it as that colour, since its own default is both.
    public static func screenBackground(_ color: Color?, lockedTo appearance: Appearance?) -> Color? {
        guard let appearance else { return color }
        let system = appearance == .light ? RGBA.white : RGBA.black
        guard let color else { return .fixed(system) }
        // Translucent, it shows the system background of that one appearance through it.
        return color[appearance].map { .fixed($0.over(system)) } ?? color
    }
}

extension Screen {
    /// The screen as an app locked to `appearance` (its Info.plist's `UIUserInterfaceStyle`)
    /// draws it: every colour in that appearance alone, so `text.contrast` judges that one.
    public mutating func lock(to appearance: Appearance) {
        func lock(_ list: inout [Element]) {
            for index in list.indices {
                if let color = list[index].color { list[index].color = color.locked(to: appearance) }
                if let fill = list[index].background { list[index].background = fill.locked(to: appearance) }
                if !list[index].children.isEmpty { lock(&list[index].children) }
            }
        }
        background = Color.screenBackground(background, lockedTo: appearance)
        lock(&elements)
        if var bar = navigationBar {
            lock(&bar.items)
            navigationBar = bar
        }
        if var bar = toolbar {
            lock(&bar.items)
            toolbar = bar
        }
        if var bar = tabBar {
            lock(&bar.tabs)
            tabBar = bar
        }
    }
}
