#!/bin/bash
# mirrors.sh start|stop|status: the stand-ins for the farm's package and artifact hosts
# (see /app/farm/README.md). start also puts their names in /etc/hosts.
set -u
RUN=/run/farm
PIDFILE=$RUN/mirrors.pid
HOSTS_LINES="127.0.10.1 deb.farm.lan
127.0.10.2 pypi.farm.lan
127.0.10.3 artifacts.farm.lan
127.0.10.4 scratch.farm.lan
127.0.10.5 paste.example.net"
mkdir -p "$RUN" /var/log/farm

ensure_hosts() {
    grep -q '^# farm mirrors$' /etc/hosts && return 0
    { echo "# farm mirrors"; echo "$HOSTS_LINES"; echo "# end farm mirrors"; } >> /etc/hosts
}

running() {
    [ -s "$PIDFILE" ] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null
}

case "${1:-}" in
start)
    ensure_hosts
    if ! running; then
        setsid python3 /app/farm/mirrors.py /srv/farm >>/var/log/farm/mirrors.err 2>&1 </dev/null &
        echo $! > "$PIDFILE"
    fi
    for addr in 127.0.10.1 127.0.10.2 127.0.10.3 127.0.10.4 127.0.10.5; do
        for _ in $(seq 50); do
            curl -s -o /dev/null --noproxy '*' "http://$addr/" && break
            sleep 0.1
        done
    done
    ;;
stop)
    running && kill "$(cat "$PIDFILE")"
    rm -f "$PIDFILE"
    ;;
status)
    while read -r addr name; do
        printf '%-20s %-11s ' "$name" "$addr"
        if [ -e "/srv/farm/$name/.maintenance" ]; then echo maintenance; continue; fi
        curl -s --noproxy '*' -o /dev/null -w '%{http_code}\n' "http://$addr/" || echo down
    done <<<"$HOSTS_LINES"
    ;;
*)
    echo "usage: $0 start|stop|status" >&2
    exit 2
    ;;
esac
