#!/bin/bash
# Reference solution: the v2 team prompt, written one requirement at a time, then hooked into
# /etc/bash.bashrc.
set -euo pipefail
P=/opt/teamshell/prompt.bash
cp "$P" /opt/teamshell/prompt.v1.bash

# The file's header: interactive shells only; colour only when the terminal supports it and NO_COLOR is unset.
cat > "$P" <<'PROMPT'
# /opt/teamshell/prompt.bash: the platform team's bash prompt (v2).
# Sourced by interactive bash (/etc/bash.bashrc). Works on bash 4.4 and under set -u.
case $- in *i*) ;; *) return 0 ;; esac

# Colour only on a terminal that has colours, and never with NO_COLOR set.
__tp_color=0
if [ -t 1 ] && [ -z "${NO_COLOR:-}" ]; then
    __tp_ncolors=$(tput colors 2>/dev/null) || __tp_ncolors=0
    case $__tp_ncolors in '' | *[!0-9]*) __tp_ncolors=0 ;; esac
    [ "$__tp_ncolors" -ge 8 ] && __tp_color=1
    unset __tp_ncolors
fi

PROMPT

# The directory segment: ~ for $HOME, at most the last three components after .../.
cat >> "$P" <<'PROMPT'
# The directory, with ~ for $HOME and at most the last three components.
__tp_set_dir() {
    local d=$PWD lead='' rest keep
    case $d in
        "${HOME:-/nonexistent}") d='~' ;;
        "${HOME:-/nonexistent}"/*) d="~${d#"$HOME"}" ;;
    esac
    case $d in '~'*) lead='~/' ;; /*) lead='/' ;; esac
    rest=${d#"~"}
    rest=${rest#/}
    case $rest in
        */*/*/*)
            keep=${rest##*/}
            rest=${rest%/*}
            keep=${rest##*/}/$keep
            rest=${rest%/*}
            keep=${rest##*/}/$keep
            d=".../$keep"
            ;;
        '') ;;
        *) d="$lead$rest" ;;
    esac
    __tp_dir=$d
}

PROMPT

# The git segment: no git process outside a repository (.git looked up the tree), one git status inside.
cat >> "$P" <<'PROMPT'
# The git segment: branch (or @short-hash when detached), * when anything is uncommitted.
# Finds the repository by looking for .git (a directory, or a file in worktrees) up the tree,
# so no git process starts outside a repository; inside one, a single git status.
__tp_set_git() {
    __tp_git='' __tp_dirty=0
    local dir=$PWD out line head='' oid=''
    while :; do
        [ -e "$dir/.git" ] && break
        [ -z "$dir" ] && return 0
        dir=${dir%/*}
    done
    out=$(git status --porcelain=v2 --branch 2>/dev/null) || return 0
    while IFS= read -r line; do
        case $line in
            '# branch.oid '*) oid=${line#'# branch.oid '} ;;
            '# branch.head '*) head=${line#'# branch.head '} ;;
            '#'*) ;;
            ?*) __tp_dirty=1 ;;
        esac
    done <<<"$out"
    if [ "$head" = '(detached)' ]; then head="@${oid:0:7}"; fi
    [ -n "$head" ] || return 0
    __tp_git=$head
    [ "$__tp_dirty" = 1 ] && __tp_git+='*'
    return 0
}

PROMPT

# The hook that builds PS1: status, venv, user@host over SSH, directory, git, duration, colours; names by reference.
cat >> "$P" <<'PROMPT'
__tp_hook() {
    local status=$? ps='' red='' green='' yellow='' reset='' dur=0 min
    if [ "$__tp_color" = 1 ]; then
        red='\[\e[31m\]' green='\[\e[32m\]' yellow='\[\e[33m\]' reset='\[\e[0m\]'
    fi
    if [ "$status" -ne 0 ]; then
        __tp_status="[$status]"
        ps+="$red"'${__tp_status}'"$reset "
    fi
    if [ -n "${VIRTUAL_ENV:-}" ]; then
        __tp_venv=${VIRTUAL_ENV%/}
        case ${__tp_venv##*/} in
            .venv | venv) __tp_venv=${__tp_venv%/*} ;;
        esac
        __tp_venv=${__tp_venv##*/}
        ps+='(${__tp_venv}) '
    fi
    if [ -n "${SSH_CONNECTION:-}" ]; then
        ps+='\u@\h '
    fi
    __tp_set_dir
    ps+='${__tp_dir} '
    __tp_set_git
    if [ -n "$__tp_git" ]; then
        if [ "$__tp_dirty" = 1 ]; then ps+="$yellow"; else ps+="$green"; fi
        ps+='(${__tp_git})'"$reset "
    fi
    if [ -n "${__tp_start:-}" ]; then
        dur=$((SECONDS - __tp_start))
        unset __tp_start
        min=${TEAMPROMPT_MIN_SECS:-5}
        case $min in '' | *[!0-9]*) min=5 ;; esac
        if [ "$dur" -ge "$min" ]; then
            __tp_took="took ${dur}s"
            ps+='${__tp_took} '
        fi
    fi
    PS1="$ps"'\$ '
    return "$status"
}

# PS0 is expanded when a command line is read: it records the start time and prints nothing.
PROMPT

# Installs the hook first in PROMPT_COMMAND (keeping the user's) and the start-time recorder in PS0, once.
cat >> "$P" <<'PROMPT'
case ${PS0:-} in
    *__tp_start*) ;;
    *) PS0="${PS0:-}"'${PS1:0:$((__tp_start=SECONDS,0))}' ;;
esac
# The hook runs first (it must see the command's exit status); earlier PROMPT_COMMANDs are kept.
case ${PROMPT_COMMAND:-} in
    *__tp_hook*) ;;
    '') PROMPT_COMMAND=__tp_hook ;;
    *) PROMPT_COMMAND="__tp_hook; ${PROMPT_COMMAND}" ;;
esac
PROMPT

# Every interactive shell sources it: one line at the end of /etc/bash.bashrc.
grep -q '/opt/teamshell/prompt.bash' /etc/bash.bashrc || printf '\n# team prompt (platform team)\n[ -r /opt/teamshell/prompt.bash ] && . /opt/teamshell/prompt.bash\n' >> /etc/bash.bashrc

# Check: it parses, and an interactive shell renders it.
bash -n "$P"
tail -n 1 /etc/bash.bashrc
