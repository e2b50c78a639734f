#!/bin/bash
# cloud.sh start|stop|status: the local stand-in for the cloud team's broker (127.0.0.1:1885).
set -u
pidfile=/run/mosquitto-cloud/cloud.pid
running() { [ -s "$pidfile" ] && kill -0 "$(cat "$pidfile")" 2>/dev/null; }
case "${1:-status}" in
    start)
        if running; then echo "cloud broker already running"; exit 0; fi
        mkdir -p /run/mosquitto-cloud && chown mosquitto: /run/mosquitto-cloud
        mosquitto -c /app/broker/cloud/cloud.conf -d || exit 1
        for _ in $(seq 1 100); do
            if (exec 3<>/dev/tcp/127.0.0.1/1885) 2>/dev/null; then echo "cloud broker up on 127.0.0.1:1885"; exit 0; fi
            sleep 0.1
        done
        echo "cloud broker did not come up" >&2; exit 1 ;;
    stop)
        if running; then kill "$(cat "$pidfile")"; fi
        for _ in $(seq 1 100); do running || { rm -f "$pidfile"; exit 0; }; sleep 0.1; done
        exit 1 ;;
    status)
        if running; then echo "running (pid $(cat "$pidfile"))"; else echo "stopped"; exit 3; fi ;;
    *) echo "usage: $0 start|stop|status" >&2; exit 2 ;;
esac
