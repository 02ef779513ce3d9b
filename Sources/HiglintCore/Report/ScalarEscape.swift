/// The one loop every writer escapes text with: Unicode scalar by scalar, never Character
/// by Character. A Character can hold several scalars (CR LF is one Character, and so is a
/// quote followed by a combining accent), so a Character-wise replace of `"\n"` or `"|"`
/// passes them through raw; a scalar is what a format's syntax is made of. Each format
/// says what a scalar becomes (`MarkupText`, `LineText`, the GitHub commands, the HTML
/// page's script data, Markdown table cells); JSON strings are escaped on their UTF-8
/// bytes by `JSONBytes`, where every escaped character is one ASCII byte.
enum ScalarEscape {
    /// Appends `scalars`, each one `replacement` gives a string for replaced by that string.
    @inline(__always)
    static func append(
        _ scalars: some Sequence<Unicode.Scalar>, to out: inout String, _ replacement: (Unicode.Scalar) -> String?
    ) {
        for scalar in scalars {
            if let replaced = replacement(scalar) { out += replaced } else { out.unicodeScalars.append(scalar) }
        }
    }

    /// `text` with each scalar `replacement` gives a string for replaced by that string.
    @inline(__always)
    static func escape(_ text: String, _ replacement: (Unicode.Scalar) -> String?) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        append(text.unicodeScalars, to: &out, replacement)
        return out
    }
}
