#!/bin/bash
# Counts the last period of a day and the first of the next as back to back, so penalty.txt is not the penalty of the rules.
set -euo pipefail
python3 - <<'PY'
import pathlib
src = pathlib.Path("/solution/timetable.py").read_text()
old = "        self.adjacent = {(i, i + 1) for i in range(len(self.periods) - 1) if self.day[i] == self.day[i + 1]}\n"
assert old in src, "patch did not apply"
src = src.replace(old, "        self.adjacent = {(i, i + 1) for i in range(len(self.periods) - 1)}\n")
old2 = "                if inst.day[ps[i]] == inst.day[ps[j]]:\n"
assert old2 in src, "patch did not apply"
src = src.replace(old2, "                if inst.day[ps[i]] == inst.day[ps[j]] or (ps[i], ps[j]) in inst.adjacent:\n")
pathlib.Path("/tmp/timetable.py").write_text(src)
s = pathlib.Path("/solution/solve.sh").read_text()
assert "install -m 0755 /solution/timetable.py" in s, "patch did not apply"
pathlib.Path("/tmp/mutant-solve.sh").write_text(s.replace("install -m 0755 /solution/timetable.py", "install -m 0755 /tmp/timetable.py"))
PY
bash /tmp/mutant-solve.sh
