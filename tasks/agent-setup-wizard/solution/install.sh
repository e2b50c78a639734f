#!/bin/bash
# acme-agent installer (v2): asks for the settings and writes <install dir>/etc/agent.conf.
set -u

DEFAULT_DIR=/opt/acme-agent
DEFAULT_URL=https://collector.acme.example:8443
DEFAULT_NAME=$(hostname -s 2>/dev/null || hostname)
DEFAULT_INTERVAL=30
MAX_INVALID=3

trim() {
    local s=$1
    s=${s#"${s%%[![:space:]]*}"}
    s=${s%"${s##*[![:space:]]}"}
    printf '%s' "$s"
}

# Each validator prints nothing and returns 0 for a valid value, or prints the reason and returns 1.
valid_dir() {
    [[ $1 == /* ]] && return 0
    echo "must be an absolute path"; return 1
}
valid_url() {
    if [[ $1 =~ ^https?://[A-Za-z0-9.-]+(:([0-9]+))?(/.*)?$ ]]; then
        local port=${BASH_REMATCH[2]}
        if [[ -n $port ]] && { [[ $port =~ ^0 ]] || (( 10#$port < 1 || 10#$port > 65535 )); }; then
            echo "port must be between 1 and 65535"; return 1
        fi
        return 0
    fi
    echo "must be an http:// or https:// URL"; return 1
}
valid_name() {
    [[ $1 =~ ^[a-z0-9][a-z0-9-]{0,62}$ ]] && return 0
    echo "1-63 characters: lowercase letters, digits and '-', not starting with '-'"; return 1
}
valid_interval() {
    if [[ $1 =~ ^[0-9]+$ ]] && (( 10#$1 >= 5 && 10#$1 <= 3600 )); then
        return 0
    fi
    echo "a whole number of seconds from 5 to 3600"; return 1
}
yes_no() {  # yes_no VALUE DEFAULT -> prints true/false, or returns 1
    local v=${1,,}
    [[ -z $v ]] && v=$2
    case $v in
        y|yes) echo true ;;
        n|no) echo false ;;
        *) return 1 ;;
    esac
}

abort() {
    echo "Aborted, nothing written."
    exit 1
}

ANSWER=""
# ask PROMPT DEFAULT VALIDATOR: sets ANSWER (trimmed, default applied).
ask() {
    local prompt=$1 default=$2 validator=$3 line value reason tries=0
    while :; do
        printf '%s' "$prompt"
        IFS= read -r line || abort
        value=$(trim "$line")
        [[ -z $value ]] && value=$default
        if reason=$($validator "$value"); then
            ANSWER=$value
            return 0
        fi
        echo "  ! $reason"
        tries=$((tries + 1))
        if (( tries >= MAX_INVALID )); then
            echo "Too many invalid answers."
            exit 2
        fi
    done
}
# ask_yes_no PROMPT DEFAULT(y|n): sets ANSWER to true/false.
ask_yes_no() {
    local prompt=$1 default=$2 line value tries=0
    while :; do
        printf '%s' "$prompt"
        IFS= read -r line || abort
        if value=$(yes_no "$(trim "$line")" "$default"); then
            ANSWER=$value
            return 0
        fi
        echo "  ! please answer y or n"
        tries=$((tries + 1))
        if (( tries >= MAX_INVALID )); then
            echo "Too many invalid answers."
            exit 2
        fi
    done
}

write_config() {  # write_config DIR URL NAME INTERVAL TLS
    local etc="$1/etc" conf="$1/etc/agent.conf" tmp
    mkdir -p -- "$etc" || { echo "install.sh: cannot create $etc" >&2; exit 1; }
    if [[ -e $conf ]]; then
        cp -p -- "$conf" "$conf.bak" || { echo "install.sh: cannot back up $conf" >&2; exit 1; }
    fi
    tmp=$(mktemp "$etc/.agent.conf.XXXXXX") || exit 1
    {
        echo "# acme-agent configuration (written by install.sh)"
        echo "collector_url = $2"
        echo "agent_name = $3"
        echo "interval_seconds = $((10#$4))"
        echo "tls_verify = $5"
    } > "$tmp"
    chmod 0640 "$tmp"
    mv -f -- "$tmp" "$conf"
    echo "Configuration written to $conf"
}

case "${1:-}" in
    "") ;;
    *) echo "usage: install.sh" >&2; exit 2 ;;
esac

# Ctrl-C at any question or confirmation: nothing has been written yet.
trap 'echo; echo "Aborted, nothing written."; exit 130' INT

ask "Install directory [$DEFAULT_DIR]: " "$DEFAULT_DIR" valid_dir;                  dir=$ANSWER
ask "Collector URL [$DEFAULT_URL]: " "$DEFAULT_URL" valid_url;                       url=$ANSWER
ask "Agent name [$DEFAULT_NAME]: " "$DEFAULT_NAME" valid_name;                       name=$ANSWER
ask "Scrape interval in seconds [$DEFAULT_INTERVAL]: " "$DEFAULT_INTERVAL" valid_interval; interval=$ANSWER
ask_yes_no "Enable TLS verification? [Y/n]: " y;                                      tls=$ANSWER

echo
echo "Summary:"
echo "  install directory: $dir"
echo "  collector URL:     $url"
echo "  agent name:        $name"
echo "  interval:          $((10#$interval)) s"
echo "  TLS verification:  $([[ $tls == true ]] && echo yes || echo no)"
ask_yes_no "Write configuration? [y/N]: " n
[[ $ANSWER == true ]] || abort
if [[ -e $dir/etc/agent.conf ]]; then
    ask_yes_no "Overwrite existing $dir/etc/agent.conf? [y/N]: " n
    [[ $ANSWER == true ]] || abort
fi
write_config "$dir" "$url" "$name" "$interval" "$tls"
exit 0
