#!/usr/bin/env bash
# Start or stop the Docker engine realcli needs (tests start their own NATS servers).
#   scripts/services.sh start   start dockerd unless one answers already
#   scripts/services.sh stop    stop the dockerd this script started, if any
set -euo pipefail
cd "$(dirname "$0")/.."
marker=.ci/started-dockerd

docker_up() { timeout 5 docker info >/dev/null 2>&1; }

case "${1:-start}" in
  start)
    if docker_up; then exit 0; fi
    echo "services: starting dockerd"
    mkdir -p .ci
    nohup dockerd --iptables=false --ip-masq=false --bridge=none >/tmp/realcli-dockerd.log 2>&1 &
    echo $! > "$marker"
    for _ in $(seq 1 60); do
      if docker_up; then exit 0; fi
      sleep 0.5
    done
    echo "services: dockerd did not start; see /tmp/realcli-dockerd.log" >&2
    exit 1
    ;;
  stop)
    if [ -f "$marker" ]; then
      pid=$(cat "$marker")
      echo "services: stopping dockerd ($pid)"
      kill "$pid" 2>/dev/null || true
      for _ in $(seq 1 40); do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
      rm -f "$marker"
    fi
    ;;
  *) echo "usage: scripts/services.sh start|stop" >&2; exit 2 ;;
esac
