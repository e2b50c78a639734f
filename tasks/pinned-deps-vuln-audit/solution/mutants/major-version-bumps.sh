#!/bin/bash
# Moves every pin whose findings all have a fix to the highest fix, across major versions too.
set -euo pipefail
sed 's/        if Version(top).major == Version(ver).major:/        if True:/' /solution/solve.sh > /tmp/solve.sh
grep -q '        if True:' /tmp/solve.sh
bash /tmp/solve.sh
