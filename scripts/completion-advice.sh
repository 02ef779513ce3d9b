#!/bin/sh
# scripts/completion-advice.sh BASHCOMPDIR ZSHCOMPDIR FISHCOMPDIR: after `make install`, one
# line for each installed shell that will not find the completions where they went, saying
# what makes it find them. Silent when every shell finds them.
bash_dir=$1
zsh_dir=$2
fish_dir=$3

# bash reads completions through bash-completion, which looks beside the command
# (../share/bash-completion/completions) and in XDG_DATA_DIRS; without it, nothing loads them.
if command -v bash >/dev/null 2>&1 && [ ! -r /usr/share/bash-completion/bash_completion ]; then
	echo "bash: completions load through bash-completion, which is not installed: apt-get install bash-completion, or add \`source $bash_dir/higlint\` to ~/.bashrc"
fi
if command -v zsh >/dev/null 2>&1 && ! zsh -c 'print -l -- $fpath' 2>/dev/null | grep -qxF -- "$zsh_dir"; then
	echo "zsh: $zsh_dir is not on fpath: add \`fpath=($zsh_dir \$fpath)\` before compinit in ~/.zshrc"
fi
# fish looks in XDG_DATA_DIRS only when it is set, and then in nothing of /usr/local by default.
if command -v fish >/dev/null 2>&1 && ! fish -c 'string join \n -- $fish_complete_path' 2>/dev/null | grep -qxF -- "$fish_dir"; then
	echo "fish: $fish_dir is not on fish_complete_path: add \`set -p fish_complete_path $fish_dir\` to ~/.config/fish/config.fish"
fi
