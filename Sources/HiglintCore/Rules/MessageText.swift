/// Helpers for rule messages, shared by every plugin so messages read alike.

/// Text from a spec (a label, an id, a screen name, a key), quoted for a
/// message: in double quotes, on one line (control and bidirectional
/// characters escaped as `LineText` does), and cut to `limit` characters with
/// `…` so a very long name still leaves the message readable. Every message
/// that quotes spec text goes through here.
public func quoted(_ text: String, limit: Int = 60) -> String {
    // Most names are short plain text: no character to count, nothing to escape.
    if text.utf8.count <= limit, !LineText.mayNeedEscape(text) {
        // Sized once: `"\"" + text + "\""` allocated twice for a name too long to be held
        // inline (15 bytes), which reserving would allocate for even a short one.
        var out = ""
        if text.utf8.count + 2 > 15 { out.reserveCapacity(text.utf8.count + 2) }
        out.append("\"")
        out.append(text)
        out.append("\"")
        return out
    }
    var out = "\""
    var count = 0
    for character in text {
        if count == limit {
            out += "…"
            break
        }
        LineText.append(character.unicodeScalars, to: &out)
        count += 1
    }
    return out + "\""
}

/// `1 item`, `3 items`.
public func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}

extension String {
    /// The text without surrounding blanks, or nil when nothing is left: a blank
    /// title is as good as none to the person reading it.
    public var nonBlank: String? {
        // Most titles start and end with a visible ASCII character: no scan, no copy.
        if let first = utf8.first, let last = utf8.last, first > 0x20, first < 0x7F, last > 0x20, last < 0x7F {
            return self
        }
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace })
        else { return nil }
        return String(self[first...last])
    }
}
