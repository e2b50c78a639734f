#!/bin/bash
# Checks the interval with `< 3600` instead of `<= 3600`, so the documented maximum of 3600 seconds is refused.
set -euo pipefail
sed 's/(( 10#$1 >= 5 \&\& 10#$1 <= 3600 ))/(( 10#$1 >= 5 \&\& 10#$1 < 3600 ))/' /solution/install.sh > /tmp/install.sh
python3 /solution/non_interactive.py /tmp/install.sh
grep -q '10#$1 < 3600' /tmp/install.sh || { echo "mutant patch did not apply" >&2; exit 1; }
cp -n /app/installer/install.sh /app/installer/install.sh.orig
install -m 0755 /tmp/install.sh /app/installer/install.sh
