extension String {
    /// Keeps messages one line and readable whatever a spec contains.
    public func truncatedForMessage(limit: Int = 60) -> String {
        var out = ""
        var count = 0
        for character in self {
            if count == limit { out += "…"; break }
            switch character {
            case "\t": out += "\\t"
            default:
                if character.isNewline { out += "\\n" } else { out.append(character) }
            }
            count += 1
        }
        return out
    }
}
