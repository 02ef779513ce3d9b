/// Escaping for XML and HTML text and attribute values. Spec strings are
/// untrusted: a screen named `<script>` must stay text wherever it lands.
public enum MarkupText {
    /// Escapes `& < > " '` and replaces characters XML 1.0 cannot carry at all
    /// (most control characters, U+FFFE, U+FFFF) with U+FFFD, so the document always parses.
    public static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default:
                let value = scalar.value
                if value < 0x20 || value == 0xFFFE || value == 0xFFFF {
                    out += "\u{FFFD}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// For attribute values: also keeps line breaks, which attribute normalisation would fold into spaces.
    public static func attribute(_ text: String) -> String {
        escape(text).replacing("\n", with: "&#10;").replacing("\r", with: "&#13;").replacing("\t", with: "&#9;")
    }
}
