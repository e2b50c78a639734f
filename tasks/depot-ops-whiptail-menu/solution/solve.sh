#!/bin/bash
# Reference solution: /app/ops/depot-menu, built one requirement at a time (settings and the
# services.conf reader, the rotate checklist, the retention input box, the purge confirmation,
# the non-interactive mode, the main menu loop), then checked on a scratch copy of the depot.
set -euo pipefail
mkdir -p /app/ops

# 1. Header, DEPOT_ROOT, whiptail helper, and the services.conf reader (comments, blanks, CRLF, trimming).
cat >/app/ops/depot-menu <<'EOF'
#!/bin/bash
# depot-menu: a whiptail front end for depotctl (rotate logs, set retention, purge the cache),
# plus a non-interactive mode for the same actions. Every change goes through depotctl.
set -u
ROOT="${DEPOT_ROOT:-}"
CONF="$ROOT/etc/depot/services.conf"
CACHE="$ROOT/var/cache/depot"
export PATH="$PATH:/usr/local/sbin"
MIN_DAYS=7
MAX_DAYS=365

trim() {
    local s="$1"
    s="${s#"${s%%[![:space:]]*}"}"
    s="${s%"${s##*[![:space:]]}"}"
    printf '%s' "$s"
}

# One line per service: name<TAB>description<TAB>on|off, in file order.
read_services() {
    local line name desc def rest
    while IFS= read -r line || [ -n "$line" ]; do
        line="${line%$'\r'}"
        [ -z "$(trim "$line")" ] && continue
        case "$(trim "$line")" in '#'*) continue ;; esac
        name="$(trim "${line%%|*}")"
        rest="${line#*|}"
        desc="$(trim "${rest%%|*}")"
        def=""
        [ "$rest" != "${rest#*|}" ] && def="$(trim "${rest#*|}")"
        case "${def,,}" in yes) def=on ;; *) def=off ;; esac
        [ -n "$name" ] && printf '%s\t%s\t%s\n' "$name" "$desc" "$def"
    done <"$CONF"
}

wt() { whiptail "$@" 3>&1 1>&2 2>&3; }
EOF

# 2. Rotate service logs: the checklist (names as tags, descriptions as text, "yes" ticked), file order.
cat >>/app/ops/depot-menu <<'EOF'

rotate_names() { # rotate the given names, in services.conf order; prints the names rotated
    local name desc def want done_list="" status=0
    while IFS=$'\t' read -r name desc def; do
        for want in "$@"; do
            if [ "$want" = "$name" ]; then
                depotctl rotate "$name" || status=1
                done_list="$done_list $name"
                break
            fi
        done
    done < <(read_services)
    printf '%s' "${done_list# }"
    return $status
}

menu_rotate() {
    local args=() name desc def choice rotated
    while IFS=$'\t' read -r name desc def; do
        args+=("$name" "$desc" "$def")
    done < <(read_services)
    choice=$(wt --title "Rotate logs" --separate-output --checklist "Services to rotate" 20 74 12 "${args[@]}") || return 0
    if [ -z "$choice" ]; then
        whiptail --title "Rotate logs" --msgbox "Nothing selected." 8 40
        return 0
    fi
    mapfile -t picked <<<"$choice"
    rotated=$(rotate_names "${picked[@]}")
    whiptail --title "Rotate logs" --msgbox "Rotated: $rotated" 8 74
}
EOF

# 3. Set log retention: the input box, validation 7-365 (digits, no leading zero), re-ask on an invalid value.
cat >>/app/ops/depot-menu <<'EOF'

valid_days() {
    [[ "$1" =~ ^[1-9][0-9]*$ ]] && [ "${#1}" -le 3 ] && [ "$1" -ge "$MIN_DAYS" ] && [ "$1" -le "$MAX_DAYS" ]
}

menu_retention() {
    local current value
    while true; do
        current=$(depotctl retention)
        value=$(wt --title "Log retention" --inputbox "Keep logs for how many days? ($MIN_DAYS-$MAX_DAYS)" 10 60 "$current") || return 0
        value=$(trim "$value")
        if valid_days "$value"; then
            depotctl retention "$value"
            return 0
        fi
        whiptail --title "Log retention" --msgbox "Invalid retention: enter a whole number from $MIN_DAYS to $MAX_DAYS." 8 70
    done
}
EOF

# 4. Purge package cache: count the files, confirm with No as the default, empty cache handled.
cat >>/app/ops/depot-menu <<'EOF'

menu_purge() {
    local n
    n=$(find "$CACHE" -type f 2>/dev/null | wc -l)
    if [ "$n" -eq 0 ]; then
        whiptail --title "Purge cache" --msgbox "The package cache is already empty." 8 50
        return 0
    fi
    if whiptail --title "Purge cache" --defaultno --yesno "Delete all $n files in the package cache?" 9 60; then
        depotctl purge-cache
    fi
    return 0
}
EOF

# 5. Non-interactive mode: --rotate, --retention, --purge --yes, --help, usage errors; no whiptail, no stdin.
cat >>/app/ops/depot-menu <<'EOF'

usage() {
    echo "usage: depot-menu [--rotate NAME[,NAME...] | --retention DAYS | --purge --yes | --help]"
}

non_interactive() {
    local action="" value="" yes=0 names=() known name
    while [ $# -gt 0 ]; do
        case "$1" in
        --help) usage; exit 0 ;;
        --yes) yes=1 ;;
        --rotate | --retention)
            [ -n "$action" ] || [ $# -lt 2 ] && { usage >&2; exit 2; }
            action="$1"; value="$2"; shift ;;
        --purge)
            [ -n "$action" ] && { usage >&2; exit 2; }
            action="$1" ;;
        *) usage >&2; exit 2 ;;
        esac
        shift
    done
    case "$action" in
    --rotate)
        known=$(read_services | cut -f1)
        IFS=',' read -r -a names <<<"$value"
        [ ${#names[@]} -eq 0 ] && { usage >&2; exit 2; }
        for name in "${names[@]}"; do
            if ! grep -qxF -- "$name" <<<"$known"; then
                echo "depot-menu: unknown service: $name" >&2
                exit 2
            fi
        done
        rotate_names "${names[@]}" >/dev/null || exit 1
        ;;
    --retention)
        if ! valid_days "$(trim "$value")"; then
            echo "depot-menu: invalid retention: $value" >&2
            exit 2
        fi
        depotctl retention "$(trim "$value")" || exit 1
        ;;
    --purge)
        if [ "$yes" -ne 1 ]; then
            echo "depot-menu: --purge needs --yes" >&2
            exit 2
        fi
        depotctl purge-cache || exit 1
        ;;
    *) usage >&2; exit 2 ;;
    esac
    exit 0
}
EOF

# 6. The main menu loop: run the chosen action and come back; quit, Cancel or Esc exit 0.
cat >>/app/ops/depot-menu <<'EOF'

if [ $# -gt 0 ]; then
    non_interactive "$@" </dev/null
fi

while true; do
    choice=$(wt --title "Depot operations" --menu "Choose an action" 16 60 4 \
        rotate "Rotate service logs" \
        retention "Set log retention" \
        purge "Purge package cache" \
        quit "Quit") || break
    case "$choice" in
    rotate) menu_rotate ;;
    retention) menu_retention ;;
    purge) menu_purge ;;
    *) break ;;
    esac
done
clear
exit 0
EOF
chmod 0755 /app/ops/depot-menu

# 7. Check it on a scratch copy of the depot (never the live one): syntax, usage, a retention change.
(
    scratch=$(mktemp -d)
    mkdir -p "$scratch/etc/depot" "$scratch/var/lib/depot" "$scratch/var/log/depot" "$scratch/var/cache/depot"
    cp /etc/depot/services.conf "$scratch/etc/depot/"
    echo 30 >"$scratch/var/lib/depot/retention_days"
    bash -n /app/ops/depot-menu
    /app/ops/depot-menu --help
    DEPOT_ROOT="$scratch" /app/ops/depot-menu --retention 90
    ! DEPOT_ROOT="$scratch" /app/ops/depot-menu --retention 0 2>/dev/null
    cat "$scratch/var/lib/depot/retention_days" "$scratch/var/lib/depot/actions.log"
)
