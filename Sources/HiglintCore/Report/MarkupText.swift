/// Escaping for XML and HTML text and attribute values. Spec strings are
/// untrusted: a screen named `<script>` must stay text wherever it lands.
public enum MarkupText {
    /// Escapes `& < > " '` and replaces characters XML 1.0 cannot carry at all
    /// (most control characters, U+FFFE, U+FFFF) with U+FFFD, so the document always parses.
    /// A carriage return is written `&#13;`: a parser reads a raw one, alone or before a
    /// line feed, as a line feed.
    public static func escape(_ text: String) -> String {
        ScalarEscape.escape(text) { escape($0, inAttribute: false) }
    }

    /// For attribute values: also keeps line breaks and tabs, each scalar of a CR LF
    /// included, which attribute normalisation would fold into spaces.
    public static func attribute(_ text: String) -> String {
        ScalarEscape.escape(text) { escape($0, inAttribute: true) }
    }

    @inline(__always)
    private static func escape(_ scalar: Unicode.Scalar, inAttribute: Bool) -> String? {
        switch scalar {
        case "&": return "&amp;"
        case "<": return "&lt;"
        case ">": return "&gt;"
        case "\"": return "&quot;"
        case "'": return "&#39;"
        case "\t": return inAttribute ? "&#9;" : nil
        case "\n": return inAttribute ? "&#10;" : nil
        case "\r": return "&#13;"
        default:
            let value = scalar.value
            return value < 0x20 || value == 0xFFFE || value == 0xFFFF ? "\u{FFFD}" : nil
        }
    }
}
