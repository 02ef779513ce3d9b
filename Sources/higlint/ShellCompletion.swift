/// Shell completion scripts, written from the command declarations, so a
/// new option completes as soon as it is declared (a test compares the
/// shipped scripts with these).
enum ShellCompletion: String, CaseIterable {
    case bash, zsh, fish

    /// The file in the repository's `completions/` folder.
    var fileName: String {
        switch self {
        case .bash: return "higlint.bash"
        case .zsh: return "_higlint"
        case .fish: return "higlint.fish"
        }
    }

    func script(for commands: [CommandDeclaration]) -> String {
        switch self {
        case .bash: return Self.bash(commands)
        case .zsh: return Self.zsh(commands)
        case .fish: return Self.fish(commands)
        }
    }

    static let topLevelOptions = ["--help", "-h", "--version"]
    /// The shell command that lists the rule ids, one a line.
    static let ruleIDs = "higlint rules 2>/dev/null | cut -d' ' -f1"

    private static func header(_ shell: String) -> String {
        "# \(shell) completion for higlint, written from its command declarations by\n"
            + "# `higlint completions \(shell)` (`make docs`); edit the declarations, not this file.\n"
    }

    // MARK: - bash

    private static func bash(_ commands: [CommandDeclaration]) -> String {
        var out = header("bash")
        out += "_higlint() {\n"
        out += "    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}\n"
        out += "    if [[ $COMP_CWORD -eq 1 ]]; then\n"
        out += "        COMPREPLY=($(compgen -W '\((commands.map(\.name) + topLevelOptions).joined(separator: " "))' -- \"$cur\"))\n"
        out += "        return\n    fi\n"
        out += "    local options='' operands=none\n"
        out += "    case ${COMP_WORDS[1]} in\n"
        for command in commands {
            let options = command.allOptions
            out += "    \(command.name))\n"
            out += "        options='\(options.flatMap { [$0.shortSpelling, $0.longSpelling].compactMap { $0 } }.joined(separator: " "))'\n"
            let valued = options.filter(\.takesValue)
            if !valued.isEmpty {
                out += "        case $prev in\n"
                for option in valued {
                    let spellings = [option.shortSpelling, option.longSpelling].compactMap { $0 }.joined(separator: "|")
                    switch option.value {
                    case .choice(_, let values, _):
                        out += "        \(spellings)) COMPREPLY=($(compgen -W '\(values.joined(separator: " "))' -- \"$cur\")); return ;;\n"
                    case .directory:
                        out += "        \(spellings)) COMPREPLY=($(compgen -d -- \"$cur\")); return ;;\n"
                    case .duration:
                        out += "        \(spellings)) COMPREPLY=(); return ;;\n"
                    default:
                        out += "        \(spellings)) COMPREPLY=($(compgen -f -- \"$cur\")); return ;;\n"
                    }
                }
                out += "        esac\n"
            }
            out += "        operands=\(bashOperands(command.operands)) ;;\n"
        }
        out += "    esac\n"
        out += "    if [[ $cur == -* ]]; then\n"
        out += "        COMPREPLY=($(compgen -W \"$options\" -- \"$cur\"))\n"
        out += "        return\n    fi\n"
        out += "    case $operands in\n"
        out += "    paths) COMPREPLY=($(compgen -f -- \"$cur\")) ;;\n"
        out += "    rules) COMPREPLY=($(compgen -W \"$(\(ruleIDs))\" -- \"$cur\")) ;;\n"
        out += "    commands) COMPREPLY=($(compgen -W '\(commands.map(\.name).joined(separator: " "))' -- \"$cur\")) ;;\n"
        for command in commands {
            if case .words(let words) = command.operands.completion, command.operands.count != .none {
                out += "    \(command.name)) COMPREPLY=($(compgen -W '\(words.joined(separator: " "))' -- \"$cur\")) ;;\n"
            }
        }
        out += "    esac\n}\n"
        out += "complete -o filenames -o bashdefault -F _higlint higlint\n"
        return out
    }

    private static func bashOperands(_ operands: Operands) -> String {
        guard operands.count != .none else { return "none" }
        switch operands.completion {
        case .paths: return "paths"
        case .rules: return "rules"
        case .commands: return "commands"
        case .words: return "${COMP_WORDS[1]}"
        }
    }

    // MARK: - zsh

    /// Text for a zsh description inside single quotes: its first clause, brackets
    /// (which would end an `_arguments` description) as parentheses, quotes closed and reopened.
    private static func zshText(_ text: String) -> String {
        let first = text.split(separator: ";").first.map(String.init) ?? text
        var out = ""
        for character in first {
            switch character {
            case "[": out += "("
            case "]": out += ")"
            case "'": out += "'\\''"
            case "`", "\\": continue
            default: out.append(character)
            }
        }
        return out
    }

    private static func zsh(_ commands: [CommandDeclaration]) -> String {
        var out = "#compdef higlint\n" + header("zsh")
        out += "_higlint() {\n"
        out += "    local -a commands\n    commands=(\n"
        for command in commands { out += "        '\(command.name):\(zshText(command.summary))'\n" }
        out += "    )\n"
        out += "    if (( CURRENT == 2 )); then\n"
        out += "        _describe -t commands 'higlint command' commands\n"
        out += "        return\n    fi\n"
        out += "    local command=$words[2]\n"
        out += "    shift words\n    (( CURRENT-- ))\n"
        out += "    case $command in\n"
        for command in commands {
            out += "    \(command.name))\n        _arguments -s"
            for option in command.allOptions {
                let names = [option.shortSpelling, option.longSpelling].compactMap { $0 }
                let spelled = names.count > 1 ? "{\(names.joined(separator: ","))}" : names[0]
                // A report option repeats; any other is offered once.
                let exclusion: String
                if case .report = option.value {
                    exclusion = "'*'" + spelled
                } else {
                    exclusion = names.count > 1 ? "'(\(names.joined(separator: " ")))'" + spelled : spelled
                }
                var spec = "\(exclusion)'[\(zshText(option.summary))]"
                switch option.value {
                case .none: break
                case .file, .report: spec += ":\(zshText(option.value.placeholder ?? "FILE")):_files"
                case .directory: spec += ":\(option.value.placeholder ?? "DIR"):_files -/"
                case .duration: spec += ":DURATION: "
                case .choice(let placeholder, let values, _): spec += ":\(placeholder):(\(values.joined(separator: " ")))"
                }
                out += " \\\n            \(spec)'"
            }
            if let operands = zshOperands(command.operands) { out += " \\\n            '\(operands)'" }
            out += "\n        ;;\n"
        }
        out += "    esac\n}\n"
        out += "_higlint \"$@\"\n"
        return out
    }

    private static func zshOperands(_ operands: Operands) -> String? {
        let action: String
        switch operands.completion {
        case .paths: action = "_files"
        case .rules: action = #"{compadd -- ${${(f)"$(higlint rules 2>/dev/null)"}%% *}}"#
        case .commands: action = "(\(Commands.all.map(\.declaration.name).joined(separator: " ")))"
        case .words(let words): action = "(\(words.joined(separator: " ")))"
        }
        switch operands.count {
        case .none: return nil
        case .any: return "*:\(operands.placeholder):\(action)"
        case .optionalOne: return "::\(operands.placeholder):\(action)"
        case .exactlyOne: return ":\(operands.placeholder):\(action)"
        }
    }

    // MARK: - fish

    private static func fishQuoted(_ text: String) -> String {
        "'" + text.replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "'"
    }

    private static func fish(_ commands: [CommandDeclaration]) -> String {
        var out = header("fish")
        out += "complete -c higlint -f\n"
        for command in commands {
            out += "complete -c higlint -n __fish_use_subcommand -a \(command.name) -d \(fishQuoted(command.summary))\n"
        }
        for command in commands {
            let condition = "-n '__fish_seen_subcommand_from \(command.name)'"
            for option in command.allOptions {
                var line = "complete -c higlint \(condition)"
                if let short = option.shortName { line += " -s \(short)" }
                line += " -l \(option.name)"
                switch option.value {
                case .none: break
                case .file, .report: line += " -r -F"
                case .directory: line += " -x -a '(__fish_complete_directories)'"
                case .duration: line += " -x"
                case .choice(_, let values, _): line += " -x -a \(fishQuoted(values.joined(separator: " ")))"
                }
                out += line + " -d \(fishQuoted(option.summary.split(separator: ";").first.map(String.init) ?? option.summary))\n"
            }
            guard command.operands.count != .none else { continue }
            switch command.operands.completion {
            case .paths: out += "complete -c higlint \(condition) -F\n"
            case .rules: out += "complete -c higlint \(condition) -x -a '(\(ruleIDs.replacing("'", with: "\\'")))'\n"
            case .commands: out += "complete -c higlint \(condition) -x -a \(fishQuoted(commands.map(\.name).joined(separator: " ")))\n"
            case .words(let words): out += "complete -c higlint \(condition) -x -a \(fishQuoted(words.joined(separator: " ")))\n"
            }
        }
        return out
    }
}
