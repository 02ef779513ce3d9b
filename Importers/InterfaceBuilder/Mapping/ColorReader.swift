import HiglintCore
import XcodeAppFacts

/// `<color>` elements to the model's colours, in sRGB with a value for each appearance.
///
/// A colour IB writes by components is the same in both appearances. A system colour
/// (`systemColor="labelColor"`) comes from `SystemColors`, not from the document's
/// `<systemColor>` resource, which holds its light value only; a named colour
/// (`name="Brand"`) from the app's asset catalogs, for the same reason (its `<namedColor>`
/// resource is the light value alone, so a name the catalogs lack is unknown).
final class ColorReader {
    private let documentPath: String?
    /// Read when a named colour is first asked for: most documents name none.
    private var catalog: AssetColors?

    init(documentPath: String?, catalog: AssetColors? = nil) {
        self.documentPath = documentPath
        self.catalog = catalog
    }

    func color(_ element: XMLElement) -> Color {
        if let name = element[.systemColor] ?? element[.cocoaTouchSystemColor] {
            return SystemColors.color(named: name) ?? .unknown("the system colour \(name), which higlint has no values for")
        }
        if let name = element[.name] {
            return namedColor(name)
        }
        if element.has(.patternImage) { return .unknown("a pattern image") }
        let alpha = element.number(.alpha) ?? 1
        let space = element[.colorSpace] ?? ""
        let custom = element[.customColorSpace] ?? ""
        if let white = element.number(.white) {
            // Generic gray gamma 2.2 and IB's calibrated and device whites have (near enough)
            // sRGB's curve for a gray, so a white level is the same level in each sRGB channel.
            switch (space, custom) {
            case ("calibratedWhite", _), ("deviceWhite", _), ("custom", "genericGamma22GrayColorSpace"),
                 ("custom", "calibratedWhite"), ("custom", "deviceWhite"):
                return .fixed(RGBA(red: white, green: white, blue: white, alpha: alpha))
            default: return .unknown("a gray in the \(custom.isEmpty ? space : custom) colour space")
            }
        }
        guard let red = element.number(.red), let green = element.number(.green), let blue = element.number(.blue) else {
            return .unknown("a colour IB gives no components for")
        }
        switch (space, custom) {
        // UIKit, unlike AppKit, has no calibrated (Generic) RGB: it loads IB's calibrated and
        // device RGB colours as sRGB components, which is what the device shows.
        case ("custom", "sRGB"), ("calibratedRGB", _), ("deviceRGB", _), ("custom", "calibratedRGB"), ("custom", "deviceRGB"):
            return .fixed(RGBA(red: red, green: green, blue: blue, alpha: alpha))
        case ("custom", "displayP3"):
            return ColorSpaces.fromDisplayP3(red: red, green: green, blue: blue, alpha: alpha).map(Color.fixed)
                ?? .unknown("a Display P3 colour outside sRGB")
        default:
            return .unknown("a colour in the \(custom.isEmpty ? space : custom) colour space")
        }
    }

    /// The colour sets read for the document's named colours, if any were asked for.
    var sources: [String] { catalog?.sources ?? [] }

    func namedColor(_ name: String) -> Color {
        if catalog == nil { catalog = documentPath.map(AssetColors.near(documentAt:)) ?? AssetColors() }
        return catalog?.colors[name] ?? .unknown("the named colour \"\(name)\", which no asset catalog in the project holds")
    }

    /// The colour `element`'s child `<color key="...">` gives; nil when it has none.
    func color(of element: XMLElement, key: StaticString) -> Color? {
        element.child(.color, key: key).map(color)
    }
}
