/// The `thresholds:` section of a config file, every declared threshold at its default
/// with its unit and meaning beside it (`higlint rules --format thresholds`).
///
/// The shipped config files hold this section as it is printed; `make docs` puts a
/// fresh one in their place, and a test fails when one of them is stale.
public enum ThresholdSectionWriter {
    public static func section(_ catalog: ThresholdCatalog) -> String {
        var out = "# The numbers rules compare against, at their defaults. Generated from the rules'\n"
        out += "# declarations (`higlint rules --format thresholds`).\n"
        guard !catalog.entries.isEmpty else { return out + "thresholds: {}\n" }
        out += "thresholds:\n"
        let settings = catalog.entries.map { "  \($0.declaration.key): \($0.declaration.defaultValue)" }
        let width = settings.map(\.count).max() ?? 0
        for (setting, entry) in zip(settings, catalog.entries) {
            let padding = String(repeating: " ", count: width - setting.count + 2)
            out += "\(setting)\(padding)# \(entry.declaration.unit): \(entry.declaration.meaning)\n"
        }
        return out
    }
}
