#!/bin/bash
# Places pinned exams wherever the penalty is lowest, ignoring the pin rules.
set -euo pipefail
python3 - <<'PY'
import pathlib
src = pathlib.Path("/solution/timetable.py").read_text()
old = "        if e in inst.pin and inst.pin[e] != p:\n            return False\n"
assert old in src, "patch did not apply"
src = src.replace(old, "")
old2 = "    movable = [e for e in exams if e not in inst.pin]\n"
assert old2 in src, "patch did not apply"
src = src.replace(old2, "    movable = list(exams)\n")
pathlib.Path("/tmp/timetable.py").write_text(src)
s = pathlib.Path("/solution/solve.sh").read_text()
assert "install -m 0755 /solution/timetable.py" in s, "patch did not apply"
pathlib.Path("/tmp/mutant-solve.sh").write_text(s.replace("install -m 0755 /solution/timetable.py", "install -m 0755 /tmp/timetable.py"))
PY
bash /tmp/mutant-solve.sh
