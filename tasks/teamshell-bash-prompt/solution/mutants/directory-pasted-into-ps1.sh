#!/bin/bash
# Pastes the shortened directory's text into PS1 instead of referring to it, so a folder named $(...) runs as a command at every prompt.
set -euo pipefail
sed "s/ps+='\${__tp_dir} '/ps+=\"\${__tp_dir} \"/" /solution/solve.sh > /tmp/mutant-solve.sh
if cmp -s /solution/solve.sh /tmp/mutant-solve.sh; then echo "patch did not apply" >&2; exit 3; fi
bash /tmp/mutant-solve.sh
