#!/bin/bash
# Reference solution: the completion script for deployctl built part by part (value sources, the
# option values, the subcommand and its options, the positionals), installed where bash-completion
# loads it on demand, then tried on a few command lines.
set -euo pipefail
C=/tmp/deployctl.completion
cat > "$C" <<'SH'
# bash completion for deployctl                                    -*- shell-script -*-

# Value sources, read at completion time: environments (comments and blank lines ignored),
# enabled services (*.yaml), credentials profiles (*.ini).
_deployctl_envs() { sed -e 's/#.*//' -e 's/[[:space:]]//g' /etc/deployctl/environments 2>/dev/null | grep -v '^$'; }
_deployctl_services() { local f; for f in /etc/deployctl/services.d/*.yaml; do [[ -e $f ]] && basename "$f" .yaml; done; }
_deployctl_profiles() { local f; for f in ~/.config/deployctl/profiles/*.ini; do [[ -e $f ]] && basename "$f" .ini; done; }

SH
cat >> "$C" <<'SH'
_deployctl()
{
    local cur prev words cword split
    _init_completion -s || return

    # Option values (--env=VALUE too: -s splits it).
    case $prev in
        --env) COMPREPLY=($(compgen -W "$(_deployctl_envs)" -- "$cur")); return ;;
        --profile) COMPREPLY=($(compgen -W "$(_deployctl_profiles)" -- "$cur")); return ;;
        --tag | --to | --since) return ;;
    esac
    $split && return

SH
cat >> "$C" <<'SH'
    # The subcommand: the first word that is neither an option nor an option's value.
    local i cmd="" cmd_i=0
    for ((i = 1; i < cword; i++)); do
        case ${words[i]} in
            --profile) [[ ${words[i + 1]} == = ]] && ((i++)); ((i++)) ;;
            -* | =) ;;
            *) cmd=${words[i]}; cmd_i=$i; break ;;
        esac
    done
    if [[ -z $cmd ]]; then
        if [[ $cur == -* ]]; then
            COMPREPLY=($(compgen -W "--help --version --profile" -- "$cur"))
        else
            COMPREPLY=($(compgen -W "deploy rollback status logs config" -- "$cur"))
        fi
        return
    fi
    local opts
    case $cmd in
        deploy) opts="--env --tag --dry-run --force --help" ;;
        rollback) opts="--env --to --help" ;;
        status) opts="--env --help" ;;
        logs) opts="--env --follow --since --help" ;;
        config) opts="--help" ;;
        *) return ;;
    esac
    if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W "$opts" -- "$cur"))
        return
    fi

SH
cat >> "$C" <<'SH'
    # Positionals typed after the subcommand, skipping options and their values.
    local args=()
    for ((i = cmd_i + 1; i < cword; i++)); do
        case ${words[i]} in
            --env | --tag | --to | --since | --profile) [[ ${words[i + 1]} == = ]] && ((i++)); ((i++)) ;;
            -* | =) ;;
            *) args+=("${words[i]}") ;;
        esac
    done
    case $cmd in
        deploy | rollback | logs)
            ((${#args[@]} == 0)) && COMPREPLY=($(compgen -W "$(_deployctl_services)" -- "$cur")) ;;
        config)
            if ((${#args[@]} == 0)); then
                COMPREPLY=($(compgen -W "list get set" -- "$cur"))
            elif ((${#args[@]} == 1)) && [[ ${args[0]} == get || ${args[0]} == set ]]; then
                COMPREPLY=($(compgen -W "region registry timeout default-env" -- "$cur"))
            fi ;;
    esac
} &&
    complete -F _deployctl deployctl

# ex: filetype=sh
SH
install -D -m 0644 "$C" /usr/share/bash-completion/completions/deployctl
bash -n /usr/share/bash-completion/completions/deployctl
bash -c 'source /usr/share/bash-completion/bash_completion; _completion_loader deployctl; complete -p deployctl'
