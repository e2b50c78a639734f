#!/usr/bin/env bash
# mypy cannot follow setuptools' editable import hook, so type-check a tree of
# directory links laid out as the installed `realcli` package would be.
set -euo pipefail
cd "$(dirname "$0")/.."
tree=build/typecheck/realcli
rm -rf build/typecheck && mkdir -p "$tree"
for f in realcli/*.py realcli/py.typed; do ln -s "../../../$f" "$tree/$(basename "$f")"; done
for pkg in events eventlog projections models taskformat judging runtime scripts_catalog environments viewer cli; do
  ln -s "../../../$pkg" "$tree/$pkg"
done
exec .venv/bin/mypy --strict build/typecheck/realcli "$@"
