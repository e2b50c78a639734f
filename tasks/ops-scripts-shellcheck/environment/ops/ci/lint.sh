#!/bin/bash
# CI lint gate: merges into main are blocked unless this exits 0. Run from the repository root.
set -eu
cd "$(dirname "$0")/.."
shellcheck --version | sed -n 2p
shellcheck -x bin/*.sh lib/*.sh
echo "shellcheck: clean"
