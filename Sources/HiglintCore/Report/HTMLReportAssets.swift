/// The HTML report's stylesheet and script: `report.css` and `report.js` beside
/// this file, embedded in the binary at build time (SwiftPM's `embedInCode`), so
/// nothing is looked up at run time. The script never turns data into markup:
/// every string goes in through `textContent` or `setAttribute`. The data it
/// reads is described in docs/reports.md.
enum HTMLReportAssets {
    static let css = text(PackageResources.report_css)
    static let script = text(PackageResources.report_js)

    /// The file without its final line break: the page closes the element right
    /// after it, and an editor adding or dropping that line break must not change the report.
    private static func text(_ bytes: [UInt8]) -> String {
        var text = String(decoding: bytes, as: UTF8.self)
        if text.hasSuffix("\n") { text.removeLast() }
        return text
    }
}
