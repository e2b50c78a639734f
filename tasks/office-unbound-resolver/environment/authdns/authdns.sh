#!/bin/bash
# Stand-in for the internal authoritative DNS server (NSD, corp.internal and 10.30.0.0/16's
# reverse zone) on 127.0.54.1 port 53. Usage: authdns.sh start|stop|status
# While its admins work on it, /srv/authdns/.maintenance exists and it is not started.
PIDFILE=/run/nsd/nsd.pid
FLAG=/srv/authdns/.maintenance
running() { [ -s "$PIDFILE" ] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null; }
case "${1:-}" in
start)
    if [ -e "$FLAG" ]; then
        echo "authdns: down for maintenance ($FLAG: $(cat "$FLAG" 2>/dev/null)); not starting" >&2
        exit 1
    fi
    if running; then echo "authdns: already running"; exit 0; fi
    mkdir -p /run/nsd && chown nsd:nsd /run/nsd
    nsd -c /etc/nsd/nsd.conf || exit 1
    for _ in $(seq 50); do
        dig +short +time=1 +tries=1 @127.0.54.1 ns1.corp.internal >/dev/null 2>&1 && break
        sleep 0.2
    done
    echo "authdns: started on 127.0.54.1:53"
    ;;
stop)
    if running; then kill "$(cat "$PIDFILE")"; fi
    for _ in $(seq 50); do running || break; sleep 0.2; done
    rm -f "$PIDFILE"
    echo "authdns: stopped"
    ;;
status)
    if [ -e "$FLAG" ]; then echo "authdns: maintenance ($(cat "$FLAG" 2>/dev/null))"; fi
    if running; then echo "authdns: running (pid $(cat "$PIDFILE"))"; else echo "authdns: not running"; exit 3; fi
    ;;
*)
    echo "usage: $0 start|stop|status" >&2
    exit 2
    ;;
esac
