/// Text from a spec, quoted for a message: on one line, and short enough to read
/// even when the spec holds a very long name.
func quoted(_ text: String, limit: Int = 60) -> String {
    var out = ""
    for (count, character) in text.enumerated() {
        if count == limit {
            out += "…"
            break
        }
        if character.isNewline {
            out += "\\n"
        } else if character == "\t" {
            out += "\\t"
        } else {
            out.append(character)
        }
    }
    return "\"\(out)\""
}

extension String {
    /// The text without surrounding blanks, or nil when nothing is left: a blank
    /// title is as good as none to the person reading the bar.
    var nonBlank: String? {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace })
        else { return nil }
        return String(self[first...last])
    }
}

