/// Escaping for line-based text: the text report, the watcher's log, systemd's
/// STATUS. One finding must stay one line and one update one log line whatever
/// a spec or a file name holds, and nothing may reorder what a terminal shows.
public enum LineText {
    /// `text` with every character that could break or disguise a line written
    /// as a visible escape: `\n`, `\t`, `\r`, and `\u{1B}` for the other control
    /// characters (C0, DEL, C1), the line and paragraph separators, and the
    /// bidirectional embeddings, overrides and isolates (U+202A-202E, U+2066-2069).
    /// Backslashes stay as they are: the escape is for reading, not for parsing back.
    public static func escape(_ text: String) -> String {
        guard mayNeedEscape(text) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 8)
        append(text.unicodeScalars, to: &out)
        return out
    }

    /// Appends `scalars`, escaped as `escape` does.
    static func append(_ scalars: some Sequence<Unicode.Scalar>, to out: inout String) {
        ScalarEscape.append(scalars, to: &out, escape)
    }

    /// A quick look at the bytes: false when no escape can be needed. Every
    /// scalar `escape` touches is a C0 byte, DEL, or starts with 0xC2 (C1) or 0xE2 (U+2028-206F).
    static func mayNeedEscape(_ text: String) -> Bool {
        text.utf8.contains { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 }
    }

    private static func escape(_ scalar: Unicode.Scalar) -> String? {
        switch scalar.value {
        case 0x0A: return "\\n"
        case 0x09: return "\\t"
        case 0x0D: return "\\r"
        case 0x00..<0x20, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069:
            return "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        default:
            return nil
        }
    }
}
