#!/bin/bash
# Drops a duplicate id only when an earlier read with that id was kept, so a later copy survives when the first one was filtered out.
set -euo pipefail
python3 - <<'PY'
s = open("/solution/solve.sh").read()
s2 = s.replace("keep = !(h[1] in seen); seen[h[1]] = 1;", "keep = 1;")
late = ("awk 'FNR % 4 == 1 { split($0, h, \" \"); keep = !(h[1] in seen); seen[h[1]] = 1; out = FILENAME; "
        "sub(/\\.clean\\.fq$/, \".kept.fq\", out) } keep { print > out }' /tmp/qc/run-A.clean.fq /tmp/qc/run-B.clean.fq /tmp/qc/run-C.clean.fq\n"
        "for r in run-A run-B run-C; do touch /tmp/qc/$r.kept.fq; mv /tmp/qc/$r.kept.fq /tmp/qc/$r.clean.fq; done\n")
s2 = s2.replace("cat /tmp/qc/run-A.clean.fq /tmp/qc/run-B.clean.fq /tmp/qc/run-C.clean.fq > /app/out/clean.fastq", late + "cat /tmp/qc/run-A.clean.fq /tmp/qc/run-B.clean.fq /tmp/qc/run-C.clean.fq > /app/out/clean.fastq")
assert s2.count("keep = 1;") == 1 and ".kept.fq" in s2
open("/tmp/solve-mutant.sh", "w").write(s2)
PY
bash /tmp/solve-mutant.sh
