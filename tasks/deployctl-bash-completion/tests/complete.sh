#!/bin/bash
# Prints the completions bash offers for a command line, cursor at its end (a trailing space
# starts a new empty word); the line is split as readline splits it, '=' being a word break.
source /usr/share/bash-completion/bash_completion
source "${COMPLETION_FILE:-/usr/share/bash-completion/completions/deployctl}"
line=$1
COMP_LINE=$line
COMP_POINT=${#line}
COMP_WORDS=()
for w in $line; do
    if [[ $w == --*=* ]]; then COMP_WORDS+=("${w%%=*}" "=" "${w#*=}"); else COMP_WORDS+=("$w"); fi
done
if [[ $line == *" " || $line == *"=" ]]; then COMP_WORDS+=(""); fi
COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
COMPREPLY=()
spec=$(complete -p deployctl)
fn=${spec#*-F }
fn=${fn%% *}
"$fn" deployctl "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
printf '%s\n' "${COMPREPLY[@]}" | sort -u | sed '/^$/d'
