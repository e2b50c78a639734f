#!/bin/bash
# Picks the smallest free room that fits, ignoring the students who need an accessible room.
set -euo pipefail
python3 - <<'PY'
import pathlib
src = pathlib.Path("/solution/timetable.py").read_text()
old = "            if capacity >= inst.size[e] and (acc or e not in inst.needs_acc) and name not in self.occupied[p]:\n"
assert old in src, "patch did not apply"
pathlib.Path("/tmp/timetable.py").write_text(src.replace(old, "            if capacity >= inst.size[e] and name not in self.occupied[p]:\n"))
s = pathlib.Path("/solution/solve.sh").read_text()
assert "install -m 0755 /solution/timetable.py" in s, "patch did not apply"
pathlib.Path("/tmp/mutant-solve.sh").write_text(s.replace("install -m 0755 /solution/timetable.py", "install -m 0755 /tmp/timetable.py"))
PY
bash /tmp/mutant-solve.sh
