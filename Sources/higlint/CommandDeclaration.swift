/// One command of the command line, as plain data. Each command declares
/// itself and its options once, in its own file; the parser, its help, the
/// "did you mean" suggestions and the list of commands all read the
/// declarations, and as nothing in them is code, shell completions and a man
/// page can be generated from them too.
struct CommandDeclaration: Sendable, Hashable {
    /// The word after `higlint`.
    var name: String
    var operands: Operands
    /// One line, for the list of commands in `higlint --help`.
    var summary: String
    /// The paragraphs between the usage line and the options.
    var description: String
    /// The command's own options; `--help` is every command's and is not listed here.
    var options: [Option]
    /// The paragraphs after the options (exit status, environment).
    var epilogue: String = ""

    /// Every option the command takes: its own, then `--help`.
    var allOptions: [Option] { options + [.help] }

    /// `higlint check [PATH...] [options]`.
    var synopsis: String {
        (["higlint", name, operands.synopsis].filter { !$0.isEmpty } + ["[options]"]).joined(separator: " ")
    }
}

/// The arguments that are not options.
struct Operands: Sendable, Hashable {
    enum Count: Sendable, Hashable {
        case none
        case optionalOne
        case exactlyOne
        case any
    }

    /// What a shell offers when completing an operand.
    enum Completion: Sendable, Hashable {
        /// Files and directories.
        case paths
        /// Rule ids, as `higlint rules` lists them when the shell asks.
        case rules
        /// The names of the commands.
        case commands
        /// These words.
        case words([String])
    }

    /// What one operand is, as the usage line names it: `PATH`, `RULE`.
    var placeholder: String
    var count: Count
    var completion: Completion = .paths

    static let none = Operands(placeholder: "", count: .none)

    var synopsis: String {
        switch count {
        case .none: return ""
        case .optionalOne: return "[\(placeholder)]"
        case .exactlyOne: return placeholder
        case .any: return "[\(placeholder)...]"
        }
    }
}

/// One option of a command.
struct Option: Sendable, Hashable {
    /// The long name, without its dashes: `format` is `--format`.
    var name: String
    /// `f` is `-f`; only for the options people type often.
    var shortName: Character?
    var value: OptionValue
    /// What it does, in a line (the help wraps it); for a choice, the allowed
    /// values and the default follow it.
    var summary: String

    var longSpelling: String { "--" + name }
    var shortSpelling: String? { shortName.map { "-\($0)" } }
    var takesValue: Bool { value != .none }

    /// Every command's `-h, --help`.
    static let help = Option(name: "help", shortName: "h", value: .none, summary: "show this help")
}

/// What follows an option on the command line.
enum OptionValue: Sendable, Hashable {
    /// Nothing: the option is a switch.
    case none
    /// A path to a file.
    case file
    /// A path to a directory.
    case directory
    /// One of `values`; `defaultValue` when the option is not given.
    case choice(placeholder: String, values: [String], defaultValue: String)
    /// A report file: `FILE` in the default format, or `FORMAT=FILE` with one of `formats`.
    case report(formats: [String])
    /// A length of time: a number and its unit (`60s`, `5m`, `1h`, `500ms`; `DurationText`).
    case duration

    /// The word the help shows after the option's name.
    var placeholder: String? {
        switch self {
        case .none: return nil
        case .file: return "FILE"
        case .directory: return "DIR"
        case .choice(let placeholder, _, _): return placeholder
        case .report: return "[FORMAT=]FILE"
        case .duration: return "DURATION"
        }
    }
}

extension Option {
    /// `--config`, for the commands that load a config.
    static let config = Option(
        name: "config", shortName: "c", value: .file,
        summary: "config file (default: $HIGLINT_CONFIG, else the nearest .higlint.yaml or .higlint.yml, here or in a folder above)")
    /// `--trust-config`, for the commands that may start a config's external plugins.
    static let trustConfig = Option(
        name: "trust-config", value: .none,
        summary: "run the external plugins of a config found in the reviewed tree (a CI job reviewing its own repository; also HIGLINT_TRUST_CONFIG=1)")
}
