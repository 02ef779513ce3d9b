# bash completion for higlint, written from its command declarations by
# `higlint completions bash` (`make docs`); edit the declarations, not this file.
_higlint() {
    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
    if [[ $COMP_CWORD -eq 1 ]]; then
        COMPREPLY=($(compgen -W 'check watch lsp import figma rules explain plugin trust help version completions --help -h --version' -- "$cur"))
        return
    fi
    local options='' operands=none
    case ${COMP_WORDS[1]} in
    check)
        options='-c --config --trust-config -f --format -o --output --fail-on --baseline --write-baseline -q --quiet --timings --fix --unsafe-fixes --diff --color --hints --allow-empty --stdin-filename --force-exclude --print-config -h --help'
        case $prev in
        -c|--config) COMPREPLY=($(compgen -f -- "$cur")); return ;;
        -f|--format) COMPREPLY=($(compgen -W 'text json sarif github gitlab junit html' -- "$cur")); return ;;
        -o|--output) COMPREPLY=($(compgen -f -- "$cur")); return ;;
        --fail-on) COMPREPLY=($(compgen -W 'error warning info never' -- "$cur")); return ;;
        --baseline) COMPREPLY=($(compgen -f -- "$cur")); return ;;
        --write-baseline) COMPREPLY=($(compgen -f -- "$cur")); return ;;
        --color) COMPREPLY=($(compgen -W 'auto always never' -- "$cur")); return ;;
        --stdin-filename) COMPREPLY=($(compgen -f -- "$cur")); return ;;
        esac
        operands=paths ;;
    watch)
        options='-c --config --trust-config --report -o --output -h --help'
        case $prev in
        -c|--config) COMPREPLY=($(compgen -f -- "$cur")); return ;;
        --report) COMPREPLY=($(compgen -f -- "$cur")); return ;;
        -o|--output) COMPREPLY=($(compgen -f -- "$cur")); return ;;
        esac
        operands=paths ;;
    lsp)
        options='-c --config --trust-config --stdio -h --help'
        case $prev in
        -c|--config) COMPREPLY=($(compgen -f -- "$cur")); return ;;
        esac
        operands=none ;;
    import)
        options='-c --config --out -h --help'
        case $prev in
        -c|--config) COMPREPLY=($(compgen -f -- "$cur")); return ;;
        --out) COMPREPLY=($(compgen -d -- "$cur")); return ;;
        esac
        operands=paths ;;
    figma)
        options='-c --config --every --timeout -h --help'
        case $prev in
        -c|--config) COMPREPLY=($(compgen -f -- "$cur")); return ;;
        --every) COMPREPLY=(); return ;;
        --timeout) COMPREPLY=(); return ;;
        esac
        operands=${COMP_WORDS[1]} ;;
    rules)
        options='-c --config --trust-config -f --format -h --help'
        case $prev in
        -c|--config) COMPREPLY=($(compgen -f -- "$cur")); return ;;
        -f|--format) COMPREPLY=($(compgen -W 'text json markdown thresholds' -- "$cur")); return ;;
        esac
        operands=none ;;
    explain)
        options='-c --config --trust-config -h --help'
        case $prev in
        -c|--config) COMPREPLY=($(compgen -f -- "$cur")); return ;;
        esac
        operands=rules ;;
    plugin)
        options='-h --help'
        operands=paths ;;
    trust)
        options='--list --revoke -h --help'
        operands=paths ;;
    help)
        options='--man -h --help'
        operands=commands ;;
    version)
        options='-h --help'
        operands=none ;;
    completions)
        options='-h --help'
        operands=${COMP_WORDS[1]} ;;
    esac
    if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W "$options" -- "$cur"))
        return
    fi
    case $operands in
    paths) COMPREPLY=($(compgen -f -- "$cur")) ;;
    rules) COMPREPLY=($(compgen -W "$(higlint rules 2>/dev/null | cut -d' ' -f1)" -- "$cur")) ;;
    commands) COMPREPLY=($(compgen -W 'check watch lsp import figma rules explain plugin trust help version completions' -- "$cur")) ;;
    figma) COMPREPLY=($(compgen -W 'pull' -- "$cur")) ;;
    completions) COMPREPLY=($(compgen -W 'bash zsh fish' -- "$cur")) ;;
    esac
}
complete -o filenames -o bashdefault -F _higlint higlint
