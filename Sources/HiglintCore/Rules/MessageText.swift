/// Helpers for rule messages, shared by every plugin so messages read alike.

/// Text from a spec, quoted for a message: on one line, and short enough to
/// read even when the spec holds a very long name.
public func quoted(_ text: String, limit: Int = 60) -> String {
    "\"\(text.truncatedForMessage(limit: limit))\""
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
