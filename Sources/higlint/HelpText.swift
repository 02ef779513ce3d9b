/// The help pages, written from the declarations: what `--help` says is what the parser takes.
enum HelpText {
    static let width = 80

    /// `higlint check --help`.
    static func page(for declaration: CommandDeclaration) -> String {
        var page = "usage: \(declaration.synopsis)\n\n"
        if !declaration.description.isEmpty { page += declaration.description + "\n\n" }
        page += "options:\n" + table(declaration.allOptions.map { (label(of: $0), description(of: $0)) })
        if !declaration.epilogue.isEmpty { page += "\n" + declaration.epilogue + "\n" }
        return page + "\n"
    }

    /// `higlint --help`: the commands, each with its summary.
    static func overview(of commands: [CommandDeclaration], about: String) -> String {
        var page = "usage: higlint COMMAND [options]\n\n\(about)\n\ncommands:\n"
        page += table(commands.map { ([$0.name, $0.operands.synopsis].filter { !$0.isEmpty }.joined(separator: " "), $0.summary) })
        return page + "\nRun `higlint help COMMAND` or `higlint COMMAND --help` for a command's options.\n\n"
    }

    /// `-f, --format FORMAT`; long-only options line up with the long names of the others.
    static func label(of option: Option) -> String {
        let names = (option.shortSpelling.map { "\($0), " } ?? "    ") + option.longSpelling
        return [names, option.value.placeholder].compactMap { $0 }.joined(separator: " ")
    }

    /// The help line, with the values a choice takes (its default marked) or the formats a report takes.
    static func description(of option: Option) -> String {
        switch option.value {
        case .none, .file, .directory, .duration:
            return option.summary
        case .choice(_, let values, let defaultValue):
            return option.summary + ": " + alternatives(values.map { $0 == defaultValue ? "\($0) (default)" : $0 })
        case .report(let formats):
            return option.summary + "; FORMAT is " + alternatives(formats)
        }
    }

    /// `a, b or c`: the values an option takes, in its help and in the error for any other.
    static func alternatives(_ words: [String]) -> String {
        guard let last = words.last, words.count > 1 else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " or " + last
    }

    /// Two columns, the second wrapped to the page width beside the first.
    private static func table(_ rows: [(String, String)]) -> String {
        let column = 2 + (rows.map(\.0.count).max() ?? 0) + 2
        var text = ""
        for (label, description) in rows {
            let lines = wrap(description, width: max(width - column, 30))
            let head = "  " + label
            text += head + String(repeating: " ", count: column - head.count) + (lines.first ?? "") + "\n"
            for line in lines.dropFirst() { text += String(repeating: " ", count: column) + line + "\n" }
        }
        return text
    }

    /// Words filled into lines of at most `width` characters (a longer word gets a line of its own).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += line.isEmpty ? String(word) : " " + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
