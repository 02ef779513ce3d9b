import HiglintCore

/// The colour sets of an app's asset catalogs (`Name.colorset/Contents.json` in any
/// `.xcassets` near a document), each as its light and dark value: what a named colour in
/// an IB file or `Color("Name")` in SwiftUI draws with.
public struct AssetColors: Sendable {
    /// By colour set name; `.unknown` for a set that is there but cannot be read as sRGB.
    public private(set) var colors: [String: Color] = [:]
    /// The `Contents.json` files read (absolute): a review that used them depends on them.
    public private(set) var sources: [String] = []

    /// Directories looked at on the way up, and how deep below each one catalogs are looked for.
    static let searchDepth = 3
    static let maximumSetBytes = 1 << 20

    public init(colors: [String: Color] = [:]) {
        self.colors = colors
    }

    /// The catalogs in the document's directory and each one above it, up to the directory
    /// that holds the app's `.xcodeproj` (the project's folder, which nothing is read outside
    /// of); without a project above, the document's own directory alone.
    public static func near(documentAt path: String) -> AssetColors {
        let start = FileSystem.directory(of: FileSystem.absolute(path))
        var directories: [String] = []
        var directory = start
        var foundProject = false
        for _ in 0..<16 {
            directories.append(directory)
            if case .success(let entries) = FileSystem.list(directory),
               entries.contains(where: { $0.kind == .directory && $0.name.hasSuffix(".xcodeproj") }) {
                foundProject = true
                break
            }
            if directory == "/" { break }
            directory = FileSystem.directory(of: directory)
        }
        if !foundProject { directories = [start] }
        var found = AssetColors()
        var seen = Set<String>()
        // The nearest directory first: a set of the same name nearer the document wins.
        for directory in directories {
            found.collectCatalogs(in: directory, depth: searchDepth, seen: &seen)
        }
        return found
    }

    private mutating func collectCatalogs(in directory: String, depth: Int, seen: inout Set<String>) {
        guard depth > 0, seen.insert(directory).inserted, case .success(let entries) = FileSystem.list(directory) else { return }
        for entry in entries.sorted(by: { $0.name < $1.name }) where entry.kind == .directory && !entry.name.hasPrefix(".") {
            let path = FileSystem.join(directory, entry.name)
            if entry.name.hasSuffix(".xcassets") {
                collectSets(in: path, depth: 8)
            } else if !["Pods", "Carthage", "build", "DerivedData", "node_modules"].contains(entry.name) {
                collectCatalogs(in: path, depth: depth - 1, seen: &seen)
            }
        }
    }

    /// A catalog's folders nest (groups, namespaces); every `.colorset` in them counts.
    private mutating func collectSets(in directory: String, depth: Int) {
        guard depth > 0, case .success(let entries) = FileSystem.list(directory) else { return }
        for entry in entries.sorted(by: { $0.name < $1.name }) where entry.kind == .directory {
            let path = FileSystem.join(directory, entry.name)
            if entry.name.hasSuffix(".colorset") {
                let name = String(entry.name.dropLast(".colorset".count))
                guard colors[name] == nil else { continue }
                let contents = FileSystem.join(path, "Contents.json")
                sources.append(contents)
                colors[name] = Self.readSet(contents)
            } else {
                collectSets(in: path, depth: depth - 1)
            }
        }
    }

    static func readSet(_ path: String) -> Color {
        guard case .success(let bytes) = FileReader.read(path, maxBytes: maximumSetBytes), let json = JSONValue.parse(bytes) else {
            return .unknown("its colour set's Contents.json does not read")
        }
        return colorSet(json)
    }

    /// The universal (or iPhone) entries of a set: the one without a luminosity appearance is
    /// the light value, `dark` the dark one (the light one when the set has none); entries for
    /// high contrast are another setting, not an appearance.
    public static func colorSet(_ json: JSONValue) -> Color {
        var light: Color?
        var dark: Color?
        for entry in json["colors"]?.array ?? [] {
            let idiom = entry["idiom"]?.string ?? "universal"
            guard idiom == "universal" || idiom == "iphone" else { continue }
            var luminosity: String?
            var otherAppearance = false
            for appearance in entry["appearances"]?.array ?? [] {
                if appearance["appearance"]?.string == "luminosity" {
                    luminosity = appearance["value"]?.string
                } else {
                    otherAppearance = true
                }
            }
            guard !otherAppearance, let value = entry["color"] else { continue }
            let color = component(value)
            switch luminosity {
            case nil, "any"?, "light"?: if light == nil || idiom == "universal" { light = color }
            case "dark"?: if dark == nil || idiom == "universal" { dark = color }
            default: continue
            }
        }
        guard let light else { return .unknown("its colour set has no value for iPhone") }
        let darkValue = dark ?? light
        if case .unknown = light { return light }
        if case .unknown = darkValue { return darkValue }
        guard let lightRGBA = light[.light], let darkRGBA = darkValue[.dark] else { return .unknown("its colour set does not read") }
        return .known(light: lightRGBA, dark: darkRGBA)
    }

    /// One entry's `color`: components in a colour space, or a reference to a system colour.
    static func component(_ value: JSONValue) -> Color {
        if let reference = value["reference"]?.string {
            return SystemColors.color(named: reference) ?? .unknown("it refers to the system colour \(reference), which higlint has no values for")
        }
        guard let components = value["components"] else { return .unknown("its colour set entry has no components") }
        let space = value["color-space"]?.string ?? "srgb"
        let alpha = components["alpha"].flatMap(alphaNumber) ?? 1
        switch space {
        case "srgb", "extended-srgb":
            guard let red = components["red"].flatMap(number), let green = components["green"].flatMap(number),
                  let blue = components["blue"].flatMap(number)
            else { return .unknown("its colour set entry lacks a component") }
            return .fixed(RGBA(red: red, green: green, blue: blue, alpha: alpha))
        case "display-p3":
            guard let red = components["red"].flatMap(number), let green = components["green"].flatMap(number),
                  let blue = components["blue"].flatMap(number)
            else { return .unknown("its colour set entry lacks a component") }
            return ColorSpaces.fromDisplayP3(red: red, green: green, blue: blue, alpha: alpha).map(Color.fixed)
                ?? .unknown("its Display P3 colour is outside sRGB")
        case "gray-gamma-22", "extended-gray":
            guard let white = components["white"].flatMap(number) else { return .unknown("its colour set entry lacks a component") }
            return .fixed(RGBA(red: white, green: white, blue: white, alpha: alpha))
        default:
            return .unknown("its colour set is in the \(space) colour space")
        }
    }

    /// Xcode writes the alpha as a fraction whatever the input method (`1.000`), so `1` is opaque.
    static func alphaNumber(_ value: JSONValue) -> Double? {
        if let text = value.string?.trimmingSpaces, !text.hasPrefix("0x"), !text.hasPrefix("0X") { return Double(text) }
        return number(value)
    }

    /// Xcode writes a component as a fraction (`0.502`), an 8-bit integer (`128`) or hex (`0x80`).
    static func number(_ value: JSONValue) -> Double? {
        if let number = value.number { return number }
        guard let text = value.string?.trimmingSpaces, !text.isEmpty else { return nil }
        if text.hasPrefix("0x") || text.hasPrefix("0X") {
            return Int(text.dropFirst(2), radix: 16).map { Double($0) / 255 }
        }
        if text.contains(".") { return Double(text) }
        return Int(text).map { Double($0) / 255 }
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}
