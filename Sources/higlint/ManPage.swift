import HiglintCore

/// The manual page, higlint(1), in roff, written from the command
/// declarations: every command with its synopsis, description, options and
/// epilogue, as `--help` shows them. `make docs` writes it to `man/higlint.1`
/// and a test fails when that file differs from this.
enum ManPage {
    static func render(_ commands: [CommandDeclaration], about: String) -> String {
        var out = ".\\\" higlint(1), written from the command declarations by `higlint help --man` (`make docs`).\n"
        out += ".TH HIGLINT 1 \"\" \"higlint \(HiglintVersion.current)\" \"User Commands\"\n"
        out += ".SH NAME\nhiglint \\- \(escape(lowercasedFirst(about)))\n"
        out += ".SH SYNOPSIS\n.B higlint\n.I COMMAND\n[options]\n"
        out += ".SH DESCRIPTION\n" + escape(about) + "\n"
        out += "Run\n.B higlint help\n.I COMMAND\nfor a command's options on the terminal.\n"
        out += ".SH COMMANDS\n"
        for command in commands {
            out += ".SS \"\(escape(command.synopsis))\"\n"
            out += paragraphs(command.description.isEmpty ? command.summary : command.description)
            for option in command.allOptions {
                out += ".TP\n" + optionLabel(option) + "\n" + escape(HelpText.description(of: option)) + "\n"
            }
            if !command.epilogue.isEmpty { out += ".PP\n" + paragraphs(command.epilogue) }
        }
        out += ".SH FILES\n.TP\n.I .higlint.yaml\n"
        out += "The config, looked for in the current folder and then each folder above it (also\n"
        out += ".IR .higlint.yml );\n.B \\-\\-config\nnames another.\n"
        out += ".TP\n.I /etc/higlint/config.yaml\nThe service's config.\n"
        out += ".SH ENVIRONMENT\n.TP\n.B NO_COLOR\nWhen not empty, the text report is not coloured.\n"
        out += ".TP\n.B FORCE_COLOR\nWhen not empty or 0, the text report is coloured even when not on a terminal.\n"
        out += ".SH EXIT STATUS\n0 no finding at or above\n.BR \\-\\-fail\\-on ,\n1 there are, 2 a usage, config or I/O error.\n"
        out += ".SH SEE ALSO\n.BR systemd.service (5)\n"
        return out
    }

    private static func lowercasedFirst(_ text: String) -> String {
        let trimmed = text.hasSuffix(".") ? String(text.dropLast()) : text
        return trimmed.prefix(1).lowercased() + trimmed.dropFirst()
    }

    /// `-f, --format FORMAT` in bold with the placeholder in italics.
    private static func optionLabel(_ option: Option) -> String {
        let names = [option.shortSpelling, option.longSpelling].compactMap { $0 }.map { "\\fB\(escape($0))\\fR" }
        var label = names.joined(separator: ", ")
        if let placeholder = option.value.placeholder { label += " \\fI\(escape(placeholder))\\fR" }
        return label
    }

    /// Text as roff paragraphs: lines within a paragraph kept (an indented line, as in a
    /// table of formats, in no-fill mode), `.PP` between paragraphs.
    private static func paragraphs(_ text: String) -> String {
        var out = ""
        for paragraph in text.split(separator: "\n\n") {
            let lines = paragraph.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if lines.contains(where: { $0.hasPrefix("  ") }) {
                out += ".PP\n.nf\n" + lines.map(escape).joined(separator: "\n") + "\n.fi\n"
            } else {
                out += ".PP\n" + lines.map(escape).joined(separator: "\n") + "\n"
            }
        }
        return out
    }

    /// Backslashes and hyphens as roff wants them; a line cannot start with a control character.
    static func escape(_ text: String) -> String {
        var out = text.replacing("\\", with: "\\e").replacing("-", with: "\\-")
        if out.hasPrefix(".") || out.hasPrefix("'") { out = "\\&" + out }
        return out
    }
}
