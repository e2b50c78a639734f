#!/bin/bash
# backends.sh start|stop|status: the three app instances on this box (see /app/lb/README.md).
set -u
RUN=/run/backends
mkdir -p "$RUN" /app/lb/state
instances="app1:8081:2.3.1 app2:8082:2.4.0 app3:8083:1.9.7"
case "${1:-}" in
start)
    for spec in $instances; do
        IFS=: read -r name port version <<<"$spec"
        if [ -f "$RUN/$name.pid" ] && kill -0 "$(cat "$RUN/$name.pid")" 2>/dev/null; then
            continue
        fi
        setsid python3 /app/lb/backend.py "$name" "$port" "$version" >/dev/null 2>&1 < /dev/null &
        echo $! > "$RUN/$name.pid"
    done
    for spec in $instances; do
        IFS=: read -r name port version <<<"$spec"
        for _ in $(seq 50); do
            curl -s -o /dev/null "http://127.0.0.1:$port/healthz" && break
            sleep 0.1
        done
    done
    ;;
stop)
    for spec in $instances; do
        name=${spec%%:*}
        [ -f "$RUN/$name.pid" ] && kill "$(cat "$RUN/$name.pid")" 2>/dev/null
        rm -f "$RUN/$name.pid"
    done
    ;;
status)
    for spec in $instances; do
        IFS=: read -r name port version <<<"$spec"
        printf '%s 127.0.0.1:%s %s ' "$name" "$port" "$version"
        curl -s -o /dev/null -w '%{http_code}\n' "http://127.0.0.1:$port/healthz" || echo down
    done
    ;;
*)
    echo "usage: $0 start|stop|status" >&2
    exit 2
    ;;
esac
