# shellcheck shell=bash
# Helpers shared by the scripts in bin/ (sourced, never run).

log() {
    printf '%s %s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$*" >&2
}

die() {
    log "ERROR: $*"
    exit 1
}

# load_conf FILE: print the settings in FILE without comments and blank lines.
# Stops the calling script (die) when FILE cannot be read.
load_conf() {
    local body=$(cat -- "$1") || die "cannot read $1"
    printf '%s\n' "$body" | sed -e 's/#.*//' -e '/^[[:space:]]*$/d'
}

