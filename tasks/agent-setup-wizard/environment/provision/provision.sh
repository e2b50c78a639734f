#!/bin/bash
# Kiosk provisioning: answers the installer's questions for a fresh kiosk and keeps the transcript.
#   provision.sh INSTALL_DIR
dir=${1:?usage: provision.sh INSTALL_DIR}
log=$(mktemp /tmp/provision.XXXXXX)
printf '%s\n' "$dir" "https://collector.lindqvist.example:8443" "kiosk-$(hostname -s)" "" "" "y" \
    | /app/installer/install.sh > "$log" 2>&1
rc=$?
if ! grep -q "Write configuration?" "$log"; then
    echo "provision: the installer transcript has no confirmation prompt (see $log)" >&2
    exit 3
fi
if [ "$rc" -ne 0 ]; then
    echo "provision: installer failed with status $rc (see $log)" >&2
    exit "$rc"
fi
echo "provisioned $dir (transcript: $log)"
