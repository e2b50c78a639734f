#!/bin/bash
# Nightly job: how many errors the app logged in the last day, for the ops channel.
LOG=${1:-/var/log/app/app.log}
errors=$(/app/logslice/bin/logslice --count --level error --since 1d "$LOG")
echo "errors in the last day: ${errors}"
