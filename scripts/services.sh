#!/usr/bin/env bash
# Start or stop the Docker engine realcli needs (tests start their own NATS servers).
#   scripts/services.sh start   start dockerd unless one answers already
#   scripts/services.sh stop    stop the dockerd this script started, if any
#
# The engine is started with Docker's default networking (a bridge, iptables
# NAT), so that a sandbox with network gets a bridge network of its own:
# the internet, but not the host's loopback services such as the event log.
# Where the machine does not allow that (no iptables, no bridges), it falls
# back to an engine without bridged networking and says so: tasks that need
# network are then refused unless a run passes --allow-host-network.
set -euo pipefail
cd "$(dirname "$0")/.."
marker=.ci/started-dockerd
log=/tmp/realcli-dockerd.log

docker_up() { timeout 5 docker info >/dev/null 2>&1; }

start_dockerd() {
  nohup dockerd "$@" >"$log" 2>&1 &
  local pid=$!
  for _ in $(seq 1 60); do
    if docker_up; then echo "$pid" >"$marker"; return 0; fi
    kill -0 "$pid" 2>/dev/null || return 1
    sleep 0.5
  done
  kill "$pid" 2>/dev/null || true
  return 1
}

case "${1:-start}" in
  start)
    if docker_up; then
      if ! docker network inspect bridge >/dev/null 2>&1; then
        echo "services: note: the running Docker engine has no bridged networking; sandboxes that need network" \
          "are refused unless a run passes --allow-host-network (restart dockerd with its default networking to fix)"
      fi
      exit 0
    fi
    mkdir -p .ci
    echo "services: starting dockerd (bridged networking)"
    if start_dockerd; then exit 0; fi
    echo "services: dockerd could not start with bridged networking (see $log); starting it without:" \
      "sandboxes that need network are refused unless a run passes --allow-host-network"
    if start_dockerd --iptables=false --ip-masq=false --bridge=none; then exit 0; fi
    echo "services: dockerd did not start; see $log" >&2
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
