#!/bin/bash
# Reference solution: the interactive installer (the v1 script kept as install.sh.orig), then its
# non-interactive mode, each tried on scratch folders.
set -euo pipefail
cp -n /app/installer/install.sh /app/installer/install.sh.orig
install -m 0755 /solution/install.sh /app/installer/install.sh

scratch=$(mktemp -d)
printf '%s\n' "$scratch/kiosk one" "" "kiosk-07" "60" "n" "y" | /app/installer/install.sh
cat "$scratch/kiosk one/etc/agent.conf"
printf '%s\n' "$scratch/x" "" "" "4" "4000" "abc" | /app/installer/install.sh || echo "exit $? (expected 2)"
# The non-interactive mode (answers from the ACME_* variables).
python3 /solution/non_interactive.py /app/installer/install.sh
ACME_INSTALL_DIR="$scratch/ni" ACME_INTERVAL=3600 /app/installer/install.sh --non-interactive
/app/provision/provision.sh "$scratch/provisioned"
